import AlmanacPlan
import AlmanacModel
import AlmanacSpec
import AlmanacTime
import Testing
@testable import AlmanacCompiler

@Suite struct CalendarExpansionTests {
    typealias T = TestSupport

    static func calendar(
        _ id: String = "c", months: [Int]? = nil, days: [Int]? = nil, weekdays: [WeekdaySelector]? = nil,
        at times: [String] = ["00:00"], zone: String = "America/New_York",
        invalid: InvalidDatePolicy = .omit, dst: DSTPolicy = .standard
    ) -> Trigger {
        Trigger(
            id: id, kind: .calendar(CalendarRule(months: months, days: days, weekdays: weekdays, times: times.map(T.time))),
            timezone: zone, invalidDates: invalid, dst: dst)
    }

    static let weekdays: [WeekdaySelector] = [.monday, .tuesday, .wednesday, .thursday, .friday].map { WeekdaySelector($0) }

    @Test func weekdayStandUpsOverOneWeek() throws {
        let fires = try T.fires(
            Self.calendar("standup", weekdays: Self.weekdays, at: ["09:00", "17:30"]),
            from: "2026-11-23T05:00:00Z", to: "2026-11-30T05:00:00Z")
        #expect(fires.count == 10)
        #expect(fires.first == "2026-11-23T14:00:00Z 2026-11-23T09:00:00-05:00 standup@2026-11-23T09:00:00")
        #expect(fires.last == "2026-11-27T22:30:00Z 2026-11-27T17:30:00-05:00 standup@2026-11-27T17:30:00")
    }

