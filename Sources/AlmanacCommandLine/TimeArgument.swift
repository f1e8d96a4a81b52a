import AlmanacTime
import ArgumentParser

/// A point in time as a command line names it: `now`, `today`, a date, or an RFC 3339 instant.
/// Both executables read `--from`, `--to`, `--now`, `--until` through this one parser.
///
/// An instant is RFC 3339 with `Z` or an offset; seconds may be left out (`2026-11-23T09:00Z`) and a
/// fraction of a second is accepted and truncated (`…T09:00:00.750Z` is 09:00:00), since plans are
/// exact to the second. A date and `today` mean local midnight in a zone the caller names.
public enum TimeArgument {
    /// Parses a command-line value; nil when it is none of the accepted forms.
    public static func parse(_ text: String) -> TimePoint? {
        switch text {
        case "today": return .today
        case "now": return .now
        default:
            if let instant = parseInstant(text) { return .instant(instant) }
            return parseDate(text).map(TimePoint.date)
        }
    }

    /// The forms, for usage messages.
    public static let forms = "an RFC 3339 instant (2026-11-23T09:00:00Z), a date (2026-11-23), `today` or `now`"

    /// An RFC 3339 instant, its fraction of a second truncated.
    public static func parseInstant(_ text: String) -> Instant? { RFC3339.parseInstant(truncatingFraction: text) }

    /// `YYYY-MM-DD`, a real calendar date.
    public static func parseDate(_ text: String) -> CivilDate? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) } }),
            let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2])
        else { return nil }
        let date = CivilDate(year: y, month: m, day: d)
        return date.isValid ? date : nil
    }
}

extension TimePoint: ExpressibleByArgument {
    public init?(argument: String) {
        guard let point = TimeArgument.parse(argument) else { return nil }
        self = point
    }

    /// The argument written back: `today`, `now`, `2026-11-23`, `2026-11-23T09:00:00Z`.
    public var text: String {
        switch self {
        case .today: return "today"
        case .now: return "now"
        case .date(let d): return d.description
        case .instant(let i): return i.description
        }
    }
}
