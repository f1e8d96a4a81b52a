import AlmanacPlan
import AlmanacModel
import AlmanacSpec
import AlmanacTime
import Testing
@testable import AlmanacCompiler

/// `limits.max_regions`: the plan keeps every armed window; W0604 names, per trigger, where more than
/// that many regions are armed and a choice without a position (priority, then trigger id) leaves it
/// unwatched. (The executor chooses the nearest: `NearestRegionsTests`.)
@Suite struct RegionBudgetTests {
    typealias T = TestSupport

    static func region(_ id: String, priority: Int = 0, _ from: String, _ to: String) -> Trigger {
        var trigger = LocationArmingTests.location(id) { $0.during = LocationArmingTests.during(nil, from, to) }
        trigger.priority = priority
        return trigger
    }

    static func compile(_ triggers: [Trigger], maxRegions: Int) throws -> CompileResult {
        let schedule = Schedule(name: "test", limits: Limits(maxRegions: maxRegions), triggers: triggers.sorted { $0.id < $1.id })
        // One Chicago day, 2026-12-07 (CST).
        return try T.compile(schedule, T.window("2026-12-07T06:00:00Z", "2026-12-08T06:00:00Z"))
    }

    @Test func twentyFiveRegionsAgainstTwenty() throws {
        // r00…r24 all armed 08:00–12:00; r20…r24 would be dropped on id, but r22 has a priority.
        var triggers = (0..<25).map { Self.region(String(format: "r%02d", $0), "08:00", "12:00") }
        triggers[22].priority = 5
        let result = try Self.compile(triggers, maxRegions: 20)
        #expect(result.plan.regions.allSatisfy { $0.armed.count == 1 })
        let warnings = result.diagnostics.filter { $0.code == .regionBudget }
        #expect(warnings.map { $0.message.split(separator: "'")[1] } == ["r19", "r20", "r21", "r23", "r24"])
        #expect(warnings.allSatisfy { $0.severity == .warning && $0.message.contains("from 2026-12-07T14:00:00Z to 2026-12-07T18:00:00Z") })
    }

    @Test func losersAreClippedOnlyWhereTheBudgetIsFull() throws {
        // Budget 2: a and b (priority 1) from 08:00 to 10:00; c from 09:00 to 11:00 loses 09:00–10:00 only.
        let triggers = [
            Self.region("a", priority: 1, "08:00", "10:00"), Self.region("b", priority: 1, "08:00", "10:00"),
            Self.region("c", "09:00", "11:00"),
        ]
        let result = try Self.compile(triggers, maxRegions: 2)
        let c = try #require(result.plan.regions.first { $0.trigger == "c" })
        #expect(c.armed == [Window(from: T.instant("2026-12-07T15:00:00Z"), to: T.instant("2026-12-07T17:00:00Z"))])
        let warning = try #require(result.diagnostics.first { $0.code == .regionBudget })
        #expect(warning.message.contains("'c' (priority 0) may go unwatched from 2026-12-07T15:00:00Z to 2026-12-07T16:00:00Z"))
        #expect(warning.message.contains("executors watch the 1 nearest the device and a refresh region"))
        #expect(result.diagnostics.filter { $0.code == .regionBudget }.count == 1)
    }

    @Test func theWarningsDoNotDependOnTheOrderTriggersAreGiven() throws {
        let triggers = (0..<6).map { Self.region("z\($0)", priority: $0 % 3, "0\($0):00", "1\($0):00") }
        let forward = try Self.compile(triggers, maxRegions: 3)
        let backward = try Self.compile(triggers.reversed(), maxRegions: 3)
        #expect(forward.plan.regions == backward.plan.regions)
        let warnings = forward.diagnostics.filter { $0.code == .regionBudget }
        #expect(!warnings.isEmpty)
        #expect(warnings.map(\.message) == backward.diagnostics.filter { $0.code == .regionBudget }.map(\.message))
    }

    @Test func underTheBudgetNothingChanges() throws {
        let triggers = (0..<5).map { Self.region("u\($0)", "08:00", "12:00") }
        let result = try Self.compile(triggers, maxRegions: 5)
        #expect(result.plan.regions.allSatisfy { $0.armed.count == 1 })
        #expect(!result.diagnostics.contains { $0.code == .regionBudget })
    }
}
