import AlmanacTime

extension ValueSyntax {
    /// Which signs a duration may have where it is used.
    public enum DurationSign: Sendable {
        /// Greater than zero (intervals, horizons).
        case positive
        /// Zero allowed (a jitter of nothing).
        case nonNegative
        /// Anything, including a leading `-`.
        case any
    }

    /// A duration: `90s`, `15m`, `2h`, `1d`, `1w` or combinations in descending order (`1h30m`), or
    /// ISO 8601 `PT15M`, `P1D`, `P1DT2H`, `P2W`. Years and months are refused: their length varies.
    public static func duration(_ text: String, sign: DurationSign = .positive) -> Result<TimeSpan, SyntaxError> {
        durationParts(text, sign: sign).map { TimeSpan(seconds: $0.days * 86_400 + $0.seconds) }
    }

    /// A window length (`horizon:`, `--horizon`): the same forms as `duration`, with days and weeks
    /// kept apart as calendar days (see `WindowLength`).
    public static func windowLength(_ text: String) -> Result<WindowLength, SyntaxError> {
        durationParts(text, sign: .positive).map { WindowLength(days: $0.days, seconds: $0.seconds) }
    }

    /// A duration as whole days (from `d`, `w`, ISO `D`, `W`) and the remaining seconds.
    private static func durationParts(_ text: String, sign: DurationSign) -> Result<(days: Int64, seconds: Int64), SyntaxError> {
        let t = ScalarText(text)
        let r = t.trimmed(t.whole)
        guard !r.isEmpty else {
            return .failure(SyntaxError(.durationExpected, at: r))
        }
        let negative = t[r.lowerBound] == "-"
        let body = (negative ? r.lowerBound + 1 : r.lowerBound)..<r.upperBound
        let parsed = (t[body.lowerBound] == "P" || t[body.lowerBound] == "p") ? readISODuration(t, body) : readShortDuration(t, body)
        return parsed.flatMap { parts in
            let magnitude = parts.days * 86_400 + parts.seconds
            let value = negative ? -magnitude : magnitude
            switch sign {
            case .positive where value < 0, .nonNegative where value < 0:
                return .failure(
                    SyntaxError(.durationNegative(positive: quoted(t.string(body))), at: r))
            case .positive where value == 0:
                return .failure(
                    SyntaxError(.durationZero, at: r))
            default:
                return .success(negative ? (-parts.days, -parts.seconds) : parts)
            }
        }
    }

    /// Short-form units, largest first, with their length in seconds.
    private static let shortUnits: [(unit: Unicode.Scalar, seconds: Int64, name: String)] = [
        ("w", 604_800, "weeks"), ("d", 86_400, "days"), ("h", 3_600, "hours"), ("m", 60, "minutes"), ("s", 1, "seconds"),
    ]

    /// Unit words people write, mapped to the short unit to suggest instead.
    private static let unitWords: [String: String] = [
        "sec": "s", "secs": "s", "second": "s", "seconds": "s",
        "min": "m", "mins": "m", "minute": "m", "minutes": "m",
        "hr": "h", "hrs": "h", "hour": "h", "hours": "h",
        "day": "d", "days": "d", "wk": "w", "week": "w", "weeks": "w",
    ]

    /// Calendar units people write, which have no fixed length.
    private static let calendarUnitWords: [String: String] = [
        "mo": "months", "mon": "months", "month": "months", "months": "months",
        "y": "years", "yr": "years", "yrs": "years", "year": "years", "years": "years",
    ]

    /// The message for a calendar unit (`1 month`, `1y`) or nil for anything else.
    private static func calendarUnitProblem(_ unit: String) -> DiagnosticMessage? {
        calendarUnitWords[unit.lowercased()].map { DiagnosticMessage.durationCalendarUnit($0) }
    }

