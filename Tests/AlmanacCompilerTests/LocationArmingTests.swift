import AlmanacPlan
import AlmanacModel
import AlmanacSpec
import AlmanacTime
import Testing
@testable import AlmanacCompiler

/// Armed windows of location triggers, in America/Chicago (CST −06:00, CDT −05:00), and the region
/// budget. Expected instants are worked out by hand from the calendar, not read from the code.
@Suite struct LocationArmingTests {
    typealias T = TestSupport

    static let office = Region(name: "office", latitude: 41.8827, longitude: -87.6233, radius: 150)

    static func location(_ id: String, zone: String? = "America/Chicago", configure: (inout Trigger) -> Void = { _ in }) -> Trigger {
        var trigger = Trigger(id: id, kind: .location(LocationRule(region: office, on: .enter)), timezone: zone)
        configure(&trigger)
        return trigger
    }

    static func during(_ weekdays: [Weekday]? = nil, _ from: String, _ to: String) -> During {
        During(weekdays: weekdays.map(Set.init), between: (T.time(from), T.time(to)))
    }

    /// The armed windows as `from/to` UTC strings.
    static func armed(_ triggers: [Trigger], _ from: String, _ to: String, maxRegions: Int = 20) throws -> [String: [String]] {
        let schedule = Schedule(name: "test", limits: Limits(maxRegions: maxRegions), triggers: triggers)
        let plan = try T.compile(schedule, T.window(from, to)).plan
        return Dictionary(uniqueKeysWithValues: plan.regions.map { ($0.trigger, $0.armed.map { "\($0.from)/\($0.to)" }) })
    }

    @Test func weekdaysAndBetweenInStandardTime() throws {
        let trigger = Self.location("arrive") { $0.during = Self.during([.friday, .monday], "07:00", "10:30") }
        // Friday 2026-12-04 through Tuesday 2026-12-08, local midnights.
        let armed = try Self.armed([trigger], "2026-12-04T06:00:00Z", "2026-12-09T06:00:00Z")
        #expect(armed["arrive"] == ["2026-12-04T13:00:00Z/2026-12-04T16:30:00Z", "2026-12-07T13:00:00Z/2026-12-07T16:30:00Z"])
    }

    @Test func noDuringIsArmedOverTheWholeWindow() throws {
        let armed = try Self.armed([Self.location("any")], "2026-12-04T06:00:00Z", "2026-12-09T06:00:00Z")
        #expect(armed["any"] == ["2026-12-04T06:00:00Z/2026-12-09T06:00:00Z"])
    }

    @Test func betweenCrossingMidnightBelongsToTheDayItOpens() throws {
        let trigger = Self.location("late") { $0.during = Self.during([.friday], "22:00", "02:00") }
        // Fri 2026-12-04 22:00 CST = 12-05 04:00Z, closing Sat 02:00 CST = 08:00Z. The window
        // opened Thursday is not armed: Thursday is not a listed weekday.
        let armed = try Self.armed([trigger], "2026-12-03T06:00:00Z", "2026-12-10T06:00:00Z")
        #expect(armed["late"] == ["2026-12-05T04:00:00Z/2026-12-05T08:00:00Z"])
    }

    @Test func aWindowOpenedBeforeThePlanIsClippedToIt() throws {
        let trigger = Self.location("late") { $0.during = Self.during(nil, "22:00", "02:00") }
        let armed = try Self.armed([trigger], "2026-12-05T06:00:00Z", "2026-12-06T06:00:00Z")
        #expect(armed["late"] == ["2026-12-05T06:00:00Z/2026-12-05T08:00:00Z", "2026-12-06T04:00:00Z/2026-12-06T06:00:00Z"])
    }

