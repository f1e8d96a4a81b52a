import AlmanacTime
import Testing
@testable import AlmanacModel
@testable import AlmanacSpec

@Suite struct RRuleParserTests {
    private func parsed(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> RRule? {
        let (rule, errors) = RRuleParser.parse(text)
        #expect(errors.isEmpty, "\(errors.map(\.message))", sourceLocation: sourceLocation)
        return rule
    }

    @Test func everyPartIsRead() throws {
        let r = try #require(
            parsed(
                "RRULE:FREQ=YEARLY;INTERVAL=2;COUNT=10;BYSECOND=0,30;BYMINUTE=15;BYHOUR=9,17;BYDAY=MO,-1FR,+2TU;BYMONTH=1,3;BYSETPOS=1,-1;WKST=SU"
            ))
        #expect(r.freq == .yearly && r.interval == 2 && r.count == 10)
        #expect(r.bySecond == [0, 30] && r.byMinute == [15] && r.byHour == [9, 17])
        #expect(r.byDay == [WeekdaySelector(.monday), WeekdaySelector(.friday, ordinal: -1), WeekdaySelector(.tuesday, ordinal: 2)])
        #expect(r.byMonth == [1, 3] && r.bySetPos == [1, -1] && r.weekStart == .sunday)
        let d = try #require(parsed("freq=monthly;bymonthday=1,-1;until=20261231"))
        #expect(d.byMonthDay == [1, -1] && d.until == .date(CivilDate(year: 2026, month: 12, day: 31)))
        let y = try #require(parsed("FREQ=YEARLY;BYYEARDAY=1,-1,100;BYWEEKNO=20"))
        #expect(y.byYearDay == [1, -1, 100] && y.byWeekNo == [20])
    }

    @Test func untilForms() throws {
        let noon = LocalDateTime(date: CivilDate(year: 2026, month: 12, day: 31), time: LocalTime(hour: 23, minute: 59, second: 59))
        #expect(try #require(parsed("FREQ=DAILY;UNTIL=20261231T235959")).until == .local(noon))
        #expect(try #require(parsed("FREQ=DAILY;UNTIL=20261231T235959Z")).until == .utc(Instant(secondsSinceEpoch: noon.wallSeconds)))
        expectSingleError(
            RRuleParser.parse("FREQ=DAILY;UNTIL=2026-12-31").1, .rruleInvalidValue,
            "                 ^^^^^^^^^^", message: "basic form")
        expectSingleError(
            RRuleParser.parse("FREQ=DAILY;UNTIL=2027-06-30T23:59:59").1, .rruleInvalidValue,
            "                 ^^^^^^^^^^^^^^^^^^^", message: "write '20270630T235959'")
        expectSingleError(
            RRuleParser.parse("FREQ=DAILY;UNTIL=20260230").1, .rruleInvalidValue, "                 ^^^^^^^^", message: "does not exist")
    }

    @Test func checkUntilMatchesTheStartForm() throws {
        let dateUntil = try #require(parsed("FREQ=DAILY;UNTIL=20261231"))
        #expect(RRuleParser.checkUntil(dateUntil, dtstartIsDate: true) == nil)
        expectError(
            RRuleParser.checkUntil(dateUntil, dtstartIsDate: false), .rruleUntilForm, "                 ^^^^^^^^",
            message: "ambiguous")
        // A date `start` is local midnight, so a date-time UNTIL, UTC or local, is accepted as dateutil does.
        for text in ["FREQ=DAILY;UNTIL=20261231T120000Z;BYHOUR=9", "FREQ=DAILY;UNTIL=20261231T120000;BYHOUR=9"] {
            let timeUntil = try #require(parsed(text))
            #expect(RRuleParser.checkUntil(timeUntil, dtstartIsDate: false) == nil)
            #expect(RRuleParser.checkUntil(timeUntil, dtstartIsDate: true) == nil)
        }
    }

    @Test func partWithoutValueSaysWhatToWrite() {
        expectSingleError(
            RRuleParser.parse("FREQ=WEEKLY;BYDAY;BYHOUR=9").1, .rruleSyntax, "            ^^^^^",
            message: "give BYDAY a value (BYDAY=…) or remove it")
    }

    @Test func partErrorsAreLocated() {
        expectSingleError(
            RRuleParser.parse("FREQ=WEEKLY;BYDAYS=MO").1, .rruleUnknownPart, "            ^^^^^^", message: "did you mean 'BYDAY'?")
        expectSingleError(RRuleParser.parse("FREQ=WEKLY").1, .rruleInvalidValue, "     ^^^^^", message: "did you mean 'WEEKLY'?")
        expectSingleError(RRuleParser.parse("FREQ=DAILY;BYHOUR=9,24").1, .rruleInvalidValue, "                    ^^", message: "hour 24")
        expectSingleError(RRuleParser.parse("FREQ=DAILY;INTERVAL=0").1, .rruleInvalidValue, "                    ^")
        expectSingleError(RRuleParser.parse("FREQ=MONTHLY;BYMONTHDAY=0").1, .rruleInvalidValue, "                        ^")
        expectSingleError(RRuleParser.parse("FREQ=WEEKLY;BYDAY=MO,XX").1, .rruleInvalidValue, "                     ^^")
        expectSingleError(RRuleParser.parse("FREQ=DAILY;COUNT=3;COUNT=4").1, .rruleDuplicatePart, "                   ^^^^^^^")
        expectSingleError(RRuleParser.parse("BYDAY=MO").1, .rruleMissingFreq, "^^^^^^^^")
        expectSingleError(
            RRuleParser.parse("FREQ=DAILY;COUNT=3;UNTIL=20261231").1, .rruleCountAndUntil, "                   ^^^^^^^^^^^^^^")
        expectSingleError(RRuleParser.parse("FREQ=DAILY;BYSETPOS=1").1, .rruleSetPosAlone, "           ^^^^^^^^^^")
        expectSingleError(RRuleParser.parse("FREQ=DAILY;;COUNT=2").1, .rruleSyntax, "           ^")
        expectSingleError(RRuleParser.parse("FREQ=DAILY;COUNT").1, .rruleSyntax, "           ^^^^^")
        expectSingleError(RRuleParser.parse("FREQ=DAILY;SKIP=BACKWARD").1, .rruleUnknownPart, "           ^^^^", message: "invalid_dates")
        #expect(RRuleParser.parse("FREQ=DAILY;COUNT=2;").1.isEmpty)
    }

