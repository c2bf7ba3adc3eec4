import Foundation
import RecordKit
import RecordKitStore

/// `--asset-saves`: the cost of saving one record with an asset into a store whose asset folder already holds a
/// file per record, side by side with a save without an asset, at 1,000 and 10,000 records. The store keeps its
/// asset references in the write's own transaction, so neither cost may grow with the store's size.
enum AssetSaveBenchmark {
    static let sizes = [1_000, 10_000]
    static let savesPerRound = 100
    static let rounds = 3

    static func run(folder: String) throws {
        print("Asset saves: \(savesPerRound) single-save transactions per round, \(rounds) rounds, best round; each store holds a distinct asset file per record")
        var ratios: [Int: Double] = [:]
        for size in sizes {
            let values = NoteValues.make(count: size + 2 * savesPerRound * rounds, seed: UInt64(size))
            let appFiles = folder + "/app-\(size)"
            try FileManager.default.createDirectory(atPath: appFiles, withIntermediateDirectories: true)
            func withAsset(_ index: Int) throws -> Note {
                let file = URL(fileURLWithPath: appFiles + "/\(index)")
                try Data("cover \(size)-\(index)".utf8).write(to: file)
                var record = values[index].record
                record.fields.set(.asset(Asset(fileURL: file)), forKey: "cover")  // kept as an unknown field
                return try Note(record: record)
            }
            let store = try RecordStore(
                path: folder + "/assets-\(size).sqlite", models: [Note.self], options: RecordStoreOptions(assetFolder: .besideStore))
            try store.save(contentsOf: (0..<size).map(withAsset))
            var best = (asset: Double.infinity, plain: Double.infinity)
            var next = size
            for _ in 0..<rounds {
                let assetNotes = try (next..<next + savesPerRound).map(withAsset)
                let plainNotes = try (next + savesPerRound..<next + 2 * savesPerRound).map { try Note(record: values[$0].record) }
                next += 2 * savesPerRound
                best.asset = min(best.asset, try seconds { for note in assetNotes { try store.save(note) } })
                best.plain = min(best.plain, try seconds { for note in plainNotes { try store.save(note) } })
            }
            let files = (try? FileManager.default.contentsOfDirectory(atPath: folder + "/assets-\(size).sqlite.assets").count) ?? 0
            guard files >= size else { throw BenchmarkFailure.wrongCount("asset folder", files) }
            ratios[size] = best.asset / best.plain
            print(String(
                format: "  %6d records (%d files): with an asset %.3f ms/save, without %.3f ms/save, ratio %.2fx",
                size, files, best.asset * 1000 / Double(savesPerRound), best.plain * 1000 / Double(savesPerRound), best.asset / best.plain))
        }
        if let small = ratios[sizes[0]], let large = ratios[sizes[1]] {
            print(String(format: "  ratio at %d over ratio at %d: %.2f (1 means it does not grow with the store)", sizes[1], sizes[0], large / small))
        }
    }
}
