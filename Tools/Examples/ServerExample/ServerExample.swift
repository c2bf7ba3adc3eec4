import Foundation
import GRDB
import RecordKit
import RecordKitStore
import RecordKitSync
import RecordKitWebServices

/// The server example: a Linux process that mirrors the public database's `TaskList` records into a
/// `RecordStore` by query (the public database has no change feed), renames one list locally, and writes the
/// change back with a server-to-server key. CI runs it against `cloudkit-emulator`.
///
///     server-example <service URL> <container> <key ID> <private-key.pem>
///
/// The first run on an empty database seeds three lists. Prints one line per step.
@main
struct ServerExample {
    static func main() async {
        let arguments = CommandLine.arguments.dropFirst()
        guard arguments.count == 4, let service = URL(string: arguments[arguments.startIndex]) else {
            FileHandle.standardError.write(Data("usage: server-example <service URL> <container> <key ID> <private-key.pem>\n".utf8))
            exit(64)
        }
        let values = Array(arguments)
        do {
            let pem = try String(contentsOfFile: values[3], encoding: .utf8)
            let database = WebServicesDatabase(
                endpoint: WebServicesEndpoint(service: service, container: values[1], environment: .development, database: .public),
                credentials: .serverToServer(try ServerToServerKey(keyID: values[2], pem: pem)))
            try await run(database)
        } catch {
            FileHandle.standardError.write(Data("server-example: \(error)\n".utf8))
            exit(1)
        }
    }

    static func run(_ database: WebServicesDatabase) async throws {
        let store = try RecordStore(database: try DatabaseQueue(), models: [TaskList.self])
        var mirrored = try await mirror(database, into: store)
        if mirrored == 0 {
            let seeds = ["groceries", "garden", "garage"].map { TaskList(recordID: RecordID(recordName: $0), name: $0) }
            try store.save(contentsOf: seeds)
            print("seeded: \(try await writeBack(store, to: database)) lists written")
            mirrored = try await mirror(database, into: store)
        }
        print("mirrored: \(mirrored) lists")
        guard var list = try store.fetch(TaskList.self, id: RecordID(recordName: "groceries")) else {
            throw CloudError.invalidArguments("the groceries list is missing after the mirror")
        }
        list.name = "groceries (renamed on the server)"
        try store.save(list)
        print("written back: \(try await writeBack(store, to: database)) lists")
        let check = try await database.fetchRecords([list.recordID]).first?.result.get()
        print("server now says: \(check.flatMap { if case let .string(name)? = $0["name"] { name } else { nil } } ?? "nothing")")
    }

    /// Reads every TaskList of the public database, a page at a time, into the store. The typed query is checked
    /// against the schema's indexes before it is sent: a query without filters needs TaskList's record name
    /// queryable (the schema's `<systemIndex field="___recordID" queryable="true"/>`).
    static func mirror(_ database: WebServicesDatabase, into store: RecordStore) async throws -> Int {
        var count = 0
        for try await page in database.pages(ModelQuery<TaskList>().limit(2)) {
            for refused in page.undecodable { print("kept undecoded: \(refused.error)") }
            _ = try store.apply(serverRecords: page.records)
            count += page.records.count
        }
        return count
    }

    /// Sends the store's pending saves and marks what the server accepted; returns how many it accepted.
    static func writeBack(_ store: RecordStore, to database: WebServicesDatabase) async throws -> Int {
        let batch = try store.nextPendingBatch()
        let result = try await database.modifyRecords(ModifyRecordsRequest(
            saves: batch.saves.map { RecordSave($0.record, changedKeys: $0.changedKeys) }, atomic: false))
        var sent: [SentChange] = []
        for (save, outcome) in zip(batch.saves, result.saves) {
            switch outcome.result {
            case let .success(record): sent.append(.saved(serverRecord: record, generation: save.generation))
            case let .failure(error): print("refused: \(save.record.id.recordName): \(error)")
            }
        }
        try store.markSent(sent)
        return sent.count
    }
}
