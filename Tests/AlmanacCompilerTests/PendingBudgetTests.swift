import AlmanacJSON
import AlmanacModel
import AlmanacPlan
import AlmanacSpec
import AlmanacTestSupport
import AlmanacTime
import Testing
@testable import AlmanacCompiler

/// The one-pass densest-span search of the pending-budget lint against a brute force over every
/// span start, on random fire lists (bursts, ties, long gaps), and its calendar-day spans.
@Suite struct PendingBudgetTests {
    /// The earliest span holding the most fires, by checking every fire as a start; and every
    /// trigger with a fire some span leaves out (past the first `maxPending` of a span that holds
    /// it), in the order of its first such fire, with how many.
    static func bruteForce(_ fires: [(Int64, Int)], coverage: Int64, maxPending: Int) -> (PendingBudget.Densest?, [Int], [Int]) {
        var best: PendingBudget.Densest?
        var atRisk: [Int: Int] = [:]
        var order: [Int] = []
        for (index, fire) in fires.enumerated()
        where (0...index).contains(where: { start in fires[start].0 + coverage > fire.0 && index - start >= maxPending }) {
            if atRisk[fire.1] == nil { order.append(fire.1) }
            atRisk[fire.1, default: 0] += 1
        }
        for (i, fire) in fires.enumerated() {
            let inside = fires[i...].prefix { $0.0 < fire.0 + coverage }
            guard inside.count > maxPending, inside.count > (best?.count ?? 0) else { continue }
            best = .init(start: fire.0, end: fire.0 + coverage, count: inside.count, firstUncovered: inside.dropFirst(maxPending).first!.0)
        }
        return (best, order, order.map { atRisk[$0]! })
    }

    @Test(arguments: 0..<200)
    func matchesTheBruteForce(_ seed: Int) {
        var random = SplitMix(seed: UInt64(seed) &* 7919 &+ 17)
        let coverage = Int64(1 + random.next() % 5000)
        let maxPending = Int(1 + random.next() % 12)
        var t = Int64(random.next() % 1000)
        var fires: [(Int64, Int)] = []
        for _ in 0..<(random.next() % 300) {
            // Mostly short steps, some ties, now and then a long quiet stretch.
            switch random.next() % 10 {
            case 0: t += Int64(random.next() % 20_000)
            case 1, 2: break
            default: t += Int64(random.next() % 200)
            }
            fires.append((t, Int(random.next() % 6)))
        }
        var limits = Limits(maxPending: maxPending, minCoverage: TimeSpan(seconds: coverage))
        limits.minCoverageDays = nil
        var budget = PendingBudget(limits: limits)
        for fire in fires { budget.observe(at: fire.0, trigger: fire.1) }
        budget.finish()
        let (densest, order, counts) = Self.bruteForce(fires, coverage: coverage, maxPending: maxPending)
        let context = "coverage \(coverage), max_pending \(maxPending), \(fires.count) fires"
        #expect(budget.densest == densest, "\(context)")
        #expect(budget.losing.map(\.trigger) == order && budget.losing.map(\.fires) == counts, "\(context)")
    }

    @Test func noWarningWithinBudgetAndNoneForNoFires() {
        var budget = PendingBudget(limits: Limits(maxPending: 3))
        budget.finish()
        #expect(budget.densest == nil)
        for t in stride(from: Int64(0), to: 10 * 86_400, by: 28_800) { budget.observe(at: t, trigger: 0) }
        budget.finish()
        #expect(budget.densest == nil, "3 fires a day fit a budget of 3")
        #expect(budget.losing.isEmpty)
    }

    @Test func durationsAreShort() {
        #expect(PendingBudget.format(0) == "0s")
        #expect(PendingBudget.format(59) == "59s")
        #expect(PendingBudget.format(3600) == "1h")
        #expect(PendingBudget.format(19_200) == "5h 20m")
        #expect(PendingBudget.format(90_061) == "1d 1h")
    }

