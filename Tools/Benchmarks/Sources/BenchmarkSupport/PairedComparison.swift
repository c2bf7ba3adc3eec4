import Foundation

/// Whether one codec is at least as fast as another that does the same work, judged on many rounds in which both
/// ran back to back (a ratio per round, so a phase of the machine that slows both alike cancels out).
///
/// Two codecs that write the same bytes at nearly the same cost cannot be ranked by their best times: on a shared
/// machine the best-of ratio of two equal codecs lands anywhere from 0.95x to 1.05x, so a goal of "at least 1x"
/// passes or fails on noise. This comparison is a non-inferiority test instead: the median of the per-round ratios
/// with a distribution-free 95% confidence interval (from the order statistics, no assumption about the shape of
/// the noise), passing when the interval's lower end is at least `1 - margin`, that is, when the faster-claimed
/// codec is shown to be at most `margin` slower. Noisy rounds widen the interval and fail the goal; they cannot
/// pass it.
public struct PairedComparison: Sendable {
    /// The other codec's time divided by the claimed-faster codec's, per round, sorted.
    public let ratios: [Double]
    /// What one ratio stands for, for the printed lines: "paired runs", or "processes".
    public let unit: String

    /// `slow` and `fast` are the two codecs' times in the same rounds, in the order of the rounds.
    public init(slow: [Double], fast: [Double]) {
        ratios = zip(slow, fast).map { $0 / $1 }.sorted()
        unit = "paired runs"
    }

    /// Ratios taken elsewhere, one per `unit`: the median ratio of each of several processes, where the process (its
    /// heap and its addresses) moves the ratio more than the rounds within one do.
    public init(ratios: [Double], unit: String) {
        self.ratios = ratios.sorted()
        self.unit = unit
    }

    public var median: Double {
        guard !ratios.isEmpty else { return .nan }
        let middle = ratios.count / 2
        return ratios.count % 2 == 1 ? ratios[middle] : (ratios[middle - 1] + ratios[middle]) / 2
    }

    /// The 95% confidence interval of the median, nil with fewer than 6 rounds (too few for one).
    public var confidenceInterval: ClosedRange<Double>? {
        guard let rank = Self.lowerRank(count: ratios.count) else { return nil }
        return ratios[rank]...ratios[ratios.count - 1 - rank]
    }

    /// Whether the interval shows the codec at most `margin` slower.
    public func passes(margin: Double) -> Bool {
        guard let interval = confidenceInterval else { return false }
        return interval.lowerBound >= 1 - margin
    }

    /// Whether the interval shows the other codec at most `goal` times slower (a codec against its floor).
    public func passes(atMost goal: Double) -> Bool {
        guard let interval = confidenceInterval else { return false }
        return interval.upperBound <= goal
    }

    /// The median and its interval, for the printed lines.
    public var summary: String {
        let interval = confidenceInterval.map {
            String(format: "95%% interval %.3fx to %.3fx", $0.lowerBound, $0.upperBound)
        } ?? "too few rounds for an interval"
        return String(format: "median %.3fx", median) + " of \(ratios.count) \(unit) (\(interval))"
    }

    /// The largest 0-based index `k` such that the sorted sample's `k`-th smallest and `k`-th largest values bound
    /// the median with at least 95% confidence. The interval misses the median when at most `k` of the `n` rounds fall
    /// on one side of it, with probability 2 P(B <= k) for B ~ Binomial(n, 1/2). Nil below 6 rounds, where even the
    /// whole sample's range falls short of 95%.
    public static func lowerRank(count n: Int) -> Int? {
        guard n >= 6, n <= 1000 else { return nil }
        // P(B <= j) for B ~ Binomial(n, 1/2), summed term by term; 0.5^1000 is still a normal double.
        var term = pow(0.5, Double(n))
        var cumulative = term
        var rank = 0
        while 2 * cumulative <= 0.05 {
            rank += 1
            term *= Double(n - rank + 1) / Double(rank)
            cumulative += term
        }
        // `rank` is the first index whose interval falls short; the one before it is the answer.
        return rank - 1
    }
}
