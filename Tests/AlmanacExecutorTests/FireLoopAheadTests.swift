import AlmanacPlan
import AlmanacTime
import Testing
@testable import AlmanacExecutor

/// A backend that records the clock at each start and whether the fire was durable by then; its
/// commands (if `outcomes`) end at once and queue their outcome for the journal's next sync.
final class ClockedBackend: Backend {
    let clock: VirtualClock
    let store: any JournalStore
    var journal: Journal?
    private(set) var starts: [(id: String, at: Double)] = []
    private(set) var startedBeforeJournaled: [String] = []

    init(clock: VirtualClock, store: any JournalStore) {
        self.clock = clock
        self.store = store
    }

    func cancelAll() {}
    func schedule(_ fire: Fire, trigger: PlanTrigger) {}
    func monitor(_ region: PlanRegion) {}
    func unmonitor(_ region: PlanRegion) {}
    func fire(_ fire: Fire, trigger: PlanTrigger) {
        if !store.isDone(fire.id) { startedBeforeJournaled.append(fire.id) }
        starts.append((fire.id, clock.now()))
        journal?.appendLater(.outcome(FireOutcome(fireID: fire.id, status: .exited(0))))
    }
}

/// Fires journaled ahead of their instant (the sync off the path from instant to start), on a
/// virtual clock whose journal takes 30 ms a sync: the lead is then twice that.
@Suite struct FireLoopAheadTests {
    static let sync = 0.03
    static func seconds(_ offset: Int64) -> Double { Double(TestPlans.at(offset).secondsSinceEpoch) }

    func run(
        _ plans: [Plan], clock: VirtualClock, store: BatchRecordingStore, backend: any Backend, options: FireLoop.Options
    ) throws -> FireLoop.Summary {
        var remaining = plans
        let load = { () -> Plan in remaining.count > 1 ? remaining.removeFirst() : remaining[0] }
        return try FireLoop(loadPlan: load, backend: backend, journal: Journal(store: store), clock: clock, options: options).run()
    }

    @Test func firesAreJournaledBeforeTheirInstantAndStartedAtIt() throws {
        let fires = ["a", "b", "c"].flatMap { [TestPlans.fire($0, 10), TestPlans.fire($0, 20)] }
        let plan = TestPlans.plan(fires)
        let clock = VirtualClock(start: TestPlans.at(0))
        let store = BatchRecordingStore(clock: clock, syncSeconds: Self.sync)
        let backend = ClockedBackend(clock: clock, store: store)
        let summary = try run([plan], clock: clock, store: store, backend: backend, options: FireLoop.Options(until: Self.seconds(60)))
        #expect(summary.fired == 6)
        #expect(backend.startedBeforeJournaled.isEmpty)
        #expect(backend.starts.map(\.id) == plan.fires.map(\.id))
        for start in backend.starts {
            let due = Self.seconds(start.id.hasSuffix(":10") ? 10 : 20)
            // Started at the instant itself, the sync done a lead (2 × 30 ms) before it.
            #expect(start.at == due)
            #expect(abs(store.journaledAt[start.id]! - (due - 2 * Self.sync)) < 1e-6)
        }
        // One sync per instant: the start, then each instant's three fires together.
        #expect(store.appends.map(\.entries.count) == [1, 3, 3])
    }

    @Test func anInstantWithMoreThanABatchJournalsOneBatchAheadAndTheRestAtTheInstant() throws {
        let width = Journal.batchLimit * 2 + 88
        let plan = TestPlans.plan((0..<width).map { TestPlans.fire("t\($0)", 10) })
        let clock = VirtualClock(start: TestPlans.at(0))
        let store = BatchRecordingStore(clock: clock, syncSeconds: Self.sync)
        let backend = ClockedBackend(clock: clock, store: store)
        let summary = try run([plan], clock: clock, store: store, backend: backend, options: FireLoop.Options(until: Self.seconds(60)))
        #expect(summary.fired == width)
        #expect(backend.startedBeforeJournaled.isEmpty)
        #expect(backend.starts.map(\.id) == plan.fires.map(\.id))
        // What one crash can lose stays one batch: ahead, only the first `batchLimit`.
        #expect(store.appends.map(\.entries.count) == [1, Journal.batchLimit, Journal.batchLimit, 88])
        #expect(store.appends.filter { $0.at < Self.seconds(10) }.count == 2)
    }

    @Test func withoutTimeToSyncOrWithoutALeadFiresAreJournaledAtTheirInstant() throws {
        let plan = TestPlans.plan(["a", "b"].map { TestPlans.fire($0, 10) })
        for (sync, limit) in [(0.0, 0.1), (Self.sync, 0.0)] {
            let clock = VirtualClock(start: TestPlans.at(0))
            let store = BatchRecordingStore(clock: clock, syncSeconds: sync)
            let backend = ClockedBackend(clock: clock, store: store)
            let options = FireLoop.Options(until: Self.seconds(60), aheadLimit: limit)
            _ = try run([plan], clock: clock, store: store, backend: backend, options: options)
            #expect(store.journaledAt.values.allSatisfy { $0 == Self.seconds(10) })
            #expect(backend.starts.map(\.at) == [Self.seconds(10) + sync, Self.seconds(10) + sync])
        }
    }

