import AlmanacTime

extension ValueSyntax {
    /// A time of day `HH:MM` or `HH:MM:SS`, 00:00 to 23:59:59.
    public static func time(_ text: String) -> Result<LocalTime, SyntaxError> {
        let t = ScalarText(text)
        return readTime(t, t.trimmed(t.whole))
    }

    /// Reads a time filling exactly `range` of `t`; offsets in errors are relative to the whole text.
    static func readTime(_ t: ScalarText, _ range: Range<Int>) -> Result<LocalTime, SyntaxError> {
        // Built only on failure: the message costs more than reading a valid time.
        func bad() -> SyntaxError {
            SyntaxError(.timeInvalid(quoted(t.string(range))), at: range)
        }
        let hour = t.digitRun(from: range.lowerBound)
        guard !hour.isEmpty, hour.upperBound < range.upperBound, t[hour.upperBound] == ":" else {
            return .failure(bad())
        }
        let minute = t.digitRun(from: hour.upperBound + 1)
        guard minute.count == 2, minute.upperBound <= range.upperBound else { return .failure(bad()) }
        var second: Range<Int>?
        var end = minute.upperBound
        if end < range.upperBound, t[end] == ":" {
            let s = t.digitRun(from: end + 1)
            guard s.count == 2, s.upperBound <= range.upperBound else { return .failure(bad()) }
            second = s
            end = s.upperBound
        }
        if end < range.upperBound {
            let rest = end..<range.upperBound
            if t[end] == "." || t[end] == "," {
                return .failure(SyntaxError(.timeFraction, at: rest))
            }
            return .failure(
                SyntaxError(.timeTrailing(quoted(t.string(rest))), at: rest))
        }
        if hour.count != 2 {
            let padded = hour.count == 1 ? "0" + t.string(hour.lowerBound..<range.upperBound) : nil
            let hint = padded.map { "; write '\($0)'" } ?? "; write HH:MM or HH:MM:SS"
            return .failure(SyntaxError(.timeHourDigits(hint: hint), at: hour))
        }
        let h = t.number(hour)!, m = t.number(minute)!, s = second.map { t.number($0)! } ?? 0
        if h == 24 && m == 0 && s == 0 {
            return .failure(
                SyntaxError(.time24, at: range))
        }
        if h > 23 { return .failure(SyntaxError(.hourOutOfRange(h), at: hour)) }
        if m > 59 { return .failure(SyntaxError(.minuteOutOfRange(m), at: minute)) }
        if s > 59, let second {
            return .failure(SyntaxError(.secondOutOfRange(s), at: second))
        }
        return .success(LocalTime(hour: h, minute: m, second: s))
    }
}
