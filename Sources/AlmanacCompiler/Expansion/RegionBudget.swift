import AlmanacPlan
import AlmanacModel
import AlmanacTime

/// Keeps at most `limits.max_regions` regions armed at any moment. Where more would be, the
/// regions ranked highest stay armed — higher `priority` first, then the trigger id in byte order —
/// and the others lose exactly those moments, with one `regionBudget` warning per trigger that loses
/// any, naming its first dropped interval.
///
/// At every instant the kept regions are the top `max_regions` of those armed by rank, so the result
/// does not depend on the order the triggers were written in.
struct RegionBudget {
    /// The regions with their armed windows clipped to the budget, in the input order.
    private(set) var regions: [PlanRegion] = []
    /// One warning per trigger whose armed windows were clipped, in trigger id order.
    private(set) var diagnostics: [Diagnostic] = []

    init(_ armings: [(trigger: Trigger, arming: LocationArming)], maxRegions: Int) {
        let ranked = armings.indices.sorted { a, b in
            let (ta, tb) = (armings[a].trigger, armings[b].trigger)
            if ta.priority != tb.priority { return ta.priority > tb.priority }
            return ta.id.utf8.lexicographicallyPrecedes(tb.id.utf8)
        }
        var kept = [InstantIntervals](repeating: InstantIntervals(), count: armings.count)
        var dropped = [InstantIntervals](repeating: InstantIntervals(), count: armings.count)
        // levels[k]: the moments at least k + 1 better-ranked regions are kept armed. Adding one
        // region's kept windows raises each level by the part of the level below it they cover,
        // so the budget costs the depth reached per region, not a sweep over all regions so far.
        var levels: [InstantIntervals] = []
        for index in ranked {
            let armed = armings[index].arming.armed
            // Moments already taken by max_regions better-ranked regions.
            let keep = maxRegions <= 0 ? InstantIntervals() : levels.count == maxRegions ? armed.subtracting(levels[maxRegions - 1]) : armed
            kept[index] = keep
            dropped[index] = armed.subtracting(keep)
            var carry = keep
            var level = 0
            while !carry.isEmpty && level < maxRegions {
                guard level < levels.count else {
                    levels.append(carry)
                    break
                }
                let above = levels[level].intersecting(carry)
                levels[level] = levels[level].union(carry)
                carry = above
                level += 1
            }
        }
        for (index, entry) in armings.enumerated() {
            var region = entry.arming.region
            region.armed = kept[index].windows
            regions.append(region)
        }
        for index in armings.indices.sorted(by: { armings[$0].trigger.id.utf8.lexicographicallyPrecedes(armings[$1].trigger.id.utf8) }) {
            guard let first = dropped[index].intervals.first else { continue }
            let trigger = armings[index].trigger
            let count = dropped[index].intervals.count
            let more = count > 1 ? " and \(count - 1) more interval\(count > 2 ? "s" : "")" : ""
            diagnostics.append(
                Diagnostic(
                    .regionBudget,
                    "trigger '\(trigger.id)' (priority \(trigger.priority)) is not armed from \(Instant(secondsSinceEpoch: first.from)) "
                        + "to \(Instant(secondsSinceEpoch: first.to))\(more): more than max_regions = \(maxRegions) regions are armed then "
                        + "(higher priority, then trigger id, wins); raise limits.max_regions or the trigger's priority",
                    at: trigger.range))
        }
    }
}
