import AlmanacPlan
import AlmanacTestSupport
import AlmanacTime
import Testing
@testable import AlmanacExecutor

/// The loop with slots and `concurrency` against a small independent model of the documented rules,
/// on random plans: bursts, overlapping triggers, every policy, one to four slots.
@Suite struct FireLoopModelTests {
    struct Outcome: Equatable {
        var starts: [String: Double] = [:]
        var order: [String] = []
        var skipped: Set<String> = []
        var stopped: [String] = []
    }

    /// The rules, instant by instant: commands ending at or before an instant are gone first; then
    /// each fire due at it, in plan order — `forbid` skips while its trigger runs or waits,
    /// `replace` drops its trigger's waiting fires and stops its running ones — joins the queue, and
    /// the queue starts what it can in order (`queue`/`replace` fires wait behind their trigger).
    static func model(_ plan: Plan, slots: Int, durations: [String: Double]) -> Outcome {
        var outcome = Outcome()
        var running: [(id: String, trigger: String, end: Double)] = []
        var waiting: [Fire] = []
        func exclusive(_ trigger: String) -> Bool {
            let c = plan.triggers[trigger]!.concurrency
            return c == .queue || c == .replace
        }
        func startWaiting(_ now: Double) {
            var blocked: Set<String> = []
            var i = 0
            while i < waiting.count && running.count < slots {
                let fire = waiting[i]
                if exclusive(fire.trigger) && (blocked.contains(fire.trigger) || running.contains { $0.trigger == fire.trigger }) {
                    blocked.insert(fire.trigger)
                    i += 1
                    continue
                }
                waiting.remove(at: i)
                outcome.starts[fire.id] = now
                outcome.order.append(fire.id)
                running.append((fire.id, fire.trigger, now + durations[fire.trigger]!))
            }
        }
        var times = Set(plan.fires.map { Double($0.at.secondsSinceEpoch) })
        var now = -Double.infinity
        while true {
            let nextEnd = waiting.isEmpty ? nil : running.map(\.end).filter { $0 > now }.min()
            guard let next = ([nextEnd].compactMap { $0 } + times.filter { $0 > now }).min() else { break }
            now = next
            times.remove(now)
            running.removeAll { $0.end <= now }
            for fire in plan.fires where Double(fire.at.secondsSinceEpoch) == now {
                switch plan.triggers[fire.trigger]!.concurrency {
                case .allow, .queue:
                    break
                case .forbid:
                    if running.contains(where: { $0.trigger == fire.trigger }) || waiting.contains(where: { $0.trigger == fire.trigger }) {
                        outcome.skipped.insert(fire.id)
                        continue
                    }
                case .replace:
                    for old in waiting where old.trigger == fire.trigger { outcome.skipped.insert(old.id) }
                    waiting.removeAll { $0.trigger == fire.trigger }
                    outcome.stopped += running.filter { $0.trigger == fire.trigger }.map(\.id)
                    running.removeAll { $0.trigger == fire.trigger }
                }
                waiting.append(fire)
                startWaiting(now)
            }
            startWaiting(now)
        }
        return outcome
    }

    @Test(arguments: 0..<60)
    func theLoopFollowsTheModel(seed: UInt64) throws {
        var random = SplitMix(seed: seed &* 7919 &+ 17)
        func pick(_ n: Int) -> Int { Int(random.next() % UInt64(n)) }
        let names = ["a", "b", "c", "d", "e"].prefix(2 + pick(4))
        var fires: [Fire] = []
        for name in names {
            // Sparse, dense or bursty: many fires share instants across triggers.
            let step = Int64([1, 2, 3, 5, 10][pick(5)])
            fires += TestPlans.every(name, step: step, from: Int64(pick(4)), to: Int64(20 + pick(40)))
        }
        var plan = TestPlans.plan(fires)
        var durations: [String: Double] = [:]
        for name in names {
            plan.triggers[name]?.concurrency = PlanConcurrency.allCases[pick(4)]
            durations[name] = [0.5, 1, 2.5, 4, 7, 12][pick(6)]
        }
        let slots = 1 + pick(4)
        let clock = VirtualClock(start: TestPlans.at(0))
        let backend = TimedBackend(clock: clock, slots: slots, durations: durations)
        let journal = Journal()
        let summary = try FireLoop(
            loadPlan: { plan }, backend: backend, journal: journal, clock: clock,
            options: FireLoop.Options(misfire: .skip, grace: 1e6, until: Double(TestPlans.at(10_000).secondsSinceEpoch))
        ).run()
        // The model in seconds from the plan's base.
        let base = Double(TestPlans.base.secondsSinceEpoch)
        var expected = Self.model(plan, slots: slots, durations: durations)
        expected.starts = expected.starts.mapValues { $0 - base }
        let context = "seed \(seed): slots \(slots), \(plan.triggers.mapValues(\.concurrency.rawValue)), \(durations)"
        #expect(backend.starts.map(\.id) == expected.order, "\(context)")
        #expect(backend.startOffsets == expected.starts, "\(context)")
        #expect(backend.stopped == expected.stopped, "\(context)")
        #expect(backend.overbooked.isEmpty, "\(context)")
        #expect(summary.fired + summary.skipped + summary.forbidden == plan.fires.count, "\(context)")
        // Every fire ends journaled exactly once: started, or skipped with its reason.
        #expect(plan.fires.allSatisfy { journal.isDone($0.id) }, "\(context)")
        #expect(Set(plan.fires.map(\.id)).subtracting(expected.order) == expected.skipped, "\(context)")
    }
}
