import AlmanacExecutor
import AlmanacJSON
import AlmanacPlan
import AlmanacPostgres
import Foundation
import Testing

/// Which plan of a spec runs, with real executors (`ClusterRunner`) on plan files, whatever order
/// they start, restart or reload in: the store's publication order decides, never the last file seen.
/// And two specs that share a name never share fires or run each other's.
@Suite(
    .serialized, .timeLimit(.minutes(1)),
    .enabled(if: testStoreAddress != nil, "set ALMANAC_TEST_STORE=postgres://… (scripts/lib/postgres.sh)"))
struct PlanOrderTests {
    /// v1 has fires at +3 … +8 s; v2 drops +4 s and adds +9 s. Payloads say which plan they are.
    static func versions(_ spec: String, now: Int64) -> (v1: Plan, v2: Plan) {
        (
            TestStore.plan(spec, sha: "1", offsets: [3, 4, 5, 6, 7, 8], now: now, payload: ["who": "v1"]),
            TestStore.plan(spec, sha: "2", offsets: [3, 5, 6, 7, 8, 9], now: now, payload: ["who": "v2"])
        )
    }

    static func waitUntil(_ instant: Int64) async throws {
        let seconds = Double(instant) - Date().timeIntervalSince1970
        if seconds > 0 { try await Task.sleep(for: .milliseconds(Int(seconds * 1000))) }
    }

    static func current(_ store: ClusterStore, _ spec: String) async throws -> (Int64, String?) {
        try await store.rows("SELECT revision, current_sha256 FROM almanac_specs WHERE spec = \(spec)", as: (Int64, String?).self, "test")
            .first
            ?? (0, nil)
    }

    @Test func anOlderFileStartedAfterANewerOneIsRefusedAndUndoesNothing() async throws {
        try await TestStore.with { store in
            let spec = TestStore.unique("order-newer-first"), now = TestStore.now
            let (v1, v2) = Self.versions(spec, now: now)
            let h = try RunnerHarness()
            try h.write(v2, for: "b")
            try h.write(v1, for: "a")
            let b = try h.start("b")
            try await Task.sleep(for: .milliseconds(800))
            // The order: B with v2 first, then A with v1, never published: A must not make v1 current.
            let a = try h.start("a")
            try await Task.sleep(for: .milliseconds(1500))
            let refused = await a.stop()
            let message = try #require(refused as? PlanRefused).description
            #expect(message.contains(String(repeating: "1", count: 12)) && message.contains(String(repeating: "2", count: 12)))
            #expect(message.contains("'\(spec)'") && message.contains("--expect-revision 1"))
            try await Self.waitUntil(now + 10)
            #expect(await b.stop() == nil)
            #expect(try await Self.current(store, spec) == (1, v2.spec.sha256))
            var expected: [String: [String]] = [:]
            for fire in v2.fires { expected[fire.id] = ["v2"] }
            #expect(h.delivered() == expected)
        }
    }

    @Test func olderFilesAfterADeployStandByAndReloadsBackAndForthNeverUndoIt() async throws {
        try await TestStore.with { store in
            let spec = TestStore.unique("order-older-first"), now = TestStore.now + 1
            let (v1, v2) = Self.versions(spec, now: now)
            let h = try RunnerHarness()
            try h.write(v1, for: "a")
            let a = try h.start("a")
            try await Task.sleep(for: .milliseconds(600))
            #expect(try await Self.current(store, spec) == (1, v1.spec.sha256))
            // v2 is deployed; A still holds v1 and hears of it (NOTIFY): it stands by.
            let deployed = try await TestStore.publish(store, v2, intent: .deploy(expectRevision: 1, replace: false))
            #expect(deployed.decision == .publish(revision: 2))
            // B starts later with the older file: it stands by too (v1 is of the spec's lineage).
            try h.write(v1, for: "b")
            let b = try h.start("b")
            try await Task.sleep(for: .milliseconds(900))
            #expect(h.log(containing: "a: standing by") && h.log(containing: "b: standing by"))
            // SIGHUP back and forth on A: v2 (delivers), v1 (stands by), v2 again.
            try h.write(v2, for: "a")
            a.runner.requestReload()
            try await Self.waitUntil(now + 4)
            try h.write(v1, for: "a")
            a.runner.requestReload()
            try await Self.waitUntil(now + 6)
            #expect(try await Self.current(store, spec) == (2, v2.spec.sha256))
            let resumed = Date()
            try h.write(v2, for: "a")
            a.runner.requestReload()
            try await Self.waitUntil(now + 11)
            #expect(await a.stop() == nil)
            #expect(await b.stop() == nil)
            #expect(try await Self.current(store, spec) == (2, v2.spec.sha256))
            // The fire due while A stood by (+5 s) waited for A to hold the current plan again.
            let standByFire = v2.fires[1].id
            #expect(h.deliveries.withLockedValue { $0.filter { $0.id == standByFire }.allSatisfy { $0.at >= resumed } })
            // B, holding only the older file, delivered nothing: no fire ran with what was given for v1.
            #expect(h.deliveries.withLockedValue { $0.filter { $0.executor == "b" }.map(\.id) } == [])
            // Every v2 fire once, with v2's data; v1's dropped fire never; nothing with v1's data.
            var expected: [String: [String]] = [:]
            for fire in v2.fires { expected[fire.id] = ["v2"] }
            #expect(h.delivered() == expected)
            #expect(try await TestStore.states(store, spec)[v1.fires[1].id] == "cancelled")
        }
    }

