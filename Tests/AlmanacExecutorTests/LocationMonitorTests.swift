import AlmanacPlan
import AlmanacRegistration
import AlmanacVocabulary
import Foundation
import AlmanacTime
import Testing
@testable import AlmanacExecutor

/// The location loop on a virtual clock: watching regions only while armed, hysteresis, `on`,
/// cooldown, fire ids in the trigger's zone, journal dedupe and stale fixes.
@Suite struct LocationMonitorTests {
    /// A region of radius 100 m at (0, 0) for `trigger`, armed over `[from, to)` seconds after the base.
    static func region(
        _ trigger: String, on: PlanRegion.Event = .both, cooldown: Int64? = nil,
        armed: [(Int64, Int64)] = [(0, 86_400)]
    ) -> PlanRegion {
        PlanRegion(
            trigger: trigger, on: on, latitude: "0", longitude: "0", radius: "100", cooldown: cooldown,
            armed: armed.map { Window(from: TestPlans.at($0.0), to: TestPlans.at($0.1)) })
    }

    /// A fix `metres` north of (0, 0) at base + seconds.
    static func fix(_ seconds: Int64, _ metres: Double, accuracy: Double? = nil) -> LocationFix {
        LocationFix(at: TestPlans.at(seconds), latitude: metres / 111_195.08, longitude: 0, accuracy: accuracy)
    }

    /// Simulates `plan` from the base for a day with `fixes`; returns the spy's lines and the summary.
    static func simulate(
        _ plan: Plan, _ fixes: [LocationFix], journal: Journal = Journal(),
        from: Int64 = 0
    ) throws -> (lines: [String], summary: FireLoop.Summary) {
        let record = LineSink()
        let monitor = LocationMonitor(feed: LocationFeed(fixes))
        let loop = try FireLoop(
            loadPlan: { plan }, backend: SpyBackend(output: record), journal: journal,
            clock: VirtualClock(start: TestPlans.at(from)),
            options: FireLoop.Options(until: Double(TestPlans.at(86_400).secondsSinceEpoch)),
            locations: monitor)
        let summary = try loop.run()
        return (record.lines, summary)
    }

    /// `call trigger [event id]` for each spy line, for compact expectations.
    static func calls(_ lines: [String]) -> [String] {
        lines.map { line in
            func field(_ name: String) -> String? {
                guard let start = line.range(of: "\"\(name)\": \"") else { return nil }
                return String(line[start.upperBound...].prefix { $0 != "\"" })
            }
            return [field("call"), field("trigger"), field("event"), field("id")].compactMap { $0 }.joined(separator: " ")
        }
    }

