import AlmanacModel
import AlmanacSpec
import AlmanacTestSupport
import AlmanacTime
import Testing
@testable import AlmanacCompiler

/// The one-pass densest-span search of the pending-budget lint against a brute force over every
/// span start, on random fire lists (bursts, ties, long gaps), and its calendar-day spans.
@Suite struct PendingBudgetTests {
    /// The earliest span holding the most fires, by checking every fire as a start.
    static func bruteForce(_ fires: [(Int64, String)], coverage: Int64, maxPending: Int) -> PendingBudget.Densest? {
        var best: PendingBudget.Densest?
        for (i, fire) in fires.enumerated() {
            let inside = fires[i...].prefix { $0.0 < fire.0 + coverage }
            guard inside.count > maxPending, inside.count > (best?.count ?? 0) else { continue }
            let lost = Array(inside.dropFirst(maxPending))
            best = .init(start: fire.0, end: fire.0 + coverage, count: inside.count, firstUncovered: lost[0].0, lostFires: lost.map(\.1))
        }
        return best
    }

    @Test(arguments: 0..<200)
    func matchesTheBruteForce(_ seed: Int) {
        var random = SplitMix(seed: UInt64(seed) &* 7919 &+ 17)
        let coverage = Int64(1 + random.next() % 5000)
        let maxPending = Int(1 + random.next() % 12)
        var t = Int64(random.next() % 1000)
        var fires: [(Int64, String)] = []
        for _ in 0..<(random.next() % 300) {
            // Mostly short steps, some ties, now and then a long quiet stretch.
            switch random.next() % 10 {
            case 0: t += Int64(random.next() % 20_000)
            case 1, 2: break
            default: t += Int64(random.next() % 200)
            }
            fires.append((t, ["a", "b", "c", "d"][Int(random.next() % 4)]))
        }
        var limits = Limits(maxPending: maxPending, minCoverage: TimeSpan(seconds: coverage))
        limits.minCoverageDays = nil
        var budget = PendingBudget(limits: limits)
        for fire in fires { budget.observe(at: fire.0, trigger: fire.1) }
        budget.finish()
        #expect(
            budget.densest == Self.bruteForce(fires, coverage: coverage, maxPending: maxPending),
            "coverage \(coverage), max_pending \(maxPending), \(fires.count) fires")
    }

    @Test func noWarningWithinBudgetAndNoneForNoFires() {
        var budget = PendingBudget(limits: Limits(maxPending: 3))
        budget.finish()
        #expect(budget.densest == nil)
        for t in stride(from: Int64(0), to: 10 * 86_400, by: 28_800) { budget.observe(at: t, trigger: "x") }
        budget.finish()
        #expect(budget.densest == nil, "3 fires a day fit a budget of 3")
    }

    @Test func durationsAreShort() {
        #expect(PendingBudget.format(0) == "0s")
        #expect(PendingBudget.format(59) == "59s")
        #expect(PendingBudget.format(3600) == "1h")
        #expect(PendingBudget.format(19_200) == "5h 20m")
        #expect(PendingBudget.format(90_061) == "1d 1h")
    }

    /// The triggers losing coverage, in the order they first lose a fire, each with its count.
    @Test func losingListsEveryTriggerInTheOrderItFirstLosesAFire() {
        let d = PendingBudget.Densest(start: 0, end: 1, count: 9, firstUncovered: 0, lostFires: ["c", "a", "b", "a", "d", "a", "b"])
        #expect(d.losing.map(\.id) == ["c", "a", "b", "d"])
        #expect(d.losing.map(\.fires) == [1, 3, 2, 1])
    }
}
