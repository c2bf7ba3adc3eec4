import Crypto
import Foundation
import RecordKitLocalCloudKit
import RecordKitWebServices
import Testing

/// A client nobody here wrote: requests-cloudkit 1.0.1 (PyPI, installed by .ci/run) signs a request that the
/// local CloudKit accepts, and the same request with its body changed after signing is refused.
///
/// requests-cloudkit 1.0.1 was written for Python 2, where `str` is bytes: under Python 3 it hashes and writes
/// `str` where bytes are needed, and formats base64 bytes into the message as `b'…'`. The script gives its module
/// a `hashlib`, `tempfile` and `base64` that convert between `str` and bytes (UTF-8, ASCII) and do nothing else;
/// the message layout, the date, the body digest, the DER signature and the headers stay the library's own.
@Suite(.enabled(if: PythonClient.available, "needs python3 with requests-cloudkit 1.0.1 and pytz (pip install requests-cloudkit==1.0.1 pytz)"))
struct RequestsCloudKitTests {
    @available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
    @Test func aRequestSignedByRequestsCloudKitIsAcceptedAndATamperedOneRefused() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rk-requests-cloudkit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let keyFile = folder.appendingPathComponent("key.pem")
        try Emulator.signingKey.pemRepresentation.write(to: keyFile, atomically: true, encoding: .utf8)
        let script = folder.appendingPathComponent("sign.py")
        try PythonClient.script.write(to: script, atomically: true, encoding: .utf8)
        let output = try await Emulator.withServer { server async throws in
            let url = server.serviceURL.absoluteString + "/database/1/\(Emulator.container)/development/public/records/query"
            return try await PythonClient.runAsync(script: script, arguments: [url, "server-key-1", keyFile.path])
        }
        let lines = output.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "\(output)")
        #expect(lines.first?.hasPrefix("signed 200 ") == true, "\(output)")
        #expect(lines.last?.hasPrefix("tampered 401 ") == true, "\(output)")
        #expect(lines.last?.contains("AUTHENTICATION_FAILED") == true, "\(output)")
    }
}

enum PythonClient {
    static let available: Bool = (try? run(arguments: ["-c", "import requests_cloudkit, pytz"])) != nil

    /// Runs python3 with `arguments` (after the script, if any) and returns its standard output; throws on a
    /// nonzero exit.
    static func run(script: URL? = nil, arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + (script.map { [$0.path] } ?? []) + arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw PythonFailure(status: process.terminationStatus) }
        return String(decoding: data, as: UTF8.self)
    }

    /// ``run(script:arguments:)`` off the cooperative pool, so the server keeps answering while Python waits.
    static func runAsync(script: URL, arguments: [String]) async throws -> String {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(with: Result { try run(script: script, arguments: arguments) })
            }
        }
    }

    struct PythonFailure: Error { var status: Int32 }

    static let script = #"""
        import base64, hashlib, sys, tempfile, types
        import requests
        import requests_cloudkit.cloudkit as cloudkit
        from requests_cloudkit import CloudKitAuth

        def utf8(data):
            return data.encode("utf-8") if isinstance(data, str) else data

        class TextTolerantFile:
            def __init__(self):
                self.file = tempfile.NamedTemporaryFile()
            def __enter__(self):
                return self
            def __exit__(self, *args):
                self.file.close()
            def write(self, data):
                return self.file.write(utf8(data))
            def seek(self, offset):
                return self.file.seek(offset)
            def read(self):
                return self.file.read()

        cloudkit.hashlib = types.SimpleNamespace(sha256=lambda data=b"": hashlib.sha256(utf8(data)))
        cloudkit.tempfile = types.SimpleNamespace(NamedTemporaryFile=TextTolerantFile)
        cloudkit.base64 = types.SimpleNamespace(b64encode=lambda data: base64.b64encode(data).decode("ascii"))

        url, key_id, key_file = sys.argv[1:4]
        body = '{"query":{"recordType":"Artist"}}'
        session = requests.Session()
        signed = requests.Request("POST", url, data=body, auth=CloudKitAuth(key_id, key_file)).prepare()
        response = session.send(signed, timeout=30)
        print("signed", response.status_code, response.text.replace("\n", " "))
        tampered = requests.Request("POST", url, data=body, auth=CloudKitAuth(key_id, key_file)).prepare()
        tampered.body = '{"query":{"recordType":"Secret"}}'
        response = session.send(tampered, timeout=30)
        print("tampered", response.status_code, response.text.replace("\n", " "))
        """#
}
