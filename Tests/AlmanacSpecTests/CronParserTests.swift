import Testing
@testable import AlmanacModel
@testable import AlmanacSpec

@Suite struct CronParserTests {
    /// The set bits of a field, as values.
    private func values(_ bits: some BinaryInteger, _ range: ClosedRange<Int>) -> [Int] {
        range.filter { bits & (1 << $0) != 0 }
    }

    private func parsed(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> CronExpression? {
        let (e, errors) = CronParser.parse(text)
        #expect(errors.isEmpty, "\(errors.map(\.message))", sourceLocation: sourceLocation)
        return e
    }

    @Test func listsRangesAndSteps() throws {
        let e = try #require(parsed("*/15 9-17 1,15 * mon-fri"))
        #expect(values(e.minutes, 0...59) == [0, 15, 30, 45])
        #expect(values(e.hours, 0...23) == Array(9...17))
        #expect(values(e.daysOfMonth, 1...31) == [1, 15])
        #expect(values(e.months, 1...12) == Array(1...12))
        #expect(values(e.daysOfWeek, 0...6) == [1, 2, 3, 4, 5])
        #expect(!e.dayOfMonthStar && !e.dayOfWeekStar)
        let stepped = try #require(parsed("1-30/5 */6 */2 jan-dec/3 *"))
        #expect(values(stepped.minutes, 0...59) == [1, 6, 11, 16, 21, 26])
        #expect(values(stepped.hours, 0...23) == [0, 6, 12, 18])
        #expect(values(stepped.daysOfMonth, 1...31) == Array(stride(from: 1, through: 31, by: 2)))
        #expect(values(stepped.months, 1...12) == [1, 4, 7, 10])
        #expect(stepped.dayOfMonthStar && stepped.dayOfWeekStar)
    }

    @Test func sundayIsZeroOrSevenAndNamesAreCaseInsensitive() throws {
        #expect(try #require(parsed("0 0 * * 7")).daysOfWeek == 1)
        #expect(try #require(parsed("0 0 * * 0")).daysOfWeek == 1)
        #expect(values(try #require(parsed("0 0 * * 5-7")).daysOfWeek, 0...6) == [0, 5, 6])
        #expect(values(try #require(parsed("0 0 * * SAT-SUN")).daysOfWeek, 0...6) == [0, 6])
        #expect(values(try #require(parsed("0 0 * JUN,Dec *")).months, 1...12) == [6, 12])
    }

    @Test func macrosExpand() throws {
        let weekly = try #require(parsed("@weekly"))
        #expect(weekly.minutes == 1 && weekly.hours == 1 && weekly.daysOfWeek == 1 && weekly.dayOfMonthStar)
        #expect(weekly.source == "@weekly")
        let yearly = try #require(parsed("@annually"))
        #expect(values(yearly.months, 1...12) == [1] && values(yearly.daysOfMonth, 1...31) == [1])
        #expect(try #require(parsed("@hourly")).hours == (1 << 24) - 1)
        #expect(
            parsed("@daily")
                == parsed("@midnight").map {
                    var e = $0; e.source = "@daily"; return e
                })
    }

    @Test func theDayRuleStarFlags() throws {
        // `*/2` starts with `*`: the AND rule applies even though the field is restricted.
        let e = try #require(parsed("0 0 */2 * mon"))
        #expect(e.dayOfMonthStar && !e.dayOfWeekStar)
        #expect(e.matchesDay(dayOfMonth: 3, weekdaySunday0: 1) && !e.matchesDay(dayOfMonth: 4, weekdaySunday0: 1))
        let either = try #require(parsed("0 0 13 * fri"))
        #expect(either.matchesDay(dayOfMonth: 13, weekdaySunday0: 2) && either.matchesDay(dayOfMonth: 2, weekdaySunday0: 5))
    }

