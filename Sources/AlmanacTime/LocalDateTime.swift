/// A wall-clock time of day, to the second.
public struct LocalTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var hour: Int
    public var minute: Int
    public var second: Int

    public init(hour: Int, minute: Int, second: Int = 0) {
        self.hour = hour
        self.minute = minute
        self.second = second
    }

    public init(secondsOfDay s: Int) {
        self.init(hour: s / 3600, minute: (s / 60) % 60, second: s % 60)
    }

    public static let midnight = LocalTime(hour: 0, minute: 0, second: 0)

    public var secondsOfDay: Int { hour * 3600 + minute * 60 + second }

    public static func < (a: LocalTime, b: LocalTime) -> Bool { a.secondsOfDay < b.secondsOfDay }

    /// `HH:MM:SS`.
    public var description: String { "\(pad(hour, 2)):\(pad(minute, 2)):\(pad(second, 2))" }
}

/// A date and wall-clock time with no zone: what a rule names before a zone turns it into an instant.
public struct LocalDateTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var date: CivilDate
    public var time: LocalTime

    public init(date: CivilDate, time: LocalTime) {
        self.date = date
        self.time = time
    }

    /// The wall time read as if it were UTC: seconds since 1970-01-01T00:00:00.
    public init(wallSeconds s: Int64) {
        let days = Int(s >= 0 ? s / 86_400 : (s - 86_399) / 86_400)
        let rest = Int(s - Int64(days) * 86_400)
        self.init(date: CivilDate(daysSinceEpoch: days), time: LocalTime(secondsOfDay: rest))
    }

    /// The wall time read as if it were UTC; differences of this value are wall-clock differences.
    public var wallSeconds: Int64 {
        Int64(date.daysSinceEpoch) * 86_400 + Int64(time.secondsOfDay)
    }

    public static func < (a: LocalDateTime, b: LocalDateTime) -> Bool {
        a.date != b.date ? a.date < b.date : a.time < b.time
    }

    /// `YYYY-MM-DDTHH:MM:SS`, the form used in fire ids.
    public var description: String { "\(date)T\(time)" }
}

/// A point on the UTC time line, to the second.
public struct Instant: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var secondsSinceEpoch: Int64

    public init(secondsSinceEpoch: Int64) { self.secondsSinceEpoch = secondsSinceEpoch }

    public static func < (a: Instant, b: Instant) -> Bool { a.secondsSinceEpoch < b.secondsSinceEpoch }

    public func adding(_ span: TimeSpan) -> Instant {
        Instant(secondsSinceEpoch: secondsSinceEpoch + span.seconds)
    }

    /// RFC 3339 in UTC with seconds: `2026-11-23T05:00:00Z`.
    public var description: String {
        LocalDateTime(wallSeconds: secondsSinceEpoch).description + "Z"
    }
}

/// An elapsed duration, to the second.
public struct TimeSpan: Hashable, Comparable, Sendable {
    public var seconds: Int64

    public init(seconds: Int64) { self.seconds = seconds }

    public static func < (a: TimeSpan, b: TimeSpan) -> Bool { a.seconds < b.seconds }
}
