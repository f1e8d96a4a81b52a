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

    private let loadPlan: () throws -> PlanFireSource
    private let backend: any Backend
    private let journal: Journal
    private let clock: any ExecutorClock
    private let options: Options
    private let log: (String) -> Void
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
    private var refreshBy: Instant?
    private var summary = Summary()

    /// A loop over plans held in memory (tests, callers that built a `Plan`).
    public convenience init(loadPlan: @escaping () throws -> Plan, backend: any Backend, journal: Journal, clock: any ExecutorClock,
                            options: Options = Options(), log: @escaping (String) -> Void = { _ in },
                            onRegistration: @escaping (Reconciler.Registration, Plan, Instant) -> Void = { _, _, _ in },
                            locations: LocationMonitor? = nil) throws {
        try self.init(loadSource: { PlanFireSource(try loadPlan()) }, backend: backend, journal: journal, clock: clock,
                      options: options, log: log, onRegistration: onRegistration, locations: locations)
    }

    /// Loads the plan's header at once, so a bad plan fails before anything is journaled; its fires
    /// are read as they are needed (`PlanFireSource.open` reads a plan file lazily).
    public init(loadSource loadPlan: @escaping () throws -> PlanFireSource, backend: any Backend, journal: Journal, clock: any ExecutorClock,
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
        source = try loadPlan()
        cursor = try source.cursor()
    }

    /// Runs until a `.stop` event or the `until` instant, then waits for the backend's work.
    public func run() throws -> Summary {
        let start = instant(clock.now())
        try journal.append(.start(now: start))
        let baseline = journal.baseline ?? start
        cursor = try source.cursor(from: baseline)
        try reconcile(now: start)
        loop: while true {
            try deliverDueFires()
            try locations.advance(to: clock.now(), backend: backend, journal: journal)
            let nextFire = nextPlanFire()?.at
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
            if let refresh = refreshBy, refresh <= now {
                do { try reconcile(now: now) } catch let error as PlanError { unreadable(error); refreshBy = nil }
            }
        }
        try backend.finish()
        summary.locationFires = locations.fired
        return summary
    }

    /// Reads the plan again; a plan that cannot be read leaves the current one in force.
    private func reload() {
        do {
            let loaded = try loadPlan()
            cursor = try loaded.cursor(from: journal.baseline ?? instant(clock.now()))
            source = loaded
            firesUnreadable = false
        } catch {
            log("reload failed, keeping the current plan: \(error)")
            return
        }
        summary.reloads += 1
        let now = instant(clock.now())
        log("reloaded the plan: window \(plan.window.from) to \(plan.window.to)")
        do { try reconcile(now: now) } catch { log("reconcile after reload failed: \(error)") }
    }

    private func reconcile(now: Instant) throws {
        let registration = try Reconciler.reconcile(source, now: now, backend: backend)
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
        var due: [Fire] = []
        while let fire = nextPlanFire(), Double(fire.at.secondsSinceEpoch) <= nowSeconds {
            _ = try? cursor.next()
            if !journal.isDone(fire.id) { due.append(fire) }
        }
        guard !due.isEmpty else { return }
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
        log("cannot read the plan's fires: \(error); no further fires until the plan is replaced")
    }

    private func instant(_ seconds: Double) -> Instant {
        Instant(secondsSinceEpoch: Int64(seconds.rounded(.down)))
    }
}
