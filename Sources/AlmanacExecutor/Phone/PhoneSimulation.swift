import AlmanacJSON
import AlmanacPlan
import AlmanacRegistration
import AlmanacTime

/// `almanac-exec simulate --device phone`: what a phone would deliver of a plan, given when the app
/// runs. A phone delivers only what was registered, and holds no more than it can (64 requests,
/// whatever `max_pending` says); the app registers (reconciles) only when it runs: when the user
/// opens it, when the system runs the background refresh it asked for (`BackgroundRefresh`: not
/// always, not on time), and when the user taps a notification, if asked. Every planned fire that
/// was not delivered is reported with why, so a CI step can prove a schedule survives a user who
/// opens the app once a day.
public struct PhoneSimulation {
    /// When the app runs, and what the phone holds.
    public struct Options: Sendable {
        /// The instants the user opens the app (sorted or not; those outside the range are ignored).
        public var appOpens: [Instant]
        /// iOS background app refresh, as the simulator grants it; nil: never.
        public var backgroundRefresh: BackgroundRefresh?
        /// The user taps every delivered notification, which opens the app.
        public var tapsOpenTheApp: Bool
        /// How each reconcile changes what the phone holds.
        public var strategy: Reconciler.Strategy
        /// What the phone holds, whatever the plan's `max_pending` asks: an iPhone's 64 requests.
        public var device: DeviceLimits

        public init(
            appOpens: [Instant], backgroundRefresh: BackgroundRefresh? = nil, tapsOpenTheApp: Bool = false,
            strategy: Reconciler.Strategy = .replace, device: DeviceLimits = .iPhone
        ) {
            self.appOpens = appOpens
            self.backgroundRefresh = backgroundRefresh
            self.tapsOpenTheApp = tapsOpenTheApp
            self.strategy = strategy
            self.device = device
        }
    }

    /// Why a planned fire was not delivered.
    public enum Reason: String, Sendable, CaseIterable {
        /// The app reconciled before the fire, and the budget left it out.
        case budget = "not registered: budget"
        /// The budget left it out, and the background refresh the app asked for did not run before it.
        case refreshDidNotRun = "not registered: background refresh did not run in time"
        /// The app had not reconciled before the fire since the simulation started.
        case noReconcile = "not registered: the app had not run yet"
    }

    /// A planned fire that was not delivered.
    public struct Missed: Equatable, Sendable {
        public var fire: Fire
        public var reason: Reason
    }

    /// What the phone did.
    public struct Report: Equatable, Sendable {
        public var from: Instant
        public var until: Instant
        /// Fires of the plan in `[from, until)`.
        public var planned = 0
        public var delivered = 0
        public var missed: [Missed] = []
        public var appOpens = 0
        public var backgroundRefreshes = 0
        /// Background refreshes the app asked for that could have run, and had not, when the app ran again.
        public var refreshesNotRun = 0
        public var taps = 0
        /// The plan's `max_pending`, and what the phone held at most.
        public var maxPending = 0
        public var deviceCapacity = 0

        public var reconciles: Int { appOpens + backgroundRefreshes + taps }
    }

