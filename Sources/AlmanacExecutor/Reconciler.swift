import AlmanacPlan
import AlmanacTime

/// The phone practice as a function: cancel everything, then register the future fires in time
/// order, at most `max_pending`, the highest priorities first when the budget must choose.
///
/// Registration depends only on the plan and `now`, so reconciling twice registers the same set.
public enum Reconciler {
    /// What a reconcile registers.
    public struct Registration: Equatable, Sendable {
        /// The fires registered, in plan order.
        public var fires: [Fire]
        /// The regions monitored: armed at `now`, at most `max_regions`, in plan order.
        public var regions: [PlanRegion]
        /// Future fires in the plan (`at > now`), registered or not.
        public var futureFires: Int
        /// The earliest instant at which a fire exists that is not registered: reconcile again
        /// before it (the earliest unregistered future fire, else the end of the plan's window).
        public var refreshBy: Instant
        /// The next instant an armed window opens or closes, when the plan has regions: a device
        /// that only reconciles must reconcile again then to watch the right regions.
        public var regionsChangeAt: Instant?
    }

    /// The fires and regions to register at `now`. Pass the plan's `PriorityIndex` when
    /// reconciling the same plan repeatedly (the fire loop does), so each call stays cheap.
    public static func registration(for plan: Plan, now: Instant, index: PriorityIndex? = nil) -> Registration {
        // Fires are sorted by `at`, so the future ones are a suffix.
        let firstFuture = partitionPoint(plan.fires) { $0.at > now }
        let future = plan.fires[firstFuture...]
        let budget = max(0, plan.limits.maxPending)
        var chosen: [Fire]
        var refreshBy = plan.window.to
        if future.count <= budget {
            chosen = Array(future)
        } else {
            // Priority first, then plan order (which is time order).
            let (indices, firstLeftOut) = (index ?? PriorityIndex(plan)).choose(from: plan, after: now, budget: budget)
            chosen = indices.map { plan.fires[$0] }
            if let firstLeftOut, firstLeftOut < refreshBy { refreshBy = firstLeftOut }
        }
        // A region is watched only while armed; the loop (or the next reconcile) follows its windows.
        let regions = LocationMonitor.activeRegions(in: plan, at: now)
        let regionsChangeAt = plan.regions.flatMap { $0.armed.flatMap { [$0.from, $0.to] } }.filter { $0 > now }.min()
        return Registration(
            fires: chosen, regions: regions, futureFires: future.count, refreshBy: refreshBy,
            regionsChangeAt: regionsChangeAt)
    }

    /// The fires and regions to register at `now`, reading from `source` only what the choice needs:
    /// with one priority level, the first `max_pending` fires after `now`; with several, the fires
    /// after `now` until the highest level alone fills the budget (or the plan ends). Gives the same
    /// registration as `registration(for: Plan, …)` over the whole plan.
    public static func registration(for source: PlanFireSource, now: Instant) throws -> Registration {
        let plan = source.header
        let budget = max(0, plan.limits.maxPending)
        let cursor = try source.cursor(from: Instant(secondsSinceEpoch: now.secondsSinceEpoch + 1))
        var chosen: [Fire] = []
        var refreshBy = plan.window.to
        var seen = 0
        if source.hasUniformPriority {
            while chosen.count < budget, let fire = try cursor.next() { chosen.append(fire) }
            seen = chosen.count
            if let leftOut = try cursor.peek(), leftOut.at < refreshBy { refreshBy = leftOut.at }
        } else {
            // Per level, by descending priority: its first `budget` future fires and the one after.
            let priorities = Set(plan.triggers.values.map(\.priority)).sorted(by: >)
            let levelOf = Dictionary(uniqueKeysWithValues: priorities.enumerated().map { ($1, $0) })
            var taken = [[Fire]](repeating: [], count: priorities.count)
            var leftOut = [Instant?](repeating: nil, count: priorities.count)
            var lastTrigger = "", lastLevel = 0
            while let fire = try cursor.peek() {
                if fire.trigger != lastTrigger {
                    lastTrigger = fire.trigger
                    lastLevel = levelOf[plan.triggers[fire.trigger]?.priority ?? 0] ?? priorities.count - 1
                }
                // Once the top level has more future fires than the budget, it takes every slot.
                if taken[0].count == budget && leftOut[0] != nil { break }
                _ = try cursor.next()
                seen += 1
                if taken[lastLevel].count < budget {
                    taken[lastLevel].append(fire)
                } else if leftOut[lastLevel] == nil {
                    leftOut[lastLevel] = fire.at
                }
            }
            var remaining = budget
            for level in taken.indices {
                let take = min(remaining, taken[level].count)
                chosen += taken[level][..<take]
                remaining -= take
                let firstLeftOut = take < taken[level].count ? taken[level][take].at : leftOut[level]
                if let firstLeftOut, firstLeftOut < refreshBy { refreshBy = firstLeftOut }
            }
            chosen.sort(by: Fire.precedes)
        }
        let futureFires = seen + (try cursor.remainingCount())
        let regions = LocationMonitor.activeRegions(in: plan, at: now)
        let regionsChangeAt = LocationMonitor.nextEdge(in: plan.regions, after: now)
        return Registration(
            fires: chosen, regions: regions, futureFires: futureFires, refreshBy: refreshBy,
            regionsChangeAt: regionsChangeAt)
    }

    /// Cancels everything `backend` holds, then registers the fires and regions for `now` from `source`.
    @discardableResult
    public static func reconcile(_ source: PlanFireSource, now: Instant, backend: any Backend) throws -> Registration {
        let registration = try registration(for: source, now: now)
        try backend.cancelAll()
        for fire in registration.fires {
            try backend.schedule(fire, trigger: source.header.triggers[fire.trigger] ?? PlanTrigger(kind: "once"))
        }
        for region in registration.regions { try backend.monitor(region) }
        return registration
    }

    /// Cancels everything `backend` holds, then registers the fires and regions for `now`.
    @discardableResult
    public static func reconcile(_ plan: Plan, now: Instant, backend: any Backend, index: PriorityIndex? = nil) throws -> Registration {
        let registration = registration(for: plan, now: now, index: index)
        try backend.cancelAll()
        for fire in registration.fires {
            try backend.schedule(fire, trigger: plan.triggers[fire.trigger] ?? PlanTrigger(kind: "once"))
        }
        for region in registration.regions { try backend.monitor(region) }
        return registration
    }

    /// The first index at or after `start` whose fire satisfies `isAfter`, for a predicate that is
    /// false then true along the plan's order.
    static func partitionPoint(_ fires: [Fire], from start: Int = 0, _ isAfter: (Fire) -> Bool) -> Int {
        var low = start, high = fires.count
        while low < high {
            let mid = (low + high) / 2
            if isAfter(fires[mid]) { high = mid } else { low = mid + 1 }
        }
        return low
    }
}
