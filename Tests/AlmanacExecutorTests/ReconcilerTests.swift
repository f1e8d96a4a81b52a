import AlmanacRegistration
import Foundation
import AlmanacPlan
import AlmanacTime
import Testing
@testable import AlmanacExecutor

/// The phone practice: cancel all, register future fires within the budget, know when to come back.
@Suite struct ReconcilerTests {
    @Test func registersOnlyFutureFiresInTimeOrder() {
        let plan = TestPlans.plan(TestPlans.every("a", step: 60, to: 600))
        let registration = Reconciler.registration(for: plan, now: TestPlans.at(120))
        // `at > now`: the fire exactly at now is not registered, it is due.
        #expect(registration.fires.map(\.at) == (3..<10).map { TestPlans.at(Int64($0) * 60) })
        #expect(registration.futureFires == 7)
        #expect(registration.refreshBy == plan.window.to)
    }

    @Test func theSoonestFiresComeBeforeAnyPriority() {
        let fires = TestPlans.every("low", step: 10, to: 100) + TestPlans.every("high", step: 30, from: 5, to: 100)
        let plan = TestPlans.plan(fires, priorities: ["high": 5, "low": -1], maxPending: 6)
        let registration = Reconciler.registration(for: plan, now: TestPlans.at(-1))
        // Within a day (the default min_coverage) the six soonest fires are all registered, whatever their priority.
        #expect(
            registration.fires.map(\.id)
                == [
                    TestPlans.fire("low", 0), TestPlans.fire("high", 5), TestPlans.fire("low", 10),
                    TestPlans.fire("low", 20), TestPlans.fire("low", 30), TestPlans.fire("high", 35),
                ].map(\.id))
        #expect(registration.refreshBy == TestPlans.at(40))
        #expect(registration.futureFires == 14)
    }

    @Test func pastTheCoverageTheSlotsLeftGoByPriority() {
        let fires = TestPlans.every("low", step: 10, to: 100) + TestPlans.every("high", step: 30, from: 5, to: 100)
        var plan = TestPlans.plan(fires, priorities: ["high": 5, "low": -1], maxPending: 6)
        plan.limits.minCoverage = WindowLength(seconds: 15)
        let registration = Reconciler.registration(for: plan, now: TestPlans.at(-1))
        // Covered: every fire before 00:14; the three slots left go to `high`, then the earliest.
        #expect(
            registration.fires.map(\.id)
                == [
                    TestPlans.fire("low", 0), TestPlans.fire("high", 5), TestPlans.fire("low", 10),
                    TestPlans.fire("high", 35), TestPlans.fire("high", 65), TestPlans.fire("high", 95),
                ].map(\.id))
        #expect(registration.refreshBy == TestPlans.at(20))
    }

    /// The phone failure this budget fixes: 100 daily triggers, 5 of them at priority 10. A
    /// priority-first budget gave all 64 slots to the five for 13 days; a reminder due one second
    /// after `now` was never registered and `refresh_by` was one second away.
    @Test func aReminderDueSoonIsNeverStarvedByPriorities() throws {
        var fires: [Fire] = []
        var priorities: [String: Int] = [:]
        for i in 0..<100 {
            let name = String(format: "t%02d", i)
            priorities[name] = i < 5 ? 10 : 0
            // t05 is due one second after now; the others spread over each day.
            fires += TestPlans.every(name, step: 86_400, from: i == 5 ? 1 : Int64(600 + i * 800), to: 20 * 86_400)
        }
        let plan = TestPlans.plan(fires, priorities: priorities, length: 20 * 86_400)
        for registration in [
            Reconciler.registration(for: plan, now: TestPlans.at(0)),
            try Reconciler.registration(for: PlanFireSource(plan), now: TestPlans.at(0)),
        ] {
            #expect(registration.fires.contains { $0.id == TestPlans.fire("t05", 1).id })
            #expect(registration.fires.count == 64)
            #expect(registration.refreshBy > TestPlans.at(1))
            // Every fire before refresh_by is registered.
            let registered = Set(registration.fires.map(\.id))
            #expect(
                plan.fires.filter { $0.at > TestPlans.at(0) && $0.at < registration.refreshBy }.allSatisfy { registered.contains($0.id) })
        }
    }

    @Test func equalPrioritiesKeepTheEarliest() {
        let plan = TestPlans.plan(TestPlans.every("a", step: 1, to: 100), maxPending: 64)
        let registration = Reconciler.registration(for: plan, now: TestPlans.at(0))
        #expect(registration.fires.count == 64)
        #expect(registration.fires.first?.at == TestPlans.at(1))
        #expect(registration.fires.last?.at == TestPlans.at(64))
        #expect(registration.refreshBy == TestPlans.at(65))
    }

    @Test func reconcilingTwiceRegistersTheSameCalls() throws {
        let fires = TestPlans.every("low", step: 7, to: 300) + TestPlans.every("high", step: 50, to: 300)
        let plan = TestPlans.plan(fires, priorities: ["high": 1], maxPending: 10)
        let first = LineSink(), second = LineSink()
        try Reconciler.reconcile(plan, now: TestPlans.at(3), backend: SpyBackend(output: first))
        try Reconciler.reconcile(plan, now: TestPlans.at(3), backend: SpyBackend(output: second))
        #expect(first.lines == second.lines)
        #expect(first.lines.first == "{\"call\": \"cancelAll\"}")
        #expect(first.lines.count == 11)
        // Registering into the same backend twice leaves exactly one set after the second cancelAll.
        let shared = LineSink()
        let spy = SpyBackend(output: shared)
        try Reconciler.reconcile(plan, now: TestPlans.at(3), backend: spy)
        try Reconciler.reconcile(plan, now: TestPlans.at(3), backend: spy)
        // Read back in full: the compact record gives each trigger's payload once, in the first reconcile.
        let afterLastCancel = SpyRecordReader.expand(shared.lines).split(
            separator: "{\"call\": \"cancelAll\"}", omittingEmptySubsequences: false
        ).last
        #expect(afterLastCancel.map(Array.init) == Array(SpyRecordReader.expand(first.lines).dropFirst()))
    }

    @Test func emptyFutureRefreshesAtWindowEnd() {
        let plan = TestPlans.plan(TestPlans.every("a", step: 60, to: 120), length: 3600)
        let registration = Reconciler.registration(for: plan, now: TestPlans.at(500))
        #expect(registration.fires.isEmpty)
        #expect(registration.refreshBy == TestPlans.at(3600))
    }

    @Test func regionsRespectTheirBudgetAndArmedWindows() {
        func region(_ name: String, armedUntil end: Int64) -> PlanRegion {
            PlanRegion(
                trigger: name, on: .enter, latitude: "1", longitude: "2", radius: "100",
                armed: [Window(from: TestPlans.at(0), to: TestPlans.at(end))])
        }
        let plan = TestPlans.plan(
            [], priorities: ["b": 3], maxRegions: 2,
            regions: [
                region("a", armedUntil: 100), region("b", armedUntil: 100),
                region("c", armedUntil: 100), region("d", armedUntil: 10),
            ])
        let registration = Reconciler.registration(for: plan, now: TestPlans.at(50))
        // d is disarmed by now; b wins on priority; a beats c on plan order.
        #expect(registration.regions.map(\.trigger) == ["a", "b"])
    }
}
