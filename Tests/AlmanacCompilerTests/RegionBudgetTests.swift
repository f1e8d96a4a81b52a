import AlmanacPlan
import AlmanacModel
import AlmanacSpec
import AlmanacTime
import Testing
@testable import AlmanacCompiler

/// `limits.max_regions`: at most that many regions armed at once, chosen by priority then trigger id.
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
        let armed = result.plan.regions.filter { !$0.armed.isEmpty }.map(\.trigger)
        #expect(armed.count == 20)
        #expect(armed.contains("r22"))
        #expect(Set(result.plan.regions.filter(\.armed.isEmpty).map(\.trigger)) == ["r19", "r20", "r21", "r23", "r24"])
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
        #expect(c.armed == [Window(from: T.instant("2026-12-07T16:00:00Z"), to: T.instant("2026-12-07T17:00:00Z"))])
        let warning = try #require(result.diagnostics.first { $0.code == .regionBudget })
        #expect(warning.message.contains("'c' (priority 0) is not armed from 2026-12-07T15:00:00Z to 2026-12-07T16:00:00Z"))
        #expect(result.diagnostics.filter { $0.code == .regionBudget }.count == 1)
    }

    @Test func theChoiceDoesNotDependOnTheOrderTriggersAreGiven() throws {
        let triggers = (0..<6).map { Self.region("z\($0)", priority: $0 % 3, "0\($0):00", "1\($0):00") }
        let forward = try Self.compile(triggers, maxRegions: 3).plan.regions
        let backward = try Self.compile(triggers.reversed(), maxRegions: 3).plan.regions
        #expect(forward == backward)
        // At any instant at most three are armed.
        let boundaries = Set(forward.flatMap { $0.armed.flatMap { [$0.from, $0.to] } })
        for instant in boundaries {
            #expect(forward.filter { $0.armed.contains { $0.contains(instant) } }.count <= 3)
        }
    }

    @Test func underTheBudgetNothingChanges() throws {
        let triggers = (0..<5).map { Self.region("u\($0)", "08:00", "12:00") }
        let result = try Self.compile(triggers, maxRegions: 5)
        #expect(result.plan.regions.allSatisfy { $0.armed.count == 1 })
        #expect(!result.diagnostics.contains { $0.code == .regionBudget })
    }
}
