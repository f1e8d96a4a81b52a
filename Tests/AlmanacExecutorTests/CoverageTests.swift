import AlmanacPlan
import AlmanacRegistration
import AlmanacTestSupport
import AlmanacTime
import Testing
@testable import AlmanacExecutor

/// The budget's coverage, as properties over 1,200 random plans: triggers at several priorities,
/// bursts of same-instant fires, budgets from 0 up, `min_coverage` from seconds to days, `now`
/// anywhere. Both registrations (whole plan, and read from a fire source) equal the contract's plain
/// definition (`CoverageReference`); no fire before `refresh_by` is missing; `refresh_by` is after
/// `now`; a second reconcile registers the same; and priorities only add to what is covered.
@Suite struct CoverageTests {
    static func randomPlan(_ random: inout SplitMix) -> Plan {
        let names = ["a", "b", "c", "d", "e", "f"].prefix(1 + Int(random.next() % 6))
        var fires: [Fire] = []
        var ids: Set<String> = []
        let length: Int64 = 3 * 86_400
        for name in names {
            let step = Int64([300, 900, 3_600, 21_600, 86_400][Int(random.next() % 5)])
            var seconds = Int64(random.next() % UInt64(step))
            while seconds < length {
                let fire = TestPlans.fire(name, seconds)
                if ids.insert(fire.id).inserted { fires.append(fire) }
                seconds += step
            }
        }
        // A burst: many triggers' fires at one instant.
        if random.next() % 2 == 0 {
            let at = Int64(random.next() % UInt64(length))
            for name in names where ids.insert(TestPlans.fire(name, at).id).inserted { fires.append(TestPlans.fire(name, at)) }
        }
        var priorities: [String: Int] = [:]
        for name in names { priorities[name] = Int(random.next() % 4) * 5 - 5 }
        var plan = TestPlans.plan(fires, priorities: priorities, maxPending: Int(random.next() % 70), length: length)
        plan.limits.minCoverage =
            [
                WindowLength(seconds: Int64(1 + random.next() % 7_200)), WindowLength(days: 1), WindowLength(days: 2),
                WindowLength(days: 1, seconds: 3_600),
            ][Int(random.next() % 4)]
        return plan
    }

    @Test func registrationsFollowTheContract() throws {
        var random = SplitMix(seed: 0xC0FE)
        var checked = 0, prioritiesMattered = 0
        for _ in 0..<1_200 {
            let plan = Self.randomPlan(&random)
            let source = PlanFireSource(plan)
            let index = PriorityIndex(plan)
            var uniform = plan
            for name in uniform.triggers.keys { uniform.triggers[name]?.priority = 0 }
            for _ in 0..<3 {
                let now = TestPlans.at(Int64(random.next() % (4 * 86_400)) - 43_200)
                let expected = CoverageReference.registration(plan, now: now)
                let whole = Reconciler.registration(for: plan, now: now, index: index)
                let streamed = try Reconciler.registration(for: source, now: now)
                #expect(whole.fires.map(\.id) == expected.ids)
                #expect(whole.refreshBy == expected.refreshBy)
                #expect(streamed.fires == whole.fires)
                #expect(streamed.refreshBy == whole.refreshBy)
                #expect(streamed.futureFires == whole.futureFires)
                // Nothing before refresh_by is missing, and refresh_by is after now.
                let registered = Set(whole.fires.map(\.id))
                #expect(plan.fires.filter { $0.at > now && $0.at < whole.refreshBy }.allSatisfy { registered.contains($0.id) })
                #expect(whole.refreshBy > now || whole.refreshBy == plan.window.to)
                #expect(whole.fires.count <= max(0, plan.limits.maxPending))
                // Idempotence: the same plan and now register the same.
                #expect(Reconciler.registration(for: plan, now: now, index: index) == whole)
                // Priorities only add: what one level would cover before the cutoff stays covered.
                let flat = Reconciler.registration(for: uniform, now: now)
                if let cutoff = expected.cutoff {
                    let covered = flat.fires.filter { $0.at < cutoff }.map(\.id)
                    #expect(covered.allSatisfy { registered.contains($0) })
                    #expect(whole.refreshBy >= cutoff)
                }
                if flat.fires != whole.fires { prioritiesMattered += 1 }
                checked += 1
            }
        }
        #expect(checked == 3_600)
        // The priorities chose differently from time order often enough for the last check to mean something.
        #expect(prioritiesMattered > 200)
    }
}
