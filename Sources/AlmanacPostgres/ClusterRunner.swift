import AlmanacExecutor
import AlmanacMetrics
import AlmanacPlan
import Foundation
import PostgresNIO
import ServiceLifecycle

/// `almanac-exec run PLAN --store postgres://…`: one executor of a cluster sharing plans through
/// PostgreSQL. It loads its plan (idempotently), then repeatedly: beats (liveness, leases), recovers
/// fires whose executor stopped answering, skips misfires, claims due fires, starts them and records
/// their outcomes under the claim's fencing token. It sleeps until the database says the next fire
/// is due, and wakes early on `NOTIFY almanac_fires` (a plan loaded, a command finished).
///
/// A ServiceLifecycle `Service`: on SIGTERM/SIGINT it stops claiming, gives back claimed fires it
/// did not start, stops its running commands and records them, then returns.
public final class ClusterRunner: Service, @unchecked Sendable {
    public struct Options: Sendable {
        public var executorID: String
        public var misfire: MisfirePolicy
        /// Seconds a gap in the executors' beats may last before fires due in it count as misfires.
        public var grace: Double
        /// Seconds a claim lasts without a beat; a dead executor's fires are recovered after it.
        public var lease: Double
        /// Re-run fires in doubt (at least once) instead of skipping them (at most once).
        public var retryInDoubt: Bool
        /// Fires claimed at once by a backend without slots.
        public var batch: Int

        public init(executorID: String, misfire: MisfirePolicy, grace: Double, lease: Double, retryInDoubt: Bool, batch: Int = 100) {
            self.executorID = executorID
            self.misfire = misfire
            self.grace = grace
            self.lease = lease
            self.retryInDoubt = retryInDoubt
            self.batch = batch
        }

        /// How often the executor beats: often enough that neither a lease nor the grace lapses
        /// between two beats of a live executor.
        public var beatInterval: Double { max(0.05, min(lease, grace) / 3) }
    }

    private let store: ClusterStore
    private let planPath: String
    private let backend: any Backend
    private let slotted: (any SlottedBackend)?
    private let exec: ExecBackend?
    private let options: Options
    private let log: @Sendable (String) -> Void
    private let metrics = ExecutorMetrics()
    private let wake = Wakeup()

    private let lock = NSLock()
    private var stopping = false
    private var reloadRequested = false
    /// Started fires whose command still runs (exec), by fire id.
    private var inFlight: [String: ClaimedFire] = [:]
    /// Claimed fires waiting for their trigger's previous command (`queue`, `replace` elsewhere).
    private var waiting: [ClaimedFire] = []
    private var stats = ExecutorStats()
    private var triggerCache: [String: [String: PlanTrigger]] = [:]
    private var spec = ""
    private var planStamp: (Int, Int) = (0, 0)
    /// Outcome writes still under way.
    private var recording = 0

    /// `backend` must be the one whose outcomes are passed to `outcome(_:)` (exec).
    public init(store: ClusterStore, planPath: String, backend: any Backend, options: Options, log: @escaping @Sendable (String) -> Void) {
        self.store = store
        self.planPath = planPath
        self.backend = backend
        slotted = backend as? any SlottedBackend
        exec = backend as? ExecBackend
        self.options = options
        self.log = log
    }

    /// Asks for the plan file to be read again (SIGHUP); it is also read again when it changes.
    public func requestReload() {
        lock.withLock { reloadRequested = true }
        wake.signal()
    }

    /// Where the exec backend reports a command's end.
    public func outcome(_ outcome: FireOutcome) {
        guard
            let claimed = lock.withLock({ () -> ClaimedFire? in
                let c = inFlight.removeValue(forKey: outcome.fireID)
                if c != nil { recording += 1 }
                return c
            })
        else { return }
        Task {
            defer {
                lock.withLock { recording -= 1 }
                wake.signal()
            }
            await record(claimed, state: "done", outcome: outcome.status.description, metric: outcome.status.succeeded ? "ok" : "failed")
        }
    }

