import AlmanacJSON
import AlmanacPlan
import AlmanacTestSupport
import AlmanacTime
import Testing
@testable import AlmanacExecutor

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `SpySimulation` writes the fire loop's spy record: the same lines and the same summary as
/// `FireLoop` with a `SpyBackend` on a virtual clock, over random plans (fires in several zones,
/// moved and second-pass fires, several triggers at one instant, one priority level or several,
/// budgets from 0 up, ranges inside,
/// across and outside the window), read from memory and from a plan file.
@Suite struct SpySimulationTests {
    static func randomPlan(_ random: inout SplitMix) -> Plan {
        let names = ["alarm", "b", "tick", "z.last"].prefix(1 + Int(random.next() % 4))
        let priority = Int(random.next() % 3) * 5
        let length = Int64(3_600 + random.next() % 200_000)
        var fires: [Fire] = []
        var ids: Set<String> = []
        let count = Int(random.next() % 300)
        let spacing = [1, 60, 900, 3_600][Int(random.next() % 4)]
        for _ in 0..<count {
            let name = names[Int(random.next() % UInt64(names.count))]
            let seconds = Int64(random.next() % UInt64(length / Int64(spacing) + 1)) * Int64(spacing)
            guard seconds < length else { continue }
            let at = TestPlans.at(seconds)
            let offset = [0, -18_000, 19_800, 3_600][Int(random.next() % 4)]
            let moved = random.next() % 6 == 0
            let fire = Fire(
                at: at, trigger: name, offset: offset,
                nominalWall: at.secondsSinceEpoch + Int64(offset) - (moved ? 1_800 : 0),
                secondPass: random.next() % 9 == 0, isMoved: moved)
            if ids.insert(fire.id).inserted { fires.append(fire) }
        }
        var plan = TestPlans.plan(fires, maxPending: Int(random.next() % 12), length: length)
        // One priority level (the registration is the next fires), or a level per trigger.
        let levels = random.next() % 2 == 0
        for name in plan.triggers.keys {
            plan.triggers[name]?.priority = levels ? Int(random.next() % 3) : priority
            if random.next() % 2 == 0 { plan.triggers[name]?.payload = [:] }
        }
        return plan
    }

    static func loop(_ plan: Plan, from: Instant, until: Instant) throws -> (lines: [String], summary: FireLoop.Summary) {
        let sink = LineSink()
        let loop = try FireLoop(
            loadPlan: { plan }, backend: SpyBackend(output: sink), journal: Journal(), clock: VirtualClock(start: from),
            options: FireLoop.Options(until: Double(until.secondsSinceEpoch)))
        let summary = try loop.run()
        return (sink.lines, summary)
    }

    static func fast(_ source: PlanFireSource, from: Instant, until: Instant) throws -> (lines: [String], summary: FireLoop.Summary) {
        let sink = LineSink()
        let summary = try SpySimulation.run(source, from: from, until: until, output: sink)
        return (sink.lines, summary)
    }

    @Test func writesTheLoopsRecordForRandomPlans() throws {
        var random = SplitMix(seed: 2026)
        let path = TestPlans.scratchDirectory("spy-simulation") + ".plan.json"
        defer { unlink(path) }
        var fired = 0, reconciles = 0
        for round in 0..<300 {
            let plan = Self.randomPlan(&random)
            let length = plan.window.to.secondsSinceEpoch - plan.window.from.secondsSinceEpoch
            // From a little before the window to a little after it, and empty ranges.
            let start = Int64(random.next() % UInt64(length + 7_200)) - 3_600
            let end = random.next() % 10 == 0 ? start : start + Int64(random.next() % UInt64(length + 7_200))
            let from = TestPlans.at(start), until = TestPlans.at(end)
            let expected = try Self.loop(plan, from: from, until: until)
            let memory = try Self.fast(PlanFireSource(plan), from: from, until: until)
            #expect(memory.lines == expected.lines, "round \(round)")
            #expect(memory.summary == expected.summary, "round \(round)")
            // From a plan file, as `simulate` reads it.
            let bytes = PlanWriter.render(plan)
            let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            _ = bytes.withUnsafeBufferPointer { write(fd, $0.baseAddress, $0.count) }
            close(fd)
            let file = try Self.fast(try PlanFireSource.open(path: path), from: from, until: until)
            #expect(file.lines == expected.lines, "round \(round), from a file")
            fired += expected.summary.fired
            reconciles += expected.summary.reconciles
        }
        // The rounds exercised deliveries and many budget refreshes.
        #expect(fired > 10_000)
        #expect(reconciles > 2_000)
    }

    @Test func coversPlansWithoutRegions() {
        var plan = TestPlans.plan(TestPlans.every("a", step: 60, to: 600) + TestPlans.every("b", step: 60, to: 600))
        #expect(SpySimulation.covers(PlanFireSource(plan)))
        plan.regions = [PlanRegion(trigger: "a", on: .enter, latitude: "1", longitude: "2", radius: "100", armed: [])]
        #expect(!SpySimulation.covers(PlanFireSource(plan)))
    }
}
