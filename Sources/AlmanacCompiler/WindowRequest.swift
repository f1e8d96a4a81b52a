import AlmanacPlan
import AlmanacTime

/// The window a command asks for, before it is pinned to instants: `--from`, `--to`, `--horizon`.
public struct WindowRequest: Hashable, Sendable {
    /// When nothing else says, plans cover this long: 30 calendar days.
    public static let defaultHorizon = WindowLength(days: 30)

    public var from: TimePoint
    public var to: TimePoint?
    public var horizon: WindowLength?

    public init(from: TimePoint = .today, to: TimePoint? = nil, horizon: WindowLength? = nil) {
        self.from = from
        self.to = to
        self.horizon = horizon
    }

    /// The half-open window `[from, to)`. Days start at local midnight in `zone` (UTC when the
    /// spec has none); `now` is passed in by the executable, never read here. The length is `to`,
    /// else `horizon`, else the spec's `horizon:`, else 30 days. Days of a length are calendar days
    /// in `zone` (see `WindowLength`), so `--to DATE` and `--horizon Nd` agree, and windows chain.
    public func resolve(now: Instant, zone: String?, specHorizon: WindowLength?) -> Window? {
        let length = horizon ?? specHorizon ?? Self.defaultHorizon
        // Past about 10,000 years no date can be written; such windows are refused by the limits.
        let days = Int(min(max(length.days, -4_000_000), 4_000_000))
        // The table must cover the dates asked for, not only `now`: outside its span offsets are
        // extrapolated, which put a pinned date across a DST change an hour off.
        var low = now.secondsSinceEpoch, high = now.secondsSinceEpoch
        for case .date(let d)? in [from, to, endDate(days: days, now: now)] {
            low = min(low, Int64(d.daysSinceEpoch) * 86_400)
            high = max(high, Int64(d.daysSinceEpoch) * 86_400)
        }
        let table = OffsetTable(
            zone: zone ?? "UTC", covering: Instant(secondsSinceEpoch: low - 400 * 86_400),
            to: Instant(secondsSinceEpoch: high + 400 * 86_400))
        guard let table else { return nil }
        func pin(_ t: TimePoint) -> Instant {
            switch t {
            case .now: return now
            case .instant(let i): return i
            case .today: return startOfDay(LocalDateTime(wallSeconds: now.secondsSinceEpoch + Int64(table.offset(at: now))).date, table)
            case .date(let d): return startOfDay(d, table)
            }
        }
        let start = pin(from)
        let end: Instant?
        if let to {
            end = pin(to)
        } else if case .date(let last)? = endDate(days: days, now: now, table: table) {
            // From a date, N days end where that date plus N starts, even when a midnight is missing.
            end = startOfDay(last, table).adding(TimeSpan(seconds: length.seconds))
        } else {
            end = length.added(to: start, zone: zone ?? "UTC")
        }
        guard let end, end > start else { return nil }
        return Window(from: start, to: end)
    }

    /// With `--from` a date (or `today`), the date `days` later, whose start ends the window.
    private func endDate(days: Int, now: Instant, table: OffsetTable? = nil) -> TimePoint? {
        guard to == nil else { return nil }
        switch from {
        case .date(let d): return .date(d.adding(days: days))
        case .today:
            let offset = table.map { Int64($0.offset(at: now)) } ?? 0
            return .date(LocalDateTime(wallSeconds: now.secondsSinceEpoch + offset).date.adding(days: days))
        case .now, .instant: return nil
        }
    }

    /// Local midnight of `date`; where midnight falls in a gap, the first instant after it.
    func startOfDay(_ date: CivilDate, _ table: OffsetTable) -> Instant {
        table.resolve(LocalDateTime(date: date, time: .midnight)).earliestInstant
    }
}
