import AlmanacTime
import Testing
@testable import AlmanacModel

/// The model's one answer to "when does this trigger fire in a day" (`DailyShape`, per kind) and
/// "which of those times does a clock change skip or repeat" (`ClockChanges`), which `explain`,
/// `export` and the daylight-saving lint all read.
@Suite struct DailyShapeTests {
    static func trigger(_ kind: TriggerKind, invalidDates: InvalidDatePolicy = .omit) -> Trigger {
        Trigger(id: "t", kind: kind, timezone: "America/New_York", invalidDates: invalidDates)
    }

    static func cron(_ text: String) -> Trigger { trigger(.cron(CronParser.parse(text).0!)) }

    /// DTSTART Monday 2026-01-05 09:15.
    static func rrule(_ text: String) -> Trigger {
        let start = LocalDateTime(date: date(2026, 1, 5), time: LocalTime(hour: 9, minute: 15, second: 0))
        return trigger(.rrule(RRuleTrigger(rule: RRuleParser.parse(text).0!, start: start)))
    }

    static func date(_ y: Int, _ m: Int, _ d: Int) -> CivilDate { CivilDate(year: y, month: m, day: d) }
    static func time(_ h: Int, _ m: Int, _ s: Int = 0) -> Int { h * 3600 + m * 60 + s }

    @Test func calendarTimesOnItsDaysWithInvalidDatesMoved() {
        let rule = CalendarRule(days: [31], times: [LocalTime(hour: 9, minute: 0, second: 0), LocalTime(hour: 17, minute: 30, second: 5)])
        let omit = Self.trigger(.calendar(rule)).dailyShape!
        #expect(omit.times == [Self.time(9, 0), Self.time(17, 30, 5)])
        #expect(omit.selects(Self.date(2027, 3, 31)))
        #expect(!omit.selects(Self.date(2027, 4, 30)))
        #expect(!omit.selects(Self.date(2027, 5, 1)))
        let backward = Self.trigger(.calendar(rule), invalidDates: .backward).dailyShape!
        #expect(backward.selects(Self.date(2027, 4, 30)))
        let forward = Self.trigger(.calendar(rule), invalidDates: .forward).dailyShape!
        #expect(forward.selects(Self.date(2027, 5, 1)))
        #expect(!forward.selects(Self.date(2027, 4, 30)))
    }

    @Test func cronHoursTimesMinutesOnEitherDayField() {
        let shape = Self.cron("0,30 2 1 * mon").dailyShape!
        #expect(shape.times == [Self.time(2, 0), Self.time(2, 30)])
        #expect(shape.selects(Self.date(2027, 3, 1))) // the 1st, a Monday
        #expect(shape.selects(Self.date(2027, 3, 8))) // a Monday
        #expect(shape.selects(Self.date(2027, 4, 1))) // the 1st, a Thursday
        #expect(!shape.selects(Self.date(2027, 3, 9)))
        #expect(!Self.cron("0 9 * 3 *").dailyShape!.selects(Self.date(2027, 4, 5)))
    }

    @Test func rruleDailyOrLongerWithDTSTARTDefaults() {
        let shape = Self.rrule("FREQ=WEEKLY;BYHOUR=9,10").dailyShape!
        #expect(shape.times == [Self.time(9, 15), Self.time(10, 15)])
        #expect(shape.selects(Self.date(2027, 3, 8))) // DTSTART's weekday, a Monday
        #expect(!shape.selects(Self.date(2027, 3, 9)))
        #expect(Self.rrule("FREQ=MONTHLY;BYMONTHDAY=-1").dailyShape!.selects(Self.date(2027, 2, 28)))
        #expect(Self.rrule("FREQ=HOURLY").dailyShape == nil)
    }

    @Test func kindsWithoutADailySetHaveNoShape() {
        let every = Self.trigger(.every(EveryRule(interval: TimeSpan(seconds: 600))))
        let once = Self.trigger(
            .once(OnceRule(.local(LocalDateTime(date: Self.date(2027, 3, 14), time: LocalTime(hour: 2, minute: 30, second: 0))))))
        for t in [every, once] {
            #expect(t.dailyShape == nil)
            #expect(!t.firesHourly)
        }
    }

