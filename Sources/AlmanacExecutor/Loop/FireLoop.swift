import AlmanacPlan
import AlmanacRegistration
import AlmanacTime
import AlmanacVocabulary

/// The executor's loop, shared by `run` (real clock) and `simulate` (virtual clock): reconcile the
/// backend, sleep until the next fire (never polling), deliver due fires in plan order, journal each
/// one as it starts, re-reconcile at `refresh_by`, reload on request, stop cleanly.
///
/// A fire is due when `at <= now` (and `at < until` in a simulation). Found due no later than
/// `grace` seconds after its instant it is simply delivered; later than that it is a **misfire**
/// (its time passed while no executor ran the plan: down, suspended, or the clock jumped past it)
/// and `misfire` decides. Fires before the journal's first start are never this executor's to
/// deliver, and fires that enter the plan already in the past (a reload) are never delivered.
///
/// With a backend that runs commands for a while (`SlottedBackend`), a due fire waits in plan order
/// until a slot is free and its trigger's `concurrency` lets it start; it is journaled only then, so
/// a crash while it waits loses nothing. Waiting never makes a fire a misfire; its lateness is logged.
///
/// Group commit: the fires that can start at one look of the loop (and their skips) are journaled
/// together — one write, one sync — and only then started, in plan order (`Journal.batchLimit` at
/// most per sync). A crash between the sync and the last start loses the batch's fires not started
/// yet, never repeats one.
///
/// Journaled ahead: when the journal's syncs take time on the loop's clock, the next fires due within
/// the lead (`JournalLead`: twice the recent syncs, at most `Options.aheadLimit`) are journaled as one
/// batch before their instant and started at it, so the sync is off the path from instant to start.
/// One such batch at a time, and only fires that are sure to start at their instant (a free slot
/// each; with exec, triggers whose `concurrency` is `allow`). A reload that removes one before it
/// starts journals it skipped (`removed`); a stop waits for their instants (at most the lead) and
/// starts them. Outcomes queued with `Journal.appendLater` are written with the next batch, or
/// `Options.outcomeDelay` after they came, whichever is first.
public final class FireLoop {
    public struct Options: Sendable {
        public var misfire: MisfirePolicy
        /// Seconds a fire may be late and still count as on time.
        public var grace: Double
        /// Stop when the clock reaches this instant (simulation); nil runs until `.stop`.
        public var until: Double?
        /// Fires that can no longer be read stop the run with the error (a simulation), instead of
        /// being logged while the loop waits for a new plan (a daemon).
        public var stopWhenFiresUnreadable: Bool
        /// How each reconcile changes what the backend holds.
        public var strategy: Reconciler.Strategy
        /// The longest lead, seconds, by which fires may be journaled before their instant (0: never).
        public var aheadLimit: Double
        /// Seconds an entry queued with `Journal.appendLater` (an exec outcome) may wait for a sync.
        public var outcomeDelay: Double

        public init(
            misfire: MisfirePolicy = .skip, grace: Double = 60, until: Double? = nil, stopWhenFiresUnreadable: Bool = false,
            strategy: Reconciler.Strategy = .replace, aheadLimit: Double = 0.1, outcomeDelay: Double = 0.2
        ) {
            self.misfire = misfire
            self.grace = grace
            self.until = until
            self.stopWhenFiresUnreadable = stopWhenFiresUnreadable
            self.strategy = strategy
            self.aheadLimit = aheadLimit
            self.outcomeDelay = outcomeDelay
        }
    }

    /// What a run did.
    public struct Summary: Equatable, Sendable {
        public var fired = 0
        public var skipped = 0
        public var reconciles = 0
        public var reloads = 0
        /// Fires of location triggers (region crossings).
        public var locationFires = 0
        /// Fires skipped because their trigger's previous command still ran (`concurrency: forbid`).
        public var forbidden = 0
        /// Fires that started later than their instant because they waited for a slot or their trigger.
        public var waited = 0
        /// Fires still waiting for a slot when the loop stopped (not journaled: a restart sees them again).
        public var notStarted = 0

