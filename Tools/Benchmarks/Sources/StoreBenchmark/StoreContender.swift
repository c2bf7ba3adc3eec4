import Foundation
import RecordKit
import RecordKitStore

/// RecordKitStore: generated models, stored as native archives with their pending changes.
final class StoreContender: Contender {
    let name: String
    /// Whether the store is opened with the `Note` model, so it keeps its queryable projection (issue 25); without,
    /// it stores what it stored before the projection.
    private let projected: Bool
    private let models: [Note]
    private let serverRecords: [Record]
    private var store: RecordStore?
    init(_ notes: [NoteValues], projected: Bool = true) throws {
        self.projected = projected
        name = projected ? "RecordKitStore" : "no projection"
        models = try notes.map { try Note(record: $0.record) }
        // What a fetch returns: the same notes with a new change tag and text.
        serverRecords = notes.map { values in
            var record = values.record
            record.system.changeTag = "server-" + values.changeTag
            record.fields.set(.string(values.text + "!"), forKey: "text")
            return record
        }
    }

    func open(path: String) throws {
        // The store keeps its asset folder beside the file (always, since issue 26): its reference bookkeeping
        // runs on every write, though these notes hold no asset.
        store = try RecordStore(path: path, models: projected ? [Note.self] : [])
    }
    func close() { store = nil }
    private func opened() throws -> RecordStore {
        guard let store else { throw BenchmarkFailure.sqlite("not open") }
        return store
    }

    func bulkSave() throws { try opened().save(contentsOf: models) }

    func loadAll() throws -> Int {
        let all = try opened().fetchAll(Note.self)
        guard all.undecodable.isEmpty else { throw BenchmarkFailure.sqlite("\(all.undecodable.count) undecodable") }
        return all.models.reduce(0) { $0 &+ Int($1.count) }
    }

    func fetch(_ indices: [Int]) throws -> Int {
        let store = try opened()
        var sum = 0
        for index in indices {
            guard let note = try store.fetch(Note.self, id: models[index].recordID) else { throw BenchmarkFailure.sqlite("missing") }
            sum &+= Int(note.count)
        }
        return sum
    }

    func singleSaves(_ indices: [Int]) throws {
        let store = try opened()
        for index in indices {
            var note = models[index]
            note.count += 1
            try store.save(note)
        }
    }

    func applyPage(_ indices: [Int]) throws {
        let page = FetchedPage(
            zoneID: NoteValues.zone, changed: indices.map { serverRecords[$0] }, token: ServerChangeToken(data: Data(repeating: 7, count: 64)))
        try opened().apply(page)
    }

    /// Iterates every note through the store's cursor.
    func iterateAll(_ body: (Note) -> Void) throws -> Int {
        var count = 0
        try opened().forEach(Note.self) { body($0); count += 1 }
        return count
    }
}