    @Test func twoSpecsSharingANameNeverShareFires() async throws {
        try await TestStore.with { store in
            let name = TestStore.unique("backup"), now = TestStore.now
            // Two unrelated specs, both named `backup` (two backup.yaml in different folders): the
            // same trigger and instants, so the same fire ids; different data.
            let x = TestStore.plan(name, sha: "c", offsets: [3, 4, 5, 6], now: now, payload: ["who": "x"])
            let y = TestStore.plan(name, sha: "d", offsets: [3, 4, 5, 6], now: now, payload: ["who": "y"])
            let h = try RunnerHarness()
            try h.write(x, for: "x")
            try h.write(y, for: "y")
            let ex = try h.start("x")
            try await Task.sleep(for: .milliseconds(800))
            let refusedY = try h.start("y")
            try await Task.sleep(for: .milliseconds(1500))
            let refused = await refusedY.stop()
            let message = try #require(refused as? PlanRefused).description
            #expect(message.contains(String(repeating: "c", count: 12)) && message.contains(String(repeating: "d", count: 12)))
            // Published over it by `deploy` without saying so: refused too.
            #expect(
                try await TestStore.publish(store, y, intent: .deploy(expectRevision: nil, replace: false)).decision
                    == .unrelated(current: 1))
            // Under an id of its own, it runs beside the other.
            let ey = try h.start("y", specID: name + "-y")
            try await Self.waitUntil(now + 8)
            #expect(await ex.stop() == nil)
            #expect(await ey.stop() == nil)
            let byExecutor = h.deliveries.withLockedValue { all in Dictionary(grouping: all, by: \.executor) }
            #expect(byExecutor["x"]?.map(\.who).allSatisfy { $0 == "x" } == true)
            #expect(byExecutor["y"]?.map(\.who).allSatisfy { $0 == "y" } == true)
            #expect(Set(byExecutor["x"]?.map(\.id) ?? []) == Set(x.fires.map(\.id)) && byExecutor["x"]?.count == 4)
            #expect(Set(byExecutor["y"]?.map(\.id) ?? []) == Set(y.fires.map(\.id)) && byExecutor["y"]?.count == 4)
        }
    }

    @Test func deployOrdersRevisionsWithCompareAndSwapAndRollsBack() async throws {
        try await TestStore.with { store in
            let spec = TestStore.unique("deploy"), now = TestStore.now
            let (v1, v2) = Self.versions(spec, now: now + 100)
            let deploy = { (plan: Plan, expect: Int64?, replace: Bool) in
                try await TestStore.publish(store, plan, intent: .deploy(expectRevision: expect, replace: replace)).decision
            }
            #expect(try await deploy(v1, 5, false) == .conflict(expected: 5, current: 0))
            #expect(try await deploy(v1, 0, false) == .publish(revision: 1))
            #expect(try await deploy(v1, nil, false) == .current(revision: 1))
            #expect(try await deploy(v2, nil, false) == .unrelated(current: 1))
            #expect(try await deploy(v2, 7, false) == .conflict(expected: 7, current: 1))
            #expect(try await deploy(v2, nil, true) == .publish(revision: 2))
            #expect(try await TestStore.states(store, spec)[v1.fires[1].id] == "cancelled")
            // A rollback to a plan of the lineage is the next revision, and brings its future fires back.
            #expect(try await deploy(v1, nil, false) == .publish(revision: 3))
            let states = try await TestStore.states(store, spec)
            #expect(states[v1.fires[1].id] == "pending" && states[v2.fires[5].id] == "cancelled")
            let history = try await store.rows(
                "SELECT revision, sha256 FROM almanac_publications WHERE spec = \(spec) ORDER BY revision", as: (Int64, String).self, "test"
            )
            #expect(history.map(\.1) == [v1.spec.sha256!, v2.spec.sha256!, v1.spec.sha256!])
        }
    }

    @Test func aPlanWhoseNamesHoldNULIsRefusedSayingWhere() async throws {
        try await TestStore.with { store in
            let plan = TestStore.plan("bad\u{0}name", offsets: [60], now: TestStore.now)
            await #expect {
                try await store.publish(PlanFireSource(plan), intent: .executor, by: "test", planPath: "old.plan.json")
            } throws: { error in
                let text = "\(error)"
                return text.contains("old.plan.json: spec.name") && text.contains("NUL") && text.contains("bad\\u{0}name")
            }
        }
    }
}
