import Dispatch
import FuzzEmulatorChecks
import Foundation

/// The answer of one asynchronous check, handed to the synchronous entry point.
private final class Answer: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: String?

    var value: String? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}

// libFuzzer entry point: the local CloudKit's request path (method, path, headers, body; no socket) answers every
// input with a 2xx or a CloudKit error body whose status matches its code.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let data = start.map { Data(bytes: $0, count: count) } ?? Data()
    let answer = Answer()
    let done = DispatchSemaphore(value: 0)
    Task {
        answer.value = await EmulatorRequestChecks.check(data)
        done.signal()
    }
    done.wait()
    if let problem = answer.value {
        FileHandle.standardError.write(Data("invariant failed: \(problem)\n".utf8))
        abort()
    }
    return 0
}
