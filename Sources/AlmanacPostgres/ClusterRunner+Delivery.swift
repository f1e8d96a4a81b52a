import AlmanacExecutor
import AlmanacPlan
import Foundation

extension ClusterRunner {
    /// One round: the plan file and the inbox, outcomes recorded, a beat when due, then claims and
    /// deliveries; sets `nextRound` (now again when a full batch was claimed).
    func round() async throws {
        let (reload, published) = inbox.withLockedValue { inbox -> (Bool, Bool) in
            defer { (inbox.reload, inbox.published) = (false, false) }
            return (inbox.reload, inbox.published)
        }
        takeOutcomes()
        if reload || planFileChanged() { try await loadPlan(initial: false) }
        try await recordOutcomes()
        let now = StoreTimer.now()
        if published || now >= nextBeat { try await beat() }
        if now >= nextTidy {
            try await store.tidy(forgetAfter: ClusterStore.forgetExecutorsAfter)
            nextTidy = now + 60
        }
        nextRound = nextBeat
        guard let plan, standingBy == nil else { return }
        try await startWaiting()
        let capacity = freeCapacity()
        let claimed = try await store.claim(
            executor: options.executorID, spec: plan.specID, sha256: plan.sha256, limit: capacity, lease: options.lease,
            start: slotted == nil)
        stats.claimed += Int64(claimed.count)
        metrics.claimed(claimed.count)
        if slotted == nil {
            try await deliverAtOnce(claimed)
        } else {
            for c in claimed { try await deliver(c) }
        }
        if !claimed.isEmpty && claimed.count == capacity {
            nextRound = StoreTimer.now()
        } else if let untilDue = try await store.secondsUntilNextDue(spec: plan.specID, sha256: plan.sha256) {
            // A millisecond past the instant, by the database's clock: the claim then finds it due.
            nextRound = min(nextBeat, StoreTimer.now() + max(0, untilDue) + 0.001)
        }
    }

    func freeCapacity() -> Int {
        guard let slotted else { return options.batch }
        return max(0, slotted.slots - slotted.runningCount() - waiting.count)
    }

    /// Records the outcomes waiting to be recorded, in one statement; kept for the next round when
    /// the store fails (the fires stay `started`, their leases renewed by the beats meanwhile).
    func recordOutcomes() async throws {
        guard !unrecorded.isEmpty else { return }
        let batch = unrecorded
        let held = try await store.finish(batch, from: [.claimed, .started])
        unrecorded.removeAll()
        for (c, result) in batch {
            if held.contains(c.key) {
                metrics.fire(result.metric)
            } else {
                log("\(c.fire.id): \(result.text), but its claim was lost meanwhile (another executor recovered it)")
                stats.leaseLosses += 1
                metrics.leaseLost()
            }
        }
    }

    /// A backend whose delivery is instant (spy, stdout, a phone's notification centre) takes a batch
    /// claimed and started in one statement, then delivered, then recorded in one statement.
    /// `concurrency` concerns only backends whose work lasts, as with the file store.
    // Measured (scripts/bench/cluster.sh burst, 2 cores): two statements per batch of 500 instead of
    // three per 100 took 3 executors from 10,500 to about 20,000 fires/s. The price: an executor dying
    // mid-batch leaves the whole batch in doubt.
    func deliverAtOnce(_ claimed: [ClaimedFire]) async throws {
        for c in claimed {
            noteStarted(c, attempt: c.attempt + 1)
            guard let trigger = try await trigger(of: c) else {
                unrecorded.append((c, .noTrigger(c.fire.trigger)))
                continue
            }
            do {
                try backend.fire(c.fire, trigger: trigger)
                unrecorded.append((c, .delivered))
            } catch {
                log("\(c.fire.id): the backend failed: \(error)")
                unrecorded.append((c, .backendFailed("\(error)")))
            }
        }
        try await recordOutcomes()
    }