    /// A trigger that loses coverage only outside the busiest span is named too: a Sunday pill, the
    /// sixth fire of its day with `max_pending: 5`, while Monday (10 fires of another trigger) is the
    /// busiest day. The message and the JSON details both name it, with its priority.
    @Test func aTriggerAtRiskOutsideTheBusiestSpanIsNamed() throws {
        let yaml = """
            version: 1
            timezone: UTC
            limits: {max_pending: 5, min_coverage: 1d}
            triggers:
              spam:
                calendar: {weekdays: [mon], at: ["08:00", "09:00", "10:00", "11:00", "12:00", "13:00", "14:00", "15:00", "16:00", "17:00"]}
              sunday-chores:
                calendar: {weekdays: [sun], at: ["08:00", "09:00", "10:00", "11:00", "12:00"]}
              pill:
                calendar: {weekdays: [sun], at: "20:00"}
                priority: 7
            """
        let loaded = SpecLoader.load(SourceFile(path: "spec.yaml", bytes: Array(yaml.utf8)))
        let schedule = try #require(loaded.schedule, "\(loaded.diagnostics)")
        // Monday 2026-11-23 to Monday 2026-11-30, UTC.
        let window = Window(from: Instant(secondsSinceEpoch: 1_795_392_000), to: Instant(secondsSinceEpoch: 1_795_392_000 + 7 * 86_400))
        let result = try Compiler().compile(schedule, specSHA256: String(repeating: "0", count: 64), window: window)
        let warning = try #require(result.diagnostics.first { $0.code == .pendingBudget })
        #expect(warning.message.contains("holds 10 fires"), "\(warning.message)")
        #expect(warning.message.contains("'spam' (5)") && warning.message.contains("'pill' (1)"), "\(warning.message)")
        #expect(!warning.message.contains("sunday-chores"), "\(warning.message)")
        guard case .array(let listed)? = warning.details["triggers"] else {
            Issue.record("no trigger list in \(warning.details)")
            return
        }
        let expected: [JSONValue] = [
            .object(["id": .string("spam"), "fires_losing_coverage": .number("5"), "priority": .number("0")]),
            .object(["id": .string("pill"), "fires_losing_coverage": .number("1"), "priority": .number("7")]),
        ]
        #expect(listed == expected, "\(listed)")
    }

    /// `max_pending: 500` in a spec phones run (W0250 says a phone keeps 64): the budget is measured
    /// at what the phone holds, so a day of 720 fires is covered for 2 h 8 min, not the 16 h 40 min
    /// that 500 would hold, and 656 of its fires lose coverage, not 220.
    @Test func aMaxPendingAboveWhatAPhoneHoldsIsMeasuredAtThePhones() throws {
        let yaml = """
            version: 1
            timezone: UTC
            limits: {max_pending: 500, min_coverage: 1d}
            triggers:
              med: {every: 2m}
            """
        let loaded = SpecLoader.load(SourceFile(path: "spec.yaml", bytes: Array(yaml.utf8)))
        let schedule = try #require(loaded.schedule, "\(loaded.diagnostics)")
        let window = Window(from: Instant(secondsSinceEpoch: 1_795_392_000), to: Instant(secondsSinceEpoch: 1_795_392_000 + 86_400))
        let result = try Compiler().compile(schedule, specSHA256: String(repeating: "0", count: 64), window: window)
        let warning = try #require(result.diagnostics.first { $0.code == .pendingBudget })
        #expect(
            warning.message.contains("holds 720 fires but max_pending is 500 and a phone holds 64: a registration there covers only 2h 8m"),
            "\(warning.message)")
        #expect(warning.message.contains("'med' (656)") && warning.message.contains("so max_pending cannot help"), "\(warning.message)")
        #expect(warning.details["max_pending"] == .number("500"))
    }

    /// The triggers losing coverage, in the order they first lose a fire, each with its count: with
    /// a budget of 2 and spans of 10 s, the third fire of a span is at risk.
    @Test func losingListsEveryTriggerInTheOrderItFirstLosesAFire() {
        var limits = Limits(maxPending: 2, minCoverage: TimeSpan(seconds: 10))
        limits.minCoverageDays = nil
        var budget = PendingBudget(limits: limits)
        // 0,1,2 | 100,101,102,103 | 200,201: trigger 3 is at risk at 2 and 103, trigger 0 at 102.
        for (at, trigger) in [(0, 5), (1, 5), (2, 3), (100, 0), (101, 0), (102, 0), (103, 3), (200, 9), (201, 9)] as [(Int64, Int)] {
            budget.observe(at: at, trigger: trigger)
        }
        budget.finish()
        #expect(budget.losing.map(\.trigger) == [3, 0])
        #expect(budget.losing.map(\.fires) == [2, 1])
        #expect(budget.densest?.count == 4 && budget.densest?.start == 100 && budget.densest?.firstUncovered == 102)
    }
}
