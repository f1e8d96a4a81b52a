import AlmanacExecutor
import AlmanacPlan
import AlmanacTime
import AlmanacPostgres
import Foundation
import Testing

/// The shared store's protocol against a real PostgreSQL: `.ci/run` starts one (scripts/lib/postgres.sh)
/// and sets `ALMANAC_TEST_STORE`; without it these tests are skipped, visibly.
///
/// Each test uses specs of its own (a beat recovers only its spec's lapsed claims), or a database of
/// its own when it changes what every user of one sees.
@Suite(.serialized, .enabled(if: testStoreAddress != nil, "set ALMANAC_TEST_STORE=postgres://… (scripts/lib/postgres.sh)"))
struct ClusterStoreTests {
    @Test func migrateIsIdempotentAndTheVersionIsChecked() async throws {
        // A database of its own: the other suites' executors check the version of theirs.
        try await TestStore.withOwnDatabase { store in
            #expect(try await store.migrate() == Array(1...Migrations.current))
            #expect(try await store.migrate().isEmpty)
            #expect(try await store.schemaVersion() == Migrations.current)
            try await store.checkSchema()
            // A database migrated by a newer executor is refused, never altered.
            try await store.execute("INSERT INTO almanac_schema (version) VALUES (999)", "test")
            await #expect(throws: StoreError.self) { try await store.checkSchema() }
            await #expect(throws: StoreError.self) { try await store.migrate() }
            // `status` checks the version itself (in its own transaction, not by a second call).
            let refused = await #expect(throws: StoreError.self) { try await store.status() }
            #expect(refused?.description.contains("newer than this almanac-exec's") == true)
            try await store.execute("DELETE FROM almanac_schema WHERE version = 999", "test")
            try await store.checkSchema()
        }
    }

    @Test func publishingIsIdempotentAndPastFiresAreNeverPending() async throws {
        try await TestStore.with { store in
            let spec = TestStore.unique("ingest"), now = TestStore.now
            let p = TestStore.plan(spec, offsets: [-60, -1, 30, 60, 90], now: now)
            let first = try await TestStore.publish(store, p)
            #expect(first.decision == .publish(revision: 1) && first.inserted == 5 && first.expired == 2)
            for _ in 0..<3 {
                let again = try await TestStore.publish(store, p)
                #expect(again.decision == .current(revision: 1) && again.alreadyStored && again.inserted == 0 && again.cancelled == 0)
            }
            let states = try await TestStore.states(store, spec)
            #expect(states.values.filter { $0 == "expired" }.count == 2)
            #expect(states.values.filter { $0 == "pending" }.count == 3)
        }
    }

    @Test func aPlanHoldingAFireIdTwiceIsRefusedNamingItAndStoresNothing() async throws {
        try await TestStore.with { store in
            let spec = TestStore.unique("twice"), now = TestStore.now
            var p = TestStore.plan(spec, offsets: [30, 60], now: now)
            // Written by hand: the same nominal time at two instants, without the second-pass mark.
            p.fires.append(Fire(at: Instant(secondsSinceEpoch: now + 90), trigger: "t", offset: 0, nominalWall: now + 60))
            let error = await #expect(throws: StoreError.self) { try await TestStore.publish(store, p) }
            #expect(error?.description.contains("fire id '\(p.fires[1].id)' appears twice") == true)
            #expect(try await TestStore.states(store, spec).isEmpty)
            // The same spec with a sound plan is its first publication (nothing of the refused one was kept).
            let sound = try await TestStore.publish(store, TestStore.plan(spec, offsets: [30, 60], now: now))
            #expect(sound.decision == .publish(revision: 1) && sound.inserted == 2)
        }
    }

    @Test func aNewRevisionCancelsPendingFiresItLacksButNeverStartedOnes() async throws {
        try await TestStore.with { store in
            let spec = TestStore.unique("replan"), now = TestStore.now
            let old = TestStore.plan(spec, sha: "a", offsets: [10, 20, 30, 40], now: now)
            try await TestStore.publish(store, old)
            // The first fire is under way (claimed and started) when the new plan arrives.
            try await TestStore.age(store, spec, by: 15)
            let claimed = try await TestStore.claim(store, "e1", old)
            #expect(claimed.map(\.fire.id) == [old.fires[0].id])
            #expect(try await store.start(claimed[0], lease: 30) == 1)
            let new = TestStore.plan(spec, sha: "b", offsets: [10, 30, 50], now: now)
            let result = try await TestStore.publish(store, new, intent: .deploy(expectRevision: 1, replace: false))
            #expect(result.decision == .publish(revision: 2) && result.cancelled == 2 && result.inserted == 1)
            let states = try await TestStore.states(store, spec)
            #expect(states[old.fires[0].id] == "started")
            #expect(states[old.fires[1].id] == "cancelled" && states[old.fires[3].id] == "cancelled")
            #expect(states[old.fires[2].id] == "pending")
            // The claimed fire is finished under its own (old) plan; the old plan's executor claims nothing more.
            #expect(try await store.finish([(claimed[0], .delivered)]) == [claimed[0].key])
            #expect(try await TestStore.claim(store, "e1", old).isEmpty)
        }
    }

