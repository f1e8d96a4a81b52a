import AlmanacPlan
import AlmanacRegistration
import AlmanacTime
import Testing
@testable import AlmanacExecutor

/// The indexed budget choice agrees with the plain definition (`CoverageReference`) at every `now`.
@Suite struct PriorityIndexTests {
    @Test(arguments: [1, 2, 3, 4, 5])
    func agreesWithTheDefinition(seed: UInt64) {
        var state = seed
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        let triggers = ["a", "b", "c", "d", "e"]
        var fires: [Fire] = []
        for trigger in triggers {
            fires += TestPlans.every(trigger, step: Int64(30 + next() % 90), from: Int64(next() % 60), to: 3_000)
        }
        fires.sort(by: Fire.precedes)
        var priorities: [String: Int] = [:]
        for trigger in triggers { priorities[trigger] = Int(next() % 3) - 1 }
        var plan = TestPlans.plan(fires, priorities: priorities, maxPending: Int(5 + next() % 20))
        plan.limits.minCoverage = WindowLength(seconds: Int64(next() % 400))
        let index = PriorityIndex(plan)
        for nowSeconds in stride(from: Int64(-10), to: 3_100, by: 37) {
            let now = TestPlans.at(nowSeconds)
            let expected = CoverageReference.registration(plan, now: now)
            let registration = Reconciler.registration(for: plan, now: now, index: index)
            #expect(registration.fires.map(\.id) == expected.ids)
            #expect(registration.refreshBy == expected.refreshBy)
        }
    }
}
