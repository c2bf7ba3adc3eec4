import Foundation
import RecordKit
import RecordKitSync
import RecordKitTesting

/// Optional persistence to a folder, so that a developer's local CloudKit survives a restart: after each request
/// that changes a database, its zones and records are written to `<folder>/<database>.zones` (one
/// `zoneName<TAB>ownerName` a line) and `<database>.records` (a native archive of the record list); a database is
/// read back the first time it is used after a start.
///
/// What a restart does not keep: change tags and change tokens (the records are saved again, so each gets a new
/// tag, and clients' tokens are from another feed: they refetch, and their next save of an old tag is a conflict
/// the sync engine merges), injected faults, web auth token rotation, and uploaded asset bytes.
extension LocalCloudKit {
    func restore(_ simulator: CloudKitSimulator, address: LocalDatabaseAddress) async {
        guard let files = persistenceFiles(for: address) else { return }
        if let zones = try? String(contentsOf: files.zones, encoding: .utf8) {
            for line in zones.split(separator: "\n") {
                let parts = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
                guard parts.count == 2, !parts[0].isEmpty else { continue }
                _ = await simulator.serverCreateZone(RecordZoneID(zoneName: parts[0], ownerName: parts[1]))
            }
        }
        if let data = try? Data(contentsOf: files.records), let records = try? NativeArchive.decodeRecords(data) {
            _ = try? await simulator.serverSave(records)
        }
    }

    /// Writes a database's zones and records, when a folder is configured. A failure to write is reported on
    /// standard error and does not fail the request, which the simulator has committed.
    func persist(_ simulator: CloudKitSimulator, address: LocalDatabaseAddress) async {
        guard let files = persistenceFiles(for: address) else { return }
        let zones = await simulator.zoneIDs.filter { $0 != .default }.map { "\($0.zoneName)\t\($0.ownerName)\n" }.joined()
        let records = NativeArchive.encode(await simulator.serverRecords())
        do {
            try FileManager.default.createDirectory(at: files.zones.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(zones.utf8).write(to: files.zones, options: .atomic)
            try records.write(to: files.records, options: .atomic)
        } catch {
            FileHandle.standardError.write(Data("cloudkit-emulator: could not persist \(address) to \(files.records.path)\n".utf8))
        }
    }

    private func persistenceFiles(for address: LocalDatabaseAddress) -> (zones: URL, records: URL)? {
        guard let folder = configuration.persistenceFolder else { return nil }
        let name = String(address.description.map { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" ? $0 : "_" })
        return (folder.appendingPathComponent(name + ".zones"), folder.appendingPathComponent(name + ".records"))
    }
}