        public init(
            fired: Int = 0, skipped: Int = 0, reconciles: Int = 0, reloads: Int = 0, locationFires: Int = 0,
            forbidden: Int = 0, waited: Int = 0, notStarted: Int = 0
        ) {
            self.fired = fired
            self.skipped = skipped
            self.reconciles = reconciles
            self.reloads = reloads
            self.locationFires = locationFires
            self.forbidden = forbidden
            self.waited = waited
            self.notStarted = notStarted
        }
    }

    private let loadPlan: () throws -> PlanFireSource
    private let backend: any Backend
    /// The backend again when its work lasts: slots and `concurrency` apply.
    private let slotted: (any SlottedBackend)?
    private let journal: Journal
    private let clock: any ExecutorClock
    private let options: Options
    private let logLine: (String) -> Void
    /// Writes the lines logged while a batch's fires start, together (one write for the daemon).
    private let logLines: ([String]) -> Void
    /// Lines logged while a batch's fires start, for `logLines`; nil outside a batch.
    private var batchLog: [String]?
    private let onRegistration: (Reconciler.Registration, Plan, Instant) -> Void
    /// Follows armed windows (monitor/unmonitor) and, given fixes, fires location triggers.
    private let locations: LocationMonitor
    /// The plan's header and fires; the loop reads fires through `cursor` as they come due.
    private var source: PlanFireSource
    private var plan: Plan { source.header }
    /// At the first fire not yet handled.
    private var cursor: PlanFireCursor
    /// Set when fires could no longer be read from the plan file after the start (a broken line, a
    /// file rewritten in place): logged once, and the loop waits for a new plan instead of stopping.
    private var firesUnreadable = false
    /// Why the fires could not be read, kept to stop the run when `stopWhenFiresUnreadable`.
    private var unreadableError: (any Error)?
    /// The clock when due fires were last looked at: fires up to it were handled.
    private var lastChecked: Double?
    /// After a reload, the fires up to `through` that the old plan had too: the only past fires of
    /// the new plan that may still be delivered.
    private var pastOnReload: (through: Double, known: Set<String>)?
    private var refreshBy: Instant?
    /// Due fires to deliver, in plan order, waiting for a slot or for their trigger (not journaled yet).
    private var waiting: [(fire: Fire, trigger: PlanTrigger, misfire: Bool)] = []
    /// The batch being built: entries to journal with one sync, then what to do once they are
    /// durable (start a fire, log a skip), in order.
    private var batchEntries: [Journal.Entry] = []
    private var batchActions: [() -> Void] = []
    /// Fires of the batch not started yet, per trigger: they take a slot and count as running.
    private var batchStarts: [String: Int] = [:]
    private var batchStartCount = 0
    /// Fires journaled ahead of their instant, in plan order, to start when it comes; they hold their slots.
    private var ahead: [(fire: Fire, trigger: PlanTrigger)] = []
    private var lead: JournalLead
    /// When the loop first saw entries queued by `Journal.appendLater` waiting for a sync.
    private var deferredSince: Double?
    private var summary = Summary()

    /// A loop over plans held in memory (tests, callers that built a `Plan`).
    public convenience init(
        loadPlan: @escaping () throws -> Plan, backend: any Backend, journal: Journal, clock: any ExecutorClock,
        options: Options = Options(), log: @escaping (String) -> Void = { _ in }, logLines: (([String]) -> Void)? = nil,
        onRegistration: @escaping (Reconciler.Registration, Plan, Instant) -> Void = { _, _, _ in },
        locations: LocationMonitor? = nil
    ) throws {
        try self.init(
            loadSource: { PlanFireSource(try loadPlan()) }, backend: backend, journal: journal, clock: clock,
            options: options, log: log, logLines: logLines, onRegistration: onRegistration, locations: locations)
    }

