import AlmanacJSON
import AlmanacPlan
import AlmanacTime

/// `almanac-exec simulate --device phone`: what a phone would deliver of a plan, given when the app
/// runs. A phone delivers only what was registered; the app registers (reconciles) only when it
/// runs: when the user opens it, at `refresh_by` if the system grants background refresh, and when
/// the user taps a notification, if asked. Every planned fire that was not delivered is reported
/// with why, so a CI step can prove a schedule survives a user who opens the app once a day.
public struct PhoneSimulation {
    /// When the app runs.
    public struct Options: Sendable {
        /// The instants the user opens the app (sorted or not; those outside the range are ignored).
        public var appOpens: [Instant]
        /// The system wakes the app one second before `refresh_by` (iOS background app refresh,
        /// when granted, scheduled to begin before the first fire left out).
        public var backgroundRefresh: Bool
        /// The user taps every delivered notification, which opens the app.
        public var tapsOpenTheApp: Bool
        /// How each reconcile changes what the phone holds.
        public var strategy: Reconciler.Strategy

        public init(
            appOpens: [Instant], backgroundRefresh: Bool = false, tapsOpenTheApp: Bool = false, strategy: Reconciler.Strategy = .replace
        ) {
            self.appOpens = appOpens
            self.backgroundRefresh = backgroundRefresh
            self.tapsOpenTheApp = tapsOpenTheApp
            self.strategy = strategy
        }
    }

    /// Why a planned fire was not delivered.
    public enum Reason: String, Sendable, CaseIterable {
        /// The app reconciled before the fire, and the budget (`max_pending`) left it out.
        case budget = "not registered: budget"
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
        public var taps = 0

        public var reconciles: Int { appOpens + backgroundRefreshes + taps }
    }

    /// Simulates the phone over `[from, until)`; with `backend`, its calls (reconciles and deliveries)
    /// are made there too (a spy's record).
    public static func run(
        _ source: PlanFireSource, from: Instant, until: Instant, options: Options, backend: (any Backend)? = nil
    ) throws -> Report {
        let plan = source.header
        var report = Report(from: from, until: until)
        let opens = options.appOpens.filter { $0 >= from && $0 < until }.sorted()
        var nextOpen = 0
        // What the phone holds: registered, not yet delivered.
        var held: Set<String> = []
        var reconciled = false
        var refreshBy: Instant?
        var lastReconcile: Instant?
        var tapAt: Instant?

        func reconcile(at now: Instant) throws {
            let registration = try Reconciler.registration(for: source, now: now)
            if let backend { try Reconciler.apply(registration, plan: plan, to: backend, strategy: options.strategy) }
            held = Set(registration.fires.map(\.id))
            reconciled = true
            lastReconcile = now
            refreshBy = registration.refreshBy > now ? registration.refreshBy : nil
        }

        /// Reconciles due at or before `instant` (app opens, refreshes), each at its own time, in time order.
        func reconcileDue(through instant: Instant) throws {
            while true {
                var next: (at: Instant, cause: Int)?
                if nextOpen < opens.count { next = (opens[nextOpen], 0) }
                // A refresh registers the fires after it, so it comes a second before the first one left
                // out; one that would come no later than the last reconcile would register the same.
                if options.backgroundRefresh, let refresh = refreshBy.map({ Instant(secondsSinceEpoch: $0.secondsSinceEpoch - 1) }),
                    lastReconcile.map({ refresh > $0 }) ?? true, next.map({ refresh < $0.at }) ?? true
                {
                    next = (refresh, 1)
                }
                guard let (at, cause) = next, at <= instant else { return }
                if cause == 0 {
                    nextOpen += 1
                    report.appOpens += 1
                } else {
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
                report.missed.append(Missed(fire: fire, reason: reconciled ? .budget : .noReconcile))
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
        text += "\"reconciles\": {\"app_opens\": \(appOpens), \"background_refreshes\": \(backgroundRefreshes), \"taps\": \(taps)}, "
        text += "\"not_delivered\": ["
        text += missed.map { entry in
            "{\"id\": \(JSONWriter.quoted(entry.fire.id)), \"trigger\": \(JSONWriter.quoted(entry.fire.trigger)), "
                + "\"at\": \"\(entry.fire.at)\", \"reason\": \"\(entry.reason.rawValue)\"}"
        }.joined(separator: ", ")
        return text + "]}\n"
    }
}
