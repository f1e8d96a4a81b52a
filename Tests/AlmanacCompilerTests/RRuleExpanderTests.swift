import AlmanacModel
import AlmanacSpec
import AlmanacTestSupport
import AlmanacTime
import Testing
@testable import AlmanacCompiler

/// Almanac's own RRULE decisions, where it departs from RFC 5545 or dateutil, each with dates
/// worked out by hand from the calendar.
@Suite struct RRuleExpanderTests {
    private func at(_ hour: Int, _ dates: [(Int, Int, Int)]) -> [LocalDateTime] {
        dates.map { LocalDateTime(date: CivilDate(year: $0.0, month: $0.1, day: $0.2), time: LocalTime(hour: hour, minute: 0)) }
    }

    @Test func startThatDoesNotMatchIsNotAFire() {
        // 2026-01-07 is a Wednesday; RFC 5545 would make it the first instance, Almanac does not.
        #expect(expand("FREQ=WEEKLY;BYDAY=MO;COUNT=2", from: "20260107T090000") == at(9, [(2026, 1, 12), (2026, 1, 19)]))
    }

    @Test func countIsSpentBeforeExdatesAndRdatesAreAdded() {
        let got = expand(
            "FREQ=DAILY;COUNT=3", from: "20260101T090000", rdates: ["20251225T090000", "20260110T090000", "20260101T090000"],
            exdates: ["20260102T090000"])
        #expect(got == at(9, [(2025, 12, 25), (2026, 1, 1), (2026, 1, 3), (2026, 1, 10)]))
    }