    /// Loads the plan's header at once, so a bad plan fails before anything is journaled; its fires
    /// are read as they are needed (`PlanFireSource.open` reads a plan file lazily).
    ///
    /// `log` takes each line of the loop's log; `logLines`, when given, the lines of a batch's starts
    /// at once (each fire is logged: a burst's lines in one write).
    public init(
        loadSource loadPlan: @escaping () throws -> PlanFireSource, backend: any Backend, journal: Journal, clock: any ExecutorClock,
        options: Options = Options(), log: @escaping (String) -> Void = { _ in }, logLines: (([String]) -> Void)? = nil,
        onRegistration: @escaping (Reconciler.Registration, Plan, Instant) -> Void = { _, _, _ in },
        locations: LocationMonitor? = nil
    ) throws {
        self.loadPlan = loadPlan
        self.backend = backend
        self.slotted = backend as? any SlottedBackend
        self.journal = journal
        self.clock = clock
        self.options = options
        self.lead = JournalLead(limit: options.aheadLimit)
        self.logLine = log
        self.logLines = logLines ?? { $0.forEach(log) }
        self.onRegistration = onRegistration
        // Without fixes the monitor still watches regions open and close with their armed windows.
        self.locations = locations ?? LocationMonitor(feed: LocationFeed(), grace: options.grace, log: log)
        source = try loadPlan()
        cursor = try source.cursor()
    }

    /// The window of the plan in force.
    public var window: Window { plan.window }

    /// Runs until a `.stop` event or the `until` instant, then waits for the backend's work (at
    /// `until`) or stops it (at `.stop`).
    public func run() throws -> Summary {
        let start = instant(clock.now())
        try synced { try journal.append(.start(now: start)) }
        let baseline = journal.baseline ?? start
        cursor = try source.cursor(from: baseline)
        try reconcile(now: start)
        var stopping = false
        loop: while true {
            startAhead()
            try deliverDueFires()
            if options.stopWhenFiresUnreadable, let unreadableError { throw unreadableError }
            try startWaiting()
            try journalAhead()
            try flushOutcomes()
            // Fires before the cursor are settled unless still waiting for a slot, and fixes older
            // than grace can no longer fire: the journal may forget what lies before all of them.
            let current = instant(clock.now())
            let settledBefore = [
                nextPlanFire()?.at ?? current, waiting.map(\.fire.at).min() ?? current,
                instant(clock.now() - options.grace),
            ].min()!
            // Not between fires journaled ahead and their instant: measured (scripts/bench/delivery.sh,
            // stdout at 2,000 fires/s, compacting every 4,096 entries) the snapshot's write and syncs
            // there made the instant's first line 33 ms late instead of 1-10 ms.
            journal.handled(before: settledBefore, firesWaiting: !ahead.isEmpty)
            try locations.advance(to: clock.now(), backend: backend, journal: journal)
            var deadline = [refreshBy, locations.nextDeadline()].compactMap { $0 }.map { Double($0.secondsSinceEpoch) }.min()
            if let wake = nextFireWake() { deadline = min(deadline ?? wake, wake) }
            if let since = deferredSince { deadline = min(deadline ?? .infinity, since + options.outcomeDelay) }
            if let until = options.until, deadline.map({ $0 >= until }) ?? true { deadline = until }
            if let slotted, !waiting.isEmpty {
                if let end = slotted.nextEnd() {
                    deadline = min(deadline ?? end, end)
                } else if clock is VirtualClock {
                    // Real commands on a virtual clock: time stands still until one ends.
                    slotted.waitForEnd()
                    continue
                }
            }
            let events = clock.sleep(until: deadline)
            if let until = options.until, clock.now() >= until, events.isEmpty { break }
            for event in events {
                switch event {
                case .stop:
                    log("stopping")
                    stopping = true
                    // Journaled already: they start at their instants (the lead away at most), not lost.
                    while let last = ahead.last, clock.now() < Double(last.fire.at.secondsSinceEpoch) {
                        _ = clock.sleep(until: Double(last.fire.at.secondsSinceEpoch))
                        startAhead()
                    }
                    startAhead()
                    break loop
                case .reload:
                    reload()
                case .wake:
                    continue
                }
            }
            let now = instant(clock.now())
            if let refresh = refreshBy, refresh <= now {
                do { try reconcile(now: now) } catch let error as PlanError { unreadable(error); refreshBy = nil }
            }
        }
        if let slotted {
            if stopping {
                slotted.stopAll()
            } else {
                // The end of a simulation: what was due before `until` still starts, as slots free.
                while !waiting.isEmpty {
                    if let end = slotted.nextEnd() { _ = clock.sleep(until: end) } else { slotted.waitForEnd() }
                    try startWaiting()
                }
            }
        }
        if !waiting.isEmpty {
            summary.notStarted = waiting.count
            log("\(waiting.count) due fire\(waiting.count == 1 ? "" : "s") waiting for a slot not started; a restart sees them again")
        }
        try backend.finish()
        try journal.flushDeferred()
        summary.locationFires = locations.fired
        return summary
    }

