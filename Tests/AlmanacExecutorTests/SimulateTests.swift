import AlmanacPlan
import AlmanacTime
import Testing
@testable import AlmanacExecutor

/// The loop on a virtual clock with the spy: the whole record compared with the expected lines.
@Suite struct SimulateTests {
    /// Two triggers, a budget of three, so the loop must reconcile again at refresh_by.
    static let plan = TestPlans.plan(
        [TestPlans.fire("a", 0), TestPlans.fire("b", 60), TestPlans.fire("a", 60), TestPlans.fire("a", 120), TestPlans.fire("b", 180)],
        priorities: ["b": 1], maxPending: 3, length: 3600)

    @Test func recordMatchesTheExpectedFile() throws {
        let record = LineSink()
        let loop = try FireLoop(
            loadPlan: { SimulateTests.plan }, backend: SpyBackend(output: record), journal: Journal(),
            clock: VirtualClock(start: TestPlans.at(0)),
            options: FireLoop.Options(until: Double(TestPlans.at(3600).secondsSinceEpoch)))
        let summary = try loop.run()
        let p = #"", "payload": {"name": ""#
        let expected = """
            {"call": "cancelAll"}
            {"call": "schedule", "id": "a@2026-11-23T05:01:00", "trigger": "a", "at": "2026-11-23T05:01:00Z", "local": "2026-11-23T05:01:00+00:00\(p)a"}}
            {"call": "schedule", "id": "b@2026-11-23T05:01:00", "trigger": "b", "at": "2026-11-23T05:01:00Z", "local": "2026-11-23T05:01:00+00:00\(p)b"}}
            {"call": "schedule", "id": "b@2026-11-23T05:03:00", "trigger": "b", "at": "2026-11-23T05:03:00Z", "local": "2026-11-23T05:03:00+00:00\(p)b"}}
            {"call": "fire", "id": "a@2026-11-23T05:00:00", "trigger": "a", "at": "2026-11-23T05:00:00Z", "local": "2026-11-23T05:00:00+00:00\(p)a"}}
            {"call": "fire", "id": "a@2026-11-23T05:01:00", "trigger": "a", "at": "2026-11-23T05:01:00Z", "local": "2026-11-23T05:01:00+00:00\(p)a"}}
            {"call": "fire", "id": "b@2026-11-23T05:01:00", "trigger": "b", "at": "2026-11-23T05:01:00Z", "local": "2026-11-23T05:01:00+00:00\(p)b"}}
            {"call": "cancelAll"}
            {"call": "schedule", "id": "b@2026-11-23T05:03:00", "trigger": "b", "at": "2026-11-23T05:03:00Z", "local": "2026-11-23T05:03:00+00:00\(p)b"}}
            {"call": "fire", "id": "a@2026-11-23T05:02:00", "trigger": "a", "at": "2026-11-23T05:02:00Z", "local": "2026-11-23T05:02:00+00:00\(p)a"}}
            {"call": "fire", "id": "b@2026-11-23T05:03:00", "trigger": "b", "at": "2026-11-23T05:03:00Z", "local": "2026-11-23T05:03:00+00:00\(p)b"}}
            """
        // The record as written: each trigger's payload once, a delivery of a registered fire by id
        // (a@05:00 was due at the first reconcile and a@05:02 past the budget: never registered).
        let t = #"", "trigger": ""#
        let compact = """
            {"call": "cancelAll"}
            {"call": "schedule", "id": "a@2026-11-23T05:01:00\(t)a", "at": "2026-11-23T05:01:00Z", "local": "2026-11-23T05:01:00+00:00\(p)a"}}
            {"call": "schedule", "id": "b@2026-11-23T05:01:00\(t)b", "at": "2026-11-23T05:01:00Z", "local": "2026-11-23T05:01:00+00:00\(p)b"}}
            {"call": "schedule", "id": "b@2026-11-23T05:03:00\(t)b", "at": "2026-11-23T05:03:00Z", "local": "2026-11-23T05:03:00+00:00"}
            {"call": "fire", "id": "a@2026-11-23T05:00:00\(t)a", "at": "2026-11-23T05:00:00Z", "local": "2026-11-23T05:00:00+00:00"}
            {"call": "fire", "id": "a@2026-11-23T05:01:00"}
            {"call": "fire", "id": "b@2026-11-23T05:01:00"}
            {"call": "cancelAll"}
            {"call": "schedule", "id": "b@2026-11-23T05:03:00\(t)b", "at": "2026-11-23T05:03:00Z", "local": "2026-11-23T05:03:00+00:00"}
            {"call": "fire", "id": "a@2026-11-23T05:02:00\(t)a", "at": "2026-11-23T05:02:00Z", "local": "2026-11-23T05:02:00+00:00"}
            {"call": "fire", "id": "b@2026-11-23T05:03:00"}
            """
        #expect(record.lines.joined(separator: "\n") == compact)
        // Read back in full, it is every line with its fields and payload.
        #expect(SpyRecordReader.expand(record.lines).joined(separator: "\n") == expected)
        #expect(summary == FireLoop.Summary(fired: 5, skipped: 0, reconciles: 2, reloads: 0))
    }