    @Test func mixedPlainAndOrdinalWeekdaysAreAUnion() {
        // Every Monday and the first Tuesday; dateutil intersects the two and yields nothing.
        #expect(
            expand("FREQ=MONTHLY;BYDAY=MO,1TU;COUNT=6", from: "20260101T090000")
                == at(9, [(2026, 1, 5), (2026, 1, 6), (2026, 1, 12), (2026, 1, 19), (2026, 1, 26), (2026, 2, 2)]))
    }

    @Test func weeklySetPositionsCountFromWeekStart() {
        // The week of Wed 2026-01-07 starts Mon 01-05: its first weekday is before DTSTART, so no fire
        // that week (dateutil bug #1398 would start the set at DTSTART and fire on 01-07).
        #expect(
            expand("FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=1;COUNT=3", from: "20260107T090000")
                == at(9, [(2026, 1, 12), (2026, 1, 19), (2026, 1, 26)]))
        #expect(
            expand("FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1;COUNT=2", from: "20260107T090000")
                == at(9, [(2026, 1, 9), (2026, 1, 16)]))
    }

    @Test func weekNumbersAcrossTheYearEnd() {
        // ISO week 1 of 2026 runs Mon 2025-12-29 … Sun 2026-01-04; of 2027, Mon 01-04 … Sun 01-10.
        #expect(
            expand("FREQ=YEARLY;BYWEEKNO=1;BYDAY=MO,SU", from: "20250601T100000", limit: 4)
                == at(10, [(2025, 12, 29), (2026, 1, 4), (2027, 1, 4), (2027, 1, 10)]))
        // 2026 has 53 weeks, the last running to Sun 2027-01-03; 2027's last week ends Sun 2028-01-02.
        #expect(
            expand("FREQ=YEARLY;BYWEEKNO=-1;BYDAY=FR,SA", from: "20260601T100000", limit: 4)
                == at(10, [(2027, 1, 1), (2027, 1, 2), (2027, 12, 31), (2028, 1, 1)]))
        // Week -53 exists only in 53-week years (2026, 2032), where it is week 1, starting the
        // Monday before (dateutil misses these days: its "TODO: Check -numweeks for next year").
        #expect(
            expand("FREQ=YEARLY;BYWEEKNO=-53;BYDAY=MO", from: "20250101T100000", limit: 2)
                == at(10, [(2025, 12, 29), (2031, 12, 29)]))
    }

    @Test func invalidDatesFollowThePolicy() {
        let rule = "FREQ=MONTHLY;BYMONTHDAY=31;COUNT=4"
        #expect(expand(rule, from: "20260131T080000") == at(8, [(2026, 1, 31), (2026, 3, 31), (2026, 5, 31), (2026, 7, 31)]))
        #expect(
            expand(rule, from: "20260131T080000", invalidDates: .backward)
                == at(8, [(2026, 1, 31), (2026, 2, 28), (2026, 3, 31), (2026, 4, 30)]))
        #expect(
            expand(rule, from: "20260131T080000", invalidDates: .forward)
                == at(8, [(2026, 1, 31), (2026, 3, 1), (2026, 3, 31), (2026, 5, 1)]))
        // The day taken from DTSTART is a month day too.
        #expect(
            expand("FREQ=MONTHLY;COUNT=3", from: "20260131T080000", invalidDates: .backward)
                == at(8, [(2026, 1, 31), (2026, 2, 28), (2026, 3, 31)]))
        #expect(expand("FREQ=YEARLY;COUNT=3", from: "20240229T080000") == at(8, [(2024, 2, 29), (2028, 2, 29), (2032, 2, 29)]))
        #expect(
            expand("FREQ=YEARLY;COUNT=3", from: "20240229T080000", invalidDates: .backward)
                == at(8, [(2024, 2, 29), (2025, 2, 28), (2026, 2, 28)]))
        #expect(
            expand("FREQ=YEARLY;COUNT=3", from: "20240229T080000", invalidDates: .forward)
                == at(8, [(2024, 2, 29), (2025, 3, 1), (2026, 3, 1)]))
        // Two days moved onto one fire once.
        #expect(
            expand("FREQ=MONTHLY;BYMONTHDAY=30,31;COUNT=4", from: "20260130T080000", invalidDates: .backward)
                == at(8, [(2026, 1, 30), (2026, 1, 31), (2026, 2, 28), (2026, 3, 30)]))
        // -31 in April is "April 0": backward the day before (March 31), forward April 1.
        #expect(
            expand("FREQ=MONTHLY;BYMONTHDAY=-31;COUNT=3", from: "20260301T080000", invalidDates: .backward)
                == at(8, [(2026, 3, 1), (2026, 3, 31), (2026, 5, 1)]))
        #expect(
            expand("FREQ=MONTHLY;BYMONTHDAY=-31;COUNT=3", from: "20260301T080000", invalidDates: .forward)
                == at(8, [(2026, 3, 1), (2026, 4, 1), (2026, 5, 1)]))
    }

    @Test func hopelessRulesStopAndSaySo() throws {
        // Every 48 hours from midnight only ever reaches even hours: 01:00 never comes.
        let never = try #require(RRuleParser.parse("FREQ=HOURLY;INTERVAL=48;BYHOUR=1").0)
        var expander = RRuleExpander(RRuleTrigger(rule: never, start: local("20260101T000000")), invalidDates: .omit)
        #expect(expander.next() == nil)
        #expect(expander.gaveUp)
        // Every 4 years from 2027 never meets a leap year.
        let leap = try #require(RRuleParser.parse("FREQ=YEARLY;INTERVAL=4;BYMONTH=2;BYMONTHDAY=29").0)
        var leapExpander = RRuleExpander(RRuleTrigger(rule: leap, start: local("20270101T000000")), invalidDates: .omit)
        #expect(leapExpander.next() == nil)
        #expect(leapExpander.gaveUp)
        let ends = try #require(RRuleParser.parse("FREQ=DAILY;COUNT=2").0)
        var finite = RRuleExpander(RRuleTrigger(rule: ends, start: local("20260101T000000")), invalidDates: .omit)
        while finite.next() != nil {}
        #expect(!finite.gaveUp)
    }

    @Test(arguments: [
        ("FREQ=MONTHLY;BYDAY=2TU;BYHOUR=10", "20260101T000000"),
        ("FREQ=DAILY;INTERVAL=3;BYHOUR=9,17", "20260101T090000"),
        ("FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,FR;WKST=SU", "20260105T083000"),
        ("FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1", "20260228T120000"),
        ("FREQ=HOURLY;INTERVAL=5;BYMINUTE=0,30", "20260101T000000"),
        ("FREQ=MONTHLY;BYMONTHDAY=31;BYSETPOS=1", "20260131T070000"),
    ])
    func skippingAheadMatchesWalking(rule: String, start: String) throws {
        let parsed = try #require(RRuleParser.parse(rule).0)
        let trigger = RRuleTrigger(rule: parsed, start: local(start))
        for target in ["20260315T000000", "20311231T235959", "20410701T120000"] {
            for policy in InvalidDatePolicy.allCases {
                var walked = RRuleExpander(trigger, invalidDates: policy)
                var expected: [LocalDateTime] = []
                while expected.count < 5, let o = walked.next() {
                    if o >= local(target) { expected.append(o) }
                }
                var skipped = RRuleExpander(trigger, invalidDates: policy)
                skipped.skip(to: local(target))
                var got: [LocalDateTime] = []
                while got.count < 5, let o = skipped.next() { got.append(o) }
                #expect(got == expected, "\(rule) \(policy) from \(target)")
            }
        }
    }

    /// MONTHLY (and YEARLY with BYMONTH) rules whose only day part is BYDAY compute each month's
    /// days from its first weekday instead of scanning it; checked here against the definition,
    /// applied to every day of ten years: a weekday named plainly, or the n-th (from the end when
    /// negative) of its kind in the month.
    @Test func weekdayArithmeticMatchesTheDefinition() throws {
        var random = SplitMix(seed: 2026)
        let names = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]
        for _ in 0..<300 {
            var byDay: [String] = []
            var plain = Set<Int>(), nth = Set<[Int]>()
            for _ in 0..<(1 + Int(random.next() % 3)) {
                let w = Int(random.next() % 7) + 1
                let n = Int(random.next() % 11) - 5
                byDay.append((n == 0 ? "" : String(n)) + names[w - 1])
                if n == 0 { plain.insert(w) } else { nth.insert([w, n]) }
            }
            let months = random.next() % 2 == 0 ? [] : [Int(random.next() % 12) + 1, Int(random.next() % 12) + 1]
            let yearly = !months.isEmpty && random.next() % 2 == 0
            var rule = "FREQ=\(yearly ? "YEARLY" : "MONTHLY");BYDAY=\(byDay.joined(separator: ","));BYHOUR=7"
            if !months.isEmpty { rule += ";BYMONTH=" + months.map(String.init).joined(separator: ",") }
            let start = CivilDate(year: 2024 + Int(random.next() % 3), month: Int(random.next() % 12) + 1, day: 1 + Int(random.next() % 28))
            let end = CivilDate(year: start.year + 10, month: 1, day: 1)
            var expected: [LocalDateTime] = []
            var day = start
            while day < end {
                let length = CivilDate.daysInMonth(year: day.year, month: day.month)
                let w = day.weekday.rawValue
                let picked =
                    plain.contains(w) || nth.contains([w, (day.day - 1) / 7 + 1]) || nth.contains([w, -((length - day.day) / 7 + 1)])
                if picked && (months.isEmpty || months.contains(day.month)) {
                    expected.append(LocalDateTime(date: day, time: LocalTime(hour: 7, minute: 0)))
                }
                day = day.adding(days: 1)
            }
            let parsed = try #require(RRuleParser.parse(rule).0)
            var expander = RRuleExpander(
                RRuleTrigger(rule: parsed, start: LocalDateTime(date: start, time: .midnight)), invalidDates: .omit)
            var got: [LocalDateTime] = []
            while let next = expander.next(), next.date < end { got.append(next) }
            #expect(got == expected, "\(rule) from \(start)")
        }
    }
}
