// End to end over loopback HTTP: 100,000 note records saved through records/modify and read back through
// records/query, 200 a page, by WebServicesDatabase against the local CloudKit, which runs in a child process (this
// executable with --serve) so that this process's memory is the client's alone. On exactly the bodies that went
// over the wire, each page times RecordKit's codec (WebServicesJSON, what the client and the local CloudKit use)
// against Foundation's JSONEncoder/JSONDecoder with Codable types of the same shape, client side and server side.
// Goals: the codec at least 3x faster per page; the peak RSS flat from 10,000 to 100,000 records.
//
// Run with: swift run -c release --package-path Tools/Benchmarks EmulatorBenchmark
// (EMULATOR_BENCHMARK_RECORDS=20000 for a shorter run). Exits 1 when a goal is missed.
// MistKit, the other Swift Web Services client, is not in this machine's package mirrors, so it is not compared.
import Foundation
import RecordKit
import RecordKitLocalCloudKit
import RecordKitSync
import RecordKitWebServices

let container = "iCloud.com.example.benchmark"
let apiToken = "benchmark-api-token"
let webAuthToken = "benchmark-web-token"
let pageSize = 200
let totalRecords = ProcessInfo.processInfo.environment["EMULATOR_BENCHMARK_RECORDS"].flatMap { Int($0) } ?? 100_000
let goalRatio = 3.0
let goalGrowth = 0.15

if CommandLine.arguments.dropFirst().first == "--serve" {
    let configuration = LocalCloudKitConfiguration(
        containers: [container], apiTokens: [apiToken], webAuthTokens: [webAuthToken: "_benchmark"], maximumBodyBytes: 64 << 20)
    let server = try await LocalCloudKitServer.start(LocalCloudKit(configuration: configuration), port: 0)
    FileHandle.standardOutput.write(Data("port \(server.port)\n".utf8))
    try await server.wait()
    exit(0)
}

/// Starts the local CloudKit in a child process and returns it with its port.
func startServer() throws -> (Process, Int) {
    let child = Process()
    #if os(Linux)
    child.executableURL = URL(fileURLWithPath: "/proc/self/exe")
    #else
    child.executableURL = Bundle.main.executableURL
    #endif
    child.arguments = ["--serve"]
    let output = Pipe()
    child.standardOutput = output
    try child.run()
    var line = Data()
    while !line.contains(0x0A) {
        let chunk = output.fileHandleForReading.availableData
        if chunk.isEmpty { break }
        line += chunk
    }
    let text = String(decoding: line, as: UTF8.self)
    guard text.hasPrefix("port "), let port = Int(text.dropFirst(5).prefix { $0.isNumber }) else {
        child.terminate()
        throw CloudError.invalidArguments("the local CloudKit did not start: \(text)")
    }
    return (child, port)
}

/// The local CloudKit's process, stopped whenever this one exits.
var serverProcess: Process?

/// Fails the run with a message.
@MainActor func fail(_ message: String) -> Never {
    serverProcess?.terminate()
    print("FAIL: \(message)")
    exit(1)
}

let (child, port) = try startServer()
serverProcess = child
guard let service = URL(string: "http://127.0.0.1:\(port)") else { fail("no URL for port \(port)") }
let transport = CapturingTransport(HTTPClientTransport(timeout: .seconds(300), maximumResponseBytes: 256 << 20))
let database = WebServicesDatabase(
    endpoint: WebServicesEndpoint(service: service, container: container, environment: .development, database: .private),
    credentials: .webAuth(apiToken: apiToken, webAuthToken: webAuthToken), transport: transport)
let decoder = JSONDecoder()
let encoder = JSONEncoder()
let clock = ContinuousClock()
print("EmulatorBenchmark: \(totalRecords) note records, \(pageSize) a page, local CloudKit in process \(child.processIdentifier)")

