import AlmanacPlan
import AlmanacTime

/// The window a command asks for, before it is pinned to instants: `--from`, `--to`, `--horizon`.
public struct WindowRequest: Hashable, Sendable {
    /// When nothing else says, plans cover this long.
    public static let defaultHorizon = TimeSpan(seconds: 30 * 86_400)

    public var from: TimeArgument
    public var to: TimeArgument?
    public var horizon: TimeSpan?

    public init(from: TimeArgument = .today, to: TimeArgument? = nil, horizon: TimeSpan? = nil) {
        self.from = from
        self.to = to
        self.horizon = horizon
    }

    /// The half-open window `[from, to)`. Days start at local midnight in `zone` (UTC when the
    /// spec has none); `now` is passed in by the executable, never read here. The length is `to`,
    /// else `horizon`, else the spec's `horizon:`, else 30 days.
    public func resolve(now: Instant, zone: String?, specHorizon: TimeSpan?) -> Window? {
        // The table must cover the dates asked for, not only `now`: outside its span offsets are
        // extrapolated, which put a pinned date across a DST change an hour off.
        var low = now.secondsSinceEpoch, high = now.secondsSinceEpoch
        for case .date(let d)? in [from, to] {
            low = min(low, Int64(d.daysSinceEpoch) * 86_400)
            high = max(high, Int64(d.daysSinceEpoch) * 86_400)
        }
        let table = OffsetTable(zone: zone ?? "UTC", covering: Instant(secondsSinceEpoch: low - 400 * 86_400),
                                to: Instant(secondsSinceEpoch: high + 400 * 86_400))
        guard let table else { return nil }
        func pin(_ t: TimeArgument) -> Instant {
            switch t {
            case .now: return now
            case .instant(let i): return i
            case .today: return startOfDay(LocalDateTime(wallSeconds: now.secondsSinceEpoch + Int64(table.offset(at: now))).date, table)
            case .date(let d): return startOfDay(d, table)
            }
        }
        let start = pin(from)
        let end = to.map(pin) ?? start.adding(horizon ?? specHorizon ?? Self.defaultHorizon)
        guard end > start else { return nil }
        return Window(from: start, to: end)
    }

    /// Local midnight of `date`; where midnight falls in a gap, the first instant after it.
    func startOfDay(_ date: CivilDate, _ table: OffsetTable) -> Instant {
        let midnight = LocalDateTime(date: date, time: .midnight)
        switch table.resolve(midnight) {
        case .unique(let i, _): return i
        case .gap(let transition, _, _): return transition
        case .overlap(let first, _, _, _): return first
        }
    }
}
