import AlmanacPlan
import AlmanacTime

/// A plan's fires grouped by trigger priority, highest first, each group in plan order: built once
/// per plan so that choosing the budget's fires at any `now` costs a few binary searches instead
/// of a sort of every future fire.
public struct PriorityIndex: Sendable {
    /// Fire indices per priority level, levels by descending priority, indices ascending.
    package let levels: [[Int]]

    public init(_ plan: Plan) {
        var byPriority: [Int: [Int]] = [:]
        var lastTrigger = ""
        var lastPriority = 0
        for (i, fire) in plan.fires.enumerated() {
            // Fires of one trigger often come in runs; look its priority up once per run.
            if fire.trigger != lastTrigger {
                lastTrigger = fire.trigger
                lastPriority = plan.triggers[fire.trigger]?.priority ?? 0
            }
            byPriority[lastPriority, default: []].append(i)
        }
        levels = byPriority.keys.sorted(by: >).map { byPriority[$0]! }
    }

    /// The fires at or after `cutoff` to register within `budget`, by (priority descending, plan
    /// order), in plan order; and the earliest of them left out.
    package func choose(from plan: Plan, atOrAfter cutoff: Instant, budget: Int) -> (chosen: [Int], firstLeftOut: Instant?) {
        var chosen: [Int] = []
        var remaining = budget
        var firstLeftOut: Instant?
        for level in levels {
            let start = Self.firstAtOrAfter(cutoff, level, plan)
            let take = min(remaining, level.count - start)
            chosen.append(contentsOf: level[start..<(start + take)])
            remaining -= take
            if start + take < level.count {
                let at = plan.fires[level[start + take]].at
                firstLeftOut = min(firstLeftOut ?? at, at)
            }
        }
        chosen.sort()
        return (chosen, firstLeftOut)
    }

    /// The first position in `level` whose fire is at or after `cutoff` (fires in a level ascend in time).
    package static func firstAtOrAfter(_ cutoff: Instant, _ level: [Int], _ plan: Plan) -> Int {
        var low = 0, high = level.count
        while low < high {
            let mid = (low + high) / 2
            if plan.fires[level[mid]].at >= cutoff { high = mid } else { low = mid + 1 }
        }
        return low
    }
}
