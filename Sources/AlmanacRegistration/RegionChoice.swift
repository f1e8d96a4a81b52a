import AlmanacPlan
import AlmanacTime

/// Which of a plan's regions a device watches at an instant: those armed then, at most the budget,
/// nearest first when the position is known — the rule `Reconciler` and the executor's
/// `LocationMonitor` share, so a registration and the loop agree on what is watched.
public enum RegionChoice {
    /// The trigger name of the refresh region: never a trigger id, so it cannot collide with one.
    public static let refreshRegionName = "@refresh"
    /// The smallest refresh region, in metres (a phone does not watch smaller ones reliably).
    static let minimumRefreshRadius = 100.0

    /// The regions to watch at `instant`: those with an armed window containing it, in plan order.
    /// When more than `max_regions` are armed, as apps do: with a known `position`, the
    /// `max_regions - 1` whose boundary is nearest, plus a refresh region centred on the position
    /// (trigger `@refresh`, `on: exit`) that reaches no further than the nearest region left out,
    /// so the device leaves it — and the executor chooses again — before it can enter one of those;
    /// without a position, higher priority first, then plan order.
    /// `budget` (at most `max_regions`) is what the device has left for this plan's regions.
    public static func activeRegions(in plan: Plan, at instant: Instant, position: LocationFix? = nil, budget: Int? = nil) -> [PlanRegion] {
        let armed = plan.regions.filter { isArmed($0, at: instant) }
        let budget = max(0, min(plan.limits.maxRegions, budget ?? .max))
        guard armed.count > budget else { return armed }
        let priority = { (i: Int) in plan.triggers[armed[i].trigger]?.priority ?? 0 }
        guard let position else {
            let ranked = armed.indices.sorted { a, b in priority(a) != priority(b) ? priority(a) > priority(b) : a < b }
            let kept = Set(ranked.prefix(budget))
            return armed.indices.filter(kept.contains).map { armed[$0] }
        }
        // Distance from the device to each region's boundary (negative inside); unusable regions are farthest.
        let distance = armed.map { region -> Double in
            guard let tracker = LocationTracker(region) else { return .infinity }
            return position.distance(toLatitude: tracker.latitude, longitude: tracker.longitude) - tracker.radius
        }
        let ranked = armed.indices.sorted { a, b in
            if distance[a] != distance[b] { return distance[a] < distance[b] }
            return priority(a) != priority(b) ? priority(a) > priority(b) : a < b
        }
        let watched = budget >= 2 ? budget - 1 : budget
        let kept = Set(ranked.prefix(watched))
        var regions = armed.indices.filter(kept.contains).map { armed[$0] }
        if budget >= 2, let nearestLeftOut = ranked.dropFirst(watched).first {
            let radius = max(minimumRefreshRadius, distance[nearestLeftOut].isFinite ? distance[nearestLeftOut] : minimumRefreshRadius)
            regions.append(
                PlanRegion(
                    trigger: refreshRegionName, on: .exit, latitude: coordinate(position.latitude),
                    longitude: coordinate(position.longitude), radius: String(Int(radius.rounded(.down))), armed: []))
        }
        return regions
    }

    /// Degrees with six decimals (about 0.1 m), as a refresh region's centre is written.
    package static func coordinate(_ degrees: Double) -> String {
        let micro = Int64((degrees * 1_000_000).rounded())
        let sign = micro < 0 ? "-" : ""
        let magnitude = abs(micro)
        let fraction = String(magnitude % 1_000_000)
        return sign + String(magnitude / 1_000_000) + "." + String(repeating: "0", count: 6 - fraction.count) + fraction
    }

    /// Whether one of the region's windows (sorted, disjoint) contains `instant`: a binary search,
    /// so a region armed in many windows costs a logarithm, not a scan, at every edge and fix.
    package static func isArmed(_ region: PlanRegion, at instant: Instant) -> Bool {
        let windows = region.armed
        var low = 0, high = windows.count
        while low < high {
            let mid = (low + high) / 2
            if windows[mid].to <= instant { low = mid + 1 } else { high = mid }
        }
        return low < windows.count && windows[low].contains(instant)
    }

    /// The first armed-window edge of any region after `instant`.
    package static func nextEdge(in regions: [PlanRegion], after instant: Instant) -> Instant? {
        var next: Instant?
        for region in regions {
            let windows = region.armed
            var low = 0, high = windows.count
            while low < high {
                let mid = (low + high) / 2
                if windows[mid].to <= instant { low = mid + 1 } else { high = mid }
            }
            guard low < windows.count else { continue }
            let edge = windows[low].from > instant ? windows[low].from : windows[low].to
            if next.map({ edge < $0 }) ?? true { next = edge }
        }
        return next
    }

}
