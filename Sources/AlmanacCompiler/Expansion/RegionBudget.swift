import AlmanacPlan
import AlmanacSpec
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
        var keptSoFar: [InstantIntervals] = []
        for index in ranked {
            let armed = armings[index].arming.armed
            // Moments already taken by max_regions better-ranked regions.
            let full = InstantIntervals.covered(atLeast: max(0, maxRegions), by: keptSoFar)
            kept[index] = armed.subtracting(full)
            dropped[index] = armed.subtracting(kept[index])
            keptSoFar.append(kept[index])
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
            diagnostics.append(Diagnostic(.regionBudget,
                "trigger '\(trigger.id)' (priority \(trigger.priority)) is not armed from \(Instant(secondsSinceEpoch: first.from)) "
                + "to \(Instant(secondsSinceEpoch: first.to))\(more): more than max_regions = \(maxRegions) regions are armed then "
                + "(higher priority, then trigger id, wins); raise limits.max_regions or the trigger's priority",
                at: trigger.range))
        }
    }
}
