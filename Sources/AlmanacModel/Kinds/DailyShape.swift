import AlmanacTime

/// When a wall-clock rule fires within a day: its times of day and which dates it fires on.
///
/// The one answer `explain` (its daylight-saving clauses), `export` (what a scheduler does at a
/// clock change) and the compiler's daylight-saving lint read; each kind says its own shape
/// (`TriggerKind.dailyShape`), and nil for kinds whose times are not a daily set (elapsed time,
/// events, RRULEs below daily).
public struct DailyShape: Sendable {
    /// Seconds of the day, in the rule's order (not necessarily sorted or distinct).
    public var times: [Int]
    /// Whether the rule fires on a local date (at its times).
    public var selects: @Sendable (CivilDate) -> Bool

    public init(times: [Int], selects: @escaping @Sendable (CivilDate) -> Bool) {
        self.times = times
        self.selects = selects
    }

    /// Two of its times of day at most an hour apart, around midnight too: the rule has a rhythm
    /// to keep through a clock change, not one fire a day (or a few).
    public var firesHourly: Bool {
        let seconds = times.sorted()
        guard seconds.count > 1 else { return false }
        for i in 1..<seconds.count where seconds[i] - seconds[i - 1] <= 3600 { return true }
        return seconds[0] + 86_400 - seconds[seconds.count - 1] <= 3600
    }
}
