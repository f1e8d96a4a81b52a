import AlmanacTime

/// A zone's clock changes over a fixed span of years, each as it repeats on a wall clock: which
/// time of day it starts at and how long it skips or repeats.
///
/// The span is 2020–2039, fixed, so that what `explain`, `export` and the lints conclude depends
/// on the spec and the zone data release only, never on today's date.
public struct ClockChanges: Sendable {
    /// The span of zone data read: 2020-01-01 up to 2040-01-01 (UTC).
    public static let span = (from: Instant(secondsSinceEpoch: 1_577_836_800), to: Instant(secondsSinceEpoch: 2_208_988_800))

    /// One change of the zone's offset, on the wall clock.
    public struct Change: Sendable, Equatable {
        /// A spring-forward gap (times skipped); otherwise a fall-back overlap (times repeated).
        public var isGap: Bool
        /// The wall time the skipped or repeated stretch starts at, in seconds since 1970 local.
        public var wall: Int64
        /// The same as a time of day, seconds 0..<86,400.
        public var start: Int
        /// How long the stretch is, seconds.
        public var length: Int

        /// Whether time of day `t` (seconds) falls in the stretch, counted from its start across midnight.
        public func contains(_ t: Int) -> Bool { offset(of: t) < length }

        /// The local date time of day `t` falls on within the stretch: the change's, or the next
        /// when the stretch crosses midnight.
        public func date(of t: Int) -> CivilDate { LocalDateTime(wallSeconds: wall + Int64(offset(of: t))).date }

        func offset(of t: Int) -> Int { ((t - start) % 86_400 + 86_400) % 86_400 }
    }

    /// One time of day a change catches on a date the rule fires on.
    public struct Hit: Sendable, Equatable {
        public var change: Change
        /// Seconds of the day.
        public var time: Int
        public var date: CivilDate
    }

    /// The zone's offsets over the span.
    public let table: OffsetTable
    /// The changes within the span, in time order.
    public let changes: [Change]

    /// Nil when the zone data cannot be read.
    public init?(zone: String) {
        guard let table = OffsetTable(zone: zone, covering: Self.span.from, to: Self.span.to) else { return nil }
        self.table = table
        changes = table.changes.filter { $0.instant >= Self.span.from && $0.instant < Self.span.to }.map { c in
            let isGap = c.after > c.before
            let wall = c.instant.secondsSinceEpoch + Int64(isGap ? c.before : c.after)
            return Change(isGap: isGap, wall: wall, start: Int(((wall % 86_400) + 86_400) % 86_400), length: abs(c.after - c.before))
        }
    }

    /// The times of `shape` each change skips or repeats on a day the shape fires on, change by
    /// change, each change's times in the shape's order.
    public func hits(_ shape: DailyShape) -> [Hit] {
        var out: [Hit] = []
        for change in changes {
            for t in shape.times where change.contains(t) {
                let date = change.date(of: t)
                if shape.selects(date) { out.append(Hit(change: change, time: t, date: date)) }
            }
        }
        return out
    }
}
