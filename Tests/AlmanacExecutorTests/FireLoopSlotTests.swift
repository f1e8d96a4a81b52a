import AlmanacPlan
import AlmanacTime
import Testing
@testable import AlmanacExecutor

/// A command backend on the virtual clock: each trigger's commands last a fixed number of seconds.
final class TimedBackend: SlottedBackend {
    let clock: VirtualClock
    let slots: Int
    private let durations: [String: Double]
    /// Every start: fire id and the clock then.
    private(set) var starts: [(id: String, at: Double)] = []
    /// Fires whose command was stopped before its end (replace, stop).
    private(set) var stopped: [String] = []
    /// Starts made while every slot was taken: must stay empty.
    private(set) var overbooked: [String] = []
    private var running: [(id: String, trigger: String, end: Double)] = []

    init(clock: VirtualClock, slots: Int, durations: [String: Double]) {
        self.clock = clock
        self.slots = slots
        self.durations = durations
    }

    private func prune() { running.removeAll { $0.end <= clock.now() } }

    func cancelAll() {}
    func schedule(_ fire: Fire, trigger: PlanTrigger) {}
    func monitor(_ region: PlanRegion) {}
    func unmonitor(_ region: PlanRegion) {}

    func fire(_ fire: Fire, trigger: PlanTrigger) {
        prune()
        if running.count >= slots { overbooked.append(fire.id) }
        starts.append((fire.id, clock.now()))
        running.append((fire.id, fire.trigger, clock.now() + (durations[fire.trigger] ?? 0)))
    }

    func runningCount() -> Int {
        prune()
        return running.count
    }

    func runningCount(trigger: String) -> Int {
        prune()
        return running.filter { $0.trigger == trigger }.count
    }

    func stop(trigger: String) {
        prune()
        stopped += running.filter { $0.trigger == trigger }.map(\.id)
        running.removeAll { $0.trigger == trigger }
    }

    func stopAll() {
        prune()
        stopped += running.map(\.id)
        running.removeAll()
    }

    func nextEnd() -> Double? {
        prune()
        return running.map(\.end).min()
    }

    func waitForEnd() { Issue.record("a virtual backend is never waited for in real time") }

    /// Start times relative to `TestPlans.base`, by fire id.
    var startOffsets: [String: Double] {
        Dictionary(uniqueKeysWithValues: starts.map { ($0.id, $0.at - Double(TestPlans.base.secondsSinceEpoch)) })
    }
}

/// The loop with commands that last: slots, waiting in order, concurrency, and what a crash loses.
@Suite struct FireLoopSlotTests {
    static func until(_ seconds: Int64) -> Double { Double(TestPlans.at(seconds).secondsSinceEpoch) }

    /// The reference: with `allow`, each fire in plan order takes the earliest free slot at or after its instant.
    static func expectedStarts(_ fires: [Fire], slots: Int, duration: Double) -> [String: Double] {
        var free = [Double](repeating: 0, count: slots)
        var result: [String: Double] = [:]
        for fire in fires {
            let at = Double(fire.at.secondsSinceEpoch - TestPlans.base.secondsSinceEpoch)
            let slot = free.indices.min { free[$0] < free[$1] }!
            let start = max(at, free[slot])
            result[fire.id] = start
            free[slot] = start + duration
        }
        return result
    }

    @Test(arguments: [1, 2, 3, 4], [0.5, 1, 4, 7])
    func busySlotsQueueFiresInOrderAndNeverMakeMisfires(slots: Int, duration: Double) throws {
        for (misfire, grace) in [(MisfirePolicy.skip, 0.0), (.skip, 1), (.once, 2), (.all, 60)] {
            let fires = TestPlans.every("t", step: 1, to: 30)
            let plan = TestPlans.plan(fires)
            let clock = VirtualClock(start: TestPlans.at(0))
            let backend = TimedBackend(clock: clock, slots: slots, durations: ["t": duration])
            let journal = Journal()
            let summary = try FireLoop(
                loadPlan: { plan }, backend: backend, journal: journal, clock: clock,
                options: FireLoop.Options(misfire: misfire, grace: grace, until: Self.until(3600))
            ).run()
            #expect(summary.fired == 30 && summary.skipped == 0, "\(misfire) grace \(grace): \(summary)")
            #expect(backend.starts.map(\.id) == fires.map(\.id), "not in plan order")
            #expect(backend.startOffsets == Self.expectedStarts(fires, slots: slots, duration: duration))
            #expect(backend.overbooked.isEmpty)
            #expect(fires.allSatisfy { journal.isDone($0.id) })
        }
    }