    @Test func untilIsExclusiveAndFromIsInclusive() throws {
        let record = LineSink()
        let plan = TestPlans.plan(TestPlans.every("t", step: 10, to: 100))
        let loop = try FireLoop(
            loadPlan: { plan }, backend: StdoutBackend(output: record), journal: Journal(),
            clock: VirtualClock(start: TestPlans.at(20)),
            options: FireLoop.Options(until: Double(TestPlans.at(50).secondsSinceEpoch)))
        _ = try loop.run()
        #expect(record.lines.count == 3)
        #expect(record.lines.first?.hasPrefix("{\"id\": \"t@2026-11-23T05:00:20\"") == true)
        #expect(record.lines.last?.hasPrefix("{\"id\": \"t@2026-11-23T05:00:40\"") == true)
    }

    @Test func reloadSwitchesPlansWithoutRepeatingFires() throws {
        let record = LineSink()
        let old = TestPlans.plan(TestPlans.every("t", step: 10, to: 100))
        // The new plan keeps the ids of `t` (stable ids) and adds `u`.
        let new = TestPlans.plan(TestPlans.every("t", step: 10, to: 100) + TestPlans.every("u", step: 25, to: 100))
        var current = old
        let clock = VirtualClock(start: TestPlans.at(0))
        clock.post(.reload, at: TestPlans.at(33))
        let loop = try FireLoop(
            loadPlan: { current }, backend: StdoutBackend(output: record), journal: Journal(), clock: clock,
            options: FireLoop.Options(until: Double(TestPlans.at(60).secondsSinceEpoch)))
        current = new
        let summary = try loop.run()
        let ids = record.lines.map { String($0.dropFirst(8).prefix { $0 != "\"" }) }
        // u@0 and u@25 entered the plan already past: never delivered, even within the grace period.
        #expect(
            ids == [
                "t@2026-11-23T05:00:00", "t@2026-11-23T05:00:10", "t@2026-11-23T05:00:20", "t@2026-11-23T05:00:30",
                "t@2026-11-23T05:00:40", "t@2026-11-23T05:00:50", "u@2026-11-23T05:00:50",
            ])
        #expect(summary.reloads == 1)
    }

    @Test func stopEventEndsTheLoopAndFinishesTheBackend() throws {
        let record = LineSink()
        let clock = VirtualClock(start: TestPlans.at(0))
        clock.post(.stop, at: TestPlans.at(15))
        let plan = TestPlans.plan(TestPlans.every("t", step: 10, to: 100))
        let summary = try FireLoop(loadPlan: { plan }, backend: StdoutBackend(output: record), journal: Journal(), clock: clock).run()
        #expect(summary.fired == 2)
    }
}