    @Test func lastDayOfEveryMonth() throws {
        let fires = try T.fires(
            Self.calendar("payroll", days: [-1], at: ["23:00"]),
            from: "2026-01-01T05:00:00Z", to: "2027-01-01T05:00:00Z")
        #expect(
            fires.map { String($0.split(separator: "@")[1].prefix(10)) } == [
                "2026-01-31", "2026-02-28", "2026-03-31", "2026-04-30", "2026-05-31", "2026-06-30",
                "2026-07-31", "2026-08-31", "2026-09-30", "2026-10-31", "2026-11-30", "2026-12-31",
            ])
    }

    @Test func day31SkipsShortMonthsUnlessAskedOtherwise() throws {
        func dates(_ policy: InvalidDatePolicy) throws -> [String] {
            try T.fires(Self.calendar(days: [31], zone: "UTC", invalid: policy), from: "2028-01-01T00:00:00Z", to: "2028-06-01T00:00:00Z")
                .map { String($0.prefix(10)) }
        }
        #expect(try dates(.omit) == ["2028-01-31", "2028-03-31", "2028-05-31"])
        #expect(try dates(.backward) == ["2028-01-31", "2028-02-29", "2028-03-31", "2028-04-30", "2028-05-31"])
        #expect(try dates(.forward) == ["2028-01-31", "2028-03-01", "2028-03-31", "2028-05-01", "2028-05-31"])
    }

    @Test func forwardReplacementIsDeduplicatedWithARealFirst() throws {
        let fires = try T.fires(
            Self.calendar(days: [1, 30, 31], zone: "UTC", invalid: .forward),
            from: "2027-02-01T00:00:00Z", to: "2027-03-03T00:00:00Z")
        #expect(fires.map { String($0.prefix(10)) } == ["2027-02-01", "2027-03-01"])
    }

    @Test func weekdayOrdinals() throws {
        let second = try T.fires(
            Self.calendar(weekdays: [WeekdaySelector(.tuesday, ordinal: 2)], at: ["10:00"]),
            from: "2026-01-01T05:00:00Z", to: "2026-07-01T04:00:00Z")
        #expect(
            second.map { String($0.split(separator: "@")[1].prefix(10)) } == [
                "2026-01-13", "2026-02-10", "2026-03-10", "2026-04-14", "2026-05-12", "2026-06-09",
            ])
        let lastFriday = try T.fires(
            Self.calendar(weekdays: [WeekdaySelector(.friday, ordinal: -1)], zone: "UTC"),
            from: "2026-01-01T00:00:00Z", to: "2026-04-01T00:00:00Z")
        #expect(lastFriday.map { String($0.prefix(10)) } == ["2026-01-30", "2026-02-27", "2026-03-27"])
        let fifthFriday = { (policy: InvalidDatePolicy) in
            try T.fires(
                Self.calendar(weekdays: [WeekdaySelector(.friday, ordinal: 5)], zone: "UTC", invalid: policy),
                from: "2026-01-01T00:00:00Z", to: "2026-04-01T00:00:00Z"
            ).map { String($0.prefix(10)) }
        }
        #expect(try fifthFriday(.omit) == ["2026-01-30"])
        #expect(try fifthFriday(.backward) == ["2026-01-30", "2026-02-27", "2026-03-27"])
        // December 2025 has four Fridays: its fifth moves forward to 2026-01-02.
        #expect(try fifthFriday(.forward) == ["2026-01-02", "2026-01-30", "2026-03-06"])
    }

    @Test func daysAndWeekdaysMustBothMatch() throws {
        // Friday the 13th.
        let fires = try T.fires(
            Self.calendar(days: [13], weekdays: [WeekdaySelector(.friday)], zone: "UTC"),
            from: "2026-01-01T00:00:00Z", to: "2027-01-01T00:00:00Z")
        #expect(fires.map { String($0.prefix(10)) } == ["2026-02-13", "2026-03-13", "2026-11-13"])
    }

    @Test func monthsFilterAndHourlyTimes() throws {
        let times = (0..<24).map { String(format2($0)) + ":15" }
        let fires = try T.fires(
            Self.calendar(months: [2], days: [29], at: times, zone: "UTC"),
            from: "2026-01-01T00:00:00Z", to: "2029-01-01T00:00:00Z")
        #expect(fires.count == 24)
        #expect(fires.allSatisfy { $0.hasPrefix("2028-02-29T") })
    }

    @Test func newYorkSpringForwardUnderEachGapPolicy() throws {
        func day(_ gap: GapPolicy) throws -> [String] {
            try T.fires(
                Self.calendar("d", at: ["02:30", "03:30"], dst: DSTPolicy(gap: gap)),
                from: "2026-03-08T05:00:00Z", to: "2026-03-09T04:00:00Z")
        }
        // 02:30 shifted to 03:30 lands on the real 03:30: one remains, the unshifted one.
        #expect(try day(.shift) == ["2026-03-08T07:30:00Z 2026-03-08T03:30:00-04:00 d@2026-03-08T03:30:00"])
        #expect(
            try day(.next) == [
                "2026-03-08T07:00:00Z 2026-03-08T03:00:00-04:00 d@2026-03-08T02:30:00 nominal=2026-03-08T02:30:00",
                "2026-03-08T07:30:00Z 2026-03-08T03:30:00-04:00 d@2026-03-08T03:30:00",
            ])
        #expect(try day(.skip) == ["2026-03-08T07:30:00Z 2026-03-08T03:30:00-04:00 d@2026-03-08T03:30:00"])
        let alone = try T.fires(Self.calendar("d", at: ["02:30"]), from: "2026-03-08T05:00:00Z", to: "2026-03-09T04:00:00Z")
        #expect(alone == ["2026-03-08T07:30:00Z 2026-03-08T03:30:00-04:00 d@2026-03-08T02:30:00 nominal=2026-03-08T02:30:00"])
    }

    @Test func gapNextKeepsTheEarliestOfCollidingNominalTimes() throws {
        let fires = try T.fires(
            Self.calendar("d", at: ["02:15", "02:45"], dst: DSTPolicy(gap: .next)),
            from: "2026-03-08T05:00:00Z", to: "2026-03-09T04:00:00Z")
        #expect(fires == ["2026-03-08T07:00:00Z 2026-03-08T03:00:00-04:00 d@2026-03-08T02:15:00 nominal=2026-03-08T02:15:00"])
    }

    @Test func newYorkFallBackUnderEachOverlapPolicy() throws {
        func day(_ overlap: OverlapPolicy) throws -> [String] {
            try T.fires(
                Self.calendar("d", at: ["01:30"], dst: DSTPolicy(overlap: overlap)),
                from: "2026-11-01T04:00:00Z", to: "2026-11-02T05:00:00Z")
        }
        #expect(try day(.first) == ["2026-11-01T05:30:00Z 2026-11-01T01:30:00-04:00 d@2026-11-01T01:30:00"])
        #expect(try day(.last) == ["2026-11-01T06:30:00Z 2026-11-01T01:30:00-05:00 d@2026-11-01T01:30:00"])
        #expect(
            try day(.both) == [
                "2026-11-01T05:30:00Z 2026-11-01T01:30:00-04:00 d@2026-11-01T01:30:00",
                "2026-11-01T06:30:00Z 2026-11-01T01:30:00-05:00 d@2026-11-01T01:30:00~2",
            ])
    }

    @Test func lordHoweAndChathamTransitions() throws {
        let lordHowe = try T.fires(
            Self.calendar("lh", at: ["02:10"], zone: "Australia/Lord_Howe", dst: DSTPolicy(gap: .next)),
            from: "2026-10-03T13:00:00Z", to: "2026-10-04T13:00:00Z")
        #expect(lordHowe == ["2026-10-03T15:30:00Z 2026-10-04T02:30:00+11:00 lh@2026-10-04T02:10:00 nominal=2026-10-04T02:10:00"])
        let chatham = try T.fires(
            Self.calendar("ch", at: ["03:00"], zone: "Pacific/Chatham", dst: DSTPolicy(gap: .next)),
            from: "2026-09-26T11:00:00Z", to: "2026-09-27T11:00:00Z")
        #expect(chatham == ["2026-09-26T14:00:00Z 2026-09-27T03:45:00+13:45 ch@2026-09-27T03:00:00 nominal=2026-09-27T03:00:00"])
        let shifted = try T.fires(
            Self.calendar("ch", at: ["03:00"], zone: "Pacific/Chatham"),
            from: "2026-09-26T11:00:00Z", to: "2026-09-27T11:00:00Z")
        #expect(shifted == ["2026-09-26T14:15:00Z 2026-09-27T04:00:00+13:45 ch@2026-09-27T03:00:00 nominal=2026-09-27T03:00:00"])
    }
}

private func format2(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