    /// When to look next for plan fires: the first fire journaled ahead, else the next plan fire's
    /// instant, or the lead before it when it can be journaled ahead then.
    private func nextFireWake() -> Double? {
        if let first = ahead.first { return Double(first.fire.at.secondsSinceEpoch) }
        guard let next = nextPlanFire() else { return nil }
        let at = Double(next.at.secondsSinceEpoch)
        let early = at - lead.seconds
        // Already within the lead yet not journaled ahead (no free slot, a trigger that must not
        // overlap): its instant, else the loop would wake again and again until then.
        return early > clock.now() ? early : at
    }

    /// Runs `body` (a journal sync, which writes the queued outcomes too) and remembers on the
    /// loop's clock how long it took.
    private func synced<R>(_ body: () throws -> R) rethrows -> R {
        deferredSince = nil
        let began = clock.now()
        defer { lead.synced(taking: clock.now() - began) }
        return try body()
    }

    /// Journals as one batch the next fires due within the lead, before their instant: only when none
    /// is journaled ahead already, and only fires sure to start at their instant.
    private func journalAhead() throws {
        guard ahead.isEmpty, lead.seconds > 0, !firesUnreadable else { return }
        let nowSeconds = clock.now()
        var room = Journal.batchLimit
        if let slotted {
            guard waiting.isEmpty else { return }
            room = min(room, slotted.slots - slotted.runningCount())
        }
        var picked: [(fire: Fire, trigger: PlanTrigger)] = []
        while picked.count < room, let fire = nextPlanFire() {
            let at = Double(fire.at.secondsSinceEpoch)
            guard at > nowSeconds, at - lead.seconds <= nowSeconds, options.until.map({ at < $0 }) ?? true else { break }
            if journal.isDone(fire.id) {
                _ = try? cursor.next()
                continue
            }
            let trigger = plan.triggers[fire.trigger] ?? PlanTrigger(kind: "once")
            // Whether it may start at its instant depends on what then still runs: decided then.
            if slotted != nil && trigger.concurrency != .allow { break }
            _ = try? cursor.next()
            picked.append((fire, trigger))
        }
        guard !picked.isEmpty else { return }
        let now = instant(nowSeconds)
        try synced {
            try journal.append(contentsOf: picked.map { .fire(id: $0.fire.id, trigger: $0.fire.trigger, at: $0.fire.at, now: now) })
        }
        ahead = picked
    }

    /// Starts the fires journaled ahead whose instant has come, in plan order.
    private func startAhead() {
        let nowSeconds = clock.now()
        guard let first = ahead.first, Double(first.fire.at.secondsSinceEpoch) <= nowSeconds else { return }
        loggingTogether {
            while let first = ahead.first, Double(first.fire.at.secondsSinceEpoch) <= nowSeconds {
                ahead.removeFirst()
                deliver(first.fire, trigger: first.trigger, misfire: false, now: nowSeconds)
            }
        }
    }

    /// Writes the entries queued with `Journal.appendLater` once the oldest waited `outcomeDelay`
    /// (a batch of fires writes them sooner).
    private func flushOutcomes() throws {
        guard journal.hasDeferred else {
            deferredSince = nil
            return
        }
        let nowSeconds = clock.now()
        guard let since = deferredSince else {
            deferredSince = nowSeconds
            return
        }
        if nowSeconds - since >= options.outcomeDelay {
            try synced { try journal.flushDeferred() }
            deferredSince = nil
        }
    }

