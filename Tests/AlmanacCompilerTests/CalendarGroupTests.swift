import AlmanacPlan
import AlmanacModel
import AlmanacSpec
import AlmanacTime
import Testing
@testable import AlmanacCompiler

/// Plain calendar triggers sharing a day rule are expanded together by `CalendarGroup`; these tests
/// compile the same schedules with groups and with one `TriggerStream` per trigger and demand the
/// same fires, in the same order, and the same warnings, across DST transitions of several zones.
@Suite struct CalendarGroupTests {
    /// Zones with gaps and overlaps of an hour, half an hour (Lord Howe), at odd minutes (Chatham)
    /// and at midnight (Santiago, Havana, São Paulo in 2018, Beirut).
    static let zones = [
        "America/New_York", "Europe/London", "Australia/Lord_Howe", "Pacific/Chatham",
        "America/Santiago", "America/Havana", "America/Sao_Paulo", "Asia/Beirut",
    ]

    static let policies: [DSTPolicy] = GapPolicy.allCases.flatMap { gap in
        OverlapPolicy.allCases.map { DSTPolicy(gap: gap, overlap: $0) }
    }

    /// Times around every transition hour, including the day's edges.
    static let times = [
        "00:00", "00:15", "00:30", "00:45", "01:00", "01:30", "02:00", "02:30", "02:45", "03:00",
        "03:30", "12:00", "22:30", "23:00", "23:30", "23:59:59",
    ]

    static func triggers(zone: String, policy: DSTPolicy) -> [Trigger] {
        var triggers: [Trigger] = []
        for (i, time) in times.enumerated() {
            // Several times per trigger for some, one for others; ids out of time order so rank and time disagree.
            let own = i % 3 == 0 ? [time, times[(i + 5) % times.count]] : [time]
            let rule = CalendarRule(times: own.map(TestSupport.time).sorted())
            triggers.append(
                Trigger(id: "t\(String(format: "%02d", (i * 7) % times.count))", kind: .calendar(rule), timezone: zone, dst: policy))
        }
        // A second shape (last day of the month) and a trigger no group may take (it has `count`).
        triggers.append(
            Trigger(
                id: "last-a", kind: .calendar(CalendarRule(days: [-1], times: [TestSupport.time("23:30")])),
                timezone: zone, dst: policy))
        triggers.append(
            Trigger(
                id: "last-b", kind: .calendar(CalendarRule(days: [-1], times: [TestSupport.time("00:30")])),
                timezone: zone, dst: policy))
        triggers.append(
            Trigger(
                id: "counted", kind: .calendar(CalendarRule(times: [TestSupport.time("02:30")])),
                timezone: zone, start: .date(CivilDate(year: 2017, month: 12, day: 1)), count: 400, dst: policy))
        return triggers
    }

    static func compile(_ triggers: [Trigger], window: Window, grouped: Bool) throws -> (fires: [Fire], warnings: [String]) {
        let schedule = Schedule(name: "test", limits: Limits(maxFires: 10_000_000), triggers: triggers)
        var expansion = try Compiler(tzdataVersion: "test").prepare(schedule, specSHA256: "0", window: window)
        expansion.minimumGroupSize = grouped ? 1 : .max
        var fires: [Fire] = []
        let report = try expansion.run { fires.append($0) }
        return (fires, report.diagnostics.map { "\($0.code.rawValue) \($0.message)" })
    }

    @Test(arguments: zones)
    func groupsMatchSeparateStreams(zone: String) throws {
        let window = TestSupport.window("2017-12-20T00:00:00Z", "2019-01-10T00:00:00Z")
        for policy in Self.policies {
            let triggers = Self.triggers(zone: zone, policy: policy)
            let grouped = try Self.compile(triggers, window: window, grouped: true)
            let separate = try Self.compile(triggers, window: window, grouped: false)
            #expect(grouped.fires.count == separate.fires.count, "\(zone) \(policy)")
            #expect(grouped.fires == separate.fires, "\(zone) \(policy)")
            #expect(grouped.warnings == separate.warnings, "\(zone) \(policy)")
            #expect(zip(grouped.fires, grouped.fires.dropFirst()).allSatisfy { Fire.precedes($0, $1) })
        }
    }

