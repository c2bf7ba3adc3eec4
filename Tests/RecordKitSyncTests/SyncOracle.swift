import Foundation
import RecordKit
import RecordKitStore
import RecordKitSync
import RecordKitTesting

/// The property test's oracle: a model of what each device must hold, field by field, built only from the app's
/// edits and what reached the device over the network (``DeviceConnection/traffic``), by the schema's rules
/// (``OracleAppVersion``). It never reads the store's ancestors or the engine's state. Every record a device sends
/// is checked against the model when it is sent, and at the end every record of every device against the model
/// (and, through the harness's divergences, against the server).
struct SyncOracle {
    /// What the model says one device holds for one record.
    struct Entry {
        /// The local record (type and fields matter); nil for a pending delete.
        var local: Record?
        /// The last server copy the device saw, or nil.
        var ancestor: Record?
        /// Whether a local edit (a save, or the delete when `local` is nil) waits to be sent.
        var pending: Bool
        /// Whether the device sent a save of the record that it never saw answered (the server may hold it).
        var attempted = false
        /// The record type of the local record, or of the ancestor under a pending delete.
        var recordType: String? { local?.recordType ?? ancestor?.recordType }
    }

    /// One device's model.
    struct Device {
        let version: OracleAppVersion
        var records: [RecordID: Entry] = [:]
        /// Whether the device has seen the zone on the server (a page of it, or its creation).
        var knowsZone = false
        /// The IDs a fetch from no token has listed so far, while one runs.
        var refetched: Set<RecordID>?
        /// The IDs a database fetch from no token has listed so far, while one runs.
        var listedZones: Set<RecordZoneID>?
    }

    let zoneID: RecordZoneID
    /// IDs outside the model: records the store must refuse (kept by the server only) and records too big to send
    /// (kept by their device only).
    var excluded: Set<RecordID> = []
    var devices: [Device]
    /// What went against the model, in order.
    private(set) var problems: [String] = []
    /// Deletes the server carried out that no app asked for (see ``answered(_:device:)``).
    private(set) var strayDeletes: [String] = []

    init(zoneID: RecordZoneID, versions: [OracleAppVersion]) {
        self.zoneID = zoneID
        devices = versions.map { Device(version: $0) }
    }

    /// What the model says `device` holds for `id`.
    func local(_ id: RecordID, on device: Int) -> Record? { devices[device].records[id]?.local }

    // MARK: The app's edits

    /// An app edit: `edited` fields set on the record the device held (`before`, nil for a new record); `stored` is
    /// what the store committed. The store must have kept every other field as the model has it; the clock is
    /// taken as stored (the store may stamp it), and so are fields the app version added with their defaults.
    mutating func appEdited(
        device: Int, id: RecordID, recordType: String, existed: Bool, edited: RecordFields, appClock: Date, stored: Record?
    ) {
        let name = "device \(device)"
        guard let stored else {
            problems.append("\(name) saved \(id) but its store holds nothing")
            return
        }
        let before = devices[device].records[id]?.local
        let ancestor = devices[device].records[id]?.ancestor
        if existed != (before != nil) {
            problems.append(existed
                ? "\(name) held \(id) when the app edited it, which the model says it does not hold"
                : "\(name) lacked \(id) when the app created it, which the model says it holds")
        }
        var expected = before?.fields ?? RecordFields()
        for (key, value) in edited { expected[key] = value }
        for (key, value) in stored.fields where expected[key] == nil || key == OracleAppVersion.clock || key == OracleAppVersion.versionField {
            expected[key] = value
        }
        if let stamped = OracleAppVersion.timestamp(stored.fields[OracleAppVersion.clock]), stamped < appClock {
            problems.append("\(name) saved \(id) at \(appClock.timeIntervalSince1970), but the store stamped an earlier clock \(stamped.timeIntervalSince1970)")
        }
        if expected != stored.fields {
            problems.append("\(name) edited \(edited.keys.sorted()) of \(id): the store holds \(stored.fields), the model \(expected)")
        }
        var record = Record(recordType: recordType, id: id, fields: expected)
        record.system = stored.system
        // A save after a delete is a save on the same server copy.
        let attempted = devices[device].records[id]?.attempted ?? false
        devices[device].records[id] = Entry(local: record, ancestor: ancestor, pending: true, attempted: attempted)
    }

