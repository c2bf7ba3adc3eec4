import Foundation
import RecordKit

/// What the engine keeps in the store's engine-state blob:
/// - the records it sent as new whose response it has not seen. The server may hold them (the response can be
///   lost after the commit), so when the app deletes one locally, the engine sends the delete even though the
///   store never saw a server copy;
/// - the ID of the database subscription it saved, so that it is saved once, not on every sync. The store drops
///   the blob after an account change (`deleteAllData`, `requeueAll`), and the engine forgets the ID when a zone
///   is lost, so the subscription is saved again then.
struct EngineState: Equatable {
    var attempted: Set<RecordID> = []
    var savedSubscriptionID: String?

    private static let magic = Data("RKSE2".utf8)
    /// The first format: the attempted records only.
    private static let magicV1 = Data("RKSE1".utf8)

    private struct Entry: Codable, Comparable {
        var ownerName: String, zoneName: String, recordName: String

        static func < (lhs: Entry, rhs: Entry) -> Bool {
            (lhs.ownerName, lhs.zoneName, lhs.recordName) < (rhs.ownerName, rhs.zoneName, rhs.recordName)
        }
    }

    private struct Body: Codable {
        var attempted: [Entry]
        var subscriptionID: String?
    }

    init() {}

    /// Reads a blob this engine wrote; anything else (another engine's state) reads as empty.
    init(data: Data?) {
        guard let data else { return }
        let decoder = JSONDecoder()
        let entries: [Entry]
        if data.starts(with: Self.magic), let body = try? decoder.decode(Body.self, from: data.dropFirst(Self.magic.count)) {
            entries = body.attempted
            savedSubscriptionID = body.subscriptionID
        } else if data.starts(with: Self.magicV1),
            let old = try? decoder.decode([Entry].self, from: data.dropFirst(Self.magicV1.count)) {
            entries = old
        } else {
            return
        }
        attempted = Set(entries.map {
            RecordID(recordName: $0.recordName, zoneID: RecordZoneID(zoneName: $0.zoneName, ownerName: $0.ownerName))
        })
    }

    /// The blob, deterministic (entries sorted, keys sorted).
    var data: Data {
        let entries = attempted.map { Entry(ownerName: $0.zoneID.ownerName, zoneName: $0.zoneID.zoneName, recordName: $0.recordName) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let body = Body(attempted: entries.sorted(), subscriptionID: savedSubscriptionID)
        return Self.magic + ((try? encoder.encode(body)) ?? Data("{\"attempted\":[]}".utf8))
    }
}