    /// A reload: fires journaled ahead run as the new plan has them; those it no longer has are not
    /// started, and journaled skipped (`removed`).
    private func reviseAhead() {
        guard let first = ahead.first, let last = ahead.last else { return }
        var current: [String: Fire] = [:]
        if let scan = try? source.cursor(from: first.fire.at) {
            while let fire = try? scan.next(), fire.at <= last.fire.at { current[fire.id] = fire }
        }
        let now = instant(clock.now())
        var removed: [Journal.Entry] = []
        ahead = ahead.compactMap { entry in
            guard let fire = current[entry.fire.id], let trigger = plan.triggers[fire.trigger] else {
                removed.append(
                    .skip(id: entry.fire.id, trigger: entry.fire.trigger, at: entry.fire.at, now: now, reason: SkipReason.removed.rawValue))
                log("skip \(entry.fire.id): journaled ahead of its instant, then removed from the plan by the reload")
                return nil
            }
            return (fire, trigger)
        }
        summary.skipped += removed.count
        do { try synced { try journal.append(contentsOf: removed) } } catch { log("\(error)") }
    }

    /// Reads the plan again; a plan that cannot be read leaves the current one in force.
    private func reload() {
        let nowSeconds = clock.now()
        let now = instant(nowSeconds)
        let baseline = journal.baseline ?? now
        // Fires up to the last look were handled under the old plan; the new plan's fires there are
        // history (a re-added trigger's past), never delivered.
        let handled = lastChecked ?? Double(baseline.secondsSinceEpoch) - 1
        let firstUnhandled = max(baseline, Instant(secondsSinceEpoch: Int64(handled.rounded(.down)) + 1))
        // Fires that came due since that look (the loop was woken late) are delivered only when the
        // old plan had them too: a fire that enters the plan in the past is not.
        var known: Set<String> = []
        if !firesUnreadable, let old = try? source.cursor(from: firstUnhandled) {
            while let fire = try? old.next(), Double(fire.at.secondsSinceEpoch) <= nowSeconds { known.insert(fire.id) }
        }
        do {
            let loaded = try loadPlan()
            cursor = try loaded.cursor(from: firstUnhandled)
            source = loaded
            firesUnreadable = false
        } catch {
            log("reload failed, keeping the current plan: \(error)")
            return
        }
        summary.reloads += 1
        reviseAhead()
        pastOnReload = (nowSeconds, known)
        if let scan = try? source.cursor(from: firstUnhandled) {
            var fresh = 0
            while let fire = try? scan.next(), Double(fire.at.secondsSinceEpoch) <= nowSeconds {
                if !known.contains(fire.id) { fresh += 1 }
            }
            if fresh > 0 { log("reload: \(fresh) fire\(fresh == 1 ? "" : "s") new to the plan and already past, not delivered") }
        }
        log("reloaded the plan: window \(plan.window.from) to \(plan.window.to)")
        do { try reconcile(now: now) } catch { log("reconcile after reload failed: \(error)") }
    }

    private func reconcile(now: Instant) throws {
        let registration = try Reconciler.reconcile(
            source, now: now, backend: backend, strategy: options.strategy, position: locations.position)
        summary.reconciles += 1
        locations.reset(plan: plan, monitored: registration.regions, now: now)
        onRegistration(registration, plan, now)
        // Past the window's end nothing new can be registered until the plan is replaced.
        refreshBy = registration.refreshBy > now ? registration.refreshBy : nil
        if refreshBy == nil { log("the plan's window ends at \(plan.window.to); waiting for a new plan") }
    }