    /// A compaction (a snapshot written and synced: 50 ms here) never comes between fires journaled
    /// ahead and their instant, where it made them late; it runs once they have started.
    @Test func compactionWaitsUntilTheFiresJournaledAheadHaveStarted() throws {
        let fires = (1...5).flatMap { step in ["a", "b"].map { TestPlans.fire($0, Int64(10 * step)) } }
        let plan = TestPlans.plan(fires)
        let clock = VirtualClock(start: TestPlans.at(0))
        let store = BatchRecordingStore(clock: clock, syncSeconds: Self.sync, compactSeconds: 0.05)
        let backend = ClockedBackend(clock: clock, store: store)
        let loop = try FireLoop(
            loadPlan: { plan }, backend: backend, journal: Journal(store: store, compactionThreshold: 2), clock: clock,
            options: FireLoop.Options(until: Self.seconds(60)))
        #expect(try loop.run().fired == 10)
        #expect(backend.starts.map(\.id) == plan.fires.map(\.id))
        for start in backend.starts {
            let due = Double(try #require(plan.fires.first { $0.id == start.id }).at.secondsSinceEpoch)
            #expect(start.at == due, "\(start.id) started \(start.at - due) s late")
        }
        // It compacted, each time right after an instant's starts (every 2 entries: each instant).
        #expect(store.compactions == (1...5).map { Self.seconds(Int64(10 * $0)) })
    }

    /// Fires waiting for their instant hold a compaction off only up to twice the threshold.
    @Test func aCompactionHeldOffByFiresWaitingRunsAtTwiceTheThreshold() throws {
        let store = BatchRecordingStore()
        let journal = Journal(store: store, compactionThreshold: 3)
        for second in 0..<5 {
            try journal.append(.fire(id: "a@\(second)", trigger: "a", at: TestPlans.at(Int64(second)), now: TestPlans.at(0)))
            journal.handled(before: TestPlans.at(0), firesWaiting: true)
        }
        #expect(store.compactions.isEmpty)
        try journal.append(.fire(id: "a@5", trigger: "a", at: TestPlans.at(5), now: TestPlans.at(0)))
        journal.handled(before: TestPlans.at(0), firesWaiting: true)
        #expect(store.compactions.count == 1)
    }

    @Test func theLeadIsBoundedByTheAheadLimit() throws {
        let plan = TestPlans.plan([TestPlans.fire("a", 10)])
        let clock = VirtualClock(start: TestPlans.at(0))
        // A 300 ms sync would ask for a 600 ms lead: held to the 100 ms limit.
        let store = BatchRecordingStore(clock: clock, syncSeconds: 0.3)
        let backend = ClockedBackend(clock: clock, store: store)
        _ = try run([plan], clock: clock, store: store, backend: backend, options: FireLoop.Options(until: Self.seconds(60)))
        #expect(abs(store.journaledAt[TestPlans.fire("a", 10).id]! - (Self.seconds(10) - 0.1)) < 1e-6)
        // The sync outlasted the lead: the fire starts as soon as it is durable.
        #expect(abs(backend.starts[0].at - (Self.seconds(10) + 0.2)) < 1e-6)
    }

    @Test func aReloadBeforeTheInstantDoesNotStartAFireItRemovedAndJournalsWhy() throws {
        let kept = TestPlans.fire("b", 10), dropped = TestPlans.fire("a", 10)
        let before = TestPlans.plan([dropped, kept]), after = TestPlans.plan([kept])
        let clock = VirtualClock(start: TestPlans.at(0))
        // Between the sync ahead (9.94 s to 9.97 s) and the instant.
        clock.post(.reload, atSeconds: Self.seconds(10) - 0.02)
        let store = BatchRecordingStore(clock: clock, syncSeconds: Self.sync)
        let backend = ClockedBackend(clock: clock, store: store)
        let summary = try run(
            [before, after], clock: clock, store: store, backend: backend, options: FireLoop.Options(until: Self.seconds(60)))
        #expect(store.journaledAt[dropped.id]! < Self.seconds(10))
        #expect(backend.starts.map(\.id) == [kept.id])
        #expect(summary.fired == 1)
        #expect(summary.skipped == 1)
        let skips = store.appends.flatMap(\.entries).compactMap { entry -> String? in
            if case .skip(let id, _, _, _, let reason) = entry { return "\(id) \(reason)" } else { return nil }
        }
        #expect(skips == ["\(dropped.id) removed"])
    }

    @Test func aStopBeforeTheInstantStartsWhatWasJournaledAhead() throws {
        let plan = TestPlans.plan(["a", "b"].map { TestPlans.fire($0, 10) } + [TestPlans.fire("a", 20)])
        let clock = VirtualClock(start: TestPlans.at(0))
        clock.post(.stop, atSeconds: Self.seconds(10) - 0.02)
        let store = BatchRecordingStore(clock: clock, syncSeconds: Self.sync)
        let backend = ClockedBackend(clock: clock, store: store)
        let summary = try run([plan], clock: clock, store: store, backend: backend, options: FireLoop.Options())
        // Journaled, so started at their instant (not lost), and nothing later.
        #expect(backend.starts.map(\.id) == ["a", "b"].map { TestPlans.fire($0, 10).id })
        #expect(backend.starts.allSatisfy { $0.at == Self.seconds(10) })
        #expect(summary.fired == 2)
    }

    @Test(arguments: [1, 3])
    func withSlotsOnlyFiresSureOfASlotAndAllowedToOverlapAreJournaledAhead(slots: Int) throws {
        var plan = TestPlans.plan((0..<5).map { TestPlans.fire("t\($0)", 10) } + [TestPlans.fire("q", 20), TestPlans.fire("z", 20)])
        plan.triggers["q"]?.concurrency = .queue
        let clock = VirtualClock(start: TestPlans.at(0))
        let store = BatchRecordingStore(clock: clock, syncSeconds: Self.sync)
        let durations = Dictionary(uniqueKeysWithValues: plan.triggers.keys.map { ($0, 0.5) })
        let backend = TimedBackend(clock: clock, slots: slots, durations: durations)
        let summary = try run([plan], clock: clock, store: store, backend: backend, options: FireLoop.Options(until: Self.seconds(60)))
        #expect(summary.fired == 7)
        #expect(backend.overbooked.isEmpty)
        let times = store.journaledAt
        let aheadAt10 = (0..<5).filter { times[TestPlans.fire("t\($0)", 10).id]! < Self.seconds(10) }
        #expect(aheadAt10 == Array(0..<slots))
        // `q` must not overlap its previous command: decided at its instant, and `z` behind it in plan order waits too.
        #expect(times[TestPlans.fire("q", 20).id]! >= Self.seconds(20))
        #expect(times[TestPlans.fire("z", 20).id]! >= Self.seconds(20))
    }

    @Test func outcomesWaitForTheNextBatchOrTheDelay() throws {
        // Fires at 10 s and 11 s: the first outcome goes with the 11 s batch (delay 5 s); the
        // second has no batch to join and is written 5 s after it came.
        let plan = TestPlans.plan([TestPlans.fire("a", 10), TestPlans.fire("a", 11)])
        let clock = VirtualClock(start: TestPlans.at(0))
        let store = BatchRecordingStore(clock: clock, syncSeconds: 0)
        let backend = ClockedBackend(clock: clock, store: store)
        let journal = Journal(store: store)
        backend.journal = journal
        _ = try FireLoop(
            loadPlan: { plan }, backend: backend, journal: journal, clock: clock,
            options: FireLoop.Options(until: Self.seconds(60), outcomeDelay: 5)
        ).run()
        let lines = store.appends.map { append in
            (append.at - Self.seconds(0), append.entries.map { FileJournalStore.describe($0) })
        }
        #expect(lines.map(\.0) == [0, 10, 11, 16])
        #expect(lines.map(\.1)[2] == ["the outcome of a@2026-11-23T05:00:10", "fire a@2026-11-23T05:00:11"])
        #expect(lines.map(\.1)[3] == ["the outcome of a@2026-11-23T05:00:11"])
    }
    /// Each fire is logged; the lines of a batch's starts (journaled ahead, or at the instant) come to
    /// `logLines` together, in plan order, and none of them line by line.
    @Test func aBatchsLogLinesAreWrittenTogether() throws {
        let triggers = (0..<300).map { String(format: "t%03d", $0) }
        let plan = TestPlans.plan(triggers.map { TestPlans.fire($0, 10) } + [TestPlans.fire("t000", 20)])
        let clock = VirtualClock(start: TestPlans.at(0))
        let store = BatchRecordingStore(clock: clock, syncSeconds: Self.sync)
        let backend = ClockedBackend(clock: clock, store: store)
        var single: [String] = []
        var together: [[String]] = []
        let summary = try FireLoop(
            loadPlan: { plan }, backend: backend, journal: Journal(store: store), clock: clock,
            options: FireLoop.Options(until: Self.seconds(60)), log: { single.append($0) }, logLines: { together.append($0) }
        ).run()
        #expect(summary.fired == 301)
        #expect(single.filter { $0.hasPrefix("fire ") }.isEmpty, "\(single)")
        // 256 journaled ahead, the other 44 at the instant, then the fire at 20.
        #expect(together.map(\.count) == [Journal.batchLimit, 300 - Journal.batchLimit, 1])
        #expect(together.flatMap { $0 } == plan.fires.map { "fire \($0.id)" })
    }
}
