import AlmanacPlan
import AlmanacTime

/// The executor's loop, shared by `run` (real clock) and `simulate` (virtual clock): reconcile the
/// backend, sleep until the next fire (never polling), deliver due fires in plan order, journal each
/// one first, re-reconcile at `refresh_by`, reload on request, stop cleanly.
///
/// A fire is due when `at <= now`. Delivered no later than `grace` seconds after its instant it is
/// simply fired; later than that (the executor was down, the machine slept) it is a misfire and
/// `misfire` decides. Fires before the journal's first start are never this executor's to deliver.
public final class FireLoop {
    public struct Options: Sendable {
        public var misfire: MisfirePolicy
        /// Seconds a fire may be late and still count as on time.
        public var grace: Double
        /// Stop when the clock reaches this instant (simulation); nil runs until `.stop`.
        public var until: Double?

        public init(misfire: MisfirePolicy = .skip, grace: Double = 60, until: Double? = nil) {
            self.misfire = misfire
            self.grace = grace
            self.until = until
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
    }

    private let loadPlan: () throws -> Plan
    private let backend: any Backend
    private let journal: Journal
    private let clock: any ExecutorClock
    private let options: Options
    private let log: (String) -> Void
    private let onRegistration: (Reconciler.Registration, Plan, Instant) -> Void
    /// Follows armed windows (monitor/unmonitor) and, given fixes, fires location triggers.
    private let locations: LocationMonitor
    private var plan: Plan
    /// Index of the first fire not yet handled.
    private var cursor = 0
    private var refreshBy: Instant?
    /// Built once per plan: reconciles happen every `max_pending` fires.
    private var priorityIndex: PriorityIndex?
    private var summary = Summary()

    /// Loads the plan at once, so a bad plan fails before anything is journaled.
    public init(loadPlan: @escaping () throws -> Plan, backend: any Backend, journal: Journal, clock: any ExecutorClock,
                options: Options = Options(), log: @escaping (String) -> Void = { _ in },
                onRegistration: @escaping (Reconciler.Registration, Plan, Instant) -> Void = { _, _, _ in },
                locations: LocationMonitor? = nil) throws {
        self.loadPlan = loadPlan
        self.backend = backend
        self.journal = journal
        self.clock = clock
        self.options = options
        self.log = log
        self.onRegistration = onRegistration
        // Without fixes the monitor still watches regions open and close with their armed windows.
        self.locations = locations ?? LocationMonitor(feed: LocationFeed(), grace: options.grace, log: log)
        plan = try loadPlan()
    }

    /// Runs until a `.stop` event or the `until` instant, then waits for the backend's work.
    public func run() throws -> Summary {
        let start = instant(clock.now())
        try journal.append(.start(now: start))
        let baseline = journal.baseline ?? start
        cursor = Reconciler.partitionPoint(plan.fires) { $0.at >= baseline }
        try reconcile(now: start)
        loop: while true {
            try deliverDueFires()
            // Fires before the cursor are settled, and fixes older than grace can no longer fire.
            journal.handled(before: min(plan.fires[cursor...].first?.at ?? instant(clock.now()), instant(clock.now() - options.grace)))
            try locations.advance(to: clock.now(), backend: backend, journal: journal)
            let nextFire = plan.fires[cursor...].first?.at
            var deadline = [nextFire, refreshBy, locations.nextDeadline()].compactMap { $0 }.min().map { Double($0.secondsSinceEpoch) }
            if let until = options.until, deadline.map({ $0 >= until }) ?? true { deadline = until }
            let events = clock.sleep(until: deadline)
            if let until = options.until, clock.now() >= until, events.isEmpty { break }
            for event in events {
                switch event {
                case .stop:
                    log("stopping")
                    break loop
                case .reload:
                    reload()
                case .wake:
                    continue
                }
            }
            let now = instant(clock.now())
            if let refresh = refreshBy, refresh <= now { try reconcile(now: now) }
        }
        try backend.finish()
        summary.locationFires = locations.fired
        return summary
    }

    /// Reads the plan again; a plan that cannot be read leaves the current one in force.
    private func reload() {
        do {
            plan = try loadPlan()
            priorityIndex = nil
        } catch {
            log("reload failed, keeping the current plan: \(error)")
            return
        }
        summary.reloads += 1
        let now = instant(clock.now())
        let baseline = journal.baseline ?? now
        cursor = Reconciler.partitionPoint(plan.fires) { $0.at >= baseline }
        log("reloaded the plan: \(plan.fires.count) fires, window \(plan.window.from) to \(plan.window.to)")
        do { try reconcile(now: now) } catch { log("reconcile after reload failed: \(error)") }
    }

    private func reconcile(now: Instant) throws {
        if priorityIndex == nil { priorityIndex = PriorityIndex(plan) }
        let registration = try Reconciler.reconcile(plan, now: now, backend: backend, index: priorityIndex)
        summary.reconciles += 1
        locations.reset(plan: plan, monitored: registration.regions, now: now)
        onRegistration(registration, plan, now)
        // Past the window's end nothing new can be registered until the plan is replaced.
        refreshBy = registration.refreshBy > now ? registration.refreshBy : nil
        if refreshBy == nil { log("the plan's window ends at \(plan.window.to); waiting for a new plan") }
    }

    /// Delivers (or skips) every fire due now, in plan order.
    private func deliverDueFires() throws {
        let nowSeconds = clock.now()
        let now = instant(nowSeconds)
        let end = Reconciler.partitionPoint(plan.fires, from: cursor) { Double($0.at.secondsSinceEpoch) > nowSeconds }
        guard end > cursor else { return }
        let due = plan.fires[cursor..<end].filter { !journal.isDone($0.id) }
        cursor = end
        let late = { (fire: Fire) in nowSeconds - Double(fire.at.secondsSinceEpoch) > self.options.grace }
        // Under `once`, the latest misfire of each trigger is the one delivered.
        var latestMisfire: [String: String] = [:]
        if options.misfire == .once {
            for fire in due where late(fire) { latestMisfire[fire.trigger] = fire.id }
        }
        for fire in due {
            let deliver: Bool
            if !late(fire) {
                deliver = true
            } else {
                switch options.misfire {
                case .all: deliver = true
                case .once: deliver = latestMisfire[fire.trigger] == fire.id
                case .skip: deliver = false
                }
            }
            if deliver {
                try journal.append(.fire(id: fire.id, trigger: fire.trigger, at: fire.at, now: now))
                summary.fired += 1
                log("fire \(fire.id)" + (late(fire) ? " (late, missed at \(fire.at))" : ""))
                do {
                    try backend.fire(fire, trigger: plan.triggers[fire.trigger] ?? PlanTrigger(kind: "once"))
                } catch {
                    log("fire \(fire.id) failed: \(error)")
                }
            } else {
                try journal.append(.skip(id: fire.id, trigger: fire.trigger, at: fire.at, now: now, reason: "misfire"))
                summary.skipped += 1
                log("skip \(fire.id): missed at \(fire.at), later than the grace period")
            }
        }
    }

    private func instant(_ seconds: Double) -> Instant {
        Instant(secondsSinceEpoch: Int64(seconds.rounded(.down)))
    }
}