do {
    _ = try await database.saveZones([NoteRecords.zone])

    // records/modify: client encodes the request and decodes the response; the server decodes and encodes.
    var modify = PhaseReport(name: "records/modify")
    let modifyStart = clock.now
    for page in 0..<(totalRecords / pageSize) {
        let records = try NoteRecords.page(page, size: pageSize)
        let result = try await database.modifyRecords(ModifyRecordsRequest(saves: records.map { RecordSave($0) }))
        guard result.saves.allSatisfy({ (try? $0.result.get()) != nil }) else { fail("page \(page) was not saved: \(result.saves)") }
        let (requestBody, responseBody) = transport.lastExchange

        let request = try timed(&modify.recordKit.server) { try WebServicesJSON.decodeModifyRequest(requestBody) }
        let encodedRequest = try timed(&modify.recordKit.client) {
            try WebServicesJSON.encodeModifyRequest(
                operations: records.map { RecordOperation(.create, record: $0) }, atomic: request.atomic, zoneID: NoteRecords.zone)
        }
        let response = try timed(&modify.recordKit.client) { try WebServicesJSON.decodeRecordsResponse(responseBody) }
        let encodedResponse = try timed(&modify.recordKit.server) { try WebServicesJSON.encodeRecordsResponse(response) }

        let codableRequest = try timed(&modify.foundation.server) { try decoder.decode(CodableModifyRequest.self, from: requestBody) }
        _ = try timed(&modify.foundation.client) { try encoder.encode(codableRequest) }
        let codableResponse = try timed(&modify.foundation.client) { try decoder.decode(CodableRecordsResponse.self, from: responseBody) }
        _ = try timed(&modify.foundation.server) { try encoder.encode(codableResponse) }

        // Both codecs read the same pages, and RecordKit's encoders wrote exactly the bytes that were sent.
        guard encodedRequest == requestBody, encodedResponse == responseBody,
              request.operations.count == pageSize, codableRequest.operations.count == pageSize,
              response.records.count == pageSize, codableResponse.records.count == pageSize,
              response.records[7]["title"] == .string(codableResponse.records[7].fields?.title.value ?? "") else {
            fail("page \(page): the codecs disagree about the bodies sent")
        }
        modify.pages += 1
        modify.records += pageSize
        if modify.records == 10_000 { modify.peakAt10k = peakResidentBytes() }
    }
    modify.wall = clock.now - modifyStart
    modify.peakAtEnd = peakResidentBytes()

    // records/query: the server encodes each page, the client decodes it (the small query bodies are left out).
    var query = PhaseReport(name: "records/query")
    let queryStart = clock.now
    var marker: String?
    repeat {
        let page = try await database.query(
            QueryRequest(recordType: "Note", zoneID: NoteRecords.zone, resultsLimit: Int64(pageSize)), continuationMarker: marker)
        marker = page.continuationMarker
        let responseBody = transport.lastExchange.response
        let response = try timed(&query.recordKit.client) { try WebServicesJSON.decodeRecordsResponse(responseBody) }
        let encoded = try timed(&query.recordKit.server) { try WebServicesJSON.encodeRecordsResponse(response) }
        let codable = try timed(&query.foundation.client) { try decoder.decode(CodableRecordsResponse.self, from: responseBody) }
        _ = try timed(&query.foundation.server) { try encoder.encode(codable) }
        guard encoded == responseBody, response.records.count == page.records.count, codable.records.count == page.records.count,
              page.records.first?["title"] == .string(codable.records.first?.fields?.title.value ?? "") else {
            fail("query page \(query.pages): the codecs disagree about the body received")
        }
        query.pages += 1
        query.records += page.records.count
        if query.records == 10_000 { query.peakAt10k = peakResidentBytes() }
    } while marker != nil
    query.wall = clock.now - queryStart
    query.peakAtEnd = peakResidentBytes()
    guard query.records == totalRecords else { fail("the query read \(query.records) records, not \(totalRecords)") }

    child.terminate()
    let modifyMet = modify.print(goalRatio: goalRatio, goalGrowth: goalGrowth)
    let queryMet = query.print(goalRatio: goalRatio, goalGrowth: goalGrowth)
    exit(modifyMet && queryMet ? 0 : 1)
} catch {
    fail("\(error)")
}
