import Foundation

/// Resident memory from /proc (Linux); nil elsewhere.
enum Memory {
    /// The current resident set size, in bytes.
    static func resident() -> Int? { field("VmRSS") }

    /// The peak resident set size since the last ``resetPeak()``, in bytes.
    static func peak() -> Int? { field("VmHWM") }

    /// Resets the peak to the current resident size (Linux's clear_refs, value 5).
    static func resetPeak() {
        try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
    }

    private static func field(_ name: String) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix(name + ":") {
            let digits = line.split(separator: " ").compactMap { Int($0) }
            return digits.first.map { $0 * 1024 }
        }
        return nil
    }
}
