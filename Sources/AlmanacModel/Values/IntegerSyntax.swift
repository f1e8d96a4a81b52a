extension ValueSyntax {
    /// A decimal integer (optional sign) within `range`; `what` names it in messages ("hour").
    public static func integer(_ text: String, in range: ClosedRange<Int>, what: String) -> Result<Int, SyntaxError> {
        let t = ScalarText(text)
        let r = t.trimmed(t.whole)
        let negative = t[r.lowerBound] == "-"
        let signed = negative || t[r.lowerBound] == "+"
        let digits = t.digitRun(from: signed ? r.lowerBound + 1 : r.lowerBound)
        guard !digits.isEmpty, digits.upperBound == r.upperBound else {
            let shown = r.isEmpty ? "nothing" : quoted(t.string(r))
            return .failure(SyntaxError(.integerExpected(for: what, found: shown), at: r))
        }
        guard let magnitude = t.number(digits), case let n = negative ? -magnitude : magnitude, range.contains(n) else {
            return .failure(
                SyntaxError(.integerOutOfRange(what, t.string(r), range), at: r))
        }
        return .success(n)
    }

    /// A day of the month: 1…31, or −1…−31 counting from the month's last day.
    public static func dayOfMonth(_ text: String) -> Result<Int, SyntaxError> {
        integer(text, in: -31...31, what: "day").flatMap { day in
            guard day != 0 else {
                let t = ScalarText(text)
                return .failure(
                    SyntaxError(.dayZeroOfMonth, at: t.trimmed(t.whole)))
            }
            return .success(day)
        }
    }

    /// An hour of the day, 0–23.
    public static func hour(_ text: String) -> Result<Int, SyntaxError> { integer(text, in: 0...23, what: "hour") }

    /// A minute of the hour, 0–59.
    public static func minute(_ text: String) -> Result<Int, SyntaxError> { integer(text, in: 0...59, what: "minute") }

    /// A second of the minute, 0–59.
    public static func second(_ text: String) -> Result<Int, SyntaxError> { integer(text, in: 0...59, what: "second") }
}
