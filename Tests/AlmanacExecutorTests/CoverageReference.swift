import AlmanacPlan
import AlmanacRegistration
import AlmanacTime

/// The budget's registration as the contract words it, computed the plain way for plans in UTC:
/// every future fire before `min(now + min_coverage, the instant where the soonest max_pending
/// future fires end)`, then the slots left by priority, then time, then plan order; `refresh_by` the
/// first future fire not registered, else the window's end.
enum CoverageReference {
    static func registration(_ plan: Plan, now: Instant) -> (ids: [String], refreshBy: Instant, cutoff: Instant?) {
        let future = plan.fires.indices.filter { plan.fires[$0].at > now }
        let budget = max(0, plan.limits.maxPending)
        guard future.count > budget else { return (future.map { plan.fires[$0].id }, plan.window.to, nil) }
        // UTC: a calendar day is 86,400 s.
        let coverageEnd = Instant(secondsSinceEpoch: now.secondsSinceEpoch + plan.limits.minCoverage.nominalSeconds)
        let cutoff = budget == 0 ? now : min(coverageEnd, plan.fires[future[budget - 1]].at)
        let covered = future.filter { plan.fires[$0].at < cutoff }
        let priority = { (i: Int) in plan.triggers[plan.fires[i].trigger]?.priority ?? 0 }
        let rest = future.filter { plan.fires[$0].at >= cutoff }.sorted { a, b in
            if priority(a) != priority(b) { return priority(a) > priority(b) }
            if plan.fires[a].at != plan.fires[b].at { return plan.fires[a].at < plan.fires[b].at }
            return a < b
        }
        let kept = Set(covered + rest.prefix(budget - covered.count))
        let leftOut = future.filter { !kept.contains($0) }.map { plan.fires[$0].at }.min() ?? plan.window.to
        return (future.filter { kept.contains($0) }.map { plan.fires[$0].id }, min(leftOut, plan.window.to), cutoff)
    }
}