    @Test func groupsCoverTheWorkloadAndStayInPlanOrder() throws {
        // Many daily triggers at a minute each over both 2026 New York transitions, windowed mid-day.
        let triggers = (0..<300).map { i in
            Trigger(
                id: "w\(i)", kind: .calendar(CalendarRule(times: [LocalTime(secondsOfDay: (i * 17) % 1440 * 60)])),
                timezone: "America/New_York")
        }
        let window = TestSupport.window("2026-03-01T17:00:00Z", "2026-11-10T05:00:00Z")
        let grouped = try Self.compile(triggers, window: window, grouped: true)
        let separate = try Self.compile(triggers, window: window, grouped: false)
        #expect(grouped.fires.count > 60_000)
        #expect(grouped.fires == separate.fires)
        #expect(grouped.warnings == separate.warnings)
        #expect(CalendarGroup.partition(triggers, minimumSize: 2).map(\.count) == [300])
    }

    @Test func onlyPlainCalendarTriggersOfOneShapeShareAGroup() {
        let zone = "Europe/Paris"
        let noon = CalendarRule(times: [TestSupport.time("12:00")])
        let triggers = [
            Trigger(id: "a", kind: .calendar(noon), timezone: zone),
            Trigger(id: "b", kind: .calendar(CalendarRule(times: [TestSupport.time("13:00")])), timezone: zone),
            Trigger(id: "c", kind: .calendar(noon), timezone: zone, jitter: TimeSpan(seconds: 60)),
            Trigger(id: "d", kind: .calendar(noon), timezone: "Europe/Berlin"),
            Trigger(id: "e", kind: .calendar(CalendarRule(weekdays: [WeekdaySelector(.monday)], times: noon.times)), timezone: zone),
            Trigger(id: "f", kind: .calendar(noon), timezone: zone, dst: DSTPolicy(gap: .skip, overlap: .both)),
            Trigger(
                id: "g", kind: .calendar(noon), timezone: zone,
                except: [DateRange(from: TestSupport.date("2026-01-01"), to: TestSupport.date("2026-01-02"))]),
        ]
        #expect(CalendarGroup.partition(triggers, minimumSize: 2) == [[0, 1]])
        // a+b, d, e and f; c (jitter) and g (except) keep their own streams.
        #expect(CalendarGroup.partition(triggers, minimumSize: 1).count == 4)
    }

    @Test func maxFiresStopsAGroupAtTheSameFireAsSeparateStreams() throws {
        // A group of three interleaved with an `every` stream that ties with it on the hour.
        let zone = "Europe/Paris"
        var triggers = ["b", "d", "f"].enumerated().map { i, id in
            Trigger(id: id, kind: .calendar(CalendarRule(times: [TestSupport.time(["00:00", "00:30", "01:00"][i])])), timezone: zone)
        }
        triggers.append(Trigger(id: "c", kind: .every(EveryRule(interval: TimeSpan(seconds: 3_600)))))
        let window = TestSupport.window("2026-03-01T00:00:00Z", "2026-03-03T00:00:00Z")
        let all = try Self.compile(triggers, window: window, grouped: true).fires
        // The group's 01:00 (00:00Z) ties with the stream on the instant: rank decides, within a batch too.
        #expect(Array(all.prefix(2).map(\.trigger)) == ["c", "f"])
        #expect(all.count == 2 * 3 + 48)
        for limit in [1, 2, 5, 6, all.count - 1] {
            let schedule = Schedule(name: "test", limits: Limits(maxFires: limit), triggers: triggers)
            for grouped in [true, false] {
                var expansion = try Compiler(tzdataVersion: "test").prepare(schedule, specSHA256: "0", window: window)
                expansion.minimumGroupSize = grouped ? 1 : .max
                var seen: [Fire] = []
                #expect(throws: CompileError.self) { _ = try expansion.run { seen.append($0) } }
                #expect(seen == Array(all.prefix(limit)), "limit \(limit), grouped \(grouped)")
            }
        }
        let schedule = Schedule(name: "test", limits: Limits(maxFires: all.count), triggers: triggers)
        var expansion = try Compiler(tzdataVersion: "test").prepare(schedule, specSHA256: "0", window: window)
        expansion.minimumGroupSize = 1
        #expect(try expansion.run { _ in }.fireCount == all.count)
    }
}
