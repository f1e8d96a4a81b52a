import AlmanacPlan
import AlmanacTime

/// The phone practice as a function: cancel everything, then register future fires, at most
/// `max_pending`, so that nothing soon is ever left out.
///
/// Coverage comes first: every future fire before `min(now + min_coverage, the instant where the
/// soonest max_pending future fires end)` is registered. The slots left go to later fires by
/// priority, then time, then plan order — so a priority can only extend what is covered, never
/// starve a reminder due in the next minutes. `refresh_by` is the first future fire not registered
/// (else the window's end): always after `now`, and no fire before it is missing.
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

    /// How a plan's window stands at `now`: a registration from a plan that has ended, or that ends
    /// before `now + min_coverage`, cannot cover what the budget promises.
    public enum Expiry: Equatable, Sendable {
        case fresh
        /// The window ends at this instant, before `now + min_coverage`.
        case expiring(Instant)
        /// The window ended at this instant, at or before `now`: nothing can be registered.
        case expired(Instant)
    }

    /// Whether `plan` still covers `now` and the `min_coverage` after it.
    public static func expiry(of plan: Plan, now: Instant) -> Expiry {
        if plan.window.to <= now { return .expired(plan.window.to) }
        if plan.window.to < coverageEnd(of: plan, now: now) { return .expiring(plan.window.to) }
        return .fresh
    }

    /// `now + min_coverage`: calendar days on the wall clock of the plan's zone (the zone its zoned
    /// triggers share, else UTC), then elapsed seconds.
    public static func coverageEnd(of plan: Plan, now: Instant) -> Instant {
        let coverage = plan.limits.minCoverage
        return coverage.added(to: now, zone: plan.calendarZone)
            ?? Instant(secondsSinceEpoch: now.secondsSinceEpoch &+ coverage.nominalSeconds)
    }

    /// Where coverage stops counting: `now + min_coverage`, or sooner where the budget's soonest
    /// fires end (`budgetEnd`, the last of them); every future fire before it is registered.
    package static func coverageCutoff(of plan: Plan, now: Instant, budgetEnd: Instant?) -> Instant {
        guard let budgetEnd else { return Instant(secondsSinceEpoch: now.secondsSinceEpoch + 1) }
        return min(coverageEnd(of: plan, now: now), budgetEnd)
    }

    /// The fires and regions to register at `now`. Pass the plan's `PriorityIndex` when
    /// reconciling the same plan repeatedly (the fire loop does), so each call stays cheap.
    public static func registration(
        for plan: Plan, now: Instant, index: PriorityIndex? = nil, position: LocationFix? = nil, device: DeviceLimits? = nil
    ) -> Registration {
        // Fires are sorted by `at`, so the future ones are a suffix.
        let firstFuture = partitionPoint(plan.fires) { $0.at > now }
        let future = plan.fires[firstFuture...]
        let budget = DeviceLimits.pending(plan.limits, device)
        var chosen: [Fire]
        var refreshBy = plan.window.to
        if future.count <= budget {
            chosen = Array(future)
        } else {
            let cutoff = coverageCutoff(of: plan, now: now, budgetEnd: budget > 0 ? plan.fires[firstFuture + budget - 1].at : nil)
            let firstLate = partitionPoint(plan.fires, from: firstFuture) { $0.at >= cutoff }
            // Later fires by priority, then plan order (which is time order).
            let (indices, firstLeftOut) = (index ?? PriorityIndex(plan)).choose(
                from: plan, atOrAfter: cutoff, budget: budget - (firstLate - firstFuture))
            chosen = Array(plan.fires[firstFuture..<firstLate]) + indices.map { plan.fires[$0] }
            if let firstLeftOut, firstLeftOut < refreshBy { refreshBy = firstLeftOut }
        }
        // A region is watched only while armed; the loop (or the next reconcile) follows its windows.
        let regions = RegionChoice.activeRegions(
            in: plan, at: now, position: position, budget: DeviceLimits.regions(plan.limits, device))
        let regionsChangeAt = plan.regions.flatMap { $0.armed.flatMap { [$0.from, $0.to] } }.filter { $0 > now }.min()
        return Registration(
            fires: chosen, regions: regions, futureFires: future.count, refreshBy: refreshBy,
            regionsChangeAt: regionsChangeAt)
    }

    /// The fires and regions to register at `now`, reading from `source` only what the choice needs:
    /// the soonest `max_pending` fires after `now`; with several priority levels, then the fires
    /// after the coverage cutoff until the highest level alone fills the slots left (or the plan
    /// ends). Gives the same registration as `registration(for: Plan, …)` over the whole plan.
    public static func registration(
        for source: PlanFireSource, now: Instant, position: LocationFix? = nil, device: DeviceLimits? = nil
    ) throws -> Registration {
        let plan = source.header
        let budget = DeviceLimits.pending(plan.limits, device)
        let cursor = try source.cursor(from: Instant(secondsSinceEpoch: now.secondsSinceEpoch + 1))
        var soonest: [Fire] = []
        while soonest.count < budget, let fire = try cursor.next() { soonest.append(fire) }
        var seen = soonest.count
        var chosen = soonest
        var refreshBy = plan.window.to
        if let next = try cursor.peek() {
            if source.hasUniformPriority {
                // The slots left after the covered fires go to the next fires in time: the soonest.
                if next.at < refreshBy { refreshBy = next.at }
            } else {
                let cutoff = coverageCutoff(of: plan, now: now, budgetEnd: soonest.last?.at)
                let covered = soonest.prefix { $0.at < cutoff }.count
                // Fires from the cutoff on, soonest first, compete for the slots left.
                var pending = soonest[covered...].makeIterator()
                var held: Fire? = pending.next()
                func peekCandidate() throws -> Fire? { if let held { held } else { try cursor.peek() } }
                func takeCandidate() throws {
                    if held != nil { held = pending.next() } else { _ = try cursor.next(); seen += 1 }
                }
                let slots = budget - covered
                // Per level, by descending priority: its first `slots` fires and the one after.
                let priorities = Set(plan.triggers.values.map(\.priority)).sorted(by: >)
                let levelOf = Dictionary(uniqueKeysWithValues: priorities.enumerated().map { ($1, $0) })
                var taken = [[Fire]](repeating: [], count: priorities.count)
                var leftOut = [Instant?](repeating: nil, count: priorities.count)
                var lastTrigger = "", lastLevel = 0
                while let fire = try peekCandidate() {
                    if fire.trigger != lastTrigger {
                        lastTrigger = fire.trigger
                        lastLevel = levelOf[plan.triggers[fire.trigger]?.priority ?? 0] ?? priorities.count - 1
                    }
                    // Once the top level has more fires than the slots, it takes every one of them.
                    if taken[0].count == slots && leftOut[0] != nil { break }
                    // With no slot left, the first candidate is the first fire left out.
                    if slots == 0 && leftOut.contains(where: { $0 != nil }) { break }
                    try takeCandidate()
                    if taken[lastLevel].count < slots {
                        taken[lastLevel].append(fire)
                    } else if leftOut[lastLevel] == nil {
                        leftOut[lastLevel] = fire.at
                    }
                }
                chosen = Array(soonest[..<covered])
                var remaining = slots
                var later: [Fire] = []
                for level in taken.indices {
                    let take = min(remaining, taken[level].count)
                    later += taken[level][..<take]
                    remaining -= take
                    let firstLeftOut = take < taken[level].count ? taken[level][take].at : leftOut[level]
                    if let firstLeftOut, firstLeftOut < refreshBy { refreshBy = firstLeftOut }
                }
                chosen += later.sorted(by: Fire.precedes)
            }
        }
        let futureFires = seen + (try cursor.remainingCount())
        let regions = RegionChoice.activeRegions(
            in: plan, at: now, position: position, budget: DeviceLimits.regions(plan.limits, device))
        let regionsChangeAt = RegionChoice.nextEdge(in: plan.regions, after: now)
        return Registration(
            fires: chosen, regions: regions, futureFires: futureFires, refreshBy: refreshBy,
            regionsChangeAt: regionsChangeAt)
    }

    /// The first index at or after `start` whose fire satisfies `isAfter`, for a predicate that is
    /// false then true along the plan's order.
    package static func partitionPoint(_ fires: [Fire], from start: Int = 0, _ isAfter: (Fire) -> Bool) -> Int {
        var low = start, high = fires.count
        while low < high {
            let mid = (low + high) / 2
            if isAfter(fires[mid]) { high = mid } else { low = mid + 1 }
        }
        return low
    }
}

extension Plan {
    /// The zone whose wall clock counts a plan's calendar days (`min_coverage`, dates on the command
    /// line): the zone all its zoned triggers share, else UTC.
    public var calendarZone: String {
        let zones = Set(triggers.values.compactMap(\.timezone))
        return zones.count == 1 ? zones.first! : "UTC"
    }
}
