import AlmanacPlan
import AlmanacModel
import AlmanacSpec
import AlmanacTime
import Testing
@testable import AlmanacCompiler

/// Work is bounded by the candidates a trigger examines, not only by the fires it makes.
@Suite struct CandidateBudgetTests {
    typealias T = TestSupport

    static func run(_ trigger: Trigger, _ window: Window, budget: Int) throws -> Int {
        let schedule = T.schedule(trigger)
        var expansion = try Compiler(tzdataVersion: "test").prepare(schedule, specSHA256: "0", window: window)
        expansion.maxCandidates = budget
        return try expansion.run { _ in }.fireCount
    }

    @Test func aRuleWhoseExceptCoversEverythingEndsInALocatedError() throws {
        var trigger = Trigger(id: "t", kind: .cron(T.cron("* * * * *")), timezone: "Europe/Berlin")
        trigger.except = [DateRange(from: T.date("2026-12-01"), to: T.date("2027-12-31"))]
        let window = T.window("2027-01-01T00:00:00Z", "2027-02-01T00:00:00Z")
        #expect { try Self.run(trigger, window, budget: 10_000) } throws: { error in
            guard let diagnostic = (error as? CompileError)?.diagnostic else { return false }
            return diagnostic.code == .maxFiresExceeded && diagnostic.message.contains("examined 10000 candidate times")
        }
        // Within the budget the same rule is a clean, empty result.
        #expect(try Self.run(trigger, window, budget: 100_000) == 0)
    }

    @Test func aFilteredCountFromCenturiesBackEndsInALocatedError() throws {
        // With `during`, fires before the window cannot be counted arithmetically (EveryCountSkipTests
        // covers the plain case): each candidate is examined, and the budget ends it.
        var trigger = Trigger(id: "t", kind: .every(EveryRule(interval: TimeSpan(seconds: 1))), timezone: "UTC")
        trigger.during = During(weekdays: nil, between: (T.time("09:00"), T.time("10:00")))
        trigger.start = .instant(T.instant("0001-01-01T00:00:00Z"))
        trigger.count = 1_000_000_000_000
        let window = T.window("2027-01-01T00:00:00Z", "2027-01-02T00:00:00Z")
        #expect(throws: CompileError.self) { try Self.run(trigger, window, budget: 50_000) }
    }

    @Test func theBudgetDoesNotCutAWindowThatFitsIt() throws {
        let trigger = Trigger(id: "t", kind: .every(EveryRule(interval: TimeSpan(seconds: 60))))
        let window = T.window("2027-01-01T00:00:00Z", "2027-01-02T00:00:00Z")
        #expect(try Self.run(trigger, window, budget: 1_500) == 1_440)
    }
}
