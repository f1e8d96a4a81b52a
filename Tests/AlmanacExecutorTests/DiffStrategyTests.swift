import AlmanacJSON
import AlmanacPlan
import AlmanacRegistration
import AlmanacTestSupport
import AlmanacTime
import Foundation
import Testing
@testable import AlmanacExecutor

/// `--strategy diff`: list what the backend holds, add what is new or changed, then remove what is
/// stale. Over random plans and reconciles at later and later instants (fires delivered between):
/// the backend ends holding exactly the registration, never holds nothing in between while both
/// registrations hold something, leaves unchanged fires alone, and agrees with a replay of its
/// record. The goldens show both strategies' records for one example.
@Suite struct DiffStrategyTests {
    /// The ids held after each call in `calls`, starting from `held`.
    static func heldAfterEachCall(_ calls: ArraySlice<String>, from held: Set<String>) throws -> [Set<String>] {
        var ids = held
        var after: [Set<String>] = []
        for call in calls {
            let object = try #require(try JSONReader.parse(call).objectValue)
            switch object["call"] {
            case .string("add")?, .string("schedule")?:
                if case .string(let id)? = object["id"] { ids.insert(id) }
            case .string("remove")?:
                if case .array(let removed)? = object["ids"] { for case .string(let id) in removed { ids.remove(id) } }
            case .string("cancelAll")?:
                ids.removeAll()
            default:
                break
            }
            after.append(ids)
        }
        return after
    }

    @Test func holdsTheRegistrationAndNeverNothing() throws {
        var random = SplitMix(seed: 77)
        var keptAlone = 0, checkedMoments = 0
        for _ in 0..<60 {
            let plan = CoverageTests.randomPlan(&random)
            let index = PriorityIndex(plan)
            let sink = LineSink()
            let spy = SpyBackend(output: sink)
            var now = TestPlans.at(Int64(random.next() % 43_200))
            for _ in 0..<4 {
                let before = sink.lines.count
                let held = Set(SpyBackend.holding(afterRecord: Array((sink.lines.joined(separator: "\n") + "\n").utf8)).map(\.id))
                let registration = try Reconciler.reconcile(plan, now: now, backend: spy, index: index, strategy: .diff)
                let calls = sink.lines[before...]
                #expect(calls.first?.hasPrefix("{\"call\": \"pending\"") == true)
                #expect(!calls.contains { $0.contains("cancelAll") })
                // The record's replay holds exactly the registration.
                let after = SpyBackend.holding(afterRecord: Array((sink.lines.joined(separator: "\n") + "\n").utf8))
                #expect(after.map(\.id).sorted() == registration.fires.map(\.id).sorted())
                // Only fires not held already are added (the plan did not change between reconciles).
                let adds = calls.filter { $0.hasPrefix("{\"call\": \"add\"") }.count
                #expect(adds == registration.fires.filter { !held.contains($0.id) }.count)
                if adds < registration.fires.count { keptAlone += 1 }
                // Never an empty moment while the old and the new registration both hold something.
                if !held.isEmpty && !registration.fires.isEmpty {
                    for ids in try Self.heldAfterEachCall(calls, from: held) {
                        #expect(!ids.isEmpty)
                        checkedMoments += 1
                    }
                }
                // Deliver what comes due before the next reconcile, as the phone would.
                let next = Instant(secondsSinceEpoch: now.secondsSinceEpoch + Int64(random.next() % 40_000))
                for fire in registration.fires where fire.at <= next {
                    try spy.fire(fire, trigger: plan.triggers[fire.trigger]!)
                }
                now = next
            }
        }
        #expect(keptAlone > 50)
        #expect(checkedMoments > 1_000)
    }