    @Test(arguments: [1, 4, 12])
    func aBurstOfSameInstantFiresStartsAsSlotsFree(slots: Int) throws {
        let fires = (0..<100).map { TestPlans.fire("t\($0)", 60) }
        let plan = TestPlans.plan(fires)
        let clock = VirtualClock(start: TestPlans.at(0))
        let backend = TimedBackend(clock: clock, slots: slots, durations: Dictionary(uniqueKeysWithValues: fires.map { ($0.trigger, 3.0) }))
        let summary = try FireLoop(
            loadPlan: { plan }, backend: backend, journal: Journal(), clock: clock,
            options: FireLoop.Options(grace: 1, until: Self.until(3600))
        ).run()
        #expect(summary.fired == 100 && summary.skipped == 0)
        #expect(backend.starts.map(\.id) == plan.fires.map(\.id))
        #expect(backend.startOffsets == Self.expectedStarts(plan.fires, slots: slots, duration: 3))
    }

    /// A fire is journaled when it starts, not while it waits: a stop (or a crash) in between leaves
    /// it to the next run, which delivers every fire exactly once under `--misfire all`.
    @Test(arguments: [3, 10, 17, 25])
    func aFireWaitingForASlotIsNotJournaledAndARestartDeliversIt(stopAt: Int64) throws {
        let fires = TestPlans.every("t", step: 1, to: 30)
        let plan = TestPlans.plan(fires)
        let journal = Journal()
        let clock = VirtualClock(start: TestPlans.at(0))
        clock.post(.stop, at: TestPlans.at(stopAt))
        let first = TimedBackend(clock: clock, slots: 1, durations: ["t": 4])
        let summary = try FireLoop(
            loadPlan: { plan }, backend: first, journal: journal, clock: clock,
            options: FireLoop.Options(misfire: .all, grace: 1)
        ).run()
        let started = first.starts.map(\.id)
        #expect(fires.filter { journal.isDone($0.id) }.map(\.id) == started)
        // The stop arrives before the fire of its own instant is looked at.
        #expect(summary.notStarted == fires.filter { $0.at < TestPlans.at(stopAt) }.count - started.count)
        let again = VirtualClock(start: TestPlans.at(stopAt + 5))
        let second = TimedBackend(clock: again, slots: 1, durations: ["t": 4])
        _ = try FireLoop(
            loadPlan: { plan }, backend: second, journal: journal, clock: again,
            options: FireLoop.Options(misfire: .all, grace: 1, until: Self.until(3600))
        ).run()
        #expect((started + second.starts.map(\.id)).sorted() == fires.map(\.id).sorted())
    }

