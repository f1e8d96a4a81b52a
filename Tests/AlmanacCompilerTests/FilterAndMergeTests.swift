import AlmanacJSON
import AlmanacPlan
import AlmanacModel
import AlmanacSpec
import AlmanacTime
import Testing
@testable import AlmanacCompiler

@Suite struct FilterAndMergeTests {
    typealias T = TestSupport

    static func daily(
        _ id: String, at time: String = "09:00", zone: String = "America/New_York",
        configure: (inout Trigger) -> Void = { _ in }
    ) -> Trigger {
        var trigger = Trigger(id: id, kind: .calendar(CalendarRule(times: [T.time(time)])), timezone: zone)
        configure(&trigger)
        return trigger
    }

    static let december = ("2026-12-01T05:00:00Z", "2027-01-01T05:00:00Z")

    static func days(_ trigger: Trigger, _ window: (String, String) = december) throws -> [String] {
        try T.fires(trigger, from: window.0, to: window.1).map { String($0.split(separator: "@")[1].prefix(10)) }
    }

    @Test func startAndEndDatesIncludeWholeDays() throws {
        let days = try Self.days(
            Self.daily("d") {
                $0.start = .date(T.date("2026-12-10")); $0.end = .date(T.date("2026-12-12"))
            })
        #expect(days == ["2026-12-10", "2026-12-11", "2026-12-12"])
        let exclusive = try Self.days(
            Self.daily("d") {
                $0.start = .local(T.local("2026-12-10T09:00")); $0.end = .local(T.local("2026-12-12T09:00"))
            })
        #expect(exclusive == ["2026-12-10", "2026-12-11"])
        let instants = try Self.days(
            Self.daily("d") {
                $0.start = .instant(T.instant("2026-12-10T14:00:01Z")); $0.end = .instant(T.instant("2026-12-13T14:00:01Z"))
            })
        #expect(instants == ["2026-12-11", "2026-12-12", "2026-12-13"])
    }

    @Test func countIsCountedFromStartEvenBeforeTheWindow() throws {
        let trigger = Self.daily("d") {
            $0.start = .date(T.date("2026-11-28")); $0.count = 5
        }
        #expect(try Self.days(trigger) == ["2026-12-01", "2026-12-02"])
        let later = Self.daily("d") {
            $0.start = .date(T.date("2026-12-20")); $0.count = 3
        }
        #expect(try Self.days(later) == ["2026-12-20", "2026-12-21", "2026-12-22"])
    }

    @Test func exceptDatesAndRanges() throws {
        let trigger = Self.daily("d") {
            $0.except = [
                DateRange(from: T.date("2026-12-25"), to: T.date("2026-12-25")),
                DateRange(from: T.date("2026-12-03"), to: T.date("2026-12-30")),
                DateRange(from: T.date("2026-12-02"), to: T.date("2026-12-02")),
            ]
        }
        #expect(try Self.days(trigger) == ["2026-12-01", "2026-12-31"])
    }