    @Test func errorsPointAtTheOffendingToken() {
        expectSingleError(CronParser.parse("60 * * * *").1, .cronOutOfRange, "^^", message: "minute 60 is out of range 0–59")
        expectSingleError(CronParser.parse("0 0 * 13 *").1, .cronOutOfRange, "      ^^", message: "month 13")
        expectSingleError(CronParser.parse("*/0 * * * *").1, .cronInvalidStep, "  ^", message: "step of 0")
        expectSingleError(CronParser.parse("0 5-1 * * *").1, .cronReversedRange, "  ^^^", message: "'1-5'")
        expectSingleError(CronParser.parse("0 0 * * thurs").1, .cronUnknownName, "        ^^^^^", message: "did you mean 'thu'?")
        expectSingleError(CronParser.parse("0 0 * jna *").1, .cronUnknownName, "      ^^^", message: "did you mean 'jan'?")
        expectSingleError(CronParser.parse("5/15 * * * *").1, .cronInvalidStep, "^^^^", message: "'5-59/15'")
        expectSingleError(CronParser.parse("0 0 * *").1, .cronFieldCount, "^^^^^^^", message: "found 4")
        expectSingleError(CronParser.parse("0 0 0 * * *").1, .cronFieldCount, "^", message: "write '0 0 * * *'")
        expectSingleError(
            CronParser.parse("30 9 * * 1 /usr/bin/backup").1, .cronFieldCount, "           ^^^^^^^^^^^^^^^", message: "command")
        expectSingleError(CronParser.parse("0 0 L * *").1, .cronSyntax, "    ^", message: "days: [-1]")
        expectSingleError(CronParser.parse("0 0 ? * 2#1").1.prefix(1).map { $0 }, .cronSyntax, "    ^")
        expectSingleError(CronParser.parse("a * * * *").1, .cronSyntax, "^", message: "minute")
        expectSingleError(CronParser.parse("1,,2 * * * *").1, .cronSyntax, "  ^")
        let both = CronParser.parse("61 25 * * *").1
        #expect(both.map(\.offset) == [0, 3])
    }

    @Test func macrosErrors() {
        expectSingleError(CronParser.parse("@reboot").1, .cronUnknownMacro, "^^^^^^^", message: "event")
        expectSingleError(CronParser.parse("@dayly").1, .cronUnknownMacro, "^^^^^^", message: "did you mean '@daily'?")
        expectSingleError(CronParser.parse("@daily 0").1, .cronFieldCount, "       ^")
    }

    @Test func neverFiringExpressionsAreErrors() {
        expectSingleError(CronParser.parse("0 0 31 2 *").1, .neverFires, "    ^^", message: "never fires")
        expectSingleError(CronParser.parse("0 0 30 2 *").1, .neverFires, "    ^^")
        expectSingleError(CronParser.parse("0 0 31 apr,jun *").1, .neverFires, "    ^^")
        // Both day fields restricted: the OR rule lets Mondays fire.
        #expect(CronParser.parse("0 0 31 2 mon").0 != nil)
        #expect(CronParser.parse("0 0 29 2 *").0 != nil)
        #expect(CronParser.parse("0 0 31 1-2 *").0 != nil)
    }
}

/// The Quartz and Spring forms (a seconds field first; Quartz also a year last): the caret is on
/// the seconds, and the rewrite offered parses to the same minutes as the intended schedule.
@Suite struct CronQuartzFormTests {
    /// The expression, and the 5-field rewrites the message must offer (Spring's reading, Quartz's).
    static let cases: [(String, [String])] = [
        ("0 0 9 * * *", ["0 9 * * *"]),
        ("0 */15 * * * ?", ["*/15 * * * *"]),
        ("0 30 8 ? * MON-FRI", ["30 8 * * MON-FRI"]),
        ("0 0 12 1 * ?", ["0 12 1 * *"]),
        ("15 0 0 * * 1-5", ["0 0 * * 1-5", "0 0 * * 0-4"]),
        ("0 0 6 ? * 2,4,6", ["0 6 * * 2,4,6", "0 6 * * 1,3,5"]),
        ("0 0 9 * * 7", ["0 9 * * 7", "0 9 * * 6"]),
        ("0 0 12 * * ? 2027", ["0 12 * * *"]),
        ("0 15 10 ? * * 2027-2030", ["15 10 * * *"]),
        ("0 0 0 1 1 ? *", ["0 0 1 1 *"]),
    ]

    @Test(arguments: cases)
    func caretOnSecondsAndARewrite(_ c: (String, [String])) throws {
        let errors = CronParser.parse(c.0).1
        #expect(errors.count == 1)
        let error = try #require(errors.first)
        #expect(error.code == .cronFieldCount)
        #expect(error.offset == 0 && error.length == c.0.firstIndex(of: " ")!.utf16Offset(in: c.0), "caret on the seconds field")
        #expect(error.message.contains(c.0.split(separator: " ").count == 7 ? "seconds and year" : "seconds field first"))
        for rewrite in c.1 {
            #expect(error.message.contains("'\(rewrite)'"), "\(error.message)")
            #expect(CronParser.parse(rewrite).1.isEmpty)
        }
        if c.1.count == 1 { #expect(!error.message.contains("Spring's")) }
    }

    @Test func quartzSpecialsGetNoRewrite() throws {
        let error = try #require(CronParser.parse("0 0 12 ? * 6#3").1.first)
        #expect(error.message.contains("remove the seconds field") && !error.message.contains("write '"))
        let year = try #require(CronParser.parse("0 0 12 L * ? 2027").1.first)
        #expect(year.message.contains("remove the seconds field and the year"))
    }
}
