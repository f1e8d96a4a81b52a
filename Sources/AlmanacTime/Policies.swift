/// What to do with a local time that a spring-forward transition skips.
public enum GapPolicy: String, Sendable, CaseIterable {
    /// Read the time with the offset in force before the gap (RFC 5545 §3.3.5): 02:30 fires at 03:30.
    case shift
    /// Fire at the transition instant, the first valid time after the gap (Apple's `.nextTime`).
    case next
    /// Do not fire.
    case skip
}

/// What to do with a local time that a fall-back transition repeats.
public enum OverlapPolicy: String, Sendable, CaseIterable {
    case first, last, both
}

/// The daylight-saving policy of a trigger.
public struct DSTPolicy: Hashable, Sendable {
    public var gap: GapPolicy
    public var overlap: OverlapPolicy

    public init(gap: GapPolicy = .shift, overlap: OverlapPolicy = .first) {
        self.gap = gap
        self.overlap = overlap
    }

    public static let standard = DSTPolicy()
}

/// What to do with a date a rule names that the month does not have (Feb 30, the fifth Friday that isn't).
public enum InvalidDatePolicy: String, Sendable, CaseIterable {
    /// Skip it (RFC 5545).
    case omit
    /// Clamp to the month's last valid day (RFC 7529 SKIP=BACKWARD).
    case backward
    /// Move to the first day of the next month (RFC 7529 SKIP=FORWARD).
    case forward
}
