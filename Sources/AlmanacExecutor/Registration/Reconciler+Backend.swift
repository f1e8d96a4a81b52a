import AlmanacPlan
import AlmanacRegistration
import AlmanacTime

/// Reconciling on a backend: the registration `Reconciler` chooses, made real by cancelling and
/// registering (or by the smallest change, `Strategy.diff`).
extension Reconciler {
    /// How a reconcile changes what the backend holds.
    public enum Strategy: String, Sendable, CaseIterable {
        /// Cancel everything, then register: simple, but for a moment nothing is scheduled.
        case replace
        /// Read what the backend holds; add what is new or changed (same id replaces), then remove
        /// what is no longer wanted: something stays scheduled throughout. Needs a `PendingBackend`.
        case diff
    }

    /// Registers the fires and regions for `now` from `source` on `backend` (see `Strategy`).
    @discardableResult
    public static func reconcile(
        _ source: PlanFireSource, now: Instant, backend: any Backend, strategy: Strategy = .replace, position: LocationFix? = nil,
        device: DeviceLimits? = nil
    ) throws -> Registration {
        let registration = try registration(for: source, now: now, position: position, device: device)
        try apply(registration, plan: source.header, to: backend, strategy: strategy)
        return registration
    }

    /// Registers the fires and regions for `now` on `backend` (see `Strategy`).
    @discardableResult
    public static func reconcile(
        _ plan: Plan, now: Instant, backend: any Backend, index: PriorityIndex? = nil, strategy: Strategy = .replace,
        position: LocationFix? = nil, device: DeviceLimits? = nil
    ) throws -> Registration {
        let registration = registration(for: plan, now: now, index: index, position: position, device: device)
        try apply(registration, plan: plan, to: backend, strategy: strategy)
        return registration
    }

    /// Makes `backend` hold `registration`: under `replace` everything is cancelled, then every fire
    /// and region registered; under `diff` only what changed (see `ReconcileSteps`, `RegionSteps`).
    public static func apply(_ registration: Registration, plan: Plan, to backend: any Backend, strategy: Strategy) throws {
        let trigger = { (fire: Fire) in plan.triggers[fire.trigger] ?? PlanTrigger(kind: "once") }
        switch strategy {
        case .replace:
            try backend.cancelAll()
            for fire in registration.fires { try backend.schedule(fire, trigger: trigger(fire)) }
        case .diff:
            guard let pendingBackend = backend as? any PendingBackend else {
                throw ExecutorError("this backend cannot list what it holds; use --strategy replace")
            }
            let held = Dictionary(try pendingBackend.pending().map { ($0.id, $0.signature) }, uniquingKeysWith: { first, _ in first })
            let wanted = registration.fires.map { ($0.id, PendingFire($0, trigger: trigger($0)).signature) }
            for step in ReconcileSteps.plan(held: held, wanted: wanted, capacity: pendingBackend.capacity).steps {
                switch step {
                case .add(let index): try pendingBackend.add(registration.fires[index], trigger: trigger(registration.fires[index]))
                case .remove(let ids): try pendingBackend.remove(ids)
                }
            }
            // Regions too: the stale ones go first (a device watches a limited number), then the new.
            let regions = RegionSteps.plan(held: try pendingBackend.monitoredRegions(), wanted: registration.regions)
            for region in regions.unmonitor { try backend.unmonitor(region) }
            for region in regions.monitor { try backend.monitor(region) }
            return
        }
        for region in registration.regions { try backend.monitor(region) }
    }
}
