import Foundation

/// The built `recordgen` binary, found in the products directory beside the test bundle, and a way to run it.
enum RecordGenBinary {
    /// What a run printed and how it exited.
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The folder holding Package.swift, found from this file.
    static let repositoryRoot: String = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url.path }
        }
        return FileManager.default.currentDirectoryPath
    }()

    /// The binary's path, or nil when it was not built.
    static let path: String? = {
        var folders: [URL] = Bundle.allBundles
            .filter { $0.bundlePath.hasSuffix(".xctest") }
            .map { $0.bundleURL.deletingLastPathComponent() }
        folders.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
        folders.append(Bundle.main.bundleURL)
        folders.append(Bundle.main.bundleURL.deletingLastPathComponent())
        for folder in folders {
            let candidate = folder.appendingPathComponent("recordgen").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }()

    /// Runs recordgen with `arguments` in `folder`; `environment` adds to (or replaces) the test's variables.
    static func run(_ arguments: [String], in folder: String, environment: [String: String] = [:]) throws -> Run {
        guard let path else { throw CocoaError(.fileNoSuchFile) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Read both pipes to the end before waiting, so a full pipe never blocks the child.
        let errorData = Locked<Data>()
        let errorsRead = DispatchGroup()
        errorsRead.enter()
        DispatchQueue.global().async {
            errorData.set(errors.fileHandleForReading.readDataToEndOfFile())
            errorsRead.leave()
        }
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        errorsRead.wait()
        process.waitUntilExit()
        return Run(
            status: process.terminationStatus,
            stdout: String(decoding: outputData, as: UTF8.self),
            stderr: String(decoding: errorData.value ?? Data(), as: UTF8.self)
        )
    }
}

/// A value set once by another thread.
final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value?

    var value: Value? { lock.withLock { stored } }
    func set(_ value: Value) { lock.withLock { stored = value } }
}

/// A temporary folder, removed when released.
final class TemporaryFolder {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "recordgen-tests-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// Writes `text` at `relativePath`, creating folders.
    func write(_ relativePath: String, _ text: String) throws {
        let url = URL(fileURLWithPath: path).appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }
}