    public func run() async throws {
        try await store.checkSchema()
        try await loadPlan(initial: true)
        try await beat()
        try await withGracefulShutdownHandler {
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { await self.listen() }
                group.addTask { try await self.loop() }
                try await group.next()
                group.cancelAll()
            }
        } onGracefulShutdown: {
            self.lock.withLock { self.stopping = true }
            self.wake.signal()
        }
        try await shutDown()
    }

    // MARK: The loop

    private var isStopping: Bool { lock.withLock { stopping } }

    private func loop() async throws {
        var nextBeat = Date().timeIntervalSinceReferenceDate + options.beatInterval
        var failed = false
        while !isStopping {
            do {
                if failed {
                    let keeping = lock.withLock { waiting.map(\.fire.id) }
                    let given = try await store.releaseClaims(executor: options.executorID, keeping: keeping)
                    if given > 0 { log("gave back \(given) claimed fires a failed round left unstarted") }
                    failed = false
                }
                if Date().timeIntervalSinceReferenceDate >= nextBeat {
                    try await beat()
                    nextBeat = Date().timeIntervalSinceReferenceDate + options.beatInterval
                }
                if lock.withLock({ reloadRequested }) || planChanged() {
                    lock.withLock { reloadRequested = false }
                    try await loadPlan(initial: false)
                }
                let recovered = try await store.recoverExpiredLeases(retryInDoubt: options.retryInDoubt)
                if recovered.released > 0 { log("recovered \(recovered.released) claimed fires whose executor stopped answering") }
                for id in recovered.inDoubt {
                    log(
                        "\(id): in doubt (its executor died after starting it)"
                            + (options.retryInDoubt ? "; it will run again" : "; skipped"))
                }
                if !options.retryInDoubt {
                    metrics.foundInDoubt(recovered.inDoubt.count)
                    for _ in recovered.inDoubt { metrics.fire("in_doubt") }
                }
                let misfires = try await store.sweepMisfires(spec: spec, policy: options.misfire.rawValue)
                if misfires > 0 {
                    log("\(misfires) fires due while no executor ran \(spec) skipped (misfire \(options.misfire.rawValue))")
                    for _ in 0..<misfires { metrics.fire("skipped") }
                }
                try await startWaiting()
                let capacity = freeCapacity()
                let claimed = try await store.claim(executor: options.executorID, specs: [spec], limit: capacity, lease: options.lease)
                lock.withLock { stats.claimed += Int64(claimed.count) }
                metrics.claimed(claimed.count)
                if slotted == nil {
                    try await deliverAtOnce(claimed)
                } else {
                    for c in claimed where !isStopping {
                        try await deliver(c)
                    }
                }
                if isStopping { break }
                if !claimed.isEmpty && claimed.count == capacity { continue }
                let untilNext = try await store.secondsUntilNextEvent(specs: [spec]) ?? options.beatInterval
                let untilBeat = nextBeat - Date().timeIntervalSinceReferenceDate
                await wake.wait(timeout: max(0.001, min(untilNext + 0.001, untilBeat, options.beatInterval)))
            } catch is CancellationError {
                return
            } catch {
                // The database restarting, a connection lost: claims already made keep their
                // leases (renewed once beats get through again); nothing is claimed meanwhile.
                if isStopping { return }
                failed = true
                log("the store failed: \(StoreError.describe(error)); retrying in 1 s")
                await wake.wait(timeout: 1)
            }
        }
    }

    private func freeCapacity() -> Int {
        guard let slotted else { return options.batch }
        let waitingCount = lock.withLock { waiting.count }
        return max(0, slotted.slots - slotted.runningCount() - waitingCount)
    }

    /// A backend whose delivery is instant (spy, stdout, a phone's notification centre) takes a
    /// claimed batch in three statements: all started, all delivered, all recorded. `concurrency`
    /// concerns only backends whose work lasts, as with the file store.
    // Measured (scripts/bench/cluster.sh burst, 2 cores): 3 executors deliver about 10,500 fires/s,
    // 1.6x what the same server does with one transaction per unit of work (pgbench simple-update,
    // 6,600 tps), the bound a statement per fire would meet. The price: an executor dying
    // mid-batch leaves the whole batch in doubt.
    private func deliverAtOnce(_ claimed: [ClaimedFire]) async throws {
        guard !claimed.isEmpty else { return }
        var withTriggers: [(ClaimedFire, PlanTrigger)] = []
        var missing: [ClaimedFire] = []
        for c in claimed {
            if let trigger = try await trigger(of: c) { withTriggers.append((c, trigger)) } else { missing.append(c) }
        }
        for c in missing {
            _ = try await store.finish(c, state: "skipped", outcome: "no trigger '\(c.fire.trigger)' in its plan", from: ["claimed"])
        }
        let attempts = try await store.startAll(withTriggers.map(\.0), lease: options.lease)
        var delivered: [ClaimedFire] = []
        for (c, trigger) in withTriggers {
            guard let attempt = attempts[c.spec + " " + c.fire.id] else {
                claimLostBeforeStart(c)
                continue
            }
            noteStarted(c, attempt: attempt)
            do {
                try backend.fire(c.fire, trigger: trigger)
                delivered.append(c)
            } catch {
                log("\(c.fire.id): the backend failed: \(error)")
                await record(c, state: "done", outcome: "failed: \(error)", metric: "failed")
            }
        }
        lock.withLock { recording += 1 }
        defer { lock.withLock { recording -= 1 } }
        var attempt = 0
        while true {
            attempt += 1
            do {
                let held = try await store.finishAll(delivered, outcome: "delivered")
                for _ in 0..<held { metrics.fire("delivered") }
                if held < delivered.count {
                    log("\(delivered.count - held) fires delivered, but their claims were lost meanwhile")
                    lock.withLock { stats.leaseLosses += Int64(delivered.count - held) }
                }
                return
            } catch {
                if attempt == 1 { log("cannot record \(delivered.count) deliveries yet: \(StoreError.describe(error))") }
                if isStopping && attempt >= 3 { return }
                try? await Task.sleep(for: .milliseconds(min(200 * attempt, 2000)))
            }
        }
    }

    /// Starts a claimed fire, after its trigger's `concurrency` allows it.
    private func deliver(_ c: ClaimedFire) async throws {
        guard let trigger = try await trigger(of: c) else {
            _ = try await store.finish(c, state: "skipped", outcome: "no trigger '\(c.fire.trigger)' in its plan", from: ["claimed"])
            return
        }
        if trigger.concurrency != .allow, let slotted {
            let runningHere = slotted.runningCount(trigger: c.fire.trigger) > 0
            let runningElsewhere = try await store.otherStarted(spec: c.spec, trigger: c.fire.trigger, except: c.fire.id)
            if runningHere || runningElsewhere {
                switch trigger.concurrency {
                case .allow: break
                case .forbid:
                    log("\(c.fire.id): skipped, its trigger's previous command still runs (concurrency: forbid)")
                    if try await store.finish(c, state: "skipped", outcome: "forbidden: the previous command still ran", from: ["claimed"])
                    {
                        metrics.fire("skipped")
                    }
                    return
                case .replace where runningHere && !runningElsewhere:
                    slotted.stop(trigger: c.fire.trigger)
                    lock.withLock { waiting.append(c) }
                    return
                case .replace, .queue:
                    lock.withLock { waiting.append(c) }
                    return
                }
            }
        }
        try await start(c, trigger: trigger)
    }

    /// Fires waiting for their trigger: those whose trigger no longer runs anywhere start, in order.
    private func startWaiting() async throws {
        let queued = lock.withLock { () -> [ClaimedFire] in
            defer { waiting.removeAll() }
            return waiting
        }
        var still: [ClaimedFire] = []
        var busy = Set<String>()
        for c in queued {
            let key = c.spec + "\u{0}" + c.fire.trigger
            if busy.contains(key) {
                still.append(c)
                continue
            }
            let runningHere = slotted.map { $0.runningCount(trigger: c.fire.trigger) > 0 } ?? false
            let runningElsewhere = try await store.otherStarted(spec: c.spec, trigger: c.fire.trigger, except: c.fire.id)
            if runningHere || runningElsewhere {
                busy.insert(key)
                still.append(c)
            } else if let trigger = try await trigger(of: c) {
                busy.insert(key)
                try await start(c, trigger: trigger)
            }
        }
        lock.withLock { waiting.insert(contentsOf: still, at: 0) }
    }

    private func start(_ c: ClaimedFire, trigger: PlanTrigger) async throws {
        guard let attempt = try await store.start(c, lease: options.lease) else {
            claimLostBeforeStart(c)
            return
        }
        noteStarted(c, attempt: attempt)
        if c.lateness > 1 { log("\(c.fire.id): started \(String(format: "%.1f", c.lateness)) s late") }
        if let exec {
            lock.withLock { inFlight[c.fire.id] = c }
            exec.fire(c.fire, trigger: trigger, attempt: attempt)
            return
        }
        lock.withLock { recording += 1 }
        defer { lock.withLock { recording -= 1 } }
        do {
            try backend.fire(c.fire, trigger: trigger)
            await record(c, state: "done", outcome: "delivered", metric: "delivered")
        } catch {
            log("\(c.fire.id): the backend failed: \(error)")
            await record(c, state: "done", outcome: "failed: \(error)", metric: "failed")
        }
    }

    private func claimLostBeforeStart(_ c: ClaimedFire) {
        log("\(c.fire.id): claim lost before it started (another executor recovered it); not started")
        lock.withLock { stats.leaseLosses += 1 }
        metrics.leaseLost()
    }

    /// Counts a start in the executor's row and the lateness histogram.
    private func noteStarted(_ c: ClaimedFire, attempt: Int) {
        lock.withLock {
            stats.started += 1
            stats.lastLateness = c.lateness
            stats.maxLateness = max(stats.maxLateness ?? c.lateness, c.lateness)
        }
        metrics.started(lateness: c.lateness)
        if attempt > 1 { log("\(c.fire.id): attempt \(attempt) (in doubt before)") }
    }

    /// Records the end of a started fire, retrying while the store is unreachable (a fire whose end
    /// is never recorded stays `started` with a renewed lease for as long as this executor lives).
    /// Given up only when stopping: the lease then lapses and the fire is in doubt, as it should be.
    private func record(_ c: ClaimedFire, state: String, outcome: String, metric: String) async {
        var attempt = 0
        while true {
            attempt += 1
            do {
                if try await store.finish(c, state: state, outcome: outcome) {
                    metrics.fire(metric)
                } else {
                    log("\(c.fire.id): \(outcome), but its claim was lost meanwhile (another executor recovered it)")
                    lock.withLock { stats.leaseLosses += 1 }
                    metrics.leaseLost()
                }
                return
            } catch {
                if attempt == 1 || attempt % 10 == 0 {
                    log("\(c.fire.id): cannot record '\(outcome)' yet (try \(attempt)): \(StoreError.describe(error))")
                }
                if isStopping && attempt >= 3 { return }
                try? await Task.sleep(for: .milliseconds(min(200 * attempt, 2000)))
            }
        }
    }

    private func trigger(of c: ClaimedFire) async throws -> PlanTrigger? {
        let key = c.spec + "\u{0}" + c.planSHA256
        if let cached = lock.withLock({ triggerCache[key] }) { return cached[c.fire.trigger] }
        let triggers = try await store.triggers(spec: c.spec, sha256: c.planSHA256)
        lock.withLock { triggerCache[key] = triggers }
        return triggers[c.fire.trigger]
    }

    // MARK: Plan, beats, notifications

    private func planChanged() -> Bool {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: planPath) else { return false }
        let stamp = (
            Int(((attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0) * 1000),
            (attributes[.size] as? Int) ?? 0
        )
        return lock.withLock { stamp != planStamp }
    }

    private func loadPlan(initial: Bool) async throws {
        if let attributes = try? FileManager.default.attributesOfItem(atPath: planPath) {
            let stamp = (
                Int(((attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0) * 1000),
                (attributes[.size] as? Int) ?? 0
            )
            lock.withLock { planStamp = stamp }
        }
        let plan: Plan
        do {
            plan = try PlanReader.read(contentsOfFile: planPath)
            // Each trigger runs its own command: a plan with a trigger that has none is refused whole.
            if let exec, exec.command.isEmpty, let problem = TriggerCommand.problems(in: plan).first {
                throw PlanError(problem.description)
            }
        } catch {
            if initial { throw StoreError("\(planPath): \(error)") }
            log("\(planPath): \(error); keeping the plan loaded before")
            return
        }
        if !initial && plan.spec.name != spec {
            log("\(planPath): now a plan of spec '\(plan.spec.name)', not '\(spec)'; loading it too, claiming its fires only")
        }
        let result = try await store.ingest(plan)
        lock.withLock { spec = plan.spec.name }
        log(
            "loaded \(planPath) (spec \(plan.spec.name), sha256 \(plan.spec.sha256?.prefix(12) ?? "none")): \(result.inserted) new fires"
                + (result.expired > 0 ? " (\(result.expired) already past, never delivered)" : "")
                + (result.cancelled > 0 ? ", \(result.cancelled) pending fires of the previous plan cancelled" : "")
                + (result.becameCurrent ? "" : ", plan seen before"))
        if result.cancelled > 0 { for _ in 0..<result.cancelled { metrics.fire("cancelled") } }
    }

    private func beat() async throws {
        let (stats, spec) = lock.withLock { (self.stats, self.spec) }
        try await store.beat(executor: options.executorID, specs: [spec], lease: options.lease, grace: options.grace, stats: stats)
        if let end = try await store.planWindowEnd(spec: spec) { metrics.planEnds(at: end) }
    }

    /// Wakes the loop on each notification; reconnects after a lost connection.
    private func listen() async {
        while !Task.isCancelled {
            do {
                try await store.client.withConnection { connection in
                    try await connection.listen(on: "almanac_fires") { notifications in
                        for try await _ in notifications { self.wake.signal() }
                    }
                }
            } catch {
                if Task.isCancelled { return }
                try? await Task.sleep(for: .seconds(1))
            }
        }
    }

    // MARK: Stopping

    private func shutDown() async throws {
        try? await beat()
        let given = try await store.stop(executor: options.executorID)
        let queued = lock.withLock { () -> [ClaimedFire] in
            defer { waiting.removeAll() }
            return waiting
        }
        for c in queued { try await store.release(c) }
        if given + queued.count > 0 { log("gave back \(given + queued.count) claimed fires not started") }
        if let slotted {
            // Outcomes (`stopped`) arrive through `outcome(_:)` and are recorded before returning.
            slotted.stopAll()
        }
        try? backend.finish()
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline, lock.withLock({ !inFlight.isEmpty || recording > 0 }) {
            try? await Task.sleep(for: .milliseconds(10))
        }
        try? await beat()
        _ = try? await store.client.query(
            "UPDATE almanac_executors SET stopped_at = now() WHERE id = \(options.executorID)", logger: store.logger)
        let stats = lock.withLock { self.stats }
        log("stopped: \(stats.claimed) claimed, \(stats.started) started, \(stats.leaseLosses) claims lost")
    }
}

