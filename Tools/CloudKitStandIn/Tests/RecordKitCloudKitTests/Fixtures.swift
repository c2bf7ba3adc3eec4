import CloudKit
import CloudKitStandInSupport
import CoreLocation
import Foundation
import RecordKit
@testable import RecordKitCloudKitOnStandIn

/// Shared values for the bridge's tests.
enum Fixtures {
    /// Registers Apple's archived class names with the stand-in, as the framework does for itself.
    static let registered: Bool = {
        ArchivedClassNames.register()
        return true
    }()

    static let zone = RecordZoneID(zoneName: "notebook", ownerName: "__defaultOwner__")

    static func location(_ latitude: Double = 52.5, timestamp: Date? = Date(timeIntervalSinceReferenceDate: 700_000_000.25)) throws -> Location {
        try Location(
            latitude: latitude, longitude: 13.4, altitude: 34, horizontalAccuracy: 5, verticalAccuracy: 3,
            speed: 1.5, course: 270, timestamp: timestamp)
    }

    /// A record with one field of every kind, lists of every kind and encrypted fields.
    static func everyKind() throws -> Record {
        let asset = Asset(fileURL: URL(fileURLWithPath: "/tmp/asset.txt"))
        let reference = Reference(recordID: RecordID(recordName: "folder-1", zoneID: zone), action: .deleteSelf)
        let date = Date(timeIntervalSinceReferenceDate: 765_432_100.5)
        var record = Record(recordType: "Everything", id: RecordID(recordName: "every-1", zoneID: zone))
        record.fields = [
            "string": .string("héllo"), "int": .int64(-42), "double": .double(3.0), "date": .timestamp(date),
            "bytes": .bytes(Data([0, 1, 2, 255])), "asset": .asset(asset), "reference": .reference(reference),
            "plainReference": .reference(Reference(recordID: RecordID(recordName: "x"), action: .none)),
            "location": .location(try location()),
            "strings": .list(.string(["a", "b"])), "ints": .list(.int64([1, 2, 3])), "doubles": .list(.double([1.0, 2.5])),
            "dates": .list(.timestamp([date])), "blobs": .list(.bytes([Data([9])])), "assets": .list(.asset([asset])),
            "references": .list(.reference([reference])), "locations": .list(.location([try location(10)])),
        ]
        record.encryptedFields = [
            "secret": .string("s3cret"), "secretCount": .int64(7), "secretScore": .double(0.5),
            "secretDate": .timestamp(date), "secretBlob": .bytes(Data([7])), "secretPlace": .location(try location(-33)),
        ]
        return record
    }

    static func note(_ name: String = "note-1", title: String, modified: TimeInterval, system: SystemFields = SystemFields()) -> Note {
        var note = Note(
            recordID: RecordID(recordName: name, zoneID: zone),
            text: Asset(fileURL: URL(fileURLWithPath: "/tmp/\(name).txt")),
            modified: Date(timeIntervalSinceReferenceDate: modified),
            title: title,
            uuid: UUID(uuid: (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16)),
            rating: 3.0,
            scores: [1.0, 2.0]
        )
        note.metadata.system = system
        return note
    }

    /// A `CKAsset` with no file URL, as CloudKit hands back the assets of the server's record in a
    /// `serverRecordChanged` error; made by unarchiving, the only way the API gives.
    static func assetWithoutFile() throws -> CKAsset {
        let archiver = NSKeyedArchiver(requiringSecureCoding: true)
        archiver.encode(ArchivedAssetWithoutFile(), forKey: NSKeyedArchiveRootObjectKey)
        archiver.finishEncoding()
        let unarchiver = try NSKeyedUnarchiver(forReadingFrom: archiver.encodedData)
        unarchiver.setClass(CKAsset.self, forClassName: NSStringFromClass(ArchivedAssetWithoutFile.self))
        guard let asset = unarchiver.decodeObject(of: CKAsset.self, forKey: NSKeyedArchiveRootObjectKey) else {
            throw CocoaError(.coderReadCorrupt)
        }
        return asset
    }

    /// The real keyed archives, beside the repository; nil when the folder is absent.
    static let conformance: URL? = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let folder = root.deletingLastPathComponent().appendingPathComponent("shared/conformance/keyed-archive")
        return FileManager.default.fileExists(atPath: folder.path) ? folder : nil
    }()

    static func archive(_ name: String) throws -> Data {
        guard let folder = conformance else { throw CocoaError(.fileNoSuchFile) }
        return try Data(contentsOf: folder.appendingPathComponent(name))
    }
}

/// Archived as a CKAsset with no file URL (top-level: swift-corelibs-foundation archives no nested class).
final class ArchivedAssetWithoutFile: NSObject, NSSecureCoding {
    static var supportsSecureCoding: Bool { true }
    override init() {}
    required init?(coder: NSCoder) {}
    func encode(with coder: NSCoder) {}
}
