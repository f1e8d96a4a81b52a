import AlmanacPlan
import AlmanacTime
import Testing
@testable import AlmanacExecutor

/// A memory store that remembers each append call (one call is one write and one sync in the
/// file store): the loop's batches. Given a virtual clock, each append takes `syncSeconds` on it
/// and is remembered with the clock as it began.
final class BatchRecordingStore: JournalStore, @unchecked Sendable {
    private let inner = MemoryJournalStore()
    let clock: VirtualClock?
    let syncSeconds: Double
    /// How long a compaction takes on the clock (a snapshot written and synced).
    let compactSeconds: Double
    /// Each append: the clock when it began (0 without a clock), and its entries.
    private(set) var appends: [(at: Double, entries: [Journal.Entry])] = []
    var batches: [[Journal.Entry]] { appends.map(\.entries) }
    /// The clock as each compaction began.
    private(set) var compactions: [Double] = []

    init(clock: VirtualClock? = nil, syncSeconds: Double = 0, compactSeconds: Double = 0) {
        self.clock = clock
        self.syncSeconds = syncSeconds
        self.compactSeconds = compactSeconds
    }

    var baseline: Instant? { inner.baseline }
    var watermark: Instant? { inner.watermark }
    var warnings: [String] { [] }
    var entriesSinceCompaction: Int { inner.entriesSinceCompaction }
    func isDone(_ id: String) -> Bool { inner.isDone(id) }
    func append(contentsOf entries: [Journal.Entry]) throws {
        appends.append((clock?.now() ?? 0, entries))
        clock?.advance(by: syncSeconds)
        try inner.append(contentsOf: entries)
    }
    func recent(_ count: Int) -> [Journal.Entry] { inner.recent(count) }
    func compact(watermark: Instant) throws {
        compactions.append(clock?.now() ?? 0)
        clock?.advance(by: compactSeconds)
        try inner.compact(watermark: watermark)
    }
    func recordRegistration(_ text: String) throws { try inner.recordRegistration(text) }
    func registration() throws -> String? { try inner.registration() }

    /// When each fire was journaled (the clock as its append began).
    var journaledAt: [String: Double] {
        var times: [String: Double] = [:]
        for append in appends {
            for case .fire(let id, _, _, _) in append.entries { times[id] = append.at }
        }
        return times
    }
}

/// A backend that checks, at each start, that the fire is journaled already.
final class DurabilityCheckingBackend: Backend {
    let store: any JournalStore
    private(set) var fired: [String] = []
    private(set) var startedBeforeJournaled: [String] = []

    init(store: any JournalStore) { self.store = store }

    func cancelAll() {}
    func schedule(_ fire: Fire, trigger: PlanTrigger) {}
    func monitor(_ region: PlanRegion) {}
    func unmonitor(_ region: PlanRegion) {}
    func fire(_ fire: Fire, trigger: PlanTrigger) {
        if !store.isDone(fire.id) { startedBeforeJournaled.append(fire.id) }
        fired.append(fire.id)
    }
}

/// Group commit in the loop: what is due at one look is journaled with one sync, then started.
@Suite struct FireLoopBatchTests {
    static func until(_ seconds: Int64) -> Double { Double(TestPlans.at(seconds).secondsSinceEpoch) }

    func fireIDs(_ batch: [Journal.Entry]) -> [String] {
        batch.compactMap { if case .fire(let id, _, _, _) = $0 { return id } else { return nil } }
    }

    @Test(arguments: [1, 40, Journal.batchLimit, Journal.batchLimit + 1, 600])
    func firesDueTogetherAreOneBatchJournaledBeforeAnyStarts(width: Int) throws {
        // `width` triggers firing at 0 s and 10 s.
        let fires = (0..<width).flatMap { n in [TestPlans.fire("t\(n)", 0), TestPlans.fire("t\(n)", 10)] }
        let plan = TestPlans.plan(fires)
        let store = BatchRecordingStore()
        let backend = DurabilityCheckingBackend(store: store)
        let summary = try FireLoop(
            loadPlan: { plan }, backend: backend, journal: Journal(store: store), clock: VirtualClock(start: TestPlans.at(0)),
            options: FireLoop.Options(until: Self.until(60))
        ).run()
        #expect(summary.fired == 2 * width)
        #expect(backend.startedBeforeJournaled.isEmpty)
        #expect(backend.fired == plan.fires.map(\.id))
        // A start entry, then per instant the batches of at most `batchLimit`.
        let perInstant = stride(from: 0, to: width, by: Journal.batchLimit).map { min(Journal.batchLimit, width - $0) }
        #expect(store.batches.map(\.count) == [1] + perInstant + perInstant)
        #expect(store.batches.dropFirst().flatMap(fireIDs) == plan.fires.map(\.id))
    }

    /// The batch is synced before its first start and each start follows it: a backend seeing a
    /// fire not yet durable would be the bug a crash turns into a duplicate.
    @Test(arguments: [1, 3, 8])
    func slottedFiresStartInBatchesOfTheFreeSlots(slots: Int) throws {
        let fires = (0..<30).map { TestPlans.fire("t\($0)", 5) }
        let plan = TestPlans.plan(fires)
        let clock = VirtualClock(start: TestPlans.at(0))
        let backend = TimedBackend(clock: clock, slots: slots, durations: Dictionary(uniqueKeysWithValues: fires.map { ($0.trigger, 2.0) }))
        let store = BatchRecordingStore()
        let summary = try FireLoop(
            loadPlan: { plan }, backend: backend, journal: Journal(store: store), clock: clock,
            options: FireLoop.Options(grace: 1, until: Self.until(600))
        ).run()
        #expect(summary.fired == 30)
        #expect(backend.overbooked.isEmpty)
        let fireBatches = store.batches.map(fireIDs).filter { !$0.isEmpty }
        // Every wave of free slots is one sync.
        #expect(fireBatches.map(\.count) == stride(from: 0, to: 30, by: slots).map { min(slots, 30 - $0) })
        #expect(fireBatches.flatMap { $0 } == backend.starts.map(\.id))
    }

    @Test func skipsAndFiresOfOneLookShareTheSync() throws {
        // Restarted at 100 s under `once`: per trigger the latest missed fire (90 s) is delivered,
        // the rest skipped, and the fires due at 100 s delivered, all journaled together.
        let fires = ["a", "b", "c"].flatMap { TestPlans.every($0, step: 10, to: 200) }
        let plan = TestPlans.plan(fires)
        let store = BatchRecordingStore()
        try store.append(.start(now: TestPlans.at(0)))
        let backend = DurabilityCheckingBackend(store: store)
        _ = try FireLoop(
            loadPlan: { plan }, backend: backend, journal: Journal(store: store), clock: VirtualClock(start: TestPlans.at(100)),
            options: FireLoop.Options(misfire: .once, grace: 5, until: Self.until(101))
        ).run()
        // The test's own start, the loop's start, then one batch for the 33 due fires.
        #expect(store.batches.count == 3)
        #expect(store.batches.last?.count == 33)
        #expect(backend.fired == [90, 100].flatMap { at in ["a", "b", "c"].map { TestPlans.fire($0, at).id } })
        #expect(backend.startedBeforeJournaled.isEmpty)
    }
}
