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

        /// The shape of the trigger at `trigger` if it may join a group, else nil. Fields are read
        /// through the pointer one by one: binding the whole `Trigger` would copy it.
        init?(_ trigger: UnsafePointer<Trigger>) {
            guard trigger.pointee.start == nil, trigger.pointee.end == nil, trigger.pointee.count == nil,
                  trigger.pointee.except.isEmpty, (trigger.pointee.jitter?.seconds ?? 0) <= 1 else { return nil }
            if case .some = trigger.pointee.during { return nil }
            guard case .calendar(let rule) = trigger.pointee.kind else { return nil }
            zone = trigger.pointee.timezone ?? "UTC"
            months = rule.months
            days = rule.days
            weekdays = rule.weekdays
            invalidDates = trigger.pointee.invalidDates
            dst = trigger.pointee.dst
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
        // Through a buffer pointer: an array subscript would copy each (large) `Trigger`.
        triggers.withUnsafeBufferPointer { triggers in
            for (rank, position) in order.enumerated() {
                guard let shape = Shape(triggers.baseAddress! + position) else { continue }
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
        }
        return groups.filter { $0.count >= minimumSize }
    }
}