    @Test func partsNotAllowedWithTheirFrequency() {
        expectSingleError(RRuleParser.parse("FREQ=MONTHLY;BYWEEKNO=1").1, .rrulePartNotAllowed, "             ^^^^^^^^^^")
        expectSingleError(RRuleParser.parse("FREQ=WEEKLY;BYYEARDAY=1").1, .rrulePartNotAllowed, "            ^^^^^^^^^^^")
        #expect(RRuleParser.parse("FREQ=HOURLY;BYYEARDAY=1").1.isEmpty)
        expectSingleError(RRuleParser.parse("FREQ=WEEKLY;BYMONTHDAY=1").1, .rrulePartNotAllowed, "            ^^^^^^^^^^^^")
        expectSingleError(RRuleParser.parse("FREQ=WEEKLY;BYDAY=MO,2TU").1, .rrulePartNotAllowed, "                     ^^^")
        expectSingleError(RRuleParser.parse("FREQ=YEARLY;BYWEEKNO=2;BYDAY=1MO").1, .rrulePartNotAllowed, "                             ^^^")
        expectSingleError(RRuleParser.parse("FREQ=MONTHLY;BYDAY=6FR").1, .rruleInvalidValue, "                   ^^^")
        #expect(RRuleParser.parse("FREQ=YEARLY;BYDAY=20MO").1.isEmpty)
    }

    @Test func neverAndRarelyFiring() {
        expectSingleError(RRuleParser.parse("FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30").1, .neverFires, "                      ^^^^^^^^^^^^^")
        expectSingleError(RRuleParser.parse("FREQ=YEARLY;BYMONTH=4;BYMONTHDAY=31").1, .neverFires, "                      ^^^^^^^^^^^^^")
        expectSingleError(RRuleParser.parse("FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-30").1, .neverFires, "                      ^^^^^^^^^^^^^^")
        expectSingleError(RRuleParser.parse("FREQ=YEARLY;BYMONTH=1;BYYEARDAY=100").1, .neverFires, "                      ^^^^^^^^^^^^^")
        #expect(RRuleParser.parse("FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29").1.isEmpty)
        #expect(RRuleParser.parse("FREQ=YEARLY;BYMONTH=3;BYYEARDAY=60").1.isEmpty)
        let (rule, rarely) = RRuleParser.parse("FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29;BYDAY=MO")
        #expect(rule != nil)
        expectSingleError(rarely, .rruleRarelyFires, "                                    ^^^^^^^^")
        #expect(rarely.first?.severity == .warning)
    }

    /// Weekdays written as English names or abbreviations suggest the code meant: edit distance alone
    /// answered `WE` for `TUE` (the last two letters were compared) and could answer `TU` for `THU`.
    @Test func everyEnglishWeekdaySuggestsItsCode() {
        let spellings: [String: [String]] = [
            "MO": ["MON", "Mon", "MONDAY", "monday"], "TU": ["TUE", "TUES", "Tues", "TUESDAY"],
            "WE": ["WED", "WEDS", "WEDNESDAY"], "TH": ["THU", "THUR", "THURS", "Thursday"], "FR": ["FRI", "FRIDAY"],
            "SA": ["SAT", "SATURDAY"], "SU": ["SUN", "Sunday"],
        ]
        for (code, words) in spellings {
            for word in words {
                let byDay = RRuleParser.parse("FREQ=WEEKLY;BYDAY=MO,\(word)").1
                #expect(
                    byDay.count == 1 && byDay[0].message.hasSuffix("did you mean '\(code)'?"), "BYDAY=MO,\(word): \(byDay.map(\.message))")
                let ordinal = RRuleParser.parse("FREQ=MONTHLY;BYDAY=-1\(word)").1
                #expect(
                    ordinal.count == 1 && ordinal[0].message.hasSuffix("did you mean '-1\(code)'?"),
                    "BYDAY=-1\(word): \(ordinal.map(\.message))")
                let weekStart = RRuleParser.parse("FREQ=WEEKLY;WKST=\(word)").1
                #expect(
                    weekStart.count == 1 && weekStart[0].message.hasSuffix("did you mean '\(code)'?"),
                    "WKST=\(word): \(weekStart.map(\.message))")
            }
        }
        // The element as written is underlined, and a typo of a code still finds it by distance.
        expectSingleError(
            RRuleParser.parse("FREQ=WEEKLY;BYDAY=MO,TUE").1, .rruleInvalidValue, "                     ^^^", message: "did you mean 'TU'?")
        expectSingleError(
            RRuleParser.parse("FREQ=WEEKLY;BYDAY=MO,FX").1, .rruleInvalidValue, "                     ^^", message: "did you mean 'FR'?")
        #expect(!RRuleParser.parse("FREQ=WEEKLY;BYDAY=MO,XYZQ").1[0].message.contains("did you mean"))
    }
}
