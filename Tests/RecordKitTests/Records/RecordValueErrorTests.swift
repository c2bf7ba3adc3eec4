import RecordKit
import Testing

/// An error about a NaN equals itself: values compare by their bits (FuzzModelArchive found two decoders'
/// identical errors unequal under IEEE rules).
@Suite struct RecordValueErrorTests {
    @Test func anErrorAboutANaNEqualsItselfAndHashesAlike() {
        let nan = Double(bitPattern: 0xFFF3_FFFF_FFFF_006E)
        let error = RecordValueError.nonFiniteLocation(component: "longitude", value: nan)
        #expect(error == RecordValueError.nonFiniteLocation(component: "longitude", value: nan))
        #expect(Set([error, RecordValueError.nonFiniteLocation(component: "longitude", value: nan)]).count == 1)
        #expect(error != RecordValueError.nonFiniteLocation(component: "longitude", value: .nan), "another NaN is another value")
        #expect(error != RecordValueError.nonFiniteLocation(component: "latitude", value: nan))
        #expect(error != RecordValueError.coordinateOutOfRange(component: "longitude", value: nan))
    }

    @Test func theOtherCasesCompareAsBefore() {
        #expect(RecordValueError.nestedList(index: 1) == .nestedList(index: 1))
        #expect(RecordValueError.nestedList(index: 1) != .nestedList(index: 2))
        #expect(RecordValueError.heterogeneousList(index: 1, expected: .string, found: .int64) == .heterogeneousList(index: 1, expected: .string, found: .int64))
        #expect(RecordValueError.heterogeneousList(index: 1, expected: .string, found: .int64) != .heterogeneousList(index: 1, expected: .string, found: .double))
        #expect(RecordValueError.emptyAsset == .emptyAsset && RecordValueError.emptyAsset != .negativeAssetSize(-1))
        #expect(RecordValueError.negativeAssetSize(-1) == .negativeAssetSize(-1))
        #expect(RecordValueError.coordinateOutOfRange(component: "latitude", value: 91) == .coordinateOutOfRange(component: "latitude", value: 91))
    }
}
