import AlmanacTime

extension ValueSyntax {
    /// A calendar date `YYYY-MM-DD` that exists (2026-02-30 does not).
    public static func date(_ text: String) -> Result<CivilDate, SyntaxError> {
        readBound(text).flatMap { found in
            guard case .date(let d) = found.bound else {
                return .failure(SyntaxError(.dateWithoutTime, at: found.afterDate))
            }
            return .success(d)
        }
    }

    /// A local date-time `YYYY-MM-DDTHH:MM[:SS]` (a space may replace the `T`), with no offset.
    public static func localDateTime(_ text: String) -> Result<LocalDateTime, SyntaxError> {
        readBound(text).flatMap { found in
            switch found.bound {
            case .local(let l): return .success(l)
            case .date: return .failure(missingTime(found))
            case .instant:
                return .failure(
                    SyntaxError(.dateTimeWithOffset(quoted(found.text.string(found.zone!))), at: found.zone!))
            }
        }
    }

    /// An instant: a date-time with `Z` or an offset `±HH:MM`.
    public static func instant(_ text: String) -> Result<Instant, SyntaxError> {
        readBound(text).flatMap { found in
            switch found.bound {
            case .instant(let i): return .success(i)
            case .date: return .failure(missingTime(found))
            case .local:
                return .failure(
                    SyntaxError(.instantNeedsOffset, at: found.afterDate.upperBound..<found.afterDate.upperBound + 1))
            }
        }
    }

    /// A date, a local date-time, or an instant, as `start`/`end` bounds accept.
    public static func bound(_ text: String) -> Result<Bound, SyntaxError> {
        readBound(text).map(\.bound)
    }

    /// A local date-time or an instant, as `once` accepts; a date alone is an error.
    public static func moment(_ text: String) -> Result<OnceRule.Moment, SyntaxError> {
        readBound(text).flatMap { found in
            switch found.bound {
            case .local(let l): return .success(.local(l))
            case .instant(let i): return .success(.instant(i))
            case .date: return .failure(missingTime(found))
            }
        }
    }

    private static func missingTime(_ found: FoundBound) -> SyntaxError {
        let date = found.text.string(found.afterDate.lowerBound - 10..<found.afterDate.lowerBound)
        return SyntaxError(.dateWithoutTimeOfDay("\(date)"), at: found.afterDate.lowerBound - 10..<found.afterDate.lowerBound)
    }

    /// A parsed bound and where its pieces are, for messages about the wrong kind.
    struct FoundBound {
        var bound: Bound
        var text: ScalarText
        /// Everything after the date (empty for a date).
        var afterDate: Range<Int>
        /// The `Z` or `±HH:MM`, for instants.
        var zone: Range<Int>?
    }

    static func readBound(_ text: String) -> Result<FoundBound, SyntaxError> {
        let t = ScalarText(text)
        let r = t.trimmed(t.whole)
        // The separator follows the date's digits and dashes; a `t` in a word ("tomorrow") is not one.
        var dateEnd = r.lowerBound
        while dateEnd < r.upperBound, t.isDigit(dateEnd) || t[dateEnd] == "-" { dateEnd += 1 }
        let separator =
            dateEnd > r.lowerBound && dateEnd < r.upperBound
                && (t[dateEnd] == "T" || t[dateEnd] == "t" || t[dateEnd] == " ") ? dateEnd : nil
        let date: CivilDate
        switch readDate(t, r.lowerBound..<(separator ?? r.upperBound)) {
        case .failure(let e): return .failure(e)
        case .success(let d): date = d
        }
        guard let separator else {
            return .success(FoundBound(bound: .date(date), text: t, afterDate: r.upperBound..<r.upperBound))
        }
        let rest = separator + 1..<r.upperBound
        let zoneStart = rest.first { t[$0] == "Z" || t[$0] == "z" || t[$0] == "+" || t[$0] == "-" } ?? r.upperBound
        let time: LocalTime
        switch readTime(t, rest.lowerBound..<zoneStart) {
        case .failure(let e): return .failure(e)
        case .success(let v): time = v
        }
        let local = LocalDateTime(date: date, time: time)
        let afterDate = separator..<r.upperBound
        guard zoneStart < r.upperBound else {
            return .success(FoundBound(bound: .local(local), text: t, afterDate: afterDate))
        }
        let zone = zoneStart..<r.upperBound
        return readOffset(t, zone).map { offset in
            let instant = Instant(secondsSinceEpoch: local.wallSeconds - Int64(offset))
            return FoundBound(bound: .instant(instant), text: t, afterDate: afterDate, zone: zone)
        }
    }