    @Test func duringWeekdaysAndBetweenCrossingMidnight() throws {
        var every = Trigger(id: "h", kind: .every(EveryRule(interval: TimeSpan(seconds: 3600))), timezone: "UTC")
        every.during = During(weekdays: [.friday], between: (T.time("22:00"), T.time("02:00")))
        let fires = try T.fires(every, from: "2026-12-03T00:00:00Z", to: "2026-12-06T00:00:00Z")
        // Friday 2026-12-04 22:00 through Saturday 01:00; Thursday night's window is not Friday's.
        #expect(fires.map { String($0.prefix(16)) } == ["2026-12-04T22:00", "2026-12-04T23:00", "2026-12-05T00:00", "2026-12-05T01:00"])
        var hydrate = Trigger(id: "h", kind: .every(EveryRule(interval: TimeSpan(seconds: 7200))), timezone: "America/New_York")
        hydrate.during = During(between: (T.time("08:00"), T.time("20:00")))
        let day = try T.fires(hydrate, from: "2026-12-01T05:00:00Z", to: "2026-12-02T05:00:00Z")
        #expect(
            day.map { String($0.split(separator: " ")[1].dropFirst(11).prefix(5)) } == [
                "09:00", "11:00", "13:00", "15:00", "17:00", "19:00",
            ])
    }

    @Test func jitterIsDeterministicBoundedAndRecorded() throws {
        let trigger = Self.daily("j", zone: "UTC") { $0.jitter = TimeSpan(seconds: 600) }
        let a = try T.compile(T.schedule(trigger), T.window(Self.december.0, Self.december.1)).plan.fires
        let b = try T.compile(T.schedule(trigger), T.window(Self.december.0, Self.december.1)).plan.fires
        #expect(a == b)
        #expect(a.count == 31)
        for fire in a {
            let nominal = try #require(fire.nominal)
            let delay = fire.at.secondsSinceEpoch - nominal.wallSeconds
            #expect(delay > 0 && delay < 600)
            #expect(fire.local.wallSeconds == fire.at.secondsSinceEpoch)
        }
        #expect(Set(a.map { $0.at.secondsSinceEpoch % 86_400 }).count > 20)
        // FNV-1a 64 of the id, so the delay is fixed forever, not per process.
        let id = Array("j@2026-12-01T09:00:00".utf8)
        #expect(a[0].at.secondsSinceEpoch - T.instant("2026-12-01T09:00:00Z").secondsSinceEpoch == Int64(FireIdentity.fnv1a(id) % 600))
        #expect(FireIdentity.fnv1a(Array("a".utf8)) == 0xaf63_dc4c_8601_ec8c)
    }

    @Test func jitterWindowsSplitFiresExactly() throws {
        let trigger = Self.daily("j", at: "23:55", zone: "UTC") { $0.jitter = TimeSpan(seconds: 3600) }
        let whole = try T.compile(T.schedule(trigger), T.window("2026-12-01T00:00:00Z", "2026-12-11T00:00:00Z")).plan.fires
        var parts: [Fire] = []
        for (from, to) in [("2026-12-01T00:00:00Z", "2026-12-04T00:00:00Z"), ("2026-12-04T00:00:00Z", "2026-12-11T00:00:00Z")] {
            parts += try T.compile(T.schedule(trigger), T.window(from, to)).plan.fires
        }
        #expect(parts == whole)
    }

    @Test func mergeOrdersByInstantThenTriggerAndSkipsDisabled() throws {
        let a = Self.daily("alpha", zone: "UTC")
        let b = Self.daily("beta", at: "04:00", zone: "America/New_York")
        let c = Self.daily("gamma", zone: "UTC") { $0.enabled = false }
        let e = Trigger(
            id: "every", kind: .every(EveryRule(interval: TimeSpan(seconds: 43_200))), payload: ["k": .string("v")], priority: 3)
        let result = try T.compile(T.schedule(b, c, e, a), T.window("2026-12-01T00:00:00Z", "2026-12-03T00:00:00Z"))
        let fires = result.plan.fires
        #expect(zip(fires, fires.dropFirst()).allSatisfy { Fire.precedes($0, $1) })
        #expect(fires.map { $0.trigger } == ["every", "alpha", "beta", "every", "every", "alpha", "beta", "every"])
        #expect(Set(result.plan.triggers.keys) == ["alpha", "beta", "every"])
        #expect(result.plan.triggers["every"] == PlanTrigger(kind: "every", priority: 3, payload: ["k": .string("v")]))
        #expect(result.plan.triggers["beta"]?.timezone == "America/New_York")
    }

    @Test func maxFiresStopsWithALocatedError() throws {
        let range = SourceRange(line: 4, column: 12, length: 2)
        var schedule = T.schedule(Self.daily("d", zone: "UTC"), maxFires: 10)
        schedule.limits.maxFiresRange = range
        #expect(throws: CompileError.self) { try T.compile(schedule, T.window(Self.december.0, Self.december.1)) }
        do {
            _ = try T.compile(schedule, T.window(Self.december.0, Self.december.1))
        } catch let error as CompileError {
            #expect(error.diagnostic.code == .maxFiresExceeded)
            #expect(error.diagnostic.range == range)
        }
        schedule.limits.maxFires = 31
        #expect(try T.compile(schedule, T.window(Self.december.0, Self.december.1)).plan.fires.count == 31)
    }

    @Test func streamingSinkSeesTheSameFiresAsThePlan() throws {
        let schedule = T.schedule(Self.daily("a"), Self.daily("b", at: "10:30"))
        let expansion = try Compiler(tzdataVersion: "x").prepare(
            schedule, specSHA256: "abc", window: T.window(Self.december.0, Self.december.1))
        #expect(expansion.header.fires.isEmpty && expansion.header.spec.sha256 == "abc" && expansion.header.tzdata == "x")
        var streamed: [Fire] = []
        let report = try expansion.run { streamed.append($0) }
        #expect(report.fireCount == 62 && streamed.count == 62)
        #expect(streamed == (try T.compile(schedule, T.window(Self.december.0, Self.december.1)).plan.fires))
    }

    @Test func unknownZoneIsALocatedError() {
        #expect(throws: CompileError.self) {
            try T.compile(T.schedule(Self.daily("d", zone: "Mars/Base")), T.window(Self.december.0, Self.december.1))
        }
    }

    @Test func rruleTriggersExpandThroughTheSameStreams() throws {
        let rrule = Trigger(
            id: "r", kind: .rrule(RRuleTrigger(rule: RRule(freq: .daily), start: T.local("2026-01-01T09:00"))), timezone: "UTC")
        let fires = try T.compile(T.schedule(rrule), T.window(Self.december.0, Self.december.1)).plan.fires
        // A daily rule started in January, seen through a December window: one fire a day at 09:00.
        #expect(fires.count == 31)
        #expect(fires.first?.id == "r@2026-12-01T09:00:00" && fires.last?.id == "r@2026-12-31T09:00:00")
    }

    @Test func dstLintNamesTheFirstAffectedTimeAndTheFix() throws {
        let window = T.window("2026-03-01T05:00:00Z", "2026-03-15T04:00:00Z")
        let shifted = try T.compile(T.schedule(Self.daily("d", at: "02:30")), window).diagnostics
        #expect(shifted.map(\.code) == [.dstAffected])
        #expect(shifted[0].message.contains("2026-03-08T02:30:00") && shifted[0].message.contains("{gap: next}"))
        let skipped = try T.compile(T.schedule(Self.daily("d", at: "02:30") { $0.dst.gap = .skip }), window).diagnostics
        #expect(skipped.count == 1 && skipped[0].message.contains("does not fire at 2026-03-08T02:30:00"))
        let quiet = try T.compile(T.schedule(Self.daily("d", at: "09:00")), window).diagnostics
        #expect(quiet.isEmpty)
    }

    @Test func locationRegionsAreArmedDuringTheirWindows() throws {
        var arrive = Trigger(
            id: "arrive",
            kind: .location(
                LocationRule(
                    region: Region(
                        name: "office", latitude: 40.7484, longitude: -73.9857, radius: 150,
                        latitudeText: "40.7484", longitudeText: "-73.9857", radiusText: "150"),
                    on: .enter)), timezone: "America/New_York")
        arrive.during = During(weekdays: [.monday, .tuesday, .wednesday, .thursday, .friday], between: (T.time("07:00"), T.time("10:00")))
        let plan = try T.compile(T.schedule(arrive), T.window("2026-11-23T05:00:00Z", "2026-11-30T05:00:00Z")).plan
        #expect(plan.fires.isEmpty)
        let region = try #require(plan.regions.first)
        #expect(region.armed.count == 5)
        #expect(region.armed.first == T.window("2026-11-23T12:00:00Z", "2026-11-23T15:00:00Z"))
        #expect(region.latitude == "40.7484" && region.on == .enter)
        #expect(plan.triggers["arrive"]?.kind == "location")
    }
}
