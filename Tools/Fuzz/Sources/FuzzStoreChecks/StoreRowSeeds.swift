import Foundation
import RecordKit

/// Seeds for `FuzzStoreRow`, made with RecordKit's own encoders: rows as the store writes them, so the fuzzer
/// starts from readable values and mutates the cells from there.
public enum StoreRowSeeds {
    public static func all() -> [(name: String, data: Data)] {
        let id = RecordID(recordName: "n", zoneID: RecordZoneID(zoneName: "note-zone"))
        let note = Note(recordID: id, text: Asset(fileURL: URL(fileURLWithPath: "/tmp/n.txt")), modified: Date(timeIntervalSince1970: 1_000))
        var server = note.record()
        server.system.changeTag = "tag-1"
        let token = NativeArchive.encode(ServerChangeToken(data: Data("zone-token".utf8)))
        var newer = note.record()
        newer["version"] = .int64(99)

        var seeds: [(String, StoreRowInput)] = [("empty-row", StoreRowInput())]
        var local = StoreRowInput()
        local.value = .blob(NativeArchive.encode(note.record()))
        local.pending = .integer(1)
        local.generation = .integer(1)
        seeds.append(("pending-save", local))
        var synced = local
        synced.server = .blob(NativeArchive.encode(server))
        synced.pending = .integer(0)
        synced.zoneToken = .blob(token)
        synced.databaseToken = .blob(token)
        synced.engineState = .blob(Data("engine".utf8))
        seeds.append(("synced-with-tokens", synced))
        var deleted = StoreRowInput()
        deleted.server = .blob(NativeArchive.encode(server))
        deleted.pending = .integer(2)
        deleted.generation = .integer(7)
        seeds.append(("pending-delete", deleted))
        var otherType = local
        otherType.recordType = .text(Data("Other".utf8))
        seeds.append(("other-record-type", otherType))
        var newerVersion = local
        newerVersion.value = .blob(NativeArchive.encode(newer))
        seeds.append(("newer-version", newerVersion))
        var textColumns = local
        textColumns.pending = .text(Data("1".utf8))
        textColumns.generation = .real(3)
        seeds.append(("loose-column-types", textColumns))
        return seeds.map { ($0.0, $0.1.encoded()) }
    }
}
