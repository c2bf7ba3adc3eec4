/// A value that cannot be part of a record.
public enum RecordValueError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A list whose element at `index` is of another kind than the first element.
    case heterogeneousList(index: Int, expected: FieldKind, found: FieldKind)
    /// A list inside a list: CloudKit lists hold scalar values only.
    case nestedList(index: Int)
    /// A location component that is NaN or infinite.
    case nonFiniteLocation(component: String, value: Double)
    /// A latitude outside -90...90 or a longitude outside -180...180.
    case coordinateOutOfRange(component: String, value: Double)
    /// An asset with neither a local file, a checksum, a receipt nor a download URL.
    case emptyAsset
    /// An asset whose size is negative.
    case negativeAssetSize(Int64)

    public var description: String {
        switch self {
        case let .heterogeneousList(index, expected, found):
            "list element \(index) is \(found) but the list holds \(expected): CloudKit lists hold one kind of value"
        case let .nestedList(index):
            "list element \(index) is itself a list: CloudKit lists hold scalar values only"
        case let .nonFiniteLocation(component, value):
            "location \(component) is \(value): it must be a finite number"
        case let .coordinateOutOfRange(component, value):
            "location \(component) \(value) is out of range (latitude -90...90, longitude -180...180)"
        case .emptyAsset:
            "asset names no file: give a file URL, a checksum, a receipt or a download URL"
        case let .negativeAssetSize(size):
            "asset size \(size) is negative"
        }
    }
}

extension RecordValueError {
    /// Values compare by their bits, so an error about a NaN equals itself (synthesised `==` compared the NaN with
    /// IEEE rules and found an error unequal to itself; FuzzModelArchive found it comparing two decoders' errors).
    public static func == (lhs: Self, rhs: Self) -> Bool {
        switch (lhs, rhs) {
        case let (.heterogeneousList(lIndex, lExpected, lFound), .heterogeneousList(rIndex, rExpected, rFound)):
            lIndex == rIndex && lExpected == rExpected && lFound == rFound
        case let (.nestedList(lIndex), .nestedList(rIndex)):
            lIndex == rIndex
        case let (.nonFiniteLocation(lComponent, lValue), .nonFiniteLocation(rComponent, rValue)),
             let (.coordinateOutOfRange(lComponent, lValue), .coordinateOutOfRange(rComponent, rValue)):
            lComponent == rComponent && lValue.bitPattern == rValue.bitPattern
        case (.emptyAsset, .emptyAsset):
            true
        case let (.negativeAssetSize(lSize), .negativeAssetSize(rSize)):
            lSize == rSize
        default:
            false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case let .heterogeneousList(index, expected, found):
            hasher.combine(0)
            hasher.combine(index)
            hasher.combine(expected)
            hasher.combine(found)
        case let .nestedList(index):
            hasher.combine(1)
            hasher.combine(index)
        case let .nonFiniteLocation(component, value):
            hasher.combine(2)
            hasher.combine(component)
            hasher.combine(value.bitPattern)
        case let .coordinateOutOfRange(component, value):
            hasher.combine(3)
            hasher.combine(component)
            hasher.combine(value.bitPattern)
        case .emptyAsset:
            hasher.combine(4)
        case let .negativeAssetSize(size):
            hasher.combine(5)
            hasher.combine(size)
        }
    }
}