    /// Delivers (or skips, or queues) every fire due now, in plan order.
    private func deliverDueFires() throws {
        let nowSeconds = clock.now()
        let now = instant(nowSeconds)
        lastChecked = max(lastChecked ?? nowSeconds, nowSeconds)
        // In a simulation, `until` is exclusive.
        let limit = options.until
        var due: [Fire] = []
        while let fire = nextPlanFire() {
            let at = Double(fire.at.secondsSinceEpoch)
            if at > nowSeconds || limit.map({ at >= $0 }) ?? false { break }
            _ = try? cursor.next()
            if let past = pastOnReload, at <= past.through, !past.known.contains(fire.id) { continue }
            if !journal.isDone(fire.id) { due.append(fire) }
        }
        if let past = pastOnReload, nowSeconds >= past.through { pastOnReload = nil }
        guard !due.isEmpty else { return }
        let late = { (fire: Fire) in nowSeconds - Double(fire.at.secondsSinceEpoch) > self.options.grace }
        // A trigger's own `misfire` in the plan comes before `--misfire`.
        let policy = DeliveryPolicy(misfire: options.misfire)
        let deliver = policy.deliver(
            due.map {
                DeliveryPolicy.DueFire(id: $0.id, trigger: $0.trigger, late: late($0), misfire: plan.triggers[$0.trigger]?.misfire)
            })
        for (fire, deliver) in zip(due, deliver) {
            guard deliver else {
                try journal(.skip(id: fire.id, trigger: fire.trigger, at: fire.at, now: now, reason: SkipReason.misfire.rawValue)) {
                    self.log("skip \(fire.id): missed at \(fire.at), later than the grace period")
                }
                summary.skipped += 1
                continue
            }
            let trigger = plan.triggers[fire.trigger] ?? PlanTrigger(kind: "once")
            guard let slotted else {
                try start(fire, trigger: trigger, misfire: late(fire), now: nowSeconds)
                continue
            }
            let arrival = policy.arrival(activity(of: fire.trigger, trigger))
            guard arrival.admit else {
                try journal(.skip(id: fire.id, trigger: fire.trigger, at: fire.at, now: now, reason: SkipReason.concurrency.rawValue)) {
                    self.log("skip \(fire.id): the previous command of \(fire.trigger) still runs (concurrency: forbid)")
                }
                summary.forbidden += 1
                continue
            }
            // Only the trigger's own fires can be replaced: the others are not looked at (an id is
            // text made when asked, and a burst waiting for slots holds hundreds of fires).
            if !arrival.skipWaiting.isEmpty {
                let replaced = Set(arrival.skipWaiting)
                for old in waiting where old.fire.trigger == fire.trigger && replaced.contains(old.fire.id) {
                    try journal(
                        .skip(id: old.fire.id, trigger: old.fire.trigger, at: old.fire.at, now: now, reason: SkipReason.replaced.rawValue)
                    ) {
                        self.log("skip \(old.fire.id): replaced by \(fire.id) before it could start (concurrency: replace)")
                    }
                    summary.skipped += 1
                }
                waiting.removeAll { $0.fire.trigger == fire.trigger && replaced.contains($0.fire.id) }
            }
            if arrival.stopRunningHere {
                // A fire of the trigger in the batch starts before it is stopped, as without batching.
                if batchStarts[fire.trigger] != nil { try commitBatch() }
                log("stopping the running command of \(fire.trigger) for \(fire.id) (concurrency: replace)")
                slotted.stop(trigger: fire.trigger)
            }
            waiting.append((fire, trigger, late(fire)))
            try startWaiting(committing: false)
        }
        try commitBatch()
    }

    /// The trigger of a due fire as the delivery policy sees it: its commands running and its fires waiting here.
    /// (Fires started in the batch not yet committed count as running.)
    private func activity(of triggerID: String, _ trigger: PlanTrigger) -> DeliveryPolicy.TriggerActivity {
        DeliveryPolicy.TriggerActivity(
            concurrency: trigger.concurrency, runningHere: running(triggerID),
            waitingHere: waiting.filter { $0.fire.trigger == triggerID }.map(\.fire.id))
    }

    /// Starts waiting fires, in plan order, while slots are free; a fire whose trigger must not
    /// overlap (`queue`, `replace`) waits while its trigger's command runs (and so do its trigger's
    /// later fires, behind it), without holding up other triggers' fires.
    /// Fires that start in the batch take their slots as if they ran already.
    private func startWaiting(committing: Bool = true) throws {
        guard let slotted, !waiting.isEmpty else { return }
        let nowSeconds = clock.now()
        var index = 0
        while index < waiting.count && slotted.runningCount() + batchStartCount + ahead.count < slotted.slots {
            let entry = waiting[index]
            let activity = DeliveryPolicy.TriggerActivity(
                concurrency: entry.trigger.concurrency, runningHere: running(entry.fire.trigger))
            if !DeliveryPolicy(misfire: options.misfire).mayStart(activity) {
                index += 1
                continue
            }
            waiting.remove(at: index)
            try start(entry.fire, trigger: entry.trigger, misfire: entry.misfire, now: nowSeconds)
        }
        if committing { try commitBatch() }
    }

