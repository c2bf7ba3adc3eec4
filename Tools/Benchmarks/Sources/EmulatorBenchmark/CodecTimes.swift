import Foundation

/// Codec time of one side of a phase, summed over its pages: the client's and the server's share.
struct CodecTimes {
    var client = Duration.zero
    var server = Duration.zero
    var total: Duration { client + server }
}

/// Runs `body` and adds its duration to `time`.
func timed<T>(_ time: inout Duration, _ body: () throws -> T) rethrows -> T {
    let clock = ContinuousClock()
    let start = clock.now
    let result = try body()
    time += clock.now - start
    return result
}

extension Duration {
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}

/// One phase's result: RecordKit's and Foundation's codec times on the same bodies, and the peak memory.
struct PhaseReport {
    var name: String
    var pages = 0
    var records = 0
    var wall = Duration.zero
    var recordKit = CodecTimes()
    var foundation = CodecTimes()
    var peakAt10k = 0
    var peakAtEnd = 0

    var ratio: Double { foundation.total.seconds / max(recordKit.total.seconds, 1e-12) }

    func print(goalRatio: Double, goalGrowth: Double) -> Bool {
        func perPage(_ duration: Duration) -> String { String(format: "%7.3f ms", duration.seconds * 1000 / Double(max(pages, 1))) }
        Swift.print("\(name): \(records) records in \(pages) pages over loopback HTTP, "
            + String(format: "%.1f s wall, %.0f records/s end to end", wall.seconds, Double(records) / max(wall.seconds, 1e-9)))
        Swift.print("  codec time per page          client      server       total")
        Swift.print("  RecordKit WebServicesJSON  \(perPage(recordKit.client)) \(perPage(recordKit.server)) \(perPage(recordKit.total))")
        Swift.print("  Foundation JSON (Codable)  \(perPage(foundation.client)) \(perPage(foundation.server)) \(perPage(foundation.total))")
        let clientRatio = foundation.client.seconds / max(recordKit.client.seconds, 1e-12)
        let serverRatio = foundation.server.seconds / max(recordKit.server.seconds, 1e-12)
        Swift.print(String(format: "  ratio (Foundation / RecordKit): client %.2fx, server %.2fx, total %.2fx (goal >= %.1fx)",
                           clientRatio, serverRatio, ratio, goalRatio))
        let memoryMet: Bool
        if peakAt10k > 0 {
            let growth = Double(peakAtEnd - peakAt10k) / Double(peakAt10k)
            Swift.print("  peak RSS at 10k records: \(megabytes(peakAt10k)), at \(records / 1000)k: \(megabytes(peakAtEnd)) "
                + String(format: "(growth %.1f%%, goal <= %.0f%%)", growth * 100, goalGrowth * 100))
            memoryMet = growth <= goalGrowth
        } else {
            Swift.print("  peak RSS: \(megabytes(peakAtEnd)); not compared (fewer than 10,000 records)")
            memoryMet = true
        }
        let codecMet = ratio >= goalRatio
        Swift.print("  \(codecMet ? "PASS" : "FAIL"): codec \(codecMet ? "at least" : "below") \(goalRatio)x; "
            + "\(memoryMet ? "PASS" : "FAIL"): memory \(memoryMet ? "flat" : "grows")")
        return codecMet && memoryMet
    }
}
