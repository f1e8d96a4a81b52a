import AlmanacPlan
import AlmanacRegistration
import AlmanacTime

/// A plan onto a phone, as an app reconciles it: authorization first, then the notification
/// centre's pending requests diffed to the registration, then Core Location's regions — all through
/// the async client protocols, so the same code runs against UserNotifications and Core Location
/// (`AlmanacApple`) and against the documented fakes (`AlmanacPhoneTesting`).
///
/// - Authorization: not determined → ask for `Options.permissions` (by default what the plan's
///   notifications use); authorized, provisional or ephemeral → register; denied → register
///   nothing, remove nothing, and say so (`PhoneRegistration.authorization`).
/// - Capacity: the centre keeps 64 requests for the app, its own included, and drops the latest
///   past that; the budget is what the app's own requests leave (likewise the 20 regions).
/// - Changes: `ReconcileSteps` (new and changed first, stale last, a stale one removed just before
///   an add that would overflow), so the phone never holds nothing in between and never drops a
///   wanted request. Removals apply asynchronously: ids removed here are not taken for pending
///   until the centre stops listing them.
/// - Fires due by the device's clock (`clock`) by the time they would be added are skipped.
/// - The app's own requests and regions (no Almanac signature, identifiers without `almanac:`)
///   are never touched.
/// - One at a time: a launch, a background refresh and a tap may reconcile at once, and an actor
///   lets a second call in at every `await`; each call waits for the one before it to finish, so
///   two never plan from the same listing and overflow the centre between them.
public actor PhoneReconciler {
    /// What the app decides.
    public struct Options: Sendable {
        /// Asked when notifications are not determined; nil: what the plan's notifications use
        /// (`NotificationPermissions.needed(by:)`).
        public var permissions: NotificationPermissions?

        public init(permissions: NotificationPermissions? = nil) { self.permissions = permissions }
    }

    private let center: any NotificationCenterClient
    private let regions: (any RegionMonitorClient)?
    private let options: Options
    private let clock: @Sendable () -> Instant
    /// Ids removed here that the centre may still list.
    private var removing: Set<String> = []
    /// The last crossing delivered per trigger, for `cooldown`.
    private var lastCrossing: [String: Instant] = [:]
    /// A call is running; the calls waiting for it, in order.
    private var busy = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// `clock` is the device's (`{ Instant(Date()) }` in an app): the library never reads one.
    public init(
        center: any NotificationCenterClient, regions: (any RegionMonitorClient)? = nil, options: Options = Options(),
        clock: @escaping @Sendable () -> Instant
    ) {
        self.center = center
        self.regions = regions
        self.options = options
        self.clock = clock
    }

    /// Makes the phone hold `plan`'s registration at `now`; see the type's rules.
    public func reconcile(_ plan: Plan, now: Instant) async throws -> PhoneRegistration {
        try await reconcile(header: plan, now: now) { Reconciler.registration(for: plan, now: now, device: $0) }
    }

    /// The same for a plan file the app ships or downloads, read as the registration needs it.
    public func reconcile(_ source: PlanFireSource, now: Instant) async throws -> PhoneRegistration {
        try await reconcile(header: source.header, now: now) { try Reconciler.registration(for: source, now: now, device: $0) }
    }

    private func reconcile(
        header plan: Plan, now: Instant, registration register: (DeviceLimits) throws -> Reconciler.Registration
    ) async throws -> PhoneRegistration {
        await enter()
        defer { leave() }
        var report = PhoneRegistration(authorization: await center.authorization())
        if report.authorization == .notDetermined {
            let permissions = options.permissions ?? .needed(by: plan)
            report.asked = permissions
            _ = try await center.requestAuthorization(permissions)
            report.authorization = await center.authorization()
        }
        // Denied (or still undetermined): nothing is added, and nothing is removed either — what the
        // phone held before the user changed their mind stays for when they change it back.
        guard report.authorization.allowsScheduling else { return report }

        let listed = await center.pendingRequests()
        removing.formIntersection(listed.map(\.identifier))
        var held: [String: String] = [:]
        for request in listed {
            if let signature = request.signature {
                if !removing.contains(request.identifier) { held[request.identifier] = signature }
            } else {
                report.appRequests += 1
            }
        }
        report.budget = max(0, center.capacity - report.appRequests)
        let watched = try await watchedRegions(&report)
        let registration = try register(DeviceLimits(pending: report.budget, regions: report.regionBudget ?? .max))
        report.registration = registration

        let trigger = { (fire: Fire) in plan.triggers[fire.trigger] ?? PlanTrigger(kind: "once") }
        let wanted = registration.fires.map { ($0.id, PendingFire($0, trigger: trigger($0)).signature) }
        let steps = ReconcileSteps.plan(held: held, wanted: wanted, capacity: report.budget)
        report.unchanged = registration.fires.count - steps.steps.count { if case .add = $0 { true } else { false } }
        for step in steps.steps {
            switch step {
            case .add(let index):
                let fire = registration.fires[index]
                // Due by the device's clock: due, not pending (a past date never fires).
                guard fire.at > clock() else {
                    report.skippedAsDue += 1
                    continue
                }
                removing.remove(fire.id)
                do {
                    try await center.add(NotificationRequest(fire, trigger: trigger(fire)))
                } catch NotificationCenterError.notAllowed {
                    // Authorization was withdrawn while reconciling: stop, remove nothing.
                    report.authorization = await center.authorization()
                    return report
                }
                report.added += 1
            case .remove(let ids):
                removing.formUnion(ids)
                await center.removePendingRequests(withIdentifiers: ids)
                report.removed += ids.count
            }
        }
        report.problems = Self.contentProblems(registration.fires, plan: plan)
        if let watched { try await applyRegions(registration.regions, watched: watched, report: &report) }
        return report
    }

    /// The regions watched now, Almanac's ones; nil when regions are not adapted here or not allowed.
    /// Records the region budget the app's own regions leave, and the authorization.
    private func watchedRegions(_ report: inout PhoneRegistration) async throws -> [MonitoredRegion]? {
        guard let regions else { return nil }
        let authorization = await regions.authorization()
        report.locationAuthorization = authorization
        let listed = await regions.monitoredRegions()
        report.appRegions = listed.count { $0.trigger == nil }
        report.regionBudget = max(0, regions.capacity - report.appRegions)
        guard authorization.allowsMonitoring else { return nil }
        return listed.filter { $0.trigger != nil }
    }

    /// Stops watching the regions no longer wanted, then watches the new or changed ones.
    private func applyRegions(_ wanted: [PlanRegion], watched: [MonitoredRegion], report: inout PhoneRegistration) async throws {
        guard let regions else { return }
        let steps = RegionSteps.plan(held: watched, wanted: wanted.compactMap(MonitoredRegion.init), key: \.identifier, same: ==)
        for region in steps.unmonitor {
            await regions.stopMonitoring(identifier: region.identifier)
            report.regionsStopped += 1
        }
        for region in steps.monitor {
            try await regions.startMonitoring(region)
            report.regionsStarted += 1
        }
    }

    /// Core Location reported a crossing of the region `identifier` at `at`: delivers the location
    /// trigger's notification now when the region is Almanac's, armed then, the event is one its
    /// trigger asks for, the trigger's `cooldown` has passed since its last delivery (this run's, or
    /// the centre's delivered list), and notifications are allowed. Returns the fire delivered.
    public func crossing(_ identifier: String, event: PlanRegion.Event, at: Instant, plan: Plan) async throws -> Fire? {
        await enter()
        defer { leave() }
        guard let trigger = MonitoredRegion(identifier: identifier).trigger,
            let region = plan.regions.first(where: { $0.trigger == trigger }), RegionChoice.isArmed(region, at: at),
            region.on == .both || region.on == event, await center.authorization().allowsScheduling
        else { return nil }
        if let cooldown = region.cooldown {
            var last = lastCrossing[trigger]
            for delivered in await center.deliveredNotifications()
            where delivered.userInfo[NotificationRequest.triggerKey] == .string(trigger) {
                if last.map({ delivered.date > $0 }) ?? true { last = delivered.date }
            }
            if let last, at.secondsSinceEpoch - last.secondsSinceEpoch < cooldown { return nil }
        }
        let zone = plan.triggers[trigger]?.timezone ?? "UTC"
        let table =
            OffsetTable(zone: zone, covering: at, to: Instant(secondsSinceEpoch: at.secondsSinceEpoch + 1))
            ?? OffsetTable(identifier: "UTC", initialOffset: 0, changes: [])
        let fire = LocationMonitor.crossingFire(trigger: trigger, at: at, table: table)
        try await center.add(NotificationRequest(fire, trigger: plan.triggers[trigger] ?? PlanTrigger(kind: "location"), deliverNow: true))
        lastCrossing[trigger] = at
        return fire
    }

    /// Waits until no other call runs; the caller then runs alone until `leave()`.
    private func enter() async {
        if busy {
            await withCheckedContinuation { waiting.append($0) }
        } else {
            busy = true
        }
    }

    /// Hands the turn to the next waiting call, if any.
    private func leave() {
        if waiting.isEmpty { busy = false } else { waiting.removeFirst().resume() }
    }

    /// What each registered trigger's payload asks of the content that cannot be done, once per trigger.
    static func contentProblems(_ fires: [Fire], plan: Plan) -> [String] {
        var seen: Set<String> = []
        var problems: [String] = []
        for fire in fires where seen.insert(fire.trigger).inserted {
            let payload = plan.triggers[fire.trigger]?.payload ?? [:]
            problems += NotificationContent.read(payload, fallbackTitle: fire.trigger).problems.map { "'\(fire.trigger)': \($0)" }
        }
        return problems
    }
}

extension MonitoredRegion {
    /// A region known only by its identifier (what Core Location reports a crossing with).
    init(identifier: String) {
        self.init(identifier: identifier, latitude: 0, longitude: 0, radius: 0, notifyOnEntry: false, notifyOnExit: false)
    }
}
