import Foundation
@testable import RecordKit

/// Builds whole archived CKRecords in the layout of the real archive (`Rambo.ckrecord`): a root CKRecord with
/// the system-field keys, a `ValueStore` and an `EncryptedValueStore`, each holding `RecordValues`.
/// Values are written by closures, so tests can also write values our decoder must refuse.
struct RecordArchiveBuilder {
    typealias ValueWriter = (inout KeyedArchiveWriter) -> PropertyListValue

    var record: Record
    var values: [(String, ValueWriter)] = []
    var encryptedValues: [(String, ValueWriter)] = []

    func build() -> Data {
        var writer = KeyedArchiveWriter()
        let root = writer.begin()
        var keys = writer.systemFieldKeys(of: record)
        keys["ValueStore"] = Self.store(values, in: &writer, className: "CKRecordValueStore", classes: ["CKRecordValueStore", "NSObject"])
        keys["EncryptedValueStore"] = Self.store(
            encryptedValues, in: &writer, className: "CKEncryptedRecordValueStore",
            classes: ["CKEncryptedRecordValueStore", "CKRecordValueStore", "NSObject"]
        )
        keys["PluginFields"] = KeyedArchiveWriter.null
        writer.finish(root, fields: keys, className: "CKRecord", classes: ["CKRecord", "NSObject"])
        return writer.archive(top: ["root": .uid(root)])
    }

    private static func store(
        _ values: [(String, ValueWriter)], in writer: inout KeyedArchiveWriter, className: String, classes: [String]
    ) -> PropertyListValue {
        let uid = writer.begin()
        let dictionary = writer.begin()
        let keys = values.map { writer.add(.string($0.0)) }
        let objects = values.map { $0.1(&writer) }
        writer.finish(dictionary, fields: ["NS.keys": .array(keys), "NS.objects": .array(objects)],
                      className: "NSMutableDictionary", classes: ["NSMutableDictionary", "NSDictionary", "NSObject"])
        let original = writer.begin()
        writer.finish(original, fields: ["NS.keys": .array([]), "NS.objects": .array([])],
                      className: "NSMutableDictionary", classes: ["NSMutableDictionary", "NSDictionary", "NSObject"])
        let changed = writer.begin()
        writer.finish(changed, fields: ["NS.objects": .array([])], className: "NSMutableSet", classes: ["NSMutableSet", "NSSet", "NSObject"])
        writer.finish(uid, fields: ["RecordValues": .uid(dictionary), "OriginalValues": .uid(original), "ChangedKeys": .uid(changed)],
                      className: className, classes: classes)
        return .uid(uid)
    }

    // MARK: - Values as Apple archives them

    static func plain(_ value: PropertyListValue) -> ValueWriter { { $0.add(value) } }

    static func object(_ className: String, _ classes: [String], _ fields: @escaping (inout KeyedArchiveWriter) -> [String: PropertyListValue]) -> ValueWriter {
        { writer in
            let uid = writer.begin()
            let encoded = fields(&writer)
            writer.finish(uid, fields: encoded, className: className, classes: classes)
            return .uid(uid)
        }
    }

    static func mutableString(_ text: String) -> ValueWriter {
        object("NSMutableString", ["NSMutableString", "NSString", "NSObject"]) { _ in ["NS.string": .string(text)] }
    }

    static func mutableData(_ bytes: Data) -> ValueWriter {
        object("NSMutableData", ["NSMutableData", "NSData", "NSObject"]) { _ in ["NS.data": .data(bytes)] }
    }

    static func date(_ date: Date) -> ValueWriter { { $0.date(date) } }

    static func reference(_ reference: Reference) -> ValueWriter { { $0.reference(reference) } }

    /// A CLLocation with CoreLocation's keys; -1 marks an invalid accuracy, speed or course.
    static func location(latitude: Double, longitude: Double, altitude: Double = 0, horizontalAccuracy: Double = -1,
                         verticalAccuracy: Double = -1, speed: Double = -1, course: Double = -1, timestamp: Double) -> ValueWriter {
        object("CLLocation", ["CLLocation", "NSObject"]) { _ in
            [
                "kCLLocationCodingKeyCoordinateLatitude": .real(latitude),
                "kCLLocationCodingKeyCoordinateLongitude": .real(longitude),
                "kCLLocationCodingKeyRawCoordinateLatitude": .real(latitude),
                "kCLLocationCodingKeyRawCoordinateLongitude": .real(longitude),
                "kCLLocationCodingKeyAltitude": .real(altitude),
                "kCLLocationCodingKeyHorizontalAccuracy": .real(horizontalAccuracy),
                "kCLLocationCodingKeyVerticalAccuracy": .real(verticalAccuracy),
                "kCLLocationCodingKeySpeed": .real(speed),
                "kCLLocationCodingKeyCourse": .real(course),
                "kCLLocationCodingKeyTimestamp": .real(timestamp),
                "kCLLocationCodingKeyType": .integer(0),
                "kCLLocationCodingKeyFloor": .integer(Int64(Int32.max)),
            ]
        }
    }

    static func array(_ elements: [ValueWriter]) -> ValueWriter {
        { writer in
            let uid = writer.begin()
            let objects = elements.map { $0(&writer) }
            writer.finish(uid, fields: ["NS.objects": .array(objects)], className: "NSArray", classes: ["NSArray", "NSObject"])
            return .uid(uid)
        }
    }
}
