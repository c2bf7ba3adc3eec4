import Foundation

/// Runs a benchmark's contenders as child processes (this binary re-executed, or a baseline built elsewhere), so
/// each starts with a fresh heap and its own measurements.
public enum ChildProcess {
    /// What a child printed on its standard output, and how it exited.
    public struct Output: Sendable {
        public let status: Int32
        public let text: String
    }

    /// Runs `path` with `arguments` to its end and returns its standard output (standard error goes to ours). The
    /// status is the exit status, or minus the signal's number when a signal ended the child.
    public static func run(_ path: String, _ arguments: [String]) throws -> Output {
        #if canImport(Glibc)
        // Spawned and waited for directly: Foundation's `Process` spent about 40 ms a child waiting on Linux, most
        // of the wall time of ProtobufBenchmark's 1,806 cold children.
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw ChildProcessError.notStarted(path, errno) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, fds[1], STDOUT_FILENO)
        posix_spawn_file_actions_addclose(&actions, fds[0])
        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, path, &actions, nil, argv, environ)
        close(fds[1])
        defer { close(fds[0]) }
        guard spawned == 0 else { throw ChildProcessError.notStarted(path, spawned) }
        // Read before waiting: a child that fills the pipe would otherwise never exit.
        var output = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while case let count = read(fds[0], &buffer, buffer.count), count > 0 { output += buffer[0..<count] }
        var status: Int32 = 0
        guard waitpid(pid, &status, 0) == pid else { throw ChildProcessError.lost(path) }
        // The low 7 bits hold the signal that ended the child (0: it exited), the next 8 its exit status.
        let signal = status & 0x7F
        return Output(status: signal == 0 ? (status >> 8) & 0xFF : -signal, text: String(decoding: output, as: UTF8.self))
        #else
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        // Read before waiting: a child that fills the pipe would otherwise never exit.
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let status = process.terminationReason == .uncaughtSignal ? -process.terminationStatus : process.terminationStatus
        return Output(status: status, text: String(decoding: data, as: UTF8.self))
        #endif
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

/// Why ``ChildProcess/run(_:_:)`` could not run a child.
public enum ChildProcessError: Error, CustomStringConvertible {
    case notStarted(String, Int32)
    case lost(String)

    public var description: String {
        switch self {
        case let .notStarted(path, code): "could not start \(path): error \(code)"
        case let .lost(path): "lost track of the child \(path)"
        }
    }
}
