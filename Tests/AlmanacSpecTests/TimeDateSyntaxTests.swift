import AlmanacTime
import Testing
@testable import AlmanacModel
@testable import AlmanacSpec

@Suite struct TimeDateSyntaxTests {
    @Test func timesParseWithAndWithoutSeconds() {
        #expect(ValueSyntax.time("09:30").value == LocalTime(hour: 9, minute: 30))
        #expect(ValueSyntax.time("23:59:59").value == LocalTime(hour: 23, minute: 59, second: 59))
        #expect(ValueSyntax.time("00:00").value == .midnight)
        #expect(ValueSyntax.time(" 17:05 ").value == LocalTime(hour: 17, minute: 5))
    }

    @Test func timeErrorsPointAtTheBadComponent() {
        expectError(ValueSyntax.time("24:00").error, .invalidTime, "^^^^^", message: "'00:00'")
        expectError(ValueSyntax.time("25:00").error, .outOfRange, "^^", message: "hour 25 is out of range 00–23")
        expectError(ValueSyntax.time("12:60").error, .outOfRange, "   ^^", message: "minute 60")
        expectError(ValueSyntax.time("12:00:61").error, .outOfRange, "      ^^", message: "second 61")
        expectError(ValueSyntax.time("9:00").error, .invalidTime, "^", message: "write '09:00'")
        expectError(ValueSyntax.time("09:00.5").error, .invalidTime, "     ^^", message: "fractional")
        expectError(ValueSyntax.time("noon").error, .invalidTime, "^^^^", message: "HH:MM")
        expectError(ValueSyntax.time("09:5").error, .invalidTime, "^^^^")
    }

    @Test func datesMustExistInTheCalendar() {
        #expect(ValueSyntax.date("2028-02-29").value == CivilDate(year: 2028, month: 2, day: 29))
        expectError(
            ValueSyntax.date("2026-02-30").error, .invalidDate, "^^^^^^^^^^",
            message: "February 2026 has 28 days; the last is 2026-02-28")
        expectError(ValueSyntax.date("2026-04-31").error, .invalidDate, "^^^^^^^^^^", message: "2026-04-30")
        expectError(ValueSyntax.date("2026-13-01").error, .outOfRange, "     ^^", message: "month 13")
        expectError(ValueSyntax.date("2026-01-00").error, .outOfRange, "        ^^")
        expectError(ValueSyntax.date("20260301").error, .invalidDate, "^^^^^^^^", message: "'2026-03-01'")
        expectError(ValueSyntax.date("2026/03/01").error, .invalidDate, "^^^^^^^^^^", message: "YYYY-MM-DD")
        expectError(ValueSyntax.date("2026-03-01T10:00").error, .invalidDate, "          ^^^^^^", message: "without a time")
        // A word with a `t` or a space in it is not a date and a time.
        expectError(ValueSyntax.bound("tomorrow").error, .invalidDate, "^^^^^^^^", message: "invalid date 'tomorrow'")
        expectError(ValueSyntax.bound("next monday").error, .invalidDate, "^^^^^^^^^^^", message: "invalid date 'next monday'")
    }

    @Test func localDateTimesAcceptTOrSpace() {
        let expected = LocalDateTime(date: CivilDate(year: 2026, month: 12, day: 1), time: LocalTime(hour: 10, minute: 0))
        #expect(ValueSyntax.localDateTime("2026-12-01T10:00").value == expected)
        #expect(ValueSyntax.localDateTime("2026-12-01 10:00:00").value == expected)
        expectError(ValueSyntax.localDateTime("2026-12-01T25:00").error, .outOfRange, "           ^^")
        expectError(ValueSyntax.localDateTime("2026-12-01").error, .invalidDateTime, "^^^^^^^^^^", message: "'2026-12-01T00:00'")
        expectError(ValueSyntax.localDateTime("2026-12-01T10:00Z").error, .invalidDateTime, "                ^", message: "remove 'Z'")
    }

    @Test func instantsApplyTheirOffset() {
        // 2026-12-01T10:00 UTC is 20,423 days after the epoch plus ten hours.
        let utc = Int64(CivilDate(year: 2026, month: 12, day: 1).daysSinceEpoch) * 86_400 + 36_000
        #expect(ValueSyntax.instant("2026-12-01T10:00:00Z").value?.secondsSinceEpoch == utc)
        #expect(ValueSyntax.instant("2026-12-01T11:30+01:30").value?.secondsSinceEpoch == utc)
        #expect(ValueSyntax.instant("2026-12-01T05:00-05:00").value?.secondsSinceEpoch == utc)
        expectError(ValueSyntax.instant("2026-12-01T10:00+0100").error, .invalidDateTime, "                ^^^^^", message: "±HH:MM")
        expectError(ValueSyntax.instant("2026-12-01T10:00").error, .invalidDateTime, "                ^", message: "'Z'")
        expectError(ValueSyntax.instant("2026-12-01T10:00+24:00").error, .outOfRange, "                ^^^^^^")
    }

    @Test func boundsAndMomentsTellTheKindsApart() {
        let day = CivilDate(year: 2026, month: 1, day: 9)
        #expect(ValueSyntax.bound("2026-01-09").value == .date(day))
        #expect(ValueSyntax.bound("2026-01-09T08:00").value == .local(LocalDateTime(date: day, time: LocalTime(hour: 8, minute: 0))))
        if case .instant = ValueSyntax.bound("2026-01-09T08:00Z").value {} else { Issue.record("expected an instant") }
        #expect(ValueSyntax.moment("2026-01-09T08:00").value == .local(LocalDateTime(date: day, time: LocalTime(hour: 8, minute: 0))))
        expectError(ValueSyntax.moment("2026-01-09").error, .invalidDateTime, "^^^^^^^^^^")
    }
}
