import AlmanacPlan
import AlmanacTestSupport
import AlmanacTime
import Testing
@testable import AlmanacCompiler
@testable import AlmanacModel
@testable import AlmanacSpec

/// An `rrule` whose `start` is a date (local midnight) takes a date-time UNTIL, UTC or local, as
/// python-dateutil does; expected counts and last fires are dateutil's (rrulestr with an aware
/// midnight DTSTART in the zone, or a naive one for the local UNTIL).
@Suite struct RRuleDateStartTests {
    static func fires(zone: String, rule: String) throws -> [Fire] {
        let yaml = """
            version: 1
            timezone: \(zone)
            triggers:
              r: {rrule: "\(rule)", start: 2022-06-02}
            """
        let loaded = SpecLoader.load(SourceFile(path: "r.yaml", bytes: Array(yaml.utf8)))
        let schedule = try #require(loaded.schedule, "\(loaded.diagnostics.map(\.message))")
        return try TestSupport.compile(schedule, TestSupport.window("2022-05-01T00:00:00Z", "2023-01-01T00:00:00Z")).plan.fires
    }

    @Test(arguments: [
        ("America/New_York", "FREQ=DAILY;BYHOUR=12,16;UNTIL=20221122T001804Z", 346, "2022-11-21T16:00:00-05:00"),
        ("Pacific/Auckland", "FREQ=DAILY;BYHOUR=12,16;UNTIL=20221122T001804Z", 347, "2022-11-22T12:00:00+13:00"),
        ("America/Los_Angeles", "FREQ=DAILY;BYHOUR=12,16;UNTIL=20221122T001804Z", 346, "2022-11-21T16:00:00-08:00"),
        ("Europe/Berlin", "FREQ=DAILY;BYHOUR=12,16;UNTIL=20221122T001804", 346, "2022-11-21T16:00:00+01:00"),
    ])
    func dateStartWithDateTimeUntil(_ zone: String, _ rule: String, _ count: Int, _ last: String) throws {
        let fires = try Self.fires(zone: zone, rule: rule)
        #expect(fires.count == count)
        #expect(fires.last.map { RFC3339.format($0.local, offset: $0.offset) } == last)
    }
}
