import Foundation
import Testing

/// Model-based property test of sharing: seeded random scenarios (``SharingScenario``) of 2–3 people with 1–2
/// devices each, mixing owners, participants, permission changes and faults, checked by an oracle computed from
/// the sharing rules (``SharingOracle``): after every settle each device holds exactly its person's records and
/// those of the shares they accepted and still have, every field as the accepted writes make it; after every step
/// no value written without write access is on the server or accepted in any response, and every refusal a
/// device received is reported.
///
/// `SHARING_PROPERTY_SCENARIOS=n` sets the number of scenarios (default 30), `SHARING_PROPERTY_FIRST=k` skips the
/// first k; `SHARING_PROPERTY_SEED=s` replays one seed and prints its steps; `SHARING_PROPERTY_WITHOUT=faults,...`
/// leaves kinds of step out (``SharingScenario/Kind``), to tell which rule a failing seed breaks.
/// Scripts/sharing-property-test.sh runs thousands.
@Suite struct SharingPropertyTests {
    @Test func randomSharingScenariosFollowTheRules() async throws {
        let seeds = PropertyTestSeeds.from(environmentPrefix: "SHARING_PROPERTY", count: 30, offset: 29)
        let verbose = seeds.count == 1
        let leftOut = SharingScenario.Kind.leftOut
        let replay = leftOut.isEmpty ? "" : "SHARING_PROPERTY_WITHOUT=\(leftOut.map(\.rawValue).sorted().joined(separator: ",")) "
        let start = Date()
        var failures = 0
        var totals: [String: Int] = [:]
        for seed in seeds {
            if verbose { print("sharing scenario seed \(seed):") }
            var scenario = try SharingScenario(seed: seed, verbose: verbose, leavingOut: leftOut)
            let problems: [String]
            do {
                problems = try await scenario.run()
            } catch {
                problems = ["the scenario stopped: \(error)"]
            }
            totals.merge(scenario.counts, uniquingKeysWith: +)
            if !problems.isEmpty {
                failures += 1
                PropertyTestSeeds.recordFailure(
                    "sharing", seed: seed, problems: problems,
                    replay: "\(replay)SHARING_PROPERTY_SEED=\(seed) swift test --filter SharingPropertyTests")
            }
        }
        let seconds = Date().timeIntervalSince(start)
        let summary = totals.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
        print("sharing property test: \(seeds.count) scenarios\(leftOut.isEmpty ? "" : " (\(replay.dropLast()))"), \(failures) failures, \(String(format: "%.1f", seconds)) s; \(summary)")
    }

    /// Seeds that once found a bug, replayed with every kind of step on every run. 45125408102 and 5308871567: a
    /// participant's store did not follow what their shares cover in a zone they kept or regained (a share lost and
    /// another accepted between two syncs; a second share of a zone); 15926614643: a card between a shared root and
    /// its children deleted left its children on the participant's device (fixed in the simulator's coverage feed,
    /// `relogCoverageChanges`).
    @Test(arguments: [45_125_408_102, 5_308_871_567, 15_926_614_643] as [UInt64])
    func regressionSeed(_ seed: UInt64) async throws {
        var scenario = try SharingScenario(seed: seed, verbose: false, leavingOut: [])
        let problems = try await scenario.run()
        #expect(problems.isEmpty, "seed \(seed): \(problems.joined(separator: "\n"))")
    }
}
