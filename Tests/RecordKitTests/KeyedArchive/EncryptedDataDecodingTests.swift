import Foundation
import Testing
@testable import RecordKit

/// An encrypted value as a device keeps it in a whole archived CKRecord (Core Data's mirror stores such records):
/// a CKEncryptedData whose `EncryptedData` holds the plaintext bytes, in the `EncryptedValueStore`.
@Suite struct EncryptedDataDecodingTests {
    typealias Builder = RecordArchiveBuilder

    static func encrypted(_ bytes: Data) -> Builder.ValueWriter {
        Builder.object("CKEncryptedData", ["CKEncryptedData", "NSObject"]) { writer in ["EncryptedData": writer.add(.data(bytes))] }
    }

    @Test func anEncryptedValueReadsAsItsBytesAmongTheEncryptedFields() throws {
        let json = Data("{\"host\":\"vpn.example\"}".utf8)
        var builder = Builder(record: RecordValueDecodingTests.record)
        builder.values = [("title", Builder.plain(.string("Groceries")))]
        builder.encryptedValues = [("secret", Self.encrypted(json))]
        let record = try KeyedArchive.decodeRecord(builder.build())
        #expect(record.encryptedFields["secret"] == .bytes(json))
        #expect(record.fields["secret"] == nil)
        #expect(record.fields["title"] == .string("Groceries"))
    }

    @Test func anEncryptedValueWithoutItsDataIsAnErrorNamingTheKey() {
        var builder = Builder(record: RecordValueDecodingTests.record)
        builder.encryptedValues = [("secret", Builder.object("CKEncryptedData", ["CKEncryptedData", "NSObject"]) { _ in [:] })]
        #expect(throws: KeyedArchiveError.missingValue(path: "$top.root.EncryptedValueStore.RecordValues[\"secret\"].EncryptedData")) {
            try KeyedArchive.decodeRecord(builder.build())
        }
    }
}