    @Test func firesHourlyWhenTwoTimesAreAtMostAnHourApartAroundTheClock() {
        func hourly(_ times: [Int]) -> Bool { DailyShape(times: times) { _ in true }.firesHourly }
        #expect(hourly([Self.time(9, 0), Self.time(10, 0)]))
        #expect(!hourly([Self.time(9, 0), Self.time(10, 0, 1)]))
        #expect(hourly([Self.time(23, 45), Self.time(12, 0), Self.time(0, 30)])) // across midnight, any order
        #expect(!hourly([Self.time(9, 0)]))
        #expect(Self.cron("*/20 * * * *").firesHourly)
        #expect(!Self.cron("0 9,17 * * *").firesHourly)
        #expect(Self.rrule("FREQ=MINUTELY;INTERVAL=60").firesHourly)
        #expect(!Self.rrule("FREQ=HOURLY;INTERVAL=2").firesHourly)
        #expect(Self.rrule("FREQ=HOURLY;INTERVAL=2;BYHOUR=1,5").firesHourly)
        #expect(Self.rrule("FREQ=DAILY;BYHOUR=9,10").firesHourly)
    }

    @Test func clockChangesAsTheyRepeatOnTheWallClock() throws {
        let newYork = try #require(ClockChanges(zone: "America/New_York"))
        #expect(newYork.changes.count == 40) // two a year, 2020–2039
        #expect(
            Set(newYork.changes.map { [$0.isGap ? 1 : 0, $0.start, $0.length] }) == [
                [1, Self.time(2, 0), 3600], [0, Self.time(1, 0), 3600],
            ])
        let lordHowe = try #require(ClockChanges(zone: "Australia/Lord_Howe"))
        #expect(Set(lordHowe.changes.map(\.length)) == [1800])
        let chatham = try #require(ClockChanges(zone: "Pacific/Chatham"))
        #expect(chatham.changes.contains { $0.isGap && $0.start == Self.time(2, 45) })
        #expect(ClockChanges(zone: "UTC")?.changes.isEmpty == true)
        #expect(ClockChanges(zone: "Asia/Kolkata")?.changes.isEmpty == true)
        #expect(ClockChanges(zone: "Mars/Olympus") == nil)
    }

    @Test func aChangeCatchesTheTimesInsideItOnTheDatesTheyFallOn() {
        // 23:30 for an hour: 00:15 falls on the next date.
        let change = ClockChanges.Change(
            isGap: true, wall: LocalDateTime(date: Self.date(2027, 3, 13), time: LocalTime(hour: 23, minute: 30, second: 0)).wallSeconds,
            start: Self.time(23, 30), length: 3600)
        #expect(change.contains(Self.time(23, 30)) && change.contains(Self.time(0, 15)) && !change.contains(Self.time(0, 30)))
        #expect(change.date(of: Self.time(23, 45)) == Self.date(2027, 3, 13))
        #expect(change.date(of: Self.time(0, 15)) == Self.date(2027, 3, 14))
    }

    @Test func hitsAreTheShapesTimesInAChangeOnItsDays() throws {
        let newYork = try #require(ClockChanges(zone: "America/New_York"))
        let daily = DailyShape(times: [Self.time(1, 30), Self.time(2, 30), Self.time(9, 0)]) { _ in true }
        let hits = newYork.hits(daily)
        #expect(hits.filter { $0.change.isGap }.map(\.time) == Array(repeating: Self.time(2, 30), count: 20))
        #expect(hits.filter { !$0.change.isGap }.map(\.time) == Array(repeating: Self.time(1, 30), count: 20))
        #expect(hits.allSatisfy { $0.date.weekday == .sunday })
        // US changes fall on Sundays: a Monday-only rule is never caught.
        #expect(newYork.hits(DailyShape(times: daily.times) { $0.weekday == .monday }).isEmpty)
        #expect(Self.cron("30 2 * * sun").dailyShape.map { newYork.hits($0).count } == 20)
    }
}
