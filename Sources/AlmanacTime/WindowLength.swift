/// A window's length as written (`30d`, `4w`, `12h`, `1d12h`, `P1DT2H`): whole days and weeks are
/// calendar days in the zone, keeping the wall-clock time, as Temporal's `ZonedDateTime.add({days})`
/// does; hours, minutes and seconds are elapsed time. So `--from 2026-10-15 --horizon 30d` ends at
/// local midnight on 2026-11-14 across a fall-back, and pinned windows chain without gap or overlap.
public struct WindowLength: Hashable, Sendable {
    /// Calendar days (a week is seven).
    public var days: Int64
    /// Elapsed seconds added after the days.
    public var seconds: Int64

    public init(days: Int64 = 0, seconds: Int64 = 0) {
        self.days = days
        self.seconds = seconds
    }

    /// Its length if every day had 86,400 seconds (for comparisons and limits).
    public var nominalSeconds: Int64 { days &* 86_400 &+ seconds }
}

extension WindowLength {
    /// `n` calendar days in the zone (wall-clock time kept across DST changes).
    public static func days(_ n: Int64) -> WindowLength { WindowLength(days: n) }
    /// `n` calendar weeks.
    public static func weeks(_ n: Int64) -> WindowLength { WindowLength(days: 7 * n) }
    /// `n` elapsed hours.
    public static func hours(_ n: Int64) -> WindowLength { WindowLength(seconds: 3_600 * n) }
}

extension WindowLength {
    /// `start` plus this length: the days on `zone`'s wall clock, keeping the time of day (a result
    /// in a gap moves forward by the gap's length, one in an overlap takes the earlier instant, as
    /// Temporal's "compatible" disambiguation), then the elapsed seconds. Nil for an unknown zone.
    public func added(to start: Instant, zone: String) -> Instant? {
        let days = min(max(self.days, -4_000_000), 4_000_000)
        if days == 0 { return Instant(secondsSinceEpoch: start.secondsSinceEpoch &+ seconds) }
        let roughEnd = start.secondsSinceEpoch + days * 86_400
        guard
            let table = OffsetTable(
                zone: zone, covering: Instant(secondsSinceEpoch: min(start.secondsSinceEpoch, roughEnd) - 2 * 86_400),
                to: Instant(secondsSinceEpoch: max(start.secondsSinceEpoch, roughEnd) + 2 * 86_400))
        else { return nil }
        let wall = start.secondsSinceEpoch + Int64(table.offset(at: start)) + days * 86_400
        let local = LocalDateTime(wallSeconds: wall)
        let instant: Instant
        switch table.resolve(local, policy: DSTPolicy(gap: .shift, overlap: .first)) {
        case .one(let time), .two(let time, _): instant = time.instant
        case .none: return nil
        }
        return Instant(secondsSinceEpoch: instant.secondsSinceEpoch &+ seconds)
    }
}
