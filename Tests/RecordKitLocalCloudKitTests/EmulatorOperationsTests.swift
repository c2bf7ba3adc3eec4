import Foundation
import RecordKit
import RecordKitLocalCloudKit
import RecordKitSync
import RecordKitTesting
import RecordKitWebServices
import Testing

/// The operations beyond the sync engine's, through the client over HTTP: assets, queries, zones, lost responses.
@Suite struct EmulatorOperationsTests {
    @available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
    func privateDatabase(_ server: LocalCloudKitServer) -> WebServicesDatabase {
        Emulator.database(server, scope: .private, credentials: .webAuth(apiToken: Emulator.apiToken, webAuthToken: "web-phone"))
    }

    @available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
    @Test func anAssetUploadsInTwoStepsTravelsInItsRecordAndDownloads() async throws {
        try await Emulator.withServer { server async throws in
            let database = privateDatabase(server)
            let zone = RecordZoneID(zoneName: "notes")
            _ = try await database.saveZones([zone])
            let id = RecordID(recordName: "n1", zoneID: zone)
            let bytes = Data("the note's text".utf8)
            let asset = try await database.uploadAsset(bytes, recordType: "Note", fieldName: "text", recordID: id)
            #expect(asset.size == Int64(bytes.count))
            #expect(asset.fileChecksum != nil && asset.receipt != nil)
            var record = Record(recordType: "Note", id: id)
            record["text"] = .asset(asset)
            let saved = try await database.modifyRecords(ModifyRecordsRequest(saves: [RecordSave(record)]))
            #expect(saved.itemErrors.isEmpty)
            let fetched = try #require(try await database.fetchRecords([id]).first?.result.get())
            guard case let .asset(stored)? = fetched["text"] else {
                Issue.record("the fetched record has no asset: \(fetched)")
                return
            }
            #expect(try await database.downloadAsset(stored) == bytes)
        }
    }

    @available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
    @Test func aQueryPagesByContinuationMarkerAndFilters() async throws {
        try await Emulator.withServer { server async throws in
            let key = ServerToServerKey(keyID: "server-key-1", privateKey: Emulator.signingKey)
            let database = Emulator.database(server, scope: .public, credentials: .serverToServer(key))
            let records = (1...5).map { index in
                var record = Record(recordType: "Artist", id: RecordID(recordName: "a\(index)"))
                record["rank"] = .int64(Int64(index))
                record["name"] = .string(index % 2 == 0 ? "Bach \(index)" : "Mozart \(index)")
                record["tags"] = .list(.string([index % 2 == 0 ? "even" : "odd", "artist"]))
                return record
            }
            let saved = try await database.modifyRecords(ModifyRecordsRequest(saves: records.map { RecordSave($0) }, atomic: false))
            #expect(saved.itemErrors.isEmpty)
            var names: [String] = []
            var marker: String?
            var pages = 0
            repeat {
                let page = try await database.query(
                    QueryRequest(recordType: "Artist", filters: [.init(fieldName: "rank", comparator: "GREATER_THAN", fieldValue: .int64(1))],
                                 resultsLimit: 2),
                    continuationMarker: marker)
                names += page.records.map(\.id.recordName)
                marker = page.continuationMarker
                pages += 1
            } while marker != nil && pages < 10
            #expect(names == ["a2", "a3", "a4", "a5"])
            #expect(pages == 2)
            let bach = try await database.query(QueryRequest(
                recordType: "Artist", filters: [.init(fieldName: "name", comparator: "BEGINS_WITH", fieldValue: .string("Bach"))]))
            #expect(bach.records.map(\.id.recordName) == ["a2", "a4"])
            let chosen = try await database.query(QueryRequest(
                recordType: "Artist",
                filters: [.init(fieldName: "rank", comparator: "IN", fieldValue: .list(.int64([1, 5, 9])))]))
            #expect(chosen.records.map(\.id.recordName) == ["a1", "a5"])
            let tagged = try await database.query(QueryRequest(
                recordType: "Artist", filters: [.init(fieldName: "tags", comparator: "LIST_CONTAINS", fieldValue: .string("even"))]))
            #expect(tagged.records.map(\.id.recordName) == ["a2", "a4"])
            // CloudKit has no nil comparator: the local CloudKit refuses RecordKit's nil checks as a bad request.
            for comparator in ["IS_NIL", "IS_NOT_NIL"] {
                await #expect(throws: CloudError.self, "\(comparator)") {
                    _ = try await database.query(QueryRequest(
                        recordType: "Artist", filters: [.init(fieldName: "name", comparator: comparator, fieldValue: QueryFilter.noValue)]))
                }
            }
        }
    }

    @available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
    @Test func zonesAreCreatedListedAndDeletedAndAMissingZoneIsReported() async throws {
        try await Emulator.withServer { server async throws in
            let database = privateDatabase(server)
            let zone = RecordZoneID(zoneName: "tasks")
            let created = try await database.saveZones([zone])
            #expect(created.map { try? $0.get().id } == [zone])
            #expect(try await database.listZones().map(\.id).contains(zone))
            #expect(try await database.deleteZones([zone]).map { try? $0.get() } == [zone])
            await #expect(throws: CloudError.zoneNotFound(zone)) { _ = try await database.fetchZoneChanges(zone, since: nil) }
            var record = Record(recordType: "Task", id: RecordID(recordName: "t", zoneID: zone))
            record["title"] = .string("x")
            let result = try await database.modifyRecords(ModifyRecordsRequest(saves: [RecordSave(record)]))
            #expect(result.saves.first?.result == .failure(.zoneNotFound(zone)))
        }
    }

    @available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
    @Test func aDroppedResponseIsARetryableNetworkFailure() async throws {
        try await Emulator.withServer { server async throws in
            let database = privateDatabase(server)
            await Emulator.privateSimulator(server).injectFault(.failBeforeCommit, on: [.fetchDatabaseChanges])
            await #expect(throws: CloudError.networkFailure) { _ = try await database.fetchDatabaseChanges(since: nil) }
            // The next request goes through on a new connection.
            _ = try await database.fetchDatabaseChanges(since: nil)
        }
    }
}

/// A local CloudKit with a data folder keeps its zones and records across a restart.
@Suite struct EmulatorPersistenceTests {
    @available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
    @Test func recordsAndZonesSurviveARestart() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rk-local-cloudkit-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        var configuration = Emulator.configuration()
        configuration.persistenceFolder = folder
        let zone = RecordZoneID(zoneName: "tasks")
        var record = Record(recordType: "Task", id: RecordID(recordName: "kept", zoneID: zone))
        record["title"] = .string("survives")
        try await Emulator.withServer(configuration) { server async throws in
            let database = Emulator.database(server, scope: .private, credentials: .webAuth(apiToken: Emulator.apiToken, webAuthToken: "web-phone"))
            _ = try await database.saveZones([zone])
            #expect(try await database.modifyRecords(ModifyRecordsRequest(saves: [RecordSave(record)])).itemErrors.isEmpty)
        }
        try await Emulator.withServer(configuration) { server async throws in
            let database = Emulator.database(server, scope: .private, credentials: .webAuth(apiToken: Emulator.apiToken, webAuthToken: "web-laptop"))
            #expect(try await database.listZones().map(\.id).contains(zone))
            let fetched = try await database.fetchRecords([record.id]).first?.result.get()
            #expect(fetched?.fields == record.fields)
        }
    }
}