/// A wake-up the loop sleeps on: `signal` ends the current or next `wait` early.
final class Wakeup: @unchecked Sendable {
    private let lock = NSLock()
    private var pending = false
    private var continuation: CheckedContinuation<Void, Never>?
    private var generation = 0

    func signal() { resume(generation: nil) }

    private func resume(generation expected: Int?) {
        lock.lock()
        if let expected, expected != generation {
            lock.unlock()
            return
        }
        if let c = continuation {
            continuation = nil
            generation += 1
            lock.unlock()
            c.resume()
        } else {
            // A timer whose wait has not parked yet (its generation still current) ends that wait.
            pending = true
            lock.unlock()
        }
    }

    /// Returns on `signal` (or one that came since the last wait) or after `timeout` seconds.
    func wait(timeout: Double) async {
        let gen: Int = lock.withLock { generation }
        let timer = Task {
            try? await Task.sleep(for: .seconds(timeout))
            if !Task.isCancelled { self.resume(generation: gen) }
        }
        await withCheckedContinuation { (c: CheckedContinuation<Void, Never>) in
            lock.lock()
            if pending {
                pending = false
                generation += 1
                lock.unlock()
                c.resume()
            } else {
                continuation = c
                lock.unlock()
            }
        }
        timer.cancel()
    }
}
