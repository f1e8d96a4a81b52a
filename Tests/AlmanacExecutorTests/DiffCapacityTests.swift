import AlmanacJSON
import AlmanacPlan
import AlmanacRegistration
import AlmanacTestSupport
import AlmanacTime
import Testing
@testable import AlmanacExecutor

/// A diff reconcile on a backend that holds a limited number, as a phone: the spy with a capacity
/// never holds more than it (a stale request goes just before an add that would overflow, so none
/// is ever dropped), and regions no longer wanted are unmonitored before new ones are watched.
@Suite struct DiffCapacityTests {
    /// The most requests and regions the record's replay held at once, and the drops it shows.
    static func peaks(_ lines: [String]) throws -> (requests: Int, regions: Int, dropped: Int, unmonitors: Int) {
        var requests: Set<String> = [], regions: Set<String> = []
        var peak = (0, 0)
        var dropped = 0, unmonitors = 0
        for line in lines {
            let call = try #require(try JSONReader.parse(line).objectValue)
            let id: String? = if case .string(let id)? = call["id"] { id } else { nil }
            let trigger: String? = if case .string(let t)? = call["trigger"] { t } else { nil }
            switch call["call"] {
            case .string("cancelAll")?: (requests, regions) = ([], [])
            case .string("add")?, .string("schedule")?: requests.insert(id!)
            case .string("remove")?: if case .array(let ids)? = call["ids"] { for case .string(let id) in ids { requests.remove(id) } }
            case .string("fire")?: requests.remove(id!)
            case .string("dropped")?:
                requests.remove(id!)
                dropped += 1
            case .string("monitor")?: regions.insert(trigger!)
            case .string("unmonitor")?:
                regions.remove(trigger!)
                unmonitors += 1
            default: break
            }
            peak = (max(peak.0, requests.count), max(peak.1, regions.count))
        }
        return (peak.0, peak.1, dropped, unmonitors)
    }

    /// Issue 27: 64 held, 64 new wanted — the reconcile added 64 before removing 64 (128 at peak).
    @Test func aFullSpyNeverPeaksAboveItsCapacity() throws {
        let old = TestPlans.plan(TestPlans.every("old", step: 60, from: 60, to: 65 * 60))
        let new = TestPlans.plan(TestPlans.every("new", step: 60, from: 70 * 60, to: 134 * 60))
        let sink = LineSink()
        let spy = SpyBackend(output: sink, capacity: 64)
        try Reconciler.reconcile(old, now: TestPlans.at(0), backend: spy, strategy: .diff)
        try Reconciler.reconcile(new, now: TestPlans.at(0), backend: spy, strategy: .diff)
        let replay = try Self.peaks(sink.lines)
        #expect(replay.requests == 64 && replay.dropped == 0)
        #expect(try spy.pending().map(\.id).sorted() == new.fires.map(\.id).sorted())
        // Without room made first, the spy drops the latest, as a phone would, and the record says so.
        let naive = SpyBackend(output: LineSink(), holding: try spy.pending(), capacity: 64)
        for fire in old.fires { try naive.add(fire, trigger: PlanTrigger(kind: "every")) }
        #expect(naive.output.lines.filter { $0.hasPrefix("{\"call\": \"dropped\"") }.count == 64)
    }

    @Test func randomDiffReconcilesStayWithinTheCapacity() throws {
        var random = SplitMix(seed: 64)
        var madeRoom = 0
        for _ in 0..<60 {
            let plan = CoverageTests.randomPlan(&random)
            let sink = LineSink()
            let spy = SpyBackend(output: sink, capacity: max(1, plan.limits.maxPending))
            var now = TestPlans.at(Int64(random.next() % 43_200))
            for _ in 0..<4 {
                try Reconciler.reconcile(plan, now: now, backend: spy, strategy: .diff)
                now = Instant(secondsSinceEpoch: now.secondsSinceEpoch + Int64(random.next() % 30_000))
            }
            let replay = try Self.peaks(sink.lines)
            #expect(replay.requests <= max(1, plan.limits.maxPending) && replay.dropped == 0)
            if sink.lines.contains(where: { $0.hasPrefix("{\"call\": \"remove\"") }) { madeRoom += 1 }
        }
        #expect(madeRoom > 20)
    }

    /// Issue 27: 30 regions and `max_regions: 20`, two diff reconciles — 31 watched, no unmonitor.
    @Test func diffReconcilesUnmonitorStaleRegions() throws {
        let sink = LineSink()
        let spy = SpyBackend(output: sink)
        try Reconciler.reconcile(PhoneRegionTests.plan(), now: TestPlans.at(0), backend: spy, strategy: .diff)
        try Reconciler.reconcile(PhoneRegionTests.plan(armedFrom: 3_600), now: TestPlans.at(60_000), backend: spy, strategy: .diff)
        let replay = try Self.peaks(sink.lines)
        #expect(replay.regions == 20 && replay.unmonitors > 0)
        #expect(try spy.monitoredRegions().count <= 20)
        // The record alone tells a restarted spy what is watched.
        let restarted = SpyBackend.regions(afterRecord: Array((sink.lines.joined(separator: "\n") + "\n").utf8))
        #expect(restarted.map(\.trigger) == (try spy.monitoredRegions()).map(\.trigger))
        // An unchanged region is not watched again.
        let before = sink.lines.count
        try Reconciler.reconcile(PhoneRegionTests.plan(armedFrom: 3_600), now: TestPlans.at(60_000), backend: spy, strategy: .diff)
        #expect(!sink.lines[before...].contains { $0.contains("monitor") })
    }
}