    /// A claimed fire of a backend whose work lasts: its trigger's `concurrency` decides, from what
    /// runs here and anywhere in the cluster (`DeliveryPolicy.arrival`).
    func deliver(_ c: ClaimedFire) async throws {
        guard let trigger = try await trigger(of: c), let slotted else {
            unrecorded.append((c, .noTrigger(c.fire.trigger)))
            return
        }
        let arrival = options.policy.arrival(try await activity(of: c, trigger, slotted))
        guard arrival.admit else {
            log("\(c.fire.id): skipped, its trigger's previous command still runs (concurrency: forbid)")
            unrecorded.append((c, .skipped(.concurrency, detail: "the previous command still ran")))
            return
        }
        for old in waiting where arrival.skipWaiting.contains(old.fire.id) {
            log("\(old.fire.id): skipped, replaced by \(c.fire.id) before it could start (concurrency: replace)")
            unrecorded.append((old, .skipped(.replaced, detail: "replaced by \(c.fire.id) before it started")))
        }
        waiting.removeAll { arrival.skipWaiting.contains($0.fire.id) }
        if arrival.stopRunningHere {
            log("stopping the running command of \(c.fire.trigger) for \(c.fire.id) (concurrency: replace)")
            slotted.stop(trigger: c.fire.trigger)
        }
        waiting.append(c)
        try await startWaiting()
    }

    /// The facts the delivery policy needs about the trigger of `c`; the cluster is asked only for
    /// triggers whose concurrency is not `allow`.
    func activity(of c: ClaimedFire, _ trigger: PlanTrigger, _ slotted: any SlottedBackend) async throws -> DeliveryPolicy.TriggerActivity {
        let elsewhere =
            trigger.concurrency == .allow ? false : try await store.otherStarted(spec: c.spec, trigger: c.fire.trigger, except: c.fire.id)
        return DeliveryPolicy.TriggerActivity(
            concurrency: trigger.concurrency, runningHere: slotted.runningCount(trigger: c.fire.trigger), runningElsewhere: elsewhere,
            waitingHere: waiting.filter { $0.spec == c.spec && $0.fire.trigger == c.fire.trigger && $0.fire.id != c.fire.id }.map(\.fire.id)
        )
    }

    /// Starts waiting fires in order while slots are free and the policy lets each start; a fire
    /// that may not start holds back the later fires of its trigger, not the others.
    func startWaiting() async throws {
        guard let slotted else { return }
        var held = Set<String>()
        var index = 0
        while index < waiting.count && slotted.runningCount() < slotted.slots {
            let c = waiting[index]
            let key = c.spec + "\u{0}" + c.fire.trigger
            guard !held.contains(key), let trigger = try await trigger(of: c) else {
                index += 1
                continue
            }
            if !options.policy.mayStart(try await activity(of: c, trigger, slotted)) {
                held.insert(key)
                index += 1
                continue
            }
            waiting.remove(at: index)
            try await start(c, trigger: trigger)
        }
    }

    /// Marks a claimed fire started (under its fence) and runs its command.
    func start(_ c: ClaimedFire, trigger: PlanTrigger) async throws {
        guard let attempt = try await store.start(c, lease: options.lease) else {
            log("\(c.fire.id): claim lost before it started (another executor recovered it); not started")
            stats.leaseLosses += 1
            metrics.leaseLost()
            return
        }
        noteStarted(c, attempt: attempt)
        if c.lateness > 1 { log("\(c.fire.id): started \(String(format: "%.1f", c.lateness)) s late") }
        if let exec {
            inFlight[c.fire.id] = c
            exec.fire(c.fire, trigger: trigger, attempt: attempt)
        } else {
            do {
                try backend.fire(c.fire, trigger: trigger)
                unrecorded.append((c, .delivered))
            } catch {
                unrecorded.append((c, .backendFailed("\(error)")))
            }
        }
    }

    /// Counts a start in the executor's row and the lateness histogram.
    func noteStarted(_ c: ClaimedFire, attempt: Int) {
        stats.started += 1
        stats.lastLateness = c.lateness
        stats.maxLateness = max(stats.maxLateness ?? c.lateness, c.lateness)
        metrics.started(lateness: c.lateness)
        if attempt > 1 { log("\(c.fire.id): attempt \(attempt) (in doubt before)") }
    }

    /// The trigger of a claimed fire, from its own plan (the plan file when it is that plan).
    func trigger(of c: ClaimedFire) async throws -> PlanTrigger? {
        if let known = triggers[c.planSHA256] { return known[c.fire.trigger] }
        let read = try await store.triggers(spec: c.spec, sha256: c.planSHA256)
        triggers[c.planSHA256] = read
        return read[c.fire.trigger]
    }

    /// Outcomes that arrived since the last round, taken into `unrecorded`.
    func takeOutcomes() {
        let outcomes = inbox.withLockedValue { inbox -> [FireOutcome] in
            defer { inbox.outcomes.removeAll() }
            return inbox.outcomes
        }
        unrecorded += outcomes.compactMap { outcome in
            inFlight.removeValue(forKey: outcome.fireID).map { ($0, FireResult.command(outcome.status)) }
        }
    }
}
