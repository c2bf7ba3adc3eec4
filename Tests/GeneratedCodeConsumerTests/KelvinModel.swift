import Foundation
import RecordKit

/// A model written the way `recordgen` writes one, for the one key no golden model has: "K", whose canonical
/// equivalent U+212A KELVIN SIGN is `==` to it in Swift but is another key in CloudKit and in archives (its bytes
/// differ). Key order and schema order are the same: "K" (0x4B) comes before "a" (0x61).
struct KelvinModel: GeneratedRecordModel {
    enum Field: String, RecordFieldKey {
        case kelvin = "K"
        case after = "a"
    }

    static let recordType = "Kelvin"
    static let schemaVersion = 1
    static let fieldOrder: FieldOrder<Field> = FieldOrder()

    var kelvin: String
    var after: Int64
    var metadata: RecordMetadata

    init(kelvin: String, after: Int64, metadata: RecordMetadata) {
        self.kelvin = kelvin
        self.after = after
        self.metadata = metadata
    }

    init(record: borrowing Record) throws(RecordDecodingError) {
        self = try RecordFieldReader<Self>.read(record, versionField: nil, onNewerVersion: .preserve)
    }

    func record() -> Record {
        RecordFieldWriter<Self>.record(of: self, versionField: nil)
    }

    func archived() throws(RecordModelArchiveError) -> Data {
        ModelArchiveWriter<Self>.archive(self, versionField: nil)
    }

    init(archived data: Data) throws(RecordModelArchiveError) {
        self = try ModelArchiveReader<Self>.read(data, versionField: nil, onNewerVersion: .preserve)
    }

    init<Source: RecordFieldSource>(fieldsFrom source: inout Source) throws(Source.Failure) where Source.Model == Self {
        let kelvin = try source.value(.kelvin, default: "")
        let after = try source.value(.after, default: Int64(0))
        let metadata = try source.metadata()
        self.init(kelvin: kelvin, after: after, metadata: metadata)
    }

    func writeFields<Sink: RecordFieldSink>(to sink: inout Sink) where Sink.Model == Self {
        sink.set(.kelvin, kelvin)
        sink.set(.after, after)
    }

    static func merge(ancestor: Self?, client: Self, server: Self) -> Self { server }
}
