import Foundation
import RecordKit

/// What the engine keeps in the store's engine-state blob: the records it sent as new whose response it has
/// not seen. The server may hold them (the response can be lost after the commit), so when the app deletes
/// one locally, the engine sends the delete even though the store never saw a server copy.
struct EngineState: Equatable {
    var attempted: Set<RecordID> = []

    private static let magic = Data("RKSE1".utf8)

    private struct Entry: Codable, Comparable {
        var ownerName: String, zoneName: String, recordName: String

        static func < (lhs: Entry, rhs: Entry) -> Bool {
            (lhs.ownerName, lhs.zoneName, lhs.recordName) < (rhs.ownerName, rhs.zoneName, rhs.recordName)
        }
    }

    init() {}

    /// Reads a blob this engine wrote; anything else (another engine's state) reads as empty.
    init(data: Data?) {
        guard let data, data.starts(with: Self.magic),
            let entries = try? JSONDecoder().decode([Entry].self, from: data.dropFirst(Self.magic.count))
        else { return }
        attempted = Set(entries.map {
            RecordID(recordName: $0.recordName, zoneID: RecordZoneID(zoneName: $0.zoneName, ownerName: $0.ownerName))
        })
    }

    /// The blob, deterministic (entries sorted).
    var data: Data {
        let entries = attempted.map { Entry(ownerName: $0.zoneID.ownerName, zoneName: $0.zoneID.zoneName, recordName: $0.recordName) }
        return Self.magic + ((try? JSONEncoder().encode(entries.sorted())) ?? Data("[]".utf8))
    }
}