    /// An app delete. A record the server never returned, and that the device never tried to send, goes at once
    /// (a save then a delete leaves nothing); another waits as a pending delete. `stored` is what the store holds afterwards.
    mutating func appDeleted(device: Int, id: RecordID, stored: StoredRecordState?) {
        guard let entry = devices[device].records[id], entry.local != nil else {
            problems.append("device \(device) deleted \(id), which the model says it does not hold")
            return
        }
        if entry.ancestor == nil && !entry.attempted {
            devices[device].records[id] = nil
            if stored != nil { problems.append("device \(device) deleted \(id), which the server never returned, but its store keeps it") }
        } else {
            devices[device].records[id] = Entry(local: nil, ancestor: entry.ancestor, pending: true, attempted: entry.attempted)
            if stored?.local != nil {
                problems.append("device \(device) deleted \(id), but its store still holds \(String(describing: stored?.local))")
            }
        }
    }

    // MARK: What reached the device

    /// Takes one device's traffic, in order.
    mutating func observe(_ traffic: [DeviceTraffic], device: Int) {
        for item in traffic {
            switch item.exchange {
            case let .databaseChanges(since, .success(page)):
                databaseChanges(page, fromScratch: since == nil, device: device)
            case let .zoneChanges(zone, since, .success(page)) where zone == zoneID:
                zoneChanges(page, fromScratch: since == nil, device: device)
            case let .modifyRecords(request, outcome):
                sent(request, device: device)
                if case let .success(result) = outcome { answered(result, device: device) }
            case let .saveZones(zones, .success(results)):
                for (zone, result) in zip(zones, results) where zone == zoneID {
                    if case .success = result { devices[device].knowsZone = true }
                }
            default:
                break
            }
        }
    }

    private mutating func databaseChanges(_ page: DatabaseChangesPage, fromScratch: Bool, device: Int) {
        if page.deletedZones.contains(where: { $0.zoneID == zoneID }) { zoneDeleted(device: device) }
        if fromScratch, devices[device].listedZones == nil { devices[device].listedZones = [] }
        devices[device].listedZones?.formUnion(page.changedZones)
        if !page.moreComing, let listed = devices[device].listedZones {
            // A listing from no token names every zone that exists: a zone the device knew and the list lacks is gone.
            devices[device].listedZones = nil
            if devices[device].knowsZone, !listed.contains(zoneID) { zoneDeleted(device: device) }
        }
    }

    /// Another device deleted the zone: the local data goes, pending edits too (the `.deleted` policy).
    private mutating func zoneDeleted(device: Int) {
        devices[device].records = devices[device].records.filter { excluded.contains($0.key) }
        devices[device].knowsZone = false
        devices[device].refetched = nil
    }

    private mutating func zoneChanges(_ page: ZoneChangesPage, fromScratch: Bool, device: Int) {
        devices[device].knowsZone = true
        if fromScratch { devices[device].refetched = [] }
        for record in page.changed where !excluded.contains(record.id) {
            serverCopy(record, device: device)
            devices[device].refetched?.insert(record.id)
        }
        for deletion in page.deleted where !excluded.contains(deletion.id) {
            serverDeleted(deletion.id, device: device)
        }
        if !page.moreComing, let listed = devices[device].refetched {
            // The end of a fetch from no token: what it did not list is gone from the server.
            devices[device].refetched = nil
            for id in devices[device].records.keys where !listed.contains(id) && !excluded.contains(id) {
                serverDeleted(id, device: device)
            }
        }
    }

    /// A server copy reached the device: merged over a pending edit, or taken as it is.
    private mutating func serverCopy(_ server: Record, device: Int) {
        guard var entry = devices[device].records[server.id], entry.pending, entry.recordType == server.recordType else {
            // No pending edit, or a local record of another type (the server's wins the ID).
            devices[device].records[server.id] = Entry(local: server, ancestor: server, pending: false)
            return
        }
        guard let local = entry.local else {
            // Over a pending delete only the ancestor moves: the delete goes on the newer change tag.
            entry.ancestor = server
            devices[device].records[server.id] = entry
            return
        }
        var merged = server
        merged.fields = devices[device].version.merge(ancestor: entry.ancestor?.fields, client: local.fields, server: server.fields)
        entry.local = merged
        entry.ancestor = server
        devices[device].records[server.id] = entry
    }

