/// A point in time as a command line names it: `now`, `today`, a date, or an RFC 3339 instant.
/// Both executables read `--from`, `--to`, `--now`, `--until` through this one parser.
///
/// An instant is RFC 3339 with `Z` or an offset; seconds may be left out (`2026-11-23T09:00Z`) and a
/// fraction of a second is accepted and truncated (`…T09:00:00.750Z` is 09:00:00), since plans are
/// exact to the second. A date and `today` mean local midnight in a zone the caller names.
public enum TimeArgument: Hashable, Sendable {
    /// The start of the current day.
    case today
    case now
    /// The start of that day.
    case date(CivilDate)
    case instant(Instant)

    /// Parses a command-line value; nil when it is none of the accepted forms.
    public init?(_ text: String) {
        switch text {
        case "today": self = .today
        case "now": self = .now
        default:
            if let instant = Self.parseInstant(text) {
                self = .instant(instant)
            } else if let date = Self.parseDate(text) {
                self = .date(date)
            } else {
                return nil
            }
        }
    }

    /// The forms, for usage messages.
    public static let forms = "an RFC 3339 instant (2026-11-23T09:00:00Z), a date (2026-11-23), `today` or `now`"

    /// An RFC 3339 instant, its fraction of a second truncated.
    public static func parseInstant(_ text: String) -> Instant? {
        var bytes = Array(text.utf8)
        // `…:SS.fff…` → `…:SS`: the digits after the seconds' point are dropped, whatever they are.
        if bytes.count > 20, bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: "t"),
           bytes[16] == UInt8(ascii: ":"), bytes[19] == UInt8(ascii: ".") {
            var end = 20
            while end < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[end]) { end += 1 }
            guard end > 20 else { return nil }
            bytes.removeSubrange(19..<end)
        }
        return RFC3339.parseInstant(String(decoding: bytes, as: UTF8.self))
    }

    /// `YYYY-MM-DD`, a real calendar date.
    public static func parseDate(_ text: String) -> CivilDate? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) } }),
              let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]) else { return nil }
        let date = CivilDate(year: y, month: m, day: d)
        return date.isValid ? date : nil
    }

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
            guard let table = OffsetTable(zone: zone, covering: Instant(secondsSinceEpoch: low - 2 * 86_400),
                                          to: Instant(secondsSinceEpoch: high + 2 * 86_400)) else { return nil }
            let date: CivilDate
            if case .date(let d) = self {
                date = d
            } else {
                date = LocalDateTime(wallSeconds: now.secondsSinceEpoch + Int64(table.offset(at: now))).date
            }
            switch table.resolve(LocalDateTime(date: date, time: .midnight)) {
            case .unique(let i, _): return i
            case .gap(let transition, _, _): return transition
            case .overlap(let first, _, _, _): return first
            }
        }
    }
}