    @Test func aDeployTakesOverSharedFiresInFlightSoARetryRunsUnderTheNewPlan() async throws {
        try await TestStore.with { store in
            let (a, b) = (TestStore.unique("a"), TestStore.unique("b"))
            let spec = TestStore.unique("takeover"), now = TestStore.now
            let old = TestStore.plan(spec, sha: "a", offsets: [10, 20], now: now)
            try await TestStore.publish(store, old)
            try await TestStore.age(store, spec, by: 15)
            // Started under the old plan with a short lease; the new plan (same fires) is deployed, then
            // the executor dies: retried, the fire must be claimable under the plan executors now run.
            let started = try #require(
                try await store.claim(executor: a, spec: spec, sha256: old.spec.sha256!, limit: 1, lease: 1, start: true).first)
            let new = TestStore.plan(spec, sha: "b", offsets: [10, 20], now: now)
            try await TestStore.publish(store, new, intent: .deploy(expectRevision: 1, replace: false))
            try await TestStore.age(store, spec, by: 15) // the deploy gave the fires the new plan's due times
            try await Task.sleep(for: .milliseconds(1100))
            let beat = try await TestStore.beat(store, b, spec, policy: DeliveryPolicy(inDoubt: .retry))
            #expect(beat.inDoubt == ["\(spec) \(started.fire.id)"])
            let again = try #require(try await TestStore.claim(store, b, new).first)
            #expect(again.fire.id == started.fire.id && again.planSHA256 == new.spec.sha256 && again.attempt == 1)
        }
    }

    @Test(arguments: InDoubtPolicy.allCases)
    func aFireANewPlanDropsWhileInFlightNeverRunsAgain(policy: InDoubtPolicy) async throws {
        try await TestStore.with { store in
            let (a, b) = (TestStore.unique("a"), TestStore.unique("b"))
            let spec = TestStore.unique("dropped"), now = TestStore.now
            let old = TestStore.plan(spec, sha: "a", offsets: [10, 12, 40], now: now)
            try await TestStore.publish(store, old)
            try await TestStore.age(store, spec, by: 15)
            // The first fire started (lease 1 s), the second claimed, when a plan without both is deployed.
            let started = try #require(
                try await store.claim(executor: a, spec: spec, sha256: old.spec.sha256!, limit: 1, lease: 1, start: true).first)
            let claimed = try #require(try await TestStore.claim(store, a, old, limit: 1).first)
            #expect(started.fire.id == old.fires[0].id && claimed.fire.id == old.fires[1].id)
            let new = TestStore.plan(spec, sha: "b", offsets: [40], now: now)
            let result = try await TestStore.publish(store, new, intent: .deploy(expectRevision: 1, replace: false))
            #expect(result.cancelled == 1)
            // The claim is cancelled: its start fails on the fence, nothing runs.
            #expect(try await store.start(claimed, lease: 30) == nil)
            var states = try await TestStore.states(store, spec)
            #expect(states[old.fires[1].id] == "cancelled" && states[old.fires[0].id] == "started")
            // The started one's executor dies: in doubt under either policy, never pending under a plan
            // no executor claims from.
            try await Task.sleep(for: .milliseconds(1100))
            let beat = try await TestStore.beat(store, b, spec, policy: DeliveryPolicy(inDoubt: policy))
            #expect(beat.inDoubt == ["\(spec) \(started.fire.id)"])
            states = try await TestStore.states(store, spec)
            #expect(states[old.fires[0].id] == "in_doubt")
            #expect(try await TestStore.claim(store, b, new).isEmpty)
            #expect(try await TestStore.claim(store, b, old).isEmpty)
        }
    }

    @Test func concurrentClaimsNeverShareAFire() async throws {
        try await TestStore.with { store in
            let spec = TestStore.unique("claims"), now = TestStore.now
            let p = TestStore.plan(spec, offsets: Array(1...300).map { Int64($0) }, now: now)
            try await TestStore.publish(store, p)
            try await TestStore.age(store, spec, by: 400)
            let batches = try await withThrowingTaskGroup(of: [String].self) { group in
                for e in 0..<6 {
                    group.addTask {
                        var ids: [String] = []
                        while true {
                            let c = try await store.claim(
                                executor: "e\(e)", spec: spec, sha256: p.spec.sha256!, limit: 7, lease: 30, start: e % 2 == 0)
                            if c.isEmpty { return ids }
                            ids += c.map(\.fire.id)
                        }
                    }
                }
                var all: [[String]] = []
                for try await ids in group { all.append(ids) }
                return all
            }
            let ids = batches.flatMap { $0 }
            #expect(ids.count == 300)
            #expect(Set(ids) == Set(p.fires.map(\.id)))
        }
    }

    @Test func claimsComeInDueOrderAndOnlyWhenDue() async throws {
        try await TestStore.with { store in
            let spec = TestStore.unique("order"), now = TestStore.now
            let p = TestStore.plan(spec, offsets: [50, 10, 30, 3600], now: now)
            try await TestStore.publish(store, p)
            try await TestStore.age(store, spec, by: 60)
            let c = try await TestStore.claim(store, "e", p)
            #expect(c.map { $0.fire.at.secondsSinceEpoch - now } == [10, 30, 50])
            #expect(c.allSatisfy { $0.lateness > 0 && $0.attempt == 0 })
            let next = try #require(try await store.secondsUntilNextDue(spec: spec, sha256: p.spec.sha256!))
            #expect(next > 3000 && next < 3600)
        }
    }

    @Test func aLostClaimCannotStartOrRecordAnything() async throws {
        try await TestStore.with { store in
            let spec = TestStore.unique("fence"), now = TestStore.now
            let p = TestStore.plan(spec, offsets: [5], now: now)
            try await TestStore.publish(store, p)
            try await TestStore.age(store, spec, by: 10)
            let a = try #require(try await TestStore.claim(store, "a", p, lease: 1).first)
            try await Task.sleep(for: .milliseconds(1100))
            let recovered = try await TestStore.beat(store, "b", spec)
            #expect(recovered.released >= 1 && recovered.inDoubt.isEmpty)
            let b = try #require(try await TestStore.claim(store, "b", p).first)
            #expect(b.fence != a.fence)
            // a's token is stale: it may neither start nor finish the fire.
            #expect(try await store.start(a, lease: 30) == nil)
            #expect(try await store.finish([(a, .delivered)], from: [.claimed, .started]).isEmpty)
            #expect(try await store.start(b, lease: 30) == 1)
            #expect(try await store.finish([(b, .command(.exited(0)))]) == [b.key])
            #expect(try await TestStore.states(store, spec).values.first == "done")
        }
    }

    /// `--in-doubt` is the spec's executors' choice: an executor of another spec, with another
    /// policy, never decides whether this spec's lapsed command runs again.
    @Test func onlyTheSpecsOwnExecutorsRecoverItsLapsedClaims() async throws {
        try await TestStore.with { store in
            let (spec, other) = (TestStore.unique("mine"), TestStore.unique("theirs")), now = TestStore.now
            let p = TestStore.plan(spec, offsets: [5, 6], now: now)
            try await TestStore.publish(store, p)
            try await TestStore.publish(store, TestStore.plan(other, offsets: [3600], now: now))
            try await TestStore.age(store, spec, by: 10)
            _ = try await store.claim(executor: "a", spec: spec, sha256: p.spec.sha256!, limit: 1, lease: 1, start: true)
            _ = try await TestStore.claim(store, "a", p, lease: 1)
            try await Task.sleep(for: .milliseconds(1100))
            let theirs = try await TestStore.beat(store, "x", other, policy: DeliveryPolicy(inDoubt: .skip))
            #expect(theirs.released == 0 && theirs.inDoubt.isEmpty)
            #expect(Set(try await TestStore.states(store, spec).values) == ["started", "claimed"])
            let mine = try await TestStore.beat(store, "b", spec, policy: DeliveryPolicy(inDoubt: .retry))
            #expect(mine.released == 1 && mine.inDoubt == ["\(spec) \(p.fires[0].id)"])
            #expect(Set(try await TestStore.states(store, spec).values) == ["pending"])
        }
    }

    @Test(arguments: InDoubtPolicy.allCases)
    func aStartedFireWhoseExecutorDiedIsInDoubt(policy: InDoubtPolicy) async throws {
        try await TestStore.with { store in
            let (a, b) = (TestStore.unique("a"), TestStore.unique("b"))
            let spec = TestStore.unique("doubt"), now = TestStore.now
            let p = TestStore.plan(spec, offsets: [5], now: now)
            try await TestStore.publish(store, p)
            try await TestStore.age(store, spec, by: 10)
            let started = try #require(
                try await store.claim(executor: a, spec: spec, sha256: p.spec.sha256!, limit: 1, lease: 1, start: true).first)
            #expect(started.attempt == 0)
            try await Task.sleep(for: .milliseconds(1100))
            let beat = try await TestStore.beat(store, b, spec, policy: DeliveryPolicy(inDoubt: policy))
            #expect(beat.inDoubt == ["\(spec) \(p.fires[0].id)"])
            if policy == .retry {
                // Run again, with the attempt number above 1; never counted as a misfire.
                #expect(try await TestStore.beat(store, b, spec).misfires.isEmpty)
                let again = try #require(try await TestStore.claim(store, b, p).first)
                #expect(again.attempt == 1)
                #expect(try await store.start(again, lease: 30) == 2)
            } else {
                #expect(try await TestStore.states(store, spec).values.first == "in_doubt")
                #expect(try await TestStore.claim(store, b, p).isEmpty)
            }
        }
    }

    @Test(arguments: MisfirePolicy.allCases)
    func firesDueWhileNoExecutorRanAreMisfires(policy: MisfirePolicy) async throws {
        try await TestStore.with { store in
            let spec = TestStore.unique("misfire"), now = TestStore.now
            // Two triggers, three fires each, all due before the first executor of the spec beat.
            var p = TestStore.plan(spec, offsets: [10, 20, 30], trigger: "x", now: now)
            p.fires += TestStore.plan(spec, offsets: [11, 21, 31], trigger: "y", now: now).fires
            p.triggers["y"] = p.triggers["x"]
            try await TestStore.publish(store, p)
            try await TestStore.age(store, spec, by: 60)
            let beat = try await TestStore.beat(store, "e", spec, policy: DeliveryPolicy(misfire: policy))
            #expect(beat.misfires.count == [MisfirePolicy.skip: 6, .once: 4, .all: 0][policy])
            let claimed = try await TestStore.claim(store, "e", p).map(\.fire.id)
            switch policy {
            case .skip: #expect(claimed.isEmpty)
            case .once: #expect(Set(claimed) == [p.fires[2].id, p.fires[5].id])
            case .all: #expect(claimed.count == 6)
            }
        }
    }

    @Test func firesDueWhileExecutorsBeatAreNotMisfiresHoweverLate() async throws {
        try await TestStore.with { store in
            let spec = TestStore.unique("waiting"), now = TestStore.now
            let p = TestStore.plan(spec, offsets: [2], now: now)
            try await TestStore.publish(store, p)
            _ = try await TestStore.beat(store, "e", spec)
            // Due 2 s after the executors came alive; it waits (busy slots) but is no misfire.
            try await Task.sleep(for: .milliseconds(2100))
            #expect(try await TestStore.beat(store, "e", spec).misfires.isEmpty)
            #expect(try await TestStore.claim(store, "e", p).count == 1)
        }
    }

    @Test func aTriggerRunningOnAnyExecutorIsSeenByAllForConcurrency() async throws {
        try await TestStore.with { store in
            let spec = TestStore.unique("concurrency"), now = TestStore.now
            let p = TestStore.plan(spec, offsets: [5, 6], now: now)
            try await TestStore.publish(store, p)
            try await TestStore.age(store, spec, by: 10)
            let a = try #require(try await TestStore.claim(store, "a", p, limit: 1).first)
            #expect(try await store.otherStarted(spec: spec, trigger: "t", except: p.fires[1].id) == false)
            #expect(try await store.start(a, lease: 30) == 1)
            #expect(try await store.otherStarted(spec: spec, trigger: "t", except: p.fires[1].id))
            #expect(try await store.otherStarted(spec: spec, trigger: "t", except: p.fires[0].id) == false)
            #expect(try await store.finish([(a, .command(.exited(0)))]) == [a.key])
            #expect(try await store.otherStarted(spec: spec, trigger: "t", except: p.fires[1].id) == false)
        }
    }
}