    @Test func monitorsOnlyWhileArmedAndFiresOnlyThen() throws {
        let plan = TestPlans.plan([], regions: [Self.region("r", on: .enter, armed: [(600, 1200), (1800, 2400)])])
        // In at 300 (not armed), out at 900 (armed, but on: enter), in at 1000 (armed: fires),
        // out at 1500 and in at 1700 (disarmed), out 2000, in 2100 (fires).
        let fixes = [
            Self.fix(0, 500), Self.fix(300, 0), Self.fix(900, 500), Self.fix(1000, 0), Self.fix(1500, 500),
            Self.fix(1700, 0), Self.fix(2000, 500), Self.fix(2100, 0),
        ]
        let (lines, summary) = try Self.simulate(plan, fixes)
        #expect(
            Self.calls(lines) == [
                "cancelAll", "monitor r", "fire r enter r@2026-11-23T05:16:40", "unmonitor r",
                "monitor r", "fire r enter r@2026-11-23T05:35:00", "unmonitor r",
            ])
        #expect(summary.locationFires == 2)
    }

    @Test func jitterOnTheBoundaryDoesNotFlap() throws {
        let plan = TestPlans.plan([], regions: [Self.region("r")])
        // Outside, then 30 fixes within ±8 m of the 100 m boundary, then clearly inside.
        var fixes = [Self.fix(0, 300)]
        for i in 1...30 { fixes.append(Self.fix(Int64(i) * 10, 100 + (i % 2 == 0 ? 8 : -8))) }
        fixes.append(Self.fix(400, 20))
        let (lines, _) = try Self.simulate(plan, fixes)
        #expect(Self.calls(lines) == ["cancelAll", "monitor r", "fire r enter r@2026-11-23T05:06:40"])
    }

    @Test func poorAccuracyWidensTheBandButARegionCanStillBeEntered() {
        var tracker = LocationTracker(Self.region("r"))!
        #expect(tracker.margin(accuracy: nil) == 10)
        #expect(tracker.margin(accuracy: 30) == 30)
        #expect(tracker.margin(accuracy: 500) == 50)
        #expect(tracker.update(with: Self.fix(0, 200, accuracy: 30)) == nil)
        #expect(tracker.state == .outside)
        // 75 m is inside the radius but within the 30 m band: undecided, still outside.
        #expect(tracker.update(with: Self.fix(10, 75, accuracy: 30)) == nil)
        #expect(tracker.update(with: Self.fix(20, 40, accuracy: 500)) == .enter)
        #expect(tracker.update(with: Self.fix(30, 140, accuracy: 5)) == .exit)
    }

    @Test func cooldownSuppressesBothDirections() throws {
        let plan = TestPlans.plan([], regions: [Self.region("r", on: .both, cooldown: 600)])
        let fixes = [Self.fix(0, 500), Self.fix(100, 0), Self.fix(200, 500), Self.fix(650, 0), Self.fix(800, 500)]
        let (lines, _) = try Self.simulate(plan, fixes)
        // enter at 100; exit at 200 and enter at 650 fall inside the cooldown; exit at 800 is 700 s later.
        #expect(
            Self.calls(lines) == [
                "cancelAll", "monitor r", "fire r enter r@2026-11-23T05:01:40",
                "fire r exit r@2026-11-23T05:13:20",
            ])
    }

    @Test func fireIdsUseTheTriggersZone() throws {
        var plan = TestPlans.plan([], regions: [Self.region("r", on: .exit)])
        plan.triggers["r"] = PlanTrigger(kind: "location", timezone: "America/Chicago", payload: ["title": .string("bye")])
        let (lines, _) = try Self.simulate(plan, [Self.fix(0, 0), Self.fix(60, 400)])
        #expect(
            lines.last
                == #"{"call": "fire", "id": "r@2026-11-22T23:01:00", "trigger": "r", "at": "2026-11-23T05:01:00Z", "local": "2026-11-22T23:01:00-06:00", "event": "exit", "payload": {"title": "bye"}}"#
        )
    }

    @Test func aReplayedTrackDoesNotFireTwiceWithTheSameJournal() throws {
        let plan = TestPlans.plan([], regions: [Self.region("r", on: .enter)])
        let fixes = [Self.fix(0, 500), Self.fix(60, 0)]
        let journal = Journal()
        #expect(try Self.simulate(plan, fixes, journal: journal).summary.locationFires == 1)
        #expect(try Self.simulate(plan, fixes, journal: journal).summary.locationFires == 0)
    }

    @Test func staleFixesMoveTheStateButFireNothing() throws {
        let plan = TestPlans.plan([], regions: [Self.region("r", on: .both)])
        // The clock starts at 1000: the fixes at 0 and 100 are read 900 s late (grace 60 s).
        let fixes = [Self.fix(0, 500), Self.fix(100, 0), Self.fix(1100, 500)]
        let (lines, _) = try Self.simulate(plan, fixes, from: 1000)
        #expect(Self.calls(lines) == ["cancelAll", "monitor r", "fire r exit r@2026-11-23T05:18:20"])
    }

    @Test func theRegionBudgetHoldsAtEveryWindowEdge() throws {
        // Budget 1: b (priority 1) takes over from a while both are armed.
        let plan = TestPlans.plan(
            [], priorities: ["b": 1], maxRegions: 1,
            regions: [Self.region("a", armed: [(0, 1000)]), Self.region("b", armed: [(300, 600)])])
        let (lines, _) = try Self.simulate(plan, [])
        #expect(Self.calls(lines) == ["cancelAll", "monitor a", "unmonitor a", "monitor b", "unmonitor b", "monitor a", "unmonitor a"])
        let registration = Reconciler.registration(for: plan, now: TestPlans.at(400))
        #expect(registration.regions.map(\.trigger) == ["b"])
        #expect(registration.regionsChangeAt == TestPlans.at(600))
    }
}