    /// `Z`, `±HH:MM` or `±HH:MM:SS` (local mean time, as plans write it: `-00:25:21`), as seconds east of UTC.
    private static func readOffset(_ t: ScalarText, _ r: Range<Int>) -> Result<Int, SyntaxError> {
        if r.count == 1, t[r.lowerBound] == "Z" || t[r.lowerBound] == "z" { return .success(0) }
        func bad() -> SyntaxError {
            SyntaxError(.offsetInvalid(quoted(t.string(r))), at: r)
        }
        guard t[r.lowerBound] == "+" || t[r.lowerBound] == "-", r.count == 6 || r.count == 9, t[r.lowerBound + 3] == ":",
            r.count == 6 || t[r.lowerBound + 6] == ":"
        else {
            return .failure(bad())
        }
        let hh = r.lowerBound + 1..<r.lowerBound + 3, mm = r.lowerBound + 4..<r.lowerBound + 6
        let ss = r.count == 9 ? r.lowerBound + 7..<r.lowerBound + 9 : r.lowerBound + 6..<r.lowerBound + 6
        guard t.digitRun(from: hh.lowerBound) == hh, t.digitRun(from: mm.lowerBound) == mm,
            ss.isEmpty || t.digitRun(from: ss.lowerBound) == ss
        else { return .failure(bad()) }
        let h = t.number(hh)!, m = t.number(mm)!, s = ss.isEmpty ? 0 : t.number(ss)!
        guard h <= 23, m <= 59, s <= 59 else {
            return .failure(
                SyntaxError(.offsetOutOfRange(t.string(r)), at: r))
        }
        let sign = t[r.lowerBound] == "-" ? -1 : 1
        return .success(sign * (h * 3600 + m * 60 + s))
    }

    /// Reads a date filling exactly `r`; it must exist in the calendar.
    static func readDate(_ t: ScalarText, _ r: Range<Int>) -> Result<CivilDate, SyntaxError> {
        let year = t.digitRun(from: r.lowerBound)
        if year == r, year.count == 8 {
            let s = t.string(r)
            let fixed = "\(s.prefix(4))-\(s.dropFirst(4).prefix(2))-\(s.suffix(2))"
            return .failure(SyntaxError(.dateForm(fixed: fixed), at: r))
        }
        let month = t.digitRun(from: year.upperBound + 1)
        let day = t.digitRun(from: month.upperBound + 1)
        guard year.count == 4, t[year.upperBound] == "-", month.count == 2, t[month.upperBound] == "-",
            day.count == 2, day.upperBound == r.upperBound
        else {
            return .failure(SyntaxError(.dateInvalid(quoted(t.string(r))), at: r))
        }
        let y = t.number(year)!, m = t.number(month)!, d = t.number(day)!
        guard y >= 1 else { return .failure(SyntaxError(.yearZero, at: year)) }
        guard (1...12).contains(m) else {
            return .failure(SyntaxError(.monthOfDateOutOfRange(t.string(month)), at: month))
        }
        let last = CivilDate.daysInMonth(year: y, month: m)
        guard d >= 1 else { return .failure(SyntaxError(.dayZero(last: last), at: day)) }
        guard d <= last else {
            let lastDate = CivilDate(year: y, month: m, day: last)
            return .failure(
                SyntaxError(
                    .dateDoesNotExist(t.string(r), month: monthDisplayNames[m - 1], year: y, days: last, last: "\(lastDate)"), at: r))
        }
        return .success(CivilDate(year: y, month: m, day: d))
    }
}

extension ValueSyntax {
    /// Whether `text` is a local date-time (no offset), as `anchor` and bounds may be written.
    package static func isLocalDateTime(_ text: String) -> Bool {
        if case .success = localDateTime(text) { return true }
        return false
    }
}
