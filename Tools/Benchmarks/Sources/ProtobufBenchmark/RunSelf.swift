import Foundation

/// Runs this benchmark again as a child process with `arguments`, to its end, and returns its exit status (-1 when a
/// signal ended it) and its standard output.
func runSelf(_ arguments: [String]) throws -> (status: Int32, output: String) {
    let (status, bytes) = try spawn(Bundle.main.executablePath ?? CommandLine.arguments[0], arguments)
    return (status, String(decoding: bytes, as: UTF8.self))
}

#if canImport(Glibc)
/// Runs `executable` to its end and returns its exit status (-1 when a signal ended it) and standard output.
/// Spawned and waited for directly: Foundation's `Process` spent about 40 ms a child waiting on Linux, most of
/// the cold loop's wall time.
private func spawn(_ executable: String, _ arguments: [String]) throws -> (Int32, [UInt8]) {
    var fds: [Int32] = [0, 0]
    guard pipe(&fds) == 0 else { throw BenchmarkError.mismatch("no pipe for a child process") }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, fds[1], STDOUT_FILENO)
    posix_spawn_file_actions_addclose(&actions, fds[0])
    var argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, executable, &actions, nil, &argv, environ)
    close(fds[1])
    defer { close(fds[0]) }
    guard spawned == 0 else { throw BenchmarkError.mismatch("child process not started: error \(spawned)") }
    var output = [UInt8]()
    var buffer = [UInt8](repeating: 0, count: 256)
    while case let count = read(fds[0], &buffer, buffer.count), count > 0 { output += buffer[0..<count] }
    var status: Int32 = 0
    guard waitpid(pid, &status, 0) == pid else { throw BenchmarkError.mismatch("child process lost") }
    // The low 7 bits hold the signal that ended the child (0: it exited), the next 8 its exit status.
    return (status & 0x7F == 0 ? (status >> 8) & 0xFF : -1, output)
}
#else
/// Runs `executable` to its end and returns its exit status and standard output.
private func spawn(_ executable: String, _ arguments: [String]) throws -> (Int32, [UInt8]) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, [UInt8](output))
}
#endif
