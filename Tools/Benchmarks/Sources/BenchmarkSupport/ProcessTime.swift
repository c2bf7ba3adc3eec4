import Foundation

/// The CPU time of this process (every thread, user and system): what a measurement costs in work, apart from
/// the time it waited for the CPU on a busy machine or for the disk.
public enum ProcessTime {
    public static func cpuSeconds() -> Double {
        var time = timespec()
        guard clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time) == 0 else { return 0 }
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
