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

    @Test func budgetKeepsHighestPriorityThenEarliest() {
        let fires = TestPlans.every("low", step: 10, to: 100) + TestPlans.every("high", step: 30, from: 5, to: 100)
        let plan = TestPlans.plan(fires, priorities: ["high": 5, "low": -1], maxPending: 6)
        let registration = Reconciler.registration(for: plan, now: TestPlans.at(-1))
        // All four `high` fires, then the two earliest `low` ones; registered in plan order.
        #expect(
            registration.fires.map(\.id)
                == [
                    TestPlans.fire("low", 0), TestPlans.fire("high", 5), TestPlans.fire("low", 10),
                    TestPlans.fire("high", 35), TestPlans.fire("high", 65), TestPlans.fire("high", 95),
                ].map(\.id))
        // The first fire left out is low@20: reconcile again before it.
        #expect(registration.refreshBy == TestPlans.at(20))
        #expect(registration.futureFires == 14)
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
        let afterLastCancel = shared.lines.split(separator: "{\"call\": \"cancelAll\"}", omittingEmptySubsequences: false).last
        #expect(afterLastCancel.map(Array.init) == Array(first.lines.dropFirst()))
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