    /// `t` fires every 10 s and runs 25 s; `u` (allow) alongside is never affected.
    @Test(arguments: PlanConcurrency.allCases)
    func concurrencyDecidesWhatAFireDoesWhileItsTriggerRuns(_ concurrency: PlanConcurrency) throws {
        var plan = TestPlans.plan(TestPlans.every("t", step: 10, to: 100) + TestPlans.every("u", step: 10, to: 100))
        plan.triggers["t"]?.concurrency = concurrency
        let clock = VirtualClock(start: TestPlans.at(0))
        let backend = TimedBackend(clock: clock, slots: 8, durations: ["t": 25, "u": 25])
        let journal = Journal()
        let summary = try FireLoop(
            loadPlan: { plan }, backend: backend, journal: journal, clock: clock,
            options: FireLoop.Options(grace: 1, until: Self.until(3600))
        ).run()
        let starts = backend.startOffsets
        let t = starts.filter { $0.key.hasPrefix("t@") }.values.sorted()
        #expect(starts.filter { $0.key.hasPrefix("u@") }.values.sorted() == stride(from: 0.0, to: 100, by: 10).map { $0 })
        switch concurrency {
        case .allow:
            #expect(t == stride(from: 0.0, to: 100, by: 10).map { $0 })
            #expect(backend.stopped.isEmpty)
        case .forbid:
            // 0 runs to 25, so 10 and 20 are skipped; 30 runs to 55 (40, 50 skipped); and so on.
            #expect(t == [0, 30, 60, 90])
            #expect(summary.forbidden == 6)
            #expect(TestPlans.every("t", step: 10, to: 100).allSatisfy { journal.isDone($0.id) })
        case .queue:
            #expect(t == stride(from: 0.0, to: 250, by: 25).map { $0 })
            #expect(summary.waited == 9)
        case .replace:
            #expect(t == stride(from: 0.0, to: 100, by: 10).map { $0 })
            #expect(backend.stopped == stride(from: 0, to: 90, by: 10).map { TestPlans.fire("t", Int64($0)).id })
        }
    }

    /// A trigger removed by a reload and added back by another: its fires in between entered the plan
    /// in the past and are never delivered, under any misfire policy.
    @Test(arguments: MisfirePolicy.allCases)
    func aReAddedTriggerDoesNotReplayItsHistory(_ misfire: MisfirePolicy) throws {
        let both = TestPlans.plan(TestPlans.every("t", step: 10, to: 200) + TestPlans.every("u", step: 10, to: 200))
        let onlyT = TestPlans.plan(TestPlans.every("t", step: 10, to: 200))
        let record = LineSink()
        let clock = VirtualClock(start: TestPlans.at(0))
        clock.post(.reload, at: TestPlans.at(33))
        clock.post(.reload, at: TestPlans.at(95))
        nonisolated(unsafe) var loads = 0
        let plans = [both, onlyT, both]
        let summary = try FireLoop(
            loadPlan: {
                defer { loads += 1 }; return plans[min(loads, 2)]
            }, backend: SpyBackend(output: record),
            journal: Journal(), clock: clock,
            options: FireLoop.Options(misfire: misfire, grace: 600, until: Self.until(200))
        ).run()
        let fired = record.lines.filter { $0.contains("\"call\": \"fire\"") }.compactMap { line -> String? in
            guard let range = line.range(of: "\"id\": \"") else { return nil }
            return String(line[range.upperBound...].prefix { $0 != "\"" })
        }
        let expectedU = [0, 10, 20, 30, 100, 110, 120, 130, 140, 150, 160, 170, 180, 190].map { TestPlans.fire("u", Int64($0)).id }
        #expect(fired.filter { $0.hasPrefix("u@") } == expectedU)
        #expect(fired.filter { $0.hasPrefix("t@") }.count == 20)
        #expect(summary.skipped == 0)
    }

    /// `[from, until)`: the fire at `until` belongs to the next range; one at `from` to this one.
    @Test(arguments: [(0, 0), (0, 10), (5, 10), (10, 10), (10, 11), (9, 30), (0, 100), (30, 30)] as [(Int64, Int64)])
    func aSimulatedRangeIsHalfOpen(from: Int64, until: Int64) throws {
        let fires = TestPlans.every("t", step: 10, to: 100)
        let record = LineSink()
        _ = try FireLoop(
            loadPlan: { TestPlans.plan(fires) }, backend: StdoutBackend(output: record), journal: Journal(),
            clock: VirtualClock(start: TestPlans.at(from)), options: FireLoop.Options(until: Self.until(until))
        ).run()
        let expected = fires.filter { $0.at >= TestPlans.at(from) && $0.at < TestPlans.at(until) }
        #expect(record.lines.count == expected.count)
        for (line, fire) in zip(record.lines, expected) { #expect(line.contains(fire.id)) }
    }
}