    /// The server no longer has the record: a pending edit stays and is sent again as new; the rest goes.
    private mutating func serverDeleted(_ id: RecordID, device: Int) {
        guard var entry = devices[device].records[id] else { return }
        if entry.pending, entry.local != nil {
            entry.ancestor = nil
            devices[device].records[id] = entry
        } else {
            devices[device].records[id] = nil
        }
    }

    /// Every record the device sends must be the model's local record.
    private mutating func sent(_ request: ModifyRecordsRequest, device: Int) {
        for save in request.saves where !excluded.contains(save.record.id) {
            guard let local = devices[device].records[save.record.id]?.local else {
                problems.append("device \(device) sent \(save.record.id), which the model says it does not hold")
                continue
            }
            devices[device].records[save.record.id]?.attempted = true
            if !Self.sameValues(save.record.fields, local.fields) || save.record.recordType != local.recordType {
                problems.append("""
                    device \(device) sent \(save.record.recordType) \(save.record.id) as \(save.record.fields); \
                    the model expected \(local.recordType) \(local.fields)
                    """)
            }
        }

    }

    private mutating func answered(_ result: ModifyRecordsResult, device: Int) {
        for item in result.saves where !excluded.contains(item.id) {
            switch item.result {
            case let .success(server):
                devices[device].records[item.id] = Entry(local: server, ancestor: server, pending: false)
            case let .failure(.serverRecordChanged(server, _)):
                serverCopy(server, device: device)
                // A merge that leaves the server's record as it is (a retry after a lost response) is sent already.
                if let entry = devices[device].records[item.id], entry.pending, let local = entry.local,
                   Self.sameValues(local.fields, server.fields) {
                    devices[device].records[item.id] = Entry(local: server, ancestor: server, pending: false)
                }
            case .failure(.unknownItem):
                devices[device].records[item.id]?.ancestor = nil
            case .failure:
                break
            }
        }
        for item in result.deletes where !excluded.contains(item.id) {
            let deletedByApp = devices[device].records[item.id].map { $0.pending && $0.local == nil } ?? false
            if item.error == nil, !deletedByApp {
                // The engine deleted a record on the server that this device's app never deleted: a loss, unless
                // the record was this device's own unanswered save (a lost response), which the model cannot tell.
                strayDeletes.append("device \(device) deleted \(item.id) on the server, which its app never deleted")
            }
            switch item.error {
            case nil, .unknownItem?, .zoneNotFound?:
                if devices[device].records[item.id]?.local == nil { devices[device].records[item.id] = nil }
            default:
                break
            }
        }
    }

    // MARK: Comparing

    /// Whether two records' fields hold the same values, a field added in version 2 that one lacks counting as its
    /// default (what every version-2 model reads there).
    static func sameValues(_ left: RecordFields, _ right: RecordFields) -> Bool {
        Set(left.keys).union(right.keys).allSatisfy { value($0, in: left) == value($0, in: right) }
    }

    /// A field's value, or the default of a field version 2 added when the record lacks it.
    static func value(_ key: String, in fields: RecordFields) -> FieldValue? {
        fields[key] ?? OracleAppVersion.v2.known[key].flatMap { OracleAppVersion.v1.known[key] == nil ? $0 : nil }
    }

    // MARK: The end

    /// Compares every device's records with the model, field by field.
    func finalProblems(stored: [[RecordID: Record]]) -> [String] {
        var found = problems + strayDeletes
        for (index, records) in stored.enumerated() {
            let model = devices[index].records.filter { !excluded.contains($0.key) }
            for id in Set(model.keys).union(records.keys).sorted() where !excluded.contains(id) {
                switch (model[id]?.local, records[id]) {
                case let (expected?, actual?):
                    if expected.recordType != actual.recordType {
                        found.append("device \(index) holds \(id) as a \(actual.recordType), the model as a \(expected.recordType)")
                    }
                    for key in Set(expected.fields.keys).union(actual.fields.keys).sorted()
                    where Self.value(key, in: expected.fields) != Self.value(key, in: actual.fields) {
                        found.append("""
                            device \(index) holds \(id).\(key) = \(actual.fields[key].map { "\($0)" } ?? "nothing"); \
                            the merge rules give \(expected.fields[key].map { "\($0)" } ?? "nothing")
                            """)
                    }
                case (_?, nil):
                    found.append("device \(index) lacks \(id), which the model says it holds")
                case (nil, _?):
                    found.append("device \(index) holds \(id), which the model says is gone")
                case (nil, nil):
                    break
                }
            }
        }
        return found
    }
}
