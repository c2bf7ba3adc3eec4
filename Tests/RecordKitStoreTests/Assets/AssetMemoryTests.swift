import Foundation
import RecordKit
import RecordKitStore
import Testing

/// A 300 MB asset is streamed into the asset folder in chunks, never held whole: the peak resident memory
/// (VmHWM, reset through /proc/self/clear_refs first) of a process that only does that save grows by far less
/// than the file. The save runs in RecordKitStoreCrashWorker's `memory` mode, so the tests running beside this one
/// in the test process cannot move the measure. Not a timing test.
@Suite struct AssetMemoryTests {
    static let megabyte = 1 << 20

    @Test(
        .enabled(if: FileManager.default.isWritableFile(atPath: "/proc/self/clear_refs"), "peak memory is read from /proc (Linux)"),
        .enabled(if: CrashWorker.path != nil, "RecordKitStoreCrashWorker was not built beside the tests"))
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
        defer { try? FileManager.default.removeItem(at: big) }

        let worker = Process()
        worker.executableURL = URL(fileURLWithPath: try #require(CrashWorker.path))
        let database = folder.folder.file("memory.sqlite")
        worker.arguments = ["memory", database, big.path]
        let output = Pipe()
        worker.standardOutput = output
        try worker.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        worker.waitUntilExit()
        #expect(worker.terminationStatus == 0)
        let grown = try #require(printed.split(separator: " ").last.flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }, "worker printed: \(printed)")
        #expect(grown < 64 * 1024, "peak memory grew by \(grown) kB while copying 300 MB")
        print("asset memory test: peak resident memory grew by \(grown) kB while copying a 300 MB asset")

        // The copy is whole and in the folder beside that store.
        let assets = URL(fileURLWithPath: database + ".assets")
        let files = try FileManager.default.subpathsOfDirectory(atPath: assets.path)
            .map { assets.appendingPathComponent($0) }
            .filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true }
        let sizes = try files.map { try FileManager.default.attributesOfItem(atPath: $0.path)[.size] as? Int }
        #expect(sizes == [300 * Self.megabyte])
        for file in files { try FileManager.default.removeItem(at: file) }
    }
}