    /// A new plan whose every fire has a new id (a renamed trigger): the new fires are added
    /// before the old ones are removed, so the backend holds something at every call.
    @Test func aPlanWithAllNewIDsIsNeverEmptyInBetween() throws {
        let old = TestPlans.plan(TestPlans.every("standup", step: 600, to: 6_000))
        let new = TestPlans.plan(TestPlans.every("stand-up", step: 600, to: 6_000))
        let sink = LineSink()
        let spy = SpyBackend(output: sink)
        try Reconciler.reconcile(old, now: TestPlans.at(0), backend: spy, strategy: .diff)
        let before = sink.lines.count
        let registration = try Reconciler.reconcile(new, now: TestPlans.at(0), backend: spy, strategy: .diff)
        let moments = try Self.heldAfterEachCall(sink.lines[before...], from: Set(old.fires.dropFirst().map(\.id)))
        #expect(moments.allSatisfy { !$0.isEmpty })
        #expect(moments.last == Set(registration.fires.map(\.id)))
        #expect(sink.lines.last?.hasPrefix("{\"call\": \"remove\"") == true)
    }

    /// The same reconciles with `replace` go through a moment with nothing held: what `diff` avoids.
    @Test func replaceEmptiesTheBackendForAMoment() throws {
        let plan = TestPlans.plan(TestPlans.every("a", step: 600, to: 6_000))
        let sink = LineSink()
        let spy = SpyBackend(output: sink)
        try Reconciler.reconcile(plan, now: TestPlans.at(0), backend: spy, strategy: .replace)
        let before = sink.lines.count
        try Reconciler.reconcile(plan, now: TestPlans.at(1), backend: spy, strategy: .replace)
        let moments = try Self.heldAfterEachCall(sink.lines[before...], from: Set(plan.fires.dropFirst().map(\.id)))
        #expect(moments.contains { $0.isEmpty })
    }

    @Test func aChangedPayloadIsAddedAgainUnderItsID() throws {
        var plan = TestPlans.plan(TestPlans.every("a", step: 600, to: 6_000))
        let sink = LineSink()
        let spy = SpyBackend(output: sink)
        try Reconciler.reconcile(plan, now: TestPlans.at(0), backend: spy, strategy: .diff)
        plan.triggers["a"]?.payload = ["title": .string("new")]
        let before = sink.lines.count
        try Reconciler.reconcile(plan, now: TestPlans.at(0), backend: spy, strategy: .diff)
        // Read back in full: a compact record gives a trigger's payload once.
        let adds = SpyRecordReader.expand(sink.lines)[before...].filter { $0.hasPrefix("{\"call\": \"add\"") }
        #expect(adds.count == 9)
        #expect(adds.allSatisfy { $0.contains("\"title\": \"new\"") })
        #expect(!sink.lines[before...].contains { $0.hasPrefix("{\"call\": \"remove\"") })
    }

    @Test func aBackendThatCannotListRefusesDiff() throws {
        let plan = TestPlans.plan(TestPlans.every("a", step: 600, to: 6_000))
        #expect(throws: ExecutorError.self) {
            try Reconciler.reconcile(plan, now: TestPlans.at(0), backend: StdoutBackend(output: LineSink()), strategy: .diff)
        }
    }

    /// Both strategies' records for backups-cron: a reconcile 33 hours into the window, then one
    /// six hours later (the fires due between delivered).
    @Test(arguments: Reconciler.Strategy.allCases)
    func recordsMatchTheGolden(_ strategy: Reconciler.Strategy) throws {
        let plan = try SpyGoldenTests.plan("backups-cron")
        let sink = LineSink()
        let spy = SpyBackend(output: sink)
        let first = SpyGoldenTests.pinnedNow(plan)
        let second = Instant(secondsSinceEpoch: first.secondsSinceEpoch + 6 * 3600)
        let registration = try Reconciler.reconcile(plan, now: first, backend: spy, strategy: strategy)
        for fire in registration.fires where fire.at <= second { try spy.fire(fire, trigger: plan.triggers[fire.trigger]!) }
        try Reconciler.reconcile(plan, now: second, backend: spy, strategy: strategy)
        let failure = Golden.check(
            SpyRecordReader.expand(sink.lines).joined(separator: "\n") + "\n",
            against: SpyGoldenTests.goldenDirectory + "strategy-\(strategy).jsonl")
        #expect(failure == nil, "\(failure ?? "")")
    }
}