    @Test func springForwardShortensTheWindowByTheMissingHour() throws {
        // 2027-03-14 in Chicago: 02:00 CST becomes 03:00 CDT (08:00Z).
        let across = Self.location("across") { $0.during = Self.during([.sunday], "01:00", "04:00") }
        let crossing = Self.location("crossing") { $0.during = Self.during([.saturday], "22:00", "03:30") }
        let inGap = Self.location("gap") { $0.during = Self.during([.sunday], "02:00", "03:00") }
        let armed = try Self.armed([across, crossing, inGap], "2027-03-13T06:00:00Z", "2027-03-15T05:00:00Z")
        // 01:00 CST = 07:00Z to 04:00 CDT = 09:00Z: two hours of real time for three written.
        #expect(armed["across"] == ["2027-03-14T07:00:00Z/2027-03-14T09:00:00Z"])
        // Saturday 22:00 CST = 04:00Z to Sunday 03:30 CDT = 08:30Z.
        #expect(armed["crossing"] == ["2027-03-14T04:00:00Z/2027-03-14T08:30:00Z"])
        // No instant shows 02:xx that night.
        #expect(armed["gap"] == [])
    }

    @Test func fallBackArmsBothPassesOfTheRepeatedHour() throws {
        // 2026-11-01 in Chicago: 02:00 CDT (07:00Z) becomes 01:00 CST; 01:xx is shown twice.
        let repeated = Self.location("repeated") { $0.during = Self.during([.sunday], "01:00", "01:30") }
        let night = Self.location("night") { $0.during = Self.during([.saturday], "23:00", "03:00") }
        let armed = try Self.armed([repeated, night], "2026-10-31T05:00:00Z", "2026-11-02T06:00:00Z")
        #expect(armed["repeated"] == ["2026-11-01T06:00:00Z/2026-11-01T06:30:00Z", "2026-11-01T07:00:00Z/2026-11-01T07:30:00Z"])
        // Saturday 23:00 CDT = 04:00Z to 03:00 CST = 09:00Z: five hours of real time for four written.
        #expect(armed["night"] == ["2026-11-01T04:00:00Z/2026-11-01T09:00:00Z"])
    }

    @Test func exceptRemovesWholeLocalDaysAndStartEndClip() throws {
        let trigger = Self.location("late") {
            $0.during = Self.during(nil, "22:00", "02:00")
            $0.except = [DateRange(from: T.date("2026-12-06"), to: T.date("2026-12-06"))]
            $0.start = .local(T.local("2026-12-04T23:00"))
            $0.end = .date(T.date("2026-12-07"))
        }
        let armed = try Self.armed([trigger], "2026-12-01T06:00:00Z", "2026-12-10T06:00:00Z")
        // Starts Fri 23:00 CST; Sunday the 6th is excepted, so Saturday's window stops at its
        // midnight (06:00Z) and Sunday's does not open; Monday the 7th's window ends with the day.
        #expect(
            armed["late"] == [
                "2026-12-05T05:00:00Z/2026-12-05T08:00:00Z", "2026-12-06T04:00:00Z/2026-12-06T06:00:00Z",
                "2026-12-07T06:00:00Z/2026-12-07T08:00:00Z", "2026-12-08T04:00:00Z/2026-12-08T06:00:00Z",
            ])
    }

    /// A local window needs a zone: without one the compile is refused as `check` refuses the
    /// spec (E0305); the schedule's zone is inherited by a trigger that has none.
    @Test func aLocalWindowNeedsAZoneAndInheritsTheSchedules() throws {
        let trigger = Self.location("utc", zone: nil) { $0.during = Self.during([.monday], "09:00", "10:00") }
        #expect { try Self.armed([trigger], "2026-12-07T00:00:00Z", "2026-12-08T00:00:00Z") } throws: { error in
            (error as? CompileError)?.diagnostic.code == .missingTimeZone
        }
        for (zone, armed) in [
            ("UTC", "2026-12-07T09:00:00Z/2026-12-07T10:00:00Z"), ("Asia/Tokyo", "2026-12-07T00:00:00Z/2026-12-07T01:00:00Z"),
        ] {
            let schedule = Schedule(name: "test", timezone: zone, triggers: [trigger])
            let plan = try T.compile(schedule, T.window("2026-12-06T12:00:00Z", "2026-12-08T00:00:00Z")).plan
            #expect(plan.regions.first?.armed.map { "\($0.from)/\($0.to)" } == [armed], "\(zone)")
        }
    }
}
