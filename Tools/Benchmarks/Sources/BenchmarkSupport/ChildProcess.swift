import Foundation

/// Runs a benchmark's contenders as child processes (this binary re-executed, or a baseline built elsewhere), so
/// each starts with a fresh heap and its own measurements.
public enum ChildProcess {
    /// What a child printed on its standard output, and how it exited.
    public struct Output: Sendable {
        public let status: Int32
        public let text: String
    }

    /// Runs `path` with `arguments` to its end and returns its standard output (standard error goes to ours).
    public static func run(_ path: String, _ arguments: [String]) throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        // Read before waiting: a child that fills the pipe would otherwise never exit.
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(status: process.terminationStatus, text: String(decoding: data, as: UTF8.self))
    }

    /// This process's executable, to re-run it as a child.
    public static func ownExecutable() -> String {
        #if os(Linux)
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return path }
        #endif
        return URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.path
    }

    /// The one-minute load average, as `uptime` prints it ("?" where /proc/loadavg does not exist).
    public static func loadAverage() -> String {
        guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return "?" }
        return String(text.split(separator: " ").first ?? "?")
    }
}