    private static func readShortDuration(_ t: ScalarText, _ r: Range<Int>) -> Result<(days: Int64, seconds: Int64), SyntaxError> {
        var total: Int64 = 0
        var days: Int64 = 0
        var i = r.lowerBound
        var lastRank = -1
        while i < r.upperBound {
            let digits = t.digitRun(from: i)
            guard let n = t.number(digits) else {
                if digits.isEmpty {
                    let rest = i..<r.upperBound
                    return .failure(
                        SyntaxError(.durationInvalid(quoted(t.string(r))), at: rest))
                }
                return .failure(SyntaxError(.durationNumberTooLarge(t.string(digits)), at: digits))
            }
            if t[digits.upperBound] == "." || t[digits.upperBound] == "," {
                return .failure(
                    SyntaxError(.durationFraction, at: digits.lowerBound..<digits.upperBound + 1))
            }
            let word = t.letterRun(from: digits.upperBound)
            guard !word.isEmpty else {
                // `1 hour`, `1 month`: a unit after a space.
                var next = digits.upperBound
                while next < r.upperBound, t.isBlank(next) { next += 1 }
                let spaced = t.letterRun(from: next)
                if next > digits.upperBound, !spaced.isEmpty {
                    let unitText = t.string(spaced)
                    if let problem = calendarUnitProblem(unitText) {
                        return .failure(SyntaxError(problem, at: digits.lowerBound..<spaced.upperBound))
                    }
                    if let unit = unitWords[unitText.lowercased()]
                        ?? shortUnits.first(where: { String($0.unit) == unitText }).map({ String($0.unit) })
                    {
                        return .failure(
                            SyntaxError(.durationUnitAfterSpace(t.string(digits), unit: unit), at: digits.lowerBound..<spaced.upperBound))
                    }
                }
                let at = digits.upperBound < r.upperBound ? digits.upperBound..<digits.upperBound + 1 : digits
                return .failure(
                    SyntaxError(.durationNeedsUnit(t.string(digits)), at: at)
                )
            }
            let unitText = t.string(word)
            if let problem = calendarUnitProblem(unitText), unitText != "m" {
                return .failure(SyntaxError(problem, at: word))
            }
            guard let rank = shortUnits.firstIndex(where: { String($0.unit) == unitText }) else {
                let replacement = unitWords[unitText.lowercased()] ?? (unitText.count == 1 && unitText != "M" ? unitText.lowercased() : nil)
                let hint = replacement.map { "; write '\(t.string(digits))\($0)'" } ?? "; units are s, m, h, d and w"
                return .failure(SyntaxError(.durationUnknownUnit(unitText, hint: hint), at: word))
            }
            if rank == lastRank {
                return .failure(SyntaxError(.durationUnitTwice(unitText), at: word))
            }
            if rank < lastRank {
                return .failure(
                    SyntaxError(.durationUnitOrder(unitText), at: word))
            }
            lastRank = rank
            if shortUnits[rank].seconds >= 86_400 {
                days += Int64(n) * (shortUnits[rank].seconds / 86_400)
            } else {
                total += Int64(n) * shortUnits[rank].seconds
            }
            i = word.upperBound
        }
        return .success((days, total))
    }

    /// ISO 8601 `P[nW][nD][T[nH][nM][nS]]`; designators are case-insensitive.
    private static func readISODuration(_ t: ScalarText, _ r: Range<Int>) -> Result<(days: Int64, seconds: Int64), SyntaxError> {
        var total: Int64 = 0
        var days: Int64 = 0
        var i = r.lowerBound + 1
        var inTime = false
        var seen = 0
        var lastRank = -1
        // Ranks order the designators so each appears once and in ISO order.
        let dateRanks: [Character: (Int, Int64)] = ["W": (0, 604_800), "D": (1, 86_400)]
        let timeRanks: [Character: (Int, Int64)] = ["H": (2, 3_600), "M": (3, 60), "S": (4, 1)]
        while i < r.upperBound {
            if !inTime, t[i] == "T" || t[i] == "t" {
                inTime = true
                i += 1
                continue
            }
            let digits = t.digitRun(from: i)
            guard let n = t.number(digits) else {
                let at = digits.isEmpty ? i..<i + 1 : digits
                let message =
                    digits.isEmpty
                    ? DiagnosticMessage.isoDurationExpectedNumber(at: quoted(t.string(i..<r.upperBound)))
                    : .isoDurationNumberTooLarge(t.string(digits))
                return .failure(SyntaxError(message, at: at))
            }
            let d = digits.upperBound
            guard let scalar = t[d] else {
                return .failure(SyntaxError(.isoDurationNeedsDesignator(t.string(digits)), at: digits))
            }
            if scalar == "." || scalar == "," {
                return .failure(
                    SyntaxError(.isoDurationFraction, at: digits.lowerBound..<d + 1))
            }
            let letter = Character(String(scalar).uppercased())
            if !inTime, letter == "Y" || letter == "M" {
                let unit = letter == "Y" ? "years" : "months"
                return .failure(
                    SyntaxError(.isoDurationCalendarUnit(unit), at: digits.lowerBound..<d + 1))
            }
            guard let (rank, seconds) = (inTime ? timeRanks : dateRanks)[letter] else {
                return .failure(SyntaxError(.isoDurationDesignator(String(scalar), inTime: inTime), at: d..<d + 1))
            }
            guard rank > lastRank else {
                return .failure(SyntaxError(.isoDurationDesignatorOrder(String(scalar)), at: d..<d + 1))
            }
            lastRank = rank
            seen += 1
            if seconds >= 86_400 { days += Int64(n) * (seconds / 86_400) } else { total += Int64(n) * seconds }
            i = d + 1
        }
        if seen == 0 || (inTime && lastRank < 2) {
            return .failure(
                SyntaxError(.isoDurationIncomplete(quoted(t.string(r))), at: r))
        }
        return .success((days, total))
    }
}
