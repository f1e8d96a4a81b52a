import AlmanacExecutor
import AlmanacMetrics
import AlmanacPlan
import NIOConcurrencyHelpers
import NIOCore
import ServiceLifecycle

/// `almanac-exec run PLAN --store postgres://…`: one executor of a cluster sharing plans through
/// PostgreSQL. It follows the store: it publishes its plan file only when the spec was never
/// published, delivers while its file is the spec's current plan, and stands by otherwise
/// (`PublicationRule`). Each round it records outcomes, beats when due (liveness, leases, misfires,
/// lapsed claims, the current revision), claims due fires of its plan, starts them as the
/// `DeliveryPolicy` decides and records how they end, under each claim's fencing token. It sleeps
/// until the database says the next fire is due or the next beat, and wakes early on
/// `NOTIFY almanac_fires` (a plan published, fires stored), a command's end, SIGHUP.
///
/// Time: beats are scheduled on the monotonic clock and every wait is a NIO timer (`StoreTimer`),
/// so a wall clock that steps, or a process whose clock readings are shifted, cannot stop beats.
/// Store failures: every operation has a deadline, a failed round is retried every second on new
/// connections, so the executor delivers again within a second of the server answering.
///
/// An actor: the loop's state is its own, touched by one task at a time. On SIGTERM/SIGINT
/// (ServiceLifecycle's graceful shutdown) the loop's task is cancelled, which interrupts whatever
/// it waits for; then it stops its commands, records them, gives back claimed fires it did not
/// start, all within `stopBudget` seconds.
public actor ClusterRunner: Service {
    public struct Options: Sendable {
        public var executorID: String
        public var policy: DeliveryPolicy
        /// Seconds a gap in the executors' beats may last before fires due in it count as misfires.
        public var grace: Double
        /// Seconds a claim lasts without a beat; a dead executor's fires are recovered after it.
        public var lease: Double
        /// Fires claimed at once by a backend without slots.
        public var batch: Int
        /// The spec id to run (default: the plan's spec name).
        public var specID: String?

        public init(executorID: String, policy: DeliveryPolicy, grace: Double, lease: Double, batch: Int = 500, specID: String? = nil) {
            self.executorID = executorID
            self.policy = policy
            self.grace = grace
            self.lease = lease
            self.batch = batch
            self.specID = specID
        }

        /// How often the executor beats: often enough that neither a lease nor the grace lapses
        /// between two beats of a live executor.
        public var beatInterval: Double { max(0.05, min(lease, grace) / 3) }
    }

    /// Seconds from SIGTERM to the end of `run`: commands stopped (SIGKILL after 0.5 s), then one
    /// write that records them and gives back what was claimed.
    public static let stopBudget = 1.5

    let store: ClusterStore
    let planPath: String
    let backend: any Backend
    let slotted: (any SlottedBackend)?
    let exec: ExecBackend?
    let options: Options
    let log: @Sendable (String) -> Void
    let metrics = ExecutorMetrics()

    /// What arrives from other threads between rounds (commands' ends, SIGHUP, notifications).
    struct Inbox: Sendable {
        var outcomes: [FireOutcome] = []
        var reload = false
        var published = false
    }
    nonisolated let inbox = NIOLockedValueBox(Inbox())
    /// Wakes a sleeping loop; at most one wake-up is kept, so a burst of them is one round.
    nonisolated let wakes: AsyncStream<Void>
    nonisolated let wake: AsyncStream<Void>.Continuation

    // The loop's state.
    var plan: LoadedPlan?
    /// Why this executor claims nothing now (its plan is not the current one), or nil.
    var standingBy: String?
    var revision: Int64 = 0
    var currentSHA256: String?
    /// Started fires whose command still runs (exec), by fire id.
    var inFlight: [String: ClaimedFire] = [:]
    /// Claimed fires waiting for a slot or for their trigger.
    var waiting: [ClaimedFire] = []
    /// Outcomes not recorded yet (the store failed): recorded at the next round that can.
    var unrecorded: [(ClaimedFire, FireResult)] = []
    var stats = ExecutorStats()
    var triggers: [String: [String: PlanTrigger]] = [:]
    var nextBeat = 0.0
    var nextTidy = 0.0
    var nextRound = 0.0
    var failingSince: Double?
    var joined = false

    /// `backend` must be the one whose outcomes are passed to `outcome(_:)` (exec).
    public init(
        store: ClusterStore, planPath: String, backend: sending any Backend, options: Options, log: @escaping @Sendable (String) -> Void
    ) {
        self.store = store
        self.planPath = planPath
        self.backend = backend
        slotted = backend as? any SlottedBackend
        exec = backend as? ExecBackend
        self.options = options
        self.log = log
        (wakes, wake) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    /// Asks for the plan file to be read again (SIGHUP); it is also read again when it changes.
    public nonisolated func requestReload() {
        inbox.withLockedValue { $0.reload = true }
        wake.yield()
    }

    /// Where the exec backend reports a command's end.
    public nonisolated func outcome(_ outcome: FireOutcome) {
        inbox.withLockedValue { $0.outcomes.append(outcome) }
        wake.yield()
    }

    public func run() async throws {
        do {
            try await cancelWhenGracefulShutdown { try await self.work() }
        } catch is CancellationError {
            // SIGTERM or SIGINT: stopping is below.
        } catch {
            await stopAfterFailure()
            throw error
        }
        await shutDown()
    }

    /// Joins the cluster (schema, plan, first beat), then runs rounds until cancelled.
    private func work() async throws {
        try await store.checkSchema()
        try await loadPlan(initial: true)
        try await beat()
        joined = true
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await self.listen() }
            try await self.loop()
            group.cancelAll()
        }
    }

    private func loop() async throws {
        var wakeups = wakes.makeAsyncIterator()
        while true {
            try Task.checkCancellation()
            do {
                try await round()
                if let since = failingSince {
                    log("the store answers again (after \(StoreError.seconds((StoreTimer.now() - since).rounded())))")
                    failingSince = nil
                    try await giveBackUntracked()
                }
            } catch {
                if Task.isCancelled || error is CancellationError { throw CancellationError() }
                // A database restarting, a connection lost or frozen: claims already made keep their
                // leases (renewed once beats get through again); nothing new is claimed meanwhile.
                if failingSince == nil {
                    failingSince = StoreTimer.now()
                    log("the store failed: \(StoreError.describe(error)); retrying every second")
                }
                nextRound = StoreTimer.now() + 1
            }
            try await sleep(until: nextRound, &wakeups)
        }
    }

    /// Returns at `deadline` (monotonic seconds), or earlier when woken.
    private func sleep(until deadline: Double, _ wakeups: inout AsyncStream<Void>.Iterator) async throws {
        let wait = deadline - StoreTimer.now()
        guard wait > 0.0005 else { return }
        let wake = self.wake
        let timer = StoreTimer.after(wait) { wake.yield() }
        defer { timer.cancel() }
        guard await wakeups.next(isolation: self) != nil, !Task.isCancelled else { throw CancellationError() }
    }

    /// After a failed round: claims this executor made and no longer tracks would keep their lease
    /// for as long as it beats, so they go back now.
    private func giveBackUntracked() async throws {
        let given = try await store.releaseClaims(executor: options.executorID, keeping: waiting.map(\.fire.id))
        if given > 0 { log("gave back \(given) claimed fires a failed round left unstarted") }
    }

    // MARK: Stopping

    /// The graceful stop: commands stopped, their outcomes and what was pending recorded, claimed
    /// fires not started given back, the executor marked stopped — in one write, within the budget.
    private func shutDown() async {
        let deadline = StoreTimer.now() + Self.stopBudget
        slotted?.stopAll()
        takeOutcomes()
        let results = unrecorded
        guard joined else { return }
        // Its own task: the stop is recorded even when `run`'s task was cancelled (an embedding app
        // stops the runner by cancelling it), and it still ends by the deadline.
        let (store, executor, timeout) = (self.store, options.executorID, max(0.2, deadline - StoreTimer.now()))
        let stopped = await Task { try await store.stop(executor: executor, results: results, timeout: timeout) }.result
        switch stopped {
        case .success(let given): if given > 0 { log("gave back \(given) claimed fires not started") }
        case .failure(let error): log("could not record the stop (\(StoreError.describe(error))); the leases lapse instead")
        }
        try? backend.finish()
        await store.close()
        log("stopped: \(stats.claimed) claimed, \(stats.started) started, \(stats.leaseLosses) claims lost")
    }

    private func stopAfterFailure() async {
        slotted?.stopAll()
        await store.close()
    }
}

/// The plan an executor holds: its file, read lazily, and where the store put it.
struct LoadedPlan: Sendable {
    var source: PlanFireSource
    var specID: String
    var sha256: String
    var stamp: PlanFileStamp?
}
