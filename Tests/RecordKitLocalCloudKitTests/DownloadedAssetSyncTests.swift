import Foundation
import GRDB
import RecordKit
import RecordKitLocalCloudKit
import RecordKitStore
import RecordKitSync
import RecordKitTesting
import RecordKitWebServices
import Testing

/// A record fetched over Web Services names its asset by a download URL only: the sync engine downloads the file
/// (streamed) into the store's asset folder before the page is stored, so the store owns it as any other. A
/// download that fails stores nothing of the page, names the record and field, and the next fetch gets it.
@Suite struct DownloadedAssetSyncTests {
    /// The HTTP transport, whose downloads answer 404 while `failing` is set.
    final class SwitchableDownloads: WebServicesTransport, @unchecked Sendable {
        private let base = HTTPClientTransport(timeout: .seconds(60))
        private let lock = NSLock()
        private var failingNow = true
        private var downloadCount = 0

        var failing: Bool {
            get { lock.withLock { failingNow } }
            set { lock.withLock { failingNow = newValue } }
        }

        var downloads: Int { lock.withLock { downloadCount } }

        func send(_ request: WebServicesHTTPRequest) async throws(CloudError) -> WebServicesHTTPResponse {
            try await base.send(request)
        }

        func download(_ request: WebServicesHTTPRequest, to file: URL) async throws(CloudError) -> WebServicesHTTPResponse {
            let failing = lock.withLock {
                downloadCount += 1
                return failingNow
            }
            guard !failing else {
                return WebServicesHTTPResponse(status: 404, body: Data(#"{"serverErrorCode":"NOT_FOUND","reason":"no such asset"}"#.utf8))
            }
            return try await base.download(request, to: file)
        }
    }

    @available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
    @Test func aFetchedAssetIsDownloadedIntoTheStoresFolderAndAFailedDownloadStoresNothingOfItsPage() async throws {
        try await Emulator.withServer { server async throws in
            let zone = RecordZoneID(zoneName: "covers")
            let writer = Emulator.database(server, scope: .private, credentials: .webAuth(apiToken: Emulator.apiToken, webAuthToken: "web-phone"))
            _ = try await writer.saveZones([zone])
            let cover = FileManager.default.temporaryDirectory.appendingPathComponent("recordkit-cover-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: cover) }
            try Data("the cover of Dune".utf8).write(to: cover)
            var book = Record(recordType: "Book", id: RecordID(recordName: "b1", zoneID: zone))
            book["cover"] = .asset(Asset(fileURL: cover))
            book["title"] = .string("Dune")
            #expect(try await writer.modifyRecords(ModifyRecordsRequest(saves: [RecordSave(book)])).itemErrors.isEmpty)

            let store = try RecordStore(database: try DatabaseQueue(), models: [])
            let transport = SwitchableDownloads()
            let database = WebServicesDatabase(
                endpoint: WebServicesEndpoint(service: server.serviceURL, container: Emulator.container, environment: .development, database: .private),
                credentials: .webAuth(apiToken: Emulator.apiToken, webAuthToken: "web-laptop"), transport: transport)
            let engine = SyncEngine(store: store, database: database, configuration: SyncConfiguration(zones: [zone]), clock: VirtualClock())

            // The download fails: a typed error naming the record and field; nothing of the page, no file left.
            do throws(SyncError) {
                try await engine.fetchChanges()
                Issue.record("the fetch succeeded though the asset could not be downloaded")
            } catch {
                guard case let .assetDownload(id, recordType, field, _) = error else {
                    Issue.record("expected an asset download error, got \(error)")
                    return
                }
                #expect(id == book.id && recordType == "Book" && field == "cover")
            }
            #expect(transport.downloads == 1)
            #expect(try store.storedState(of: book.id) == nil, "the record is not half-stored")
            #expect(try store.zone(zone)?.token == nil, "the page's token is not stored: the next fetch asks for it again")
            #expect(try FileManager.default.contentsOfDirectory(atPath: store.assetFolderURL.path).isEmpty)

            // The next fetch downloads it into the store's folder.
            transport.failing = false
            try await engine.fetchChanges()
            let stored = try #require(try store.storedState(of: book.id)?.local)
            guard case let .asset(asset)? = stored["cover"], let url = asset.fileURL else {
                Issue.record("the stored record names no file: \(stored)")
                return
            }
            #expect(url.deletingLastPathComponent().path == store.assetFolderURL.path, "a file of the store's folder")
            #expect(try Data(contentsOf: url) == Data("the cover of Dune".utf8))
            #expect(asset.downloadURL != nil, "the download URL is kept beside the file")
            #expect(stored["title"] == .string("Dune"))
            #expect(try FileManager.default.contentsOfDirectory(atPath: store.assetFolderURL.path) == [url.lastPathComponent],
                    "only the owned file: the download's own file was removed after the page was stored")
            #expect(try store.zone(zone)?.token != nil)
        }
    }
}
