import Foundation
import RecordKit
import RecordKitStore
import Testing

/// A 300 MB asset is streamed into the asset folder in chunks, never held whole: the process's peak resident
/// memory (VmHWM, reset through /proc/self/clear_refs first) grows by far less than the file. Not a timing test.
@Suite struct AssetMemoryTests {
    static let megabyte = 1 << 20

    @Test(.enabled(if: FileManager.default.isWritableFile(atPath: "/proc/self/clear_refs"), "peak memory is read from /proc (Linux)"))
    func a300MBAssetIsCopiedWithFlatMemory() throws {
        let folder = try AssetTestFolder()
        let big = URL(fileURLWithPath: folder.folder.file("app/big.bin"))
        // 300 MB of real (not sparse) bytes, each megabyte different, written a megabyte at a time.
        try Data().write(to: big)
        let handle = try FileHandle(forWritingTo: big)
        var chunk = [UInt8](repeating: 0, count: Self.megabyte)
        for index in 0..<300 {
            for offset in stride(from: 0, to: chunk.count, by: 4096) { chunk[offset] = UInt8(truncatingIfNeeded: index &+ offset >> 12) }
            chunk[chunk.count - 1] = UInt8(truncatingIfNeeded: index)
            try handle.write(contentsOf: chunk)
        }
        try handle.close()
        let store = try folder.store()

        try Data("5".utf8).write(to: URL(fileURLWithPath: "/proc/self/clear_refs"))
        let before = try Self.peakResidentKilobytes()
        try store.save(Note(recordID: Fixtures.id("big"), text: Asset(fileURL: big), modified: Date(timeIntervalSince1970: 1_000)))
        let after = try Self.peakResidentKilobytes()

        let owned = try #require(try store.fetch(Note.self, id: Fixtures.id("big"))?.text.fileURL)
        let size = try FileManager.default.attributesOfItem(atPath: owned.path)[.size] as? Int
        #expect(size == 300 * Self.megabyte)
        let grown = after - before
        #expect(grown < 64 * 1024, "peak memory grew by \(grown) kB while copying 300 MB")
        print("asset memory test: peak resident memory grew by \(grown) kB while copying a 300 MB asset")
        try FileManager.default.removeItem(at: big)
        try FileManager.default.removeItem(at: owned)
    }

    /// VmHWM of /proc/self/status, in kB.
    static func peakResidentKilobytes() throws -> Int {
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let value = line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first.flatMap({ Int($0) })
        else { throw CocoaError(.fileReadCorruptFile) }
        return value
    }
}
