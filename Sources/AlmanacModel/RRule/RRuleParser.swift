import AlmanacTime

/// Reads an RFC 5545 RRULE value (`FREQ=WEEKLY;BYDAY=MO,WE`, with or without a leading `RRULE:`),
/// checks each value and the rules between parts, and locates every problem inside the text.
public enum RRuleParser {
    /// The parts RFC 5545 §3.3.10 defines, in its order.
    static let partNames = [
        "FREQ", "UNTIL", "COUNT", "INTERVAL", "BYSECOND", "BYMINUTE", "BYHOUR", "BYDAY",
        "BYMONTHDAY", "BYYEARDAY", "BYWEEKNO", "BYMONTH", "BYSETPOS", "WKST",
    ]

    /// The rule, or nil with the errors found; warnings (a rule that rarely fires) may come with a rule.
    public static func parse(_ text: String) -> (RRule?, [SyntaxError]) {
        let t = ScalarText(text)
        var reader = RRulePartReader(text: t)
        let body = body(of: t)
        let pieces = t.split(body, on: ";")
        for (index, piece) in pieces.enumerated() {
            if piece.isEmpty {
                // A trailing `;` is harmless; an empty part in the middle is a typo worth showing.
                if index == pieces.count - 1, index > 0 { continue }
                reader.errors.append(
                    SyntaxError(.rruleEmptyPart, at: piece.lowerBound..<piece.lowerBound + 1))
                continue
            }
            reader.read(part: piece)
        }
        var errors = reader.errors
        guard let freq = reader.freq else {
            if !reader.sawFreq {
                errors.append(
                    SyntaxError(.rruleMissingFreq, at: t.trimmed(t.whole)))
            }
            return (nil, errors)
        }
        var rule = RRule(freq: freq, source: text)
        reader.apply(to: &rule)
        errors += RRuleChecks(rule: rule, text: t, parts: reader.partRanges, byDayRanges: reader.byDayRanges).all()
        let hasError = errors.contains { $0.severity == .error }
        return (hasError ? nil : rule, errors)
    }

    /// An error when UNTIL's form does not fit DTSTART's (RFC 5545 §3.3.10): a date `start` needs
    /// a date UNTIL (`20261231`); a date-time `start` needs a date-time UNTIL, local or UTC.
    public static func checkUntil(_ rule: RRule, dtstartIsDate: Bool) -> SyntaxError? {
        guard let until = rule.until else { return nil }
        let t = ScalarText(rule.source)
        let at = untilValueRange(in: t) ?? t.trimmed(t.whole)
        switch (until, dtstartIsDate) {
        case (.date, true), (.local, _), (.utc, _):
            // A date `start` is local midnight in the trigger's zone (as python-dateutil reads a date
            // DTSTART), so a date-time UNTIL, local or UTC, compares without doubt.
            return nil
        case (.date(let d), false):
            // The one ambiguous pairing: python-dateutil ends at the date's first second, other
            // readers include the whole day.
            let fixed = String(String(describing: d).filter { $0 != "-" })
            return SyntaxError(.rruleUntilDateWithTime(fixed), at: at)
        }
    }

    /// The text after an optional `RRULE:` prefix, trimmed.
    static func body(of t: ScalarText) -> Range<Int> {
        let r = t.trimmed(t.whole)
        if r.count >= 6, t.string(r.lowerBound..<r.lowerBound + 6).uppercased() == "RRULE:" {
            return t.trimmed(r.lowerBound + 6..<r.upperBound)
        }
        return r
    }

    /// Where the value of the UNTIL part is, if the text has one.
    static func untilValueRange(in t: ScalarText) -> Range<Int>? {
        for piece in t.split(body(of: t), on: ";") {
            guard let eq = t.firstIndex(of: "=", in: piece) else { continue }
            if t.string(t.trimmed(piece.lowerBound..<eq)).uppercased() == "UNTIL" { return t.trimmed(eq + 1..<piece.upperBound) }
        }
        return nil
    }
}
