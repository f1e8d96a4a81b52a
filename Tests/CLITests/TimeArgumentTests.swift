import AlmanacCommandLine
import Testing
@testable import AlmanacTime

/// The command-line time syntax both executables share.
@Suite struct SharedTimeArgumentTests {
    static func at(_ text: String) -> Instant { RFC3339.parseInstant(text)! }

    @Test(arguments: [
        ("2026-11-23T05:00:00Z", "2026-11-23T05:00:00Z"), ("2026-11-23T05:00:00.999Z", "2026-11-23T05:00:00Z"),
        ("2026-11-23T05:00:59.000000001Z", "2026-11-23T05:00:59Z"), ("2026-11-23T10:30:00.5+05:30", "2026-11-23T05:00:00Z"),
        ("2026-11-23t00:00:00.25-05:00", "2026-11-23T05:00:00Z"), ("2026-11-23T05:00Z", "2026-11-23T05:00:00Z"),
        ("2026-11-23T18:45+13:45", "2026-11-23T05:00:00Z"),
    ])
    func instantsTruncateTheFraction(_ c: (String, String)) {
        #expect(TimeArgument.parse(c.0) == .instant(Self.at(c.1)))
        #expect(TimeArgument.parseInstant(c.0) == Self.at(c.1))
    }

    @Test(arguments: [
        "2026-11-23T05:00:00.Z", "2026-11-23T05:00:00,5Z", "2026-11-23T05:00:00", "2026-11-23 05:00:00Z",
        "tomorrow", "2026-02-30", "2026-1-05", "+2026-11-23", "1795000000", "", "NOW", "2026-11-23T24:00:00Z",
    ])
    func malformedTimesAreRefused(_ text: String) {
        #expect(TimeArgument.parse(text) == nil)
    }

    /// A date is local midnight in the zone named; where midnight is skipped, the first instant after.
    @Test(arguments: [
        ("2026-11-23", "America/New_York", "2026-11-23T05:00:00Z"), ("2026-11-23", "Asia/Kolkata", "2026-11-22T18:30:00Z"),
        ("2026-11-23", "Pacific/Chatham", "2026-11-22T10:15:00Z"), ("2018-11-04", "America/Sao_Paulo", "2018-11-04T03:00:00Z"),
        ("2026-11-23", "UTC", "2026-11-23T00:00:00Z"), ("2026-03-29", "Europe/Berlin", "2026-03-28T23:00:00Z"),
    ])
    func datesAreLocalMidnight(_ c: (String, String, String)) throws {
        let argument = try #require(TimeArgument.parse(c.0))
        #expect(argument.resolve(now: Instant(secondsSinceEpoch: 0), zone: c.1) == Self.at(c.2))
    }

    @Test func todayAndNowFollowTheClockPassedIn() {
        let now = Self.at("2026-11-23T03:00:00Z")
        #expect(TimeArgument.parse("now")?.resolve(now: now, zone: "Asia/Tokyo") == now)
        // 03:00Z is already the 23rd in Tokyo, still the 22nd in New York.
        #expect(TimeArgument.parse("today")?.resolve(now: now, zone: "Asia/Tokyo") == Self.at("2026-11-22T15:00:00Z"))
        #expect(TimeArgument.parse("today")?.resolve(now: now, zone: "America/New_York") == Self.at("2026-11-22T05:00:00Z"))
        #expect(TimeArgument.parse("today")?.resolve(now: now, zone: "Mars/Base") == nil)
    }
}
