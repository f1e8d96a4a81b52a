import AlmanacPlan
import AlmanacModel
import AlmanacTime

/// Finds where more than `limits.max_regions` regions are armed at once. The plan keeps every armed
/// window: which regions a device watches then depends on where it is, which only the executor
/// knows (it watches the `max_regions - 1` nearest and a refresh region around itself). The warning
/// names, per trigger, the moments a ranking without a position — higher `priority` first, then the
/// trigger id in byte order — would leave it unwatched: where it may go unwatched.
///
/// The ranking does not depend on the order the triggers were written in.
struct RegionBudget {
    /// The regions with all their armed windows, in the input order.
    private(set) var regions: [PlanRegion] = []
    /// Where each region is watched by the ranking without a position, in the input order: its
    /// armed windows less the moments `max_regions` better-ranked regions take.
    private(set) var watchedWithoutPosition: [[Window]] = []
    /// One warning per trigger that may go unwatched, in trigger id order.
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
            region.armed = entry.arming.armed.windows
            regions.append(region)
            watchedWithoutPosition.append(kept[index].windows)
        }
        let nearest =
            maxRegions >= 2 ? "the \(maxRegions - 1) nearest the device and a refresh region" : "the \(maxRegions) nearest the device"
        for index in armings.indices.sorted(by: { armings[$0].trigger.id.utf8.lexicographicallyPrecedes(armings[$1].trigger.id.utf8) }) {
            guard let first = dropped[index].intervals.first else { continue }
            let trigger = armings[index].trigger
            let count = dropped[index].intervals.count
            let more = count > 1 ? " and \(count - 1) more interval\(count > 2 ? "s" : "")" : ""
            diagnostics.append(
                Diagnostic(
                    .regionBudget(
                        trigger.id, priority: trigger.priority, from: "\(Instant(secondsSinceEpoch: first.from))",
                        to: "\(Instant(secondsSinceEpoch: first.to))", more: more, limit: maxRegions, nearest: nearest),
                    at: trigger.range))
        }
    }
}
