import AlmanacPlan
import AlmanacRegistration
import AlmanacTestSupport
import AlmanacTime
import Testing
@testable import AlmanacExecutor

/// The compact spy record (payloads once per trigger, a delivery of a registered fire by id) holds
/// everything the whole-line record did: read back through `SpyRecordReader` it gives the lines of
/// `WholeLineSpyBackend` (the spy as it wrote before) byte for byte — for every example, reconciled
/// and simulated over its whole window, on the loop and on the simulation's fast path, for random
/// plans, both strategies, a payload changed by a reload, and a record appended by a restarted spy.
@Suite struct CompactSpyRecordTests {
    static func loop(_ plan: Plan, _ backend: any Backend, from: Instant, until: Instant) throws -> FireLoop.Summary {
        try FireLoop(
            loadPlan: { plan }, backend: backend, journal: Journal(), clock: VirtualClock(start: from),
            options: FireLoop.Options(until: Double(until.secondsSinceEpoch))
        ).run()
    }

    static func bytes(_ lines: [String]) -> Int { lines.reduce(0) { $0 + $1.utf8.count + 1 } }

    @Test(arguments: SpyGoldenTests.names)
    func examplesReadBackToTheWholeLines(_ name: String) throws {
        let plan = try SpyGoldenTests.plan(name)
        let compact = LineSink(), whole = LineSink()
        let now = SpyGoldenTests.pinnedNow(plan)
        try Reconciler.reconcile(plan, now: now, backend: SpyBackend(output: compact))
        try Reconciler.reconcile(plan, now: now, backend: WholeLineSpyBackend(output: whole))
        #expect(SpyRecordReader.expand(compact.lines) == whole.lines)

        let simulated = LineSink(), reference = LineSink()
        let summary = try Self.loop(plan, SpyBackend(output: simulated), from: plan.window.from, until: plan.window.to)
        _ = try Self.loop(plan, WholeLineSpyBackend(output: reference), from: plan.window.from, until: plan.window.to)
        #expect(SpyRecordReader.expand(simulated.lines) == reference.lines)
        if summary.fired > 0 {
            #expect(Self.bytes(simulated.lines) < Self.bytes(reference.lines))
        }
        let source = PlanFireSource(plan)
        if SpySimulation.covers(source) {
            let fast = LineSink()
            _ = try SpySimulation.run(source, from: plan.window.from, until: plan.window.to, output: fast)
            #expect(SpyRecordReader.expand(fast.lines) == reference.lines)
        }
    }

    @Test func randomPlansReadBackToTheWholeLines() throws {
        var random = SplitMix(seed: 26)
        var byID = 0
        for round in 0..<200 {
            let plan = SpySimulationTests.randomPlan(&random)
            let compact = LineSink(), whole = LineSink()
            _ = try Self.loop(plan, SpyBackend(output: compact), from: plan.window.from, until: plan.window.to)
            _ = try Self.loop(plan, WholeLineSpyBackend(output: whole), from: plan.window.from, until: plan.window.to)
            #expect(SpyRecordReader.expand(compact.lines) == whole.lines, "round \(round)")
            byID += compact.lines.count { $0.hasPrefix("{\"call\": \"fire\"") && !$0.contains("\"trigger\"") }
        }
        // The rounds delivered many fires by id alone.
        #expect(byID > 1_000)
    }

    /// Two reconciles with fires delivered between them and the payload changed by a reload; the
    /// second by a new spy appending to the record (a restarted daemon), which starts from what the
    /// record leaves registered. The whole-line reference is one spy throughout.
    @Test(arguments: Reconciler.Strategy.allCases)
    func reloadsAndRestartsReadBackAlike(_ strategy: Reconciler.Strategy) throws {
        var plan = TestPlans.plan(
            TestPlans.every("a", step: 600, to: 36_000) + TestPlans.every("b", step: 900, to: 36_000), priorities: ["b": 1],
            maxPending: 8, length: 40_000)
        let compact = LineSink(), whole = LineSink()
        let reference = WholeLineSpyBackend(output: whole)
        var spy = SpyBackend(output: compact)
        for (k, now) in [TestPlans.at(0), TestPlans.at(3_000), TestPlans.at(6_000)].enumerated() {
            if k == 2 {
                plan.triggers["a"]?.payload = ["title": .string("changed")]
                spy = SpyBackend(
                    output: compact, holding: SpyBackend.holding(afterRecord: Array((compact.lines.joined(separator: "\n") + "\n").utf8)))
            }
            let registration = try Reconciler.reconcile(plan, now: now, backend: spy, strategy: strategy)
            _ = try Reconciler.reconcile(plan, now: now, backend: reference, strategy: strategy)
            for fire in registration.fires where fire.at.secondsSinceEpoch <= now.secondsSinceEpoch + 2_000 {
                try spy.fire(fire, trigger: plan.triggers[fire.trigger]!)
                try reference.fire(fire, trigger: plan.triggers[fire.trigger]!)
            }
        }
        #expect(SpyRecordReader.expand(compact.lines) == whole.lines)
        #expect(compact.lines.contains { $0.contains("\"changed\"") })
    }
}
