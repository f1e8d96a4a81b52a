/// A point in time as a window names it: `now`, the start of today, the start of a date, or an
/// instant. `now` is always passed in by the caller: no library reads the clock.
public enum TimePoint: Hashable, Sendable {
    /// The start of the current day.
    case today
    case now
    /// The start of that day.
    case date(CivilDate)
    case instant(Instant)

    /// The instant meant, with dates and `today` at local midnight in `zone` (where midnight falls
    /// in a gap, the first instant after it; in an overlap, the first). Nil for an unknown zone.
    public func resolve(now: Instant, zone: String) -> Instant? {
        switch self {
        case .now: return now
        case .instant(let i): return i
        case .today, .date:
            var low = now.secondsSinceEpoch, high = now.secondsSinceEpoch
            if case .date(let d) = self {
                low = min(low, Int64(d.daysSinceEpoch) * 86_400)
                high = max(high, Int64(d.daysSinceEpoch) * 86_400)
            }
            guard
                let table = OffsetTable(
                    zone: zone, covering: Instant(secondsSinceEpoch: low - 2 * 86_400),
                    to: Instant(secondsSinceEpoch: high + 2 * 86_400))
            else { return nil }
            let date: CivilDate
            if case .date(let d) = self {
                date = d
            } else {
                date = LocalDateTime(wallSeconds: now.secondsSinceEpoch + Int64(table.offset(at: now))).date
            }
            return table.resolve(LocalDateTime(date: date, time: .midnight)).earliestInstant
        }
    }
}
