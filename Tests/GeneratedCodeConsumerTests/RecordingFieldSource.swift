import Foundation
@testable import RecordKit

/// A field source that notes the key of every field the decode walk asks for, in the order it asks, and where it
/// moves on to the encrypted fields; it reads the values from a record, as the record reader does, searching for
/// each key wherever the record holds it.
struct RecordingFieldSource<Model: RecordModel>: RecordFieldSource {
    /// A field the walk needed that the record does not hold as the type asked.
    struct Unreadable: Error {
        let key: String
    }

    typealias Failure = Unreadable

    let record: Record
    /// The keys the walk asked for, in order.
    private(set) var asked: [String] = []
    /// How many keys the walk had asked for when it called `beginEncryptedFields()`; nil if it never did.
    private(set) var encryptedFrom: Int?

    init(_ record: Record) {
        self.record = record
    }

    mutating func required<T: RecordFieldValue>(_ field: Model.Field) throws(Unreadable) -> T {
        guard let value: T = try read(field) else { throw Unreadable(key: field.rawValue) }
        return value
    }

    mutating func value<T: RecordFieldValue>(_ field: Model.Field, default defaultValue: T) throws(Unreadable) -> T {
        try read(field) ?? defaultValue
    }

    mutating func optional<T: RecordFieldValue>(_ field: Model.Field) throws(Unreadable) -> T? {
        try read(field)
    }

    mutating func list<T: RecordFieldValue>(_ field: Model.Field) throws(Unreadable) -> [T] {
        asked.append(field.rawValue)
        guard let stored = record[field.rawValue] else { return [] }
        do { return try T.elements(ofListIn: stored) } catch { throw Unreadable(key: field.rawValue) }
    }

    func walked<T>(_ value: T?, _ field: Model.Field) throws(Unreadable) -> T {
        guard let value else { throw Unreadable(key: field.rawValue) }
        return value
    }

    mutating func beginEncryptedFields() {
        encryptedFrom = asked.count
    }

    mutating func metadata() -> RecordMetadata {
        RecordMetadata(recordID: record.id, system: record.system)
    }

    private mutating func read<T: RecordFieldValue>(_ field: Model.Field) throws(Unreadable) -> T? {
        asked.append(field.rawValue)
        guard let stored = record[field.rawValue] else { return nil }
        do { return try T(fieldValue: stored) } catch { throw Unreadable(key: field.rawValue) }
    }
}
