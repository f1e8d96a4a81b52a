import AlmanacModel
import AlmanacTime

extension CalendarGroup {
    /// What members of one group share: the day rule, zone and policies.
    struct Shape: Hashable {
        var zone: String
        var months: [Int]?
        var days: [Int]?
        var weekdays: [WeekdaySelector]?
        var invalidDates: InvalidDatePolicy
        var dst: DSTPolicy

        /// The shape of `trigger` if it may join a group, else nil.
        init?(_ trigger: Trigger) {
            guard trigger.start == nil, trigger.end == nil, trigger.count == nil,
                trigger.except.isEmpty, (trigger.jitter?.seconds ?? 0) <= 1
            else { return nil }
            if case .some = trigger.during { return nil }
            guard case .calendar(let rule) = trigger.kind else { return nil }
            zone = trigger.timezone ?? "UTC"
            months = rule.months
            days = rule.days
            weekdays = rule.weekdays
            invalidDates = trigger.invalidDates
            dst = trigger.dst
        }
    }

    /// The ranks of `triggers` (sorted by id) that can share a group, in groups of at least
    /// `minimumSize`, each in rank order; every other trigger gets its own `TriggerStream`.
    static func partition(_ triggers: [Trigger], minimumSize: Int) -> [[Int]] {
        partition(triggers, order: Array(triggers.indices), minimumSize: minimumSize)
    }

    /// Likewise for the triggers at `order` (positions in `triggers`, sorted by id): rank r is `order[r]`.
    static func partition(_ triggers: [Trigger], order: [Int], minimumSize: Int) -> [[Int]] {
        var shapes: [Shape] = []
        var groups: [[Int]] = []
        var index: [Shape: Int] = [:]
        for (rank, position) in order.enumerated() {
            guard let shape = Shape(triggers[position]) else { continue }
            // Large specs repeat one shape: comparing with the last one spares most hashing.
            if let last = shapes.last, last == shape {
                groups[groups.count - 1].append(rank)
            } else if let g = index[shape] {
                groups[g].append(rank)
            } else {
                index[shape] = groups.count
                shapes.append(shape)
                groups.append([rank])
            }
        }
        return groups.filter { $0.count >= minimumSize }
    }
}
