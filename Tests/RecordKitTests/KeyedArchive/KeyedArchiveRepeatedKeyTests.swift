import Foundation
import Testing
@testable import RecordKit

/// A CKRecord archive that gives one field key twice (in both value stores, or twice in one) is refused.
@Suite struct KeyedArchiveRepeatedKeyTests {
    typealias Builder = RecordArchiveBuilder

    static let record = Record(recordType: "Note", id: RecordID(recordName: "note-1"))

    static func refusal(_ builder: Builder) -> KeyedArchiveError? {
        do {
            _ = try KeyedArchive.decodeRecord(builder.build())
            return nil
        } catch {
            return error
        }
    }

    @Test func aKeyInBothStoresIsRefused() {
        var builder = Builder(record: Self.record)
        builder.values = [("a", Builder.plain(.string("plain"))), ("title", Builder.plain(.string("t")))]
        builder.encryptedValues = [("secret", Builder.plain(.string("s"))), ("a", Builder.plain(.string("hidden")))]
        guard case let .fieldInBothStores(path, key) = Self.refusal(builder) else {
            Issue.record("not refused as a key in both stores")
            return
        }
        #expect(key == "a")
        #expect(path.hasSuffix("EncryptedValueStore"), "\(path)")
    }

    @Test func distinctKeysInTheTwoStoresDecode() throws {
        var builder = Builder(record: Self.record)
        builder.values = [("a", Builder.plain(.string("plain")))]
        builder.encryptedValues = [("b", Builder.plain(.string("hidden")))]
        let decoded = try KeyedArchive.decodeRecord(builder.build())
        #expect(decoded.fields.keys == ["a"] && decoded.encryptedFields.keys == ["b"])
    }

    @Test(arguments: [false, true])
    func aKeyTwiceInOneStoreIsRefused(encrypted: Bool) {
        var builder = Builder(record: Self.record)
        let values: [(String, Builder.ValueWriter)] = [("k", Builder.plain(.integer(1))), ("k", Builder.plain(.integer(2)))]
        if encrypted { builder.encryptedValues = values } else { builder.values = values }
        guard case let .duplicateKey(path, key) = Self.refusal(builder) else {
            Issue.record("not refused as a repeated key")
            return
        }
        #expect(key == "k")
        #expect(path.contains(encrypted ? "EncryptedValueStore" : "ValueStore") && path.contains("\"k\""), "\(path)")
    }
}