    /// Commands of `trigger` running, or starting with the batch or journaled ahead.
    private func running(_ trigger: String) -> Int {
        (slotted?.runningCount(trigger: trigger) ?? 0) + (batchStarts[trigger] ?? 0)
            + ahead.reduce(0) { $0 + ($1.fire.trigger == trigger ? 1 : 0) }
    }

    /// Adds `fire` to the batch: journaled with it, then the backend is called. A crash between the
    /// batch's sync and this call loses the fire, never repeats it.
    private func start(_ fire: Fire, trigger: PlanTrigger, misfire: Bool, now nowSeconds: Double) throws {
        batchStarts[fire.trigger, default: 0] += 1
        batchStartCount += 1
        try journal(.fire(id: fire.id, trigger: fire.trigger, at: fire.at, now: instant(nowSeconds))) {
            self.deliver(fire, trigger: trigger, misfire: misfire, now: nowSeconds)
        }
    }

    /// Calls the backend for a journaled fire, and logs it.
    private func deliver(_ fire: Fire, trigger: PlanTrigger, misfire: Bool, now nowSeconds: Double) {
        summary.fired += 1
        let lateness = nowSeconds - Double(fire.at.secondsSinceEpoch)
        if misfire {
            log("fire \(fire.id) (late, missed at \(fire.at))")
        } else if slotted != nil && lateness >= 1 {
            summary.waited += 1
            log("fire \(fire.id), \(Int64(lateness)) s late: it waited for a free slot or for its trigger's previous command")
        } else {
            log("fire \(fire.id)")
        }
        do {
            try backend.fire(fire, trigger: trigger)
        } catch {
            log("fire \(fire.id) failed: \(error)")
        }
    }

    /// Adds `entry` to the batch, and `then` to run once it is durable; a full batch is committed.
    private func journal(_ entry: Journal.Entry, then action: @escaping () -> Void) throws {
        batchEntries.append(entry)
        batchActions.append(action)
        if batchEntries.count >= Journal.batchLimit { try commitBatch() }
    }

    /// Journals the batch with one sync, then starts its fires (and logs its skips) in order.
    private func commitBatch() throws {
        guard !batchEntries.isEmpty else { return }
        let actions = batchActions
        defer {
            batchEntries.removeAll(keepingCapacity: true)
            batchActions.removeAll(keepingCapacity: true)
            batchStarts.removeAll(keepingCapacity: true)
            batchStartCount = 0
        }
        try synced { try journal.append(contentsOf: batchEntries) }
        loggingTogether { for action in actions { action() } }
    }

    /// Runs `body` (a batch's starts), its log lines written together at its end.
    private func loggingTogether(_ body: () -> Void) {
        batchLog = []
        body()
        if let lines = batchLog, !lines.isEmpty { logLines(lines) }
        batchLog = nil
    }

    /// Logs `message`: with the batch's lines while a batch's fires start, else at once.
    // Measured (perf, 2,000 stdout fires a second): a write(2) per fire's line was 8 % of the loop's work.
    private func log(_ message: String) {
        if batchLog != nil {
            batchLog!.append(message)
        } else {
            logLine(message)
        }
    }

    /// The next fire not yet handled; nil at the end, or once the plan's fires cannot be read.
    private func nextPlanFire() -> Fire? {
        guard !firesUnreadable else { return nil }
        do {
            return try cursor.peek()
        } catch {
            unreadable(error)
            return nil
        }
    }

    private func unreadable(_ error: any Error) {
        firesUnreadable = true
        unreadableError = error
        log("cannot read the plan's fires: \(error); no further fires until the plan is replaced")
    }

    private func instant(_ seconds: Double) -> Instant {
        Instant(secondsSinceEpoch: Int64(seconds.rounded(.down)))
    }
}