    /// Simulates the phone over `[from, until)`; with `backend`, its calls (reconciles and deliveries)
    /// are made there too (a spy's record).
    public static func run(
        _ source: PlanFireSource, from: Instant, until: Instant, options: Options, backend: (any Backend)? = nil
    ) throws -> Report {
        let plan = source.header
        var report = Report(from: from, until: until)
        report.maxPending = plan.limits.maxPending
        report.deviceCapacity = options.device.pending
        let opens = options.appOpens.filter { $0 >= from && $0 < until }.sorted()
        var nextOpen = 0
        // What the phone holds: registered, not yet delivered.
        var held: Set<String> = []
        var reconciled = false
        var tapAt: Instant?
        var refresh = BackgroundRefresh.Request(options.backgroundRefresh)

        func reconcile(at now: Instant) throws {
            let registration = try Reconciler.registration(for: source, now: now, device: options.device)
            if let backend { try Reconciler.apply(registration, plan: plan, to: backend, strategy: options.strategy) }
            held = Set(registration.fires.map(\.id))
            reconciled = true
            if refresh.isOverdue(at: now) { report.refreshesNotRun += 1 }
            refresh.ask(now: now, refreshBy: registration.refreshBy)
        }

        /// Reconciles due at or before `instant` (app opens, refreshes), each at its own time, in time order.
        func reconcileDue(through instant: Instant) throws {
            while true {
                var next: (at: Instant, isOpen: Bool)?
                if nextOpen < opens.count { next = (opens[nextOpen], true) }
                if let run = refresh.runsAt, next.map({ run < $0.at }) ?? true { next = (run, false) }
                guard let (at, isOpen) = next, at <= instant else { return }
                if isOpen {
                    nextOpen += 1
                    report.appOpens += 1
                } else {
                    refresh.ran()
                    report.backgroundRefreshes += 1
                }
                try reconcile(at: at)
            }
        }

        let cursor = try source.cursor(from: from)
        while let fire = try cursor.next(), fire.at < until {
            // The phone's own moments before this fire: deliveries already made; then the app runs.
            if let tap = tapAt, tap < fire.at {
                try reconcileDue(through: Instant(secondsSinceEpoch: tap.secondsSinceEpoch - 1))
                report.taps += 1
                try reconcile(at: tap)
                tapAt = nil
            }
            try reconcileDue(through: Instant(secondsSinceEpoch: fire.at.secondsSinceEpoch - 1))
            report.planned += 1
            if held.remove(fire.id) != nil {
                report.delivered += 1
                try backend?.fire(fire, trigger: plan.triggers[fire.trigger] ?? PlanTrigger(kind: "once"))
                if options.tapsOpenTheApp { tapAt = fire.at }
            } else {
                let reason: Reason = !reconciled ? .noReconcile : refresh.isOverdue(at: fire.at) ? .refreshDidNotRun : .budget
                report.missed.append(Missed(fire: fire, reason: reason))
            }
        }
        if let tap = tapAt {
            try reconcileDue(through: Instant(secondsSinceEpoch: tap.secondsSinceEpoch - 1))
            report.taps += 1
            try reconcile(at: tap)
        }
        try reconcileDue(through: Instant(secondsSinceEpoch: until.secondsSinceEpoch - 1))
        try backend?.finish()
        return report
    }
}

extension PhoneSimulation.Report {
    /// A summary line, then one line per trigger that lost fires: how many, why, and the first.
    public var text: String {
        var lines = [
            "phone from \(from) to \(until): \(planned) planned, \(delivered) delivered, \(missed.count) not delivered; "
                + "\(reconciles) reconciles (\(appOpens) app opens, \(backgroundRefreshes) background refreshes, \(taps) taps)"
        ]
        if refreshesNotRun > 0 { lines.append("  background refreshes asked for but not run in time: \(refreshesNotRun)") }
        if maxPending > deviceCapacity {
            lines.append(
                "  max_pending is \(maxPending), but a phone holds \(deviceCapacity) pending notifications: simulated with \(deviceCapacity)"
            )
        }
        var byTrigger: [String: [PhoneSimulation.Missed]] = [:]
        for entry in missed { byTrigger[entry.fire.trigger, default: []].append(entry) }
        for trigger in byTrigger.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            let entries = byTrigger[trigger]!
            var reasons: [PhoneSimulation.Reason: Int] = [:]
            for entry in entries { reasons[entry.reason, default: 0] += 1 }
            let why = PhoneSimulation.Reason.allCases.compactMap { reason in reasons[reason].map { "\($0) \(reason.rawValue)" } }
            lines.append(
                "  \(trigger): \(entries.count) not delivered (\(why.joined(separator: ", "))), first \(entries[0].fire.id) at \(entries[0].fire.at)"
            )
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Every fire not delivered, as one JSON object.
    public var json: String {
        var text = "{\"from\": \"\(from)\", \"until\": \"\(until)\", \"planned\": \(planned), \"delivered\": \(delivered), "
        text += "\"max_pending\": \(maxPending), \"device_capacity\": \(deviceCapacity), "
        text += "\"reconciles\": {\"app_opens\": \(appOpens), \"background_refreshes\": \(backgroundRefreshes), "
        text += "\"refreshes_not_run\": \(refreshesNotRun), \"taps\": \(taps)}, "
        text += "\"not_delivered\": ["
        text += missed.map { entry in
            "{\"id\": \(JSONWriter.quoted(entry.fire.id)), \"trigger\": \(JSONWriter.quoted(entry.fire.trigger)), "
                + "\"at\": \"\(entry.fire.at)\", \"reason\": \"\(entry.reason.rawValue)\"}"
        }.joined(separator: ", ")
        return text + "]}\n"
    }
}
