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
