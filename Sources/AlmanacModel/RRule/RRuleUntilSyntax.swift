import AlmanacTime

/// UNTIL in RFC 5545's basic form: a DATE `20261231`, a local DATE-TIME `20261231T235959`, or a
/// UTC DATE-TIME `20261231T235959Z`.
enum RRuleUntilSyntax {
    static func read(_ t: ScalarText, _ r: Range<Int>) -> Result<RRule.Until, SyntaxError> {
        let bad = SyntaxError(.rruleUntilForms, at: r)
        let dateDigits = t.digitRun(from: r.lowerBound)
        guard dateDigits.count == 8 else { return .failure(basicFormHint(t, r) ?? bad) }
        let y = t.number(dateDigits.lowerBound..<dateDigits.lowerBound + 4)!
        let m = t.number(dateDigits.lowerBound + 4..<dateDigits.lowerBound + 6)!
        let d = t.number(dateDigits.lowerBound + 6..<dateDigits.upperBound)!
        let date = CivilDate(year: y, month: m, day: d)
        guard y >= 1, date.isValid else {
            return .failure(SyntaxError(.rruleUntilDate(t.string(dateDigits)), at: dateDigits))
        }
        if dateDigits.upperBound == r.upperBound { return .success(.date(date)) }
        guard t[dateDigits.upperBound] == "T" || t[dateDigits.upperBound] == "t" else { return .failure(bad) }
        let timeDigits = t.digitRun(from: dateDigits.upperBound + 1)
        guard timeDigits.count == 6 else { return .failure(bad) }
        let hh = t.number(timeDigits.lowerBound..<timeDigits.lowerBound + 2)!
        let mm = t.number(timeDigits.lowerBound + 2..<timeDigits.lowerBound + 4)!
        let ss = t.number(timeDigits.lowerBound + 4..<timeDigits.upperBound)!
        guard hh <= 23, mm <= 59, ss <= 59 else {
            return .failure(
                SyntaxError(.rruleUntilTime(t.string(timeDigits)), at: timeDigits))
        }
        let local = LocalDateTime(date: date, time: LocalTime(hour: hh, minute: mm, second: ss))
        if timeDigits.upperBound == r.upperBound { return .success(.local(local)) }
        guard timeDigits.upperBound + 1 == r.upperBound, t[timeDigits.upperBound] == "Z" || t[timeDigits.upperBound] == "z" else {
            return .failure(bad)
        }
        return .success(.utc(Instant(secondsSinceEpoch: local.wallSeconds)))
    }

    /// `2027-06-30T23:59:59` is the extended form users know from ISO 8601; name its basic form.
    private static func basicFormHint(_ t: ScalarText, _ r: Range<Int>) -> SyntaxError? {
        let written = t.string(r)
        guard written.contains("-") || written.contains(":") else { return nil }
        let basic = String(written.filter { $0 != "-" && $0 != ":" })
        guard case .success = read(ScalarText(basic), 0..<basic.unicodeScalars.count) else { return nil }
        return SyntaxError(.rruleUntilExtendedForm(basic: basic), at: r)
    }
}
