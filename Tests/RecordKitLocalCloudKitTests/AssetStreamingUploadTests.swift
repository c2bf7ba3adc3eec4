import Crypto
import Foundation
import RecordKit
import RecordKitLocalCloudKit
import RecordKitSync
import RecordKitWebServices
import Testing

/// The Web Services transport streams an asset's file to the upload URL in bounded chunks (the body is a stream of
/// known length, never the whole file in memory), and the emulator serves back exactly what the file held.
@Suite struct AssetStreamingUploadTests {
    /// The sizes of the chunks handed to the HTTP client, in order.
    final class ChunkLog: @unchecked Sendable {
        private let lock = NSLock()
        private var sizes: [Int] = []
        func append(_ size: Int) {
            lock.lock()
            defer { lock.unlock() }
            sizes.append(size)
        }
        var all: [Int] {
            lock.lock()
            defer { lock.unlock() }
            return sizes
        }
    }

    /// A file of `size` bytes that differ from chunk to chunk (so a chunk sent twice or skipped changes the hash),
    /// written a MiB at a time, and its SHA-256; removed at deinit.
    final class VariedFile {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("recordkit-stream-\(UUID().uuidString)")
        private(set) var sha256 = Data()

        init(size: Int) throws {
            guard FileManager.default.createFile(atPath: url.path, contents: nil) else { throw CocoaError(.fileWriteUnknown) }
            let handle = try FileHandle(forWritingTo: url)
            defer { try? handle.close() }
            var hasher = SHA256()
            var state: UInt64 = 0x9E37_79B9_7F4A_7C15
            var written = 0
            while written < size {
                let count = min(1 << 20, size - written)
                var piece = [UInt8](repeating: 0, count: count)
                for index in piece.indices {
                    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                    piece[index] = UInt8(truncatingIfNeeded: state >> 33)
                }
                hasher.update(data: piece)
                try handle.write(contentsOf: piece)
                written += count
            }
            sha256 = Data(hasher.finalize())
        }

        deinit { try? FileManager.default.removeItem(at: url) }
    }

    @Test func aFileBodyIsReadInChunksOfAtMostTheChunkSizeToItsLength() async throws {
        let file = try VariedFile(size: 3 * 1024 + 17)
        let body = try WebServicesFileBody(fileAt: file.url)
        #expect(body.length == 3 * 1024 + 17)
        var sizes: [Int] = []
        var hasher = SHA256()
        for try await chunk in body.chunks(size: 1024) {
            sizes.append(chunk.count)
            hasher.update(data: chunk)
        }
        #expect(sizes == [1024, 1024, 1024, 17])
        #expect(Data(hasher.finalize()) == file.sha256)
    }

    @Test func aFileShortenedWhileSentFailsInsteadOfSendingLess() async throws {
        let file = try VariedFile(size: 4096)
        let body = try WebServicesFileBody(fileAt: file.url)
        var chunks = body.chunks(size: 1024).makeAsyncIterator()
        _ = try await chunks.next()
        try FileHandle(forWritingTo: file.url).truncate(atOffset: 2048)
        _ = try await chunks.next()
        await #expect(throws: WebServicesFileBodyError.fileShortened(path: file.url.path, expected: 4096, read: 2048)) {
            _ = try await chunks.next()
        }
    }

    @available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
    @Test func aLargeAssetGoesUpInBoundedChunksAndComesBackWithTheSameSHA256() async throws {
        try await Emulator.withServer { server async throws in
            let log = ChunkLog()
            let transport = HTTPClientTransport(timeout: .seconds(120), chunkObserver: { log.append($0) })
            let database = Emulator.database(
                server, scope: .private, credentials: .webAuth(apiToken: Emulator.apiToken, webAuthToken: "web-phone"),
                transport: transport)
            let zone = RecordZoneID(zoneName: "covers")
            _ = try await database.saveZones([zone])
            // Larger than the emulator's request body limit (16 MiB), which bounds JSON requests, not assets.
            let size = 20 * (1 << 20) + 7
            let file = try VariedFile(size: size)
            var record = Record(recordType: "Book", id: RecordID(recordName: "b1", zoneID: zone))
            record["cover"] = .asset(Asset(fileURL: file.url))
            let result = try await database.modifyRecords(ModifyRecordsRequest(saves: [RecordSave(record)]))
            #expect(result.itemErrors.isEmpty)

            let chunks = log.all
            #expect(chunks.reduce(0, +) == size, "the whole file, once")
            #expect(chunks.count == 21, "1 MiB chunks: 20 whole and the 7 bytes left")
            #expect(chunks.allSatisfy { $0 <= WebServicesFileBody.defaultChunkSize })

            let fetched = try #require(try await database.fetchRecords([record.id]).first?.result.get())
            guard case let .asset(stored)? = fetched["cover"] else {
                Issue.record("the fetched record has no asset: \(fetched)")
                return
            }
            #expect(stored.size == Int64(size))
            #expect(stored.fileChecksum == file.sha256.base64EncodedString(), "the emulator hashed what it received")
            let downloaded = try await database.downloadAsset(stored)
            #expect(Data(SHA256.hash(data: downloaded)) == file.sha256, "and serves the same bytes")
        }
    }
}
