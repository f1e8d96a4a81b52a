import Testing
@testable import AlmanacTime

@Suite struct CivilDateTests {
    @Test func roundTripsEveryDayOverFourCenturies() {
        var date = CivilDate(year: 1800, month: 1, day: 1)
        let start = date.daysSinceEpoch
        for offset in 0..<(146_097 + 400) {
            #expect(date.daysSinceEpoch == start + offset)
            #expect(CivilDate(daysSinceEpoch: start + offset) == date)
            // advance by hand, independently of daysSinceEpoch
            if date.day < CivilDate.daysInMonth(year: date.year, month: date.month) {
                date.day += 1
            } else if date.month < 12 {
                date.month += 1; date.day = 1
            } else {
                date.year += 1; date.month = 1; date.day = 1
            }
        }
    }

    @Test func knownWeekdays() {
        #expect(CivilDate(year: 1970, month: 1, day: 1).weekday == .thursday)
        #expect(CivilDate(year: 2026, month: 11, day: 23).weekday == .monday)
        #expect(CivilDate(year: 2000, month: 2, day: 29).weekday == .tuesday)
        #expect(CivilDate(year: 1969, month: 12, day: 31).weekday == .wednesday)
    }

    @Test func wallSecondsRoundTripBeforeAndAfterEpoch() {
        for s: Int64 in [-86_401, -1, 0, 1, 86_399, 86_400, 1_795_000_000] {
            #expect(LocalDateTime(wallSeconds: s).wallSeconds == s)
        }
        #expect(LocalDateTime(wallSeconds: -1).description == "1969-12-31T23:59:59")
    }
}
