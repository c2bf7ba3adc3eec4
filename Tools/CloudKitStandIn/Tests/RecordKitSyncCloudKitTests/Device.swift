import CloudKit
import CloudKitStandInSupport
import Foundation
import RecordKit
import RecordKitStore
import RecordKitSyncOnStandIn

/// The note zone of the simulator tests.
let noteZone = RecordZoneID(zoneName: "note-zone")

/// One app install: a store in a temporary folder, the adapter over it and the events it reported. The tests
/// play CKSyncEngine: they deliver its events to the adapter, in the order its documentation gives.
final class Device: Sendable {
    let folder: String
    let store: RecordStore
    let adapter: CKSyncEngineAdapter
    let events = EventBox()

    init(
        folder: String? = nil, database: CKDatabase = CKContainer.default().privateCloudDatabase,
        configure: (inout SyncConfiguration) -> Void = { _ in }
    ) throws {
        _ = Device.registered
        let folder = folder ?? NSTemporaryDirectory() + "cksync-tests-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        self.folder = folder
        // The store's clock stays at 1970, before every `modified` the tests write: saves keep the app's clock
        // unless it is not later than the server copy's.
        store = try RecordStore(path: folder + "/store.sqlite", models: [Note.self], clock: EpochClock())
        var configuration = SyncConfiguration(zones: [noteZone])
        let events = self.events
        configuration.onEvent = { events.append($0) }
        configure(&configuration)
        adapter = CKSyncEngineAdapter(store: store, database: database, configuration: configuration)
    }

    /// The same store opened again, as after a relaunch (or a crash): a new adapter and engine.
    func relaunched() throws -> Device {
        try Device(folder: folder)
    }

    func removeFiles() {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Registers Apple's archived class names with the stand-in, as the framework does for itself.
    static let registered: Bool = {
        ArchivedClassNames.register()
        return true
    }()

    // MARK: Playing the engine

    func send(_ event: CKSyncEngine.Event) async {
        await adapter.handleEvent(event, syncEngine: await adapter.start())
    }

    func nextBatch(_ scope: CKSyncEngine.SendChangesOptions.Scope = .all) async -> CKSyncEngine.RecordZoneChangeBatch? {
        await adapter.nextRecordZoneChangeBatch(
            CKSyncEngine.SendChangesContext(options: CKSyncEngine.SendChangesOptions(scope: scope)), syncEngine: await adapter.start())
    }

    func stateUpdate(_ label: String) async {
        await send(.stateUpdate(.init(stateSerialization: CKSyncEngine.State.Serialization(label: label))))
    }

    /// The label of the state serialization the store holds.
    func storedStateLabel() throws -> String? {
        guard let data = try store.engineState(.ckSyncEngine) else { return nil }
        return try JSONDecoder().decode(CKSyncEngine.State.Serialization.self, from: data).label
    }

    /// The record IDs the engine's state has pending.
    func enginePending() async -> [String] {
        await adapter.start().state.pendingRecordZoneChanges.map { change in
            switch change {
            case let .saveRecord(id): "save \(id.recordName)"
            case let .deleteRecord(id): "delete \(id.recordName)"
            }
        }
    }

    /// The device's readable notes by record name.
    func notes() throws -> [String: Note] {
        Dictionary(uniqueKeysWithValues: try store.fetchAll(Note.self).models.map { ($0.recordID.recordName, $0) })
    }
}

/// The events an adapter reported, in order.
final class EventBox: Sendable {
    private let lock = NSLock()
    nonisolated(unsafe) private var storage: [SyncEvent] = []

    func append(_ event: SyncEvent) { lock.withLock { storage.append(event) } }
    var all: [SyncEvent] { lock.withLock { storage } }
}

/// A note in the note zone whose text file holds `text`, edited at `modified` seconds.
func makeNote(_ name: String, text: String, modified: TimeInterval) -> Note {
    Note(recordID: RecordID(recordName: name, zoneID: noteZone), text: textAsset(text), modified: Date(timeIntervalSince1970: modified))
}

/// The folder of this process's note text files (a store takes a saved asset's file in, so it must exist),
/// removed when the process exits normally.
let textFiles: URL = {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("recordkit-standin-notes-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    atexit { try? FileManager.default.removeItem(at: textFiles) }
    return url
}()

/// An asset whose file holds `text` (one file per text; the UTF-8 bytes in hex name it).
func textAsset(_ text: String) -> Asset {
    let url = textFiles.appendingPathComponent(Data(text.utf8).map { String(format: "%02x", $0) }.joined())
    if !FileManager.default.fileExists(atPath: url.path) { try? Data(text.utf8).write(to: url, options: .atomic) }
    return Asset(fileURL: url)
}

/// What the file at `url` holds; empty when there is none or it cannot be read.
func contents(at url: URL?) -> String {
    url.flatMap { try? Data(contentsOf: $0) }.map { String(decoding: $0, as: UTF8.self) } ?? ""
}

/// What the file of an asset field holds; empty when the value is no asset or its file cannot be read.
func contents(of value: FieldValue?) -> String {
    guard case let .asset(asset)? = value else { return "" }
    return contents(at: asset.fileURL)
}

extension Note {
    /// What the note's text file holds: what the edit wrote.
    var textName: String { contents(at: text.fileURL) }
}

/// The server's side, played by the tests: records as CloudKit returns them, with change tags.
enum Server {
    /// The `CKRecord` the server holds for `note` under `tag`.
    static func record(_ note: Note, tag: String) throws -> CKRecord {
        var record = note.record()
        record.system.changeTag = tag
        return try record.ckRecord()
    }

    /// What CloudKit returns for a saved record: the record sent, with a new change tag.
    static func saved(_ sent: CKRecord, tag: String) throws -> CKRecord {
        var record = try Record(ckRecord: sent)
        record.system.changeTag = tag
        return try record.ckRecord()
    }

    /// The record a save leaves on the server: `stored` (none for a new record) with the sent record's changed
    /// keys written over it (a key set to nil removed), and the sent system fields under the new change tag.
    /// https://developer.apple.com/documentation/cloudkit/ckrecord/changedkeys()
    static func applying(_ ckRecord: CKRecord, over stored: Record?, tag: String) throws -> Record {
        let sent = try Record(ckRecord: ckRecord)
        var record = stored ?? sent
        if stored == nil {
            record.fields = RecordFields()
            record.encryptedFields = RecordFields()
        }
        for key in ckRecord.changedKeys() {
            record[key] = nil
            if let value = sent.encryptedFields[key] {
                record.encryptedFields[key] = value
            } else if let value = sent.fields[key] {
                record.fields[key] = value
            }
        }
        record.system = sent.system
        record.system.changeTag = tag
        return record
    }

    static func error(_ code: CKError.Code, _ userInfo: [String: Any] = [:]) -> CKError {
        CKError(code, userInfo: userInfo)
    }
}

func ckID(_ name: String) -> CKRecord.ID {
    CKRecord.ID(recordName: name, zoneID: CKRecordZone.ID(noteZone))
}

/// A store clock at 1970-01-01.
struct EpochClock: RecordStoreClock {
    func currentDate() -> Date { Date(timeIntervalSince1970: 0) }
}
