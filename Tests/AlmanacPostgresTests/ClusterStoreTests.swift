import AlmanacExecutor
import AlmanacExecutorTestSupport
import AlmanacPlan
import AlmanacPostgres
import AlmanacTime
import Foundation
import PostgresNIO
import Testing

/// The test server's address, when one runs.
let testStoreAddress = ProcessInfo.processInfo.environment["ALMANAC_TEST_STORE"].flatMap { $0.isEmpty ? nil : $0 }

/// The shared store's protocol against a real PostgreSQL: `.ci/run` starts one (scripts/lib/postgres.sh)
/// and sets `ALMANAC_TEST_STORE`; without it these tests are skipped, visibly.
///
/// Each test uses specs of its own; the suite is serialized because lease recovery is store-wide.
@Suite(.serialized, .enabled(if: testStoreAddress != nil, "set ALMANAC_TEST_STORE=postgres://… (scripts/lib/postgres.sh)"))
struct ClusterStoreTests {
    static let address = testStoreAddress

    /// Runs `body` with a migrated store whose client runs.
    func withStore(_ body: @escaping @Sendable (ClusterStore) async throws -> Void) async throws {
        let store = try ClusterStore(address: try StoreAddress(Self.address!))
        try await store.withRunningClient { store in
            _ = try await store.migrate()
            try await body(store)
        }
    }

    /// A plan of `spec` whose fires are `trigger@…` at `now + offsets` seconds (whole seconds).
    func plan(_ spec: String, sha: String = "a", offsets: [Int64], trigger: String = "t", now: Int64) -> Plan {
        let fires = offsets.map { o in Fire(at: Instant(secondsSinceEpoch: now + o), trigger: trigger, offset: 0, nominalWall: now + o) }
        return Plan(
            spec: SpecInfo(name: spec, sha256: String(repeating: sha, count: 64)),
            window: Window(from: Instant(secondsSinceEpoch: now - 3600), to: Instant(secondsSinceEpoch: now + 3600)), tzdata: "test",
            limits: PlanLimits(), triggers: [trigger: PlanTrigger(kind: "every", payload: ["n": .number("1")])], fires: fires)
    }

    var now: Int64 { Int64(Date().timeIntervalSince1970) }

    static func unique(_ name: String) -> String { "\(name)-\(UUID().uuidString.prefix(8))" }

    /// Moves every pending fire of `spec` `seconds` into the past (due now, without waiting).
    func age(_ store: ClusterStore, _ spec: String, by seconds: Int) async throws {
        try await store.client.query(
            "UPDATE almanac_fires SET due_at = due_at - make_interval(secs => \(Double(seconds))) WHERE spec = \(spec)")
    }

    func states(_ store: ClusterStore, _ spec: String) async throws -> [String: String] {
        var out: [String: String] = [:]
        for try await (id, state) in try await store.client.query("SELECT fire_id, state FROM almanac_fires WHERE spec = \(spec)")
            .decode((String, String).self)
        {
            out[id] = state
        }
        return out
    }

    @Test func migrateIsIdempotentAndTheVersionIsChecked() async throws {
        try await withStore { store in
            #expect(try await store.migrate().isEmpty)
            #expect(try await store.schemaVersion() == Migrations.current)
            try await store.checkSchema()
            // A database migrated by a newer executor is refused, never altered.
            try await store.client.query("INSERT INTO almanac_schema (version) VALUES (999)")
            await #expect(throws: StoreError.self) { try await store.checkSchema() }
            await #expect(throws: StoreError.self) { try await store.migrate() }
            try await store.client.query("DELETE FROM almanac_schema WHERE version = 999")
            try await store.checkSchema()
        }
    }

    @Test func ingestIsIdempotentAndPastFiresAreNeverPending() async throws {
        try await withStore { store in
            let spec = Self.unique("ingest"), now = self.now
            let p = self.plan(spec, offsets: [-60, -1, 30, 60, 90], now: now)
            let first = try await store.ingest(p)
            #expect(first.inserted == 5 && first.expired == 2 && first.becameCurrent)
            for _ in 0..<3 {
                let again = try await store.ingest(p)
                #expect(again.inserted == 0 && again.cancelled == 0 && !again.becameCurrent)
            }
            let states = try await self.states(store, spec)
            #expect(states.values.filter { $0 == "expired" }.count == 2)
            #expect(states.values.filter { $0 == "pending" }.count == 3)
        }
    }

    @Test func aNewPlanCancelsPendingFiresItLacksButNeverStartedOnesAndAnOldPlanUndoesNothing() async throws {
        try await withStore { store in
            let spec = Self.unique("replan"), now = self.now
            let old = self.plan(spec, sha: "a", offsets: [10, 20, 30, 40], now: now)
            _ = try await store.ingest(old)
            // The first fire is under way (claimed and started) when the new plan arrives.
            try await self.age(store, spec, by: 15)
            let claimed = try await store.claim(executor: "e1", specs: [spec], limit: 10, lease: 30)
            #expect(claimed.map(\.fire.id) == [old.fires[0].id])
            #expect(try await store.start(claimed[0], lease: 30) == 1)
            let new = self.plan(spec, sha: "b", offsets: [10, 30, 50], now: now)
            let result = try await store.ingest(new)
            #expect(result.becameCurrent && result.cancelled == 2 && result.inserted == 1)
            var states = try await self.states(store, spec)
            #expect(states[old.fires[0].id] == "started")
            #expect(states[old.fires[1].id] == "cancelled" && states[old.fires[3].id] == "cancelled")
            #expect(states[old.fires[2].id] == "pending")
            // An executor still holding the old plan file loads it again: nothing changes back.
            let stale = try await store.ingest(old)
            #expect(!stale.becameCurrent && stale.cancelled == 0 && stale.inserted == 0)
            states = try await self.states(store, spec)
            #expect(states[old.fires[1].id] == "cancelled" && states[new.fires[2].id] == "pending")
        }
    }

    @Test func concurrentClaimsNeverShareAFire() async throws {
        try await withStore { store in
            let spec = Self.unique("claims"), now = self.now
            let p = self.plan(spec, offsets: Array(1...300).map { Int64($0) }, now: now)
            _ = try await store.ingest(p)
            try await self.age(store, spec, by: 400)
            let batches = try await withThrowingTaskGroup(of: [String].self) { group in
                for e in 0..<6 {
                    group.addTask {
                        var ids: [String] = []
                        while true {
                            let c = try await store.claim(executor: "e\(e)", specs: [spec], limit: 7, lease: 30)
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
        try await withStore { store in
            let spec = Self.unique("order"), now = self.now
            _ = try await store.ingest(self.plan(spec, offsets: [50, 10, 30, 3600], now: now))
            try await self.age(store, spec, by: 60)
            let c = try await store.claim(executor: "e", specs: [spec], limit: 10, lease: 30)
            #expect(c.map { $0.fire.at.secondsSinceEpoch - now } == [10, 30, 50])
            #expect(c.allSatisfy { $0.lateness > 0 })
        }
    }

    @Test func aLostClaimCannotStartOrRecordAnything() async throws {
        try await withStore { store in
            let spec = Self.unique("fence"), now = self.now
            _ = try await store.ingest(self.plan(spec, offsets: [5], now: now))
            try await self.age(store, spec, by: 10)
            let a = try #require(try await store.claim(executor: "a", specs: [spec], limit: 1, lease: 1).first)
            try await Task.sleep(for: .milliseconds(1100))
            let recovered = try await store.recoverExpiredLeases(retryInDoubt: false)
            #expect(recovered.released >= 1 && recovered.inDoubt.isEmpty)
            let b = try #require(try await store.claim(executor: "b", specs: [spec], limit: 1, lease: 30).first)
            #expect(b.fence != a.fence)
            // a's token is stale: it may neither start nor finish the fire.
            #expect(try await store.start(a, lease: 30) == nil)
            #expect(try await store.finish(a, state: "done", outcome: "late", from: ["claimed", "started"]) == false)
            #expect(try await store.start(b, lease: 30) == 1)
            #expect(try await store.finish(b, state: "done", outcome: "ok"))
            #expect(try await self.states(store, spec).values.first == "done")
        }
    }

    @Test(arguments: [false, true])
    func aStartedFireWhoseExecutorDiedIsInDoubt(retry: Bool) async throws {
        try await withStore { store in
            let spec = Self.unique("doubt"), now = self.now
            let p = self.plan(spec, offsets: [5], now: now)
            _ = try await store.ingest(p)
            try await self.age(store, spec, by: 10)
            let a = try #require(try await store.claim(executor: "a", specs: [spec], limit: 1, lease: 1).first)
            #expect(try await store.start(a, lease: 1) == 1)
            try await Task.sleep(for: .milliseconds(1100))
            let recovered = try await store.recoverExpiredLeases(retryInDoubt: retry)
            #expect(recovered.inDoubt == ["\(spec) \(p.fires[0].id)"])
            if retry {
                // Run again, with the attempt number above 1; never counted as a misfire.
                _ = try await store.beat(executor: "b", specs: [spec], lease: 30, grace: 60, stats: ExecutorStats())
                #expect(try await store.sweepMisfires(spec: spec, policy: "skip") == 0)
                let b = try #require(try await store.claim(executor: "b", specs: [spec], limit: 1, lease: 30).first)
                #expect(try await store.start(b, lease: 30) == 2)
            } else {
                #expect(try await self.states(store, spec).values.first == "in_doubt")
                #expect(try await store.claim(executor: "b", specs: [spec], limit: 1, lease: 30).isEmpty)
            }
        }
    }

    @Test(arguments: ["skip", "once", "all"])
    func firesDueWhileNoExecutorRanAreMisfires(policy: String) async throws {
        try await withStore { store in
            let spec = Self.unique("misfire"), now = self.now
            // Two triggers, three fires each, all due before the first executor of the spec beat.
            var p = self.plan(spec, offsets: [10, 20, 30], trigger: "x", now: now)
            p.fires += self.plan(spec, offsets: [11, 21, 31], trigger: "y", now: now).fires
            p.triggers["y"] = p.triggers["x"]
            _ = try await store.ingest(p)
            try await self.age(store, spec, by: 60)
            try await store.beat(executor: "e", specs: [spec], lease: 30, grace: 60, stats: ExecutorStats())
            let skipped = try await store.sweepMisfires(spec: spec, policy: policy)
            #expect(skipped == ["skip": 6, "once": 4, "all": 0][policy])
            let claimed = try await store.claim(executor: "e", specs: [spec], limit: 10, lease: 30).map(\.fire.id)
            switch policy {
            case "skip": #expect(claimed.isEmpty)
            case "once": #expect(Set(claimed) == [p.fires[2].id, p.fires[5].id])
            default: #expect(claimed.count == 6)
            }
        }
    }

    @Test func firesDueWhileExecutorsBeatAreNotMisfiresHoweverLate() async throws {
        try await withStore { store in
            let spec = Self.unique("waiting"), now = self.now
            _ = try await store.ingest(self.plan(spec, offsets: [2], now: now))
            try await store.beat(executor: "e", specs: [spec], lease: 30, grace: 60, stats: ExecutorStats())
            // Due 2 s after the executors came alive; it waits (busy slots) but is no misfire.
            try await Task.sleep(for: .milliseconds(2100))
            #expect(try await store.sweepMisfires(spec: spec, policy: "skip") == 0)
            #expect(try await store.claim(executor: "e", specs: [spec], limit: 1, lease: 30).count == 1)
        }
    }

    @Test func aTriggerRunningOnAnyExecutorIsSeenByAllForConcurrency() async throws {
        try await withStore { store in
            let spec = Self.unique("concurrency"), now = self.now
            let p = self.plan(spec, offsets: [5, 6], now: now)
            _ = try await store.ingest(p)
            try await self.age(store, spec, by: 10)
            let a = try #require(try await store.claim(executor: "a", specs: [spec], limit: 1, lease: 30).first)
            #expect(try await store.otherStarted(spec: spec, trigger: "t", except: p.fires[1].id) == false)
            #expect(try await store.start(a, lease: 30) == 1)
            #expect(try await store.otherStarted(spec: spec, trigger: "t", except: p.fires[1].id))
            #expect(try await store.otherStarted(spec: spec, trigger: "t", except: p.fires[0].id) == false)
            #expect(try await store.finish(a, state: "done", outcome: "ok"))
            #expect(try await store.otherStarted(spec: spec, trigger: "t", except: p.fires[1].id) == false)
        }
    }

    @Test func statusShowsExecutorsAndFiresByState() async throws {
        try await withStore { store in
            let spec = Self.unique("status"), now = self.now
            _ = try await store.ingest(self.plan(spec, offsets: [-5, 100, 200], now: now))
            var stats = ExecutorStats()
            stats.claimed = 3
            try await store.beat(executor: "status-e", specs: [spec], lease: 30, grace: 60, stats: stats)
            let status = try await store.status()
            let s = try #require(status.specs.first { $0.name == spec })
            #expect(s.states == ["expired": 1, "pending": 2])
            #expect(s.nextDue != nil)
            let e = try #require(status.executors.first { $0.id == "status-e" })
            #expect(e.claimed == 3 && !e.stopped && e.secondsSinceSeen < 5)
        }
    }
}

/// Reading `--store` addresses needs no server.
struct StoreAddressTests {
    @Test func storeAddressesAreReadAsLibpqWritesThem() throws {
        let a = try StoreAddress("postgres://app:s%40cret@db.example:6543/plans?sslmode=require")
        #expect(a.user == "app" && a.password == "s@cret" && a.host == "db.example" && a.port == 6543 && a.database == "plans")
        #expect(a.requireTLS && a.redacted == "postgres://app:***@db.example:6543/plans")
        let socket = try StoreAddress("postgresql://me@/almanac?host=/var/run/postgresql")
        #expect(socket.socketDirectory == "/var/run/postgresql" && socket.database == "almanac")
        #expect(try StoreAddress("postgres://me@h").database == "me")
        for bad in [
            "mysql://x@h/db", "postgres://h/db", "postgres://u@h:99999/db", "postgres://u@h/db?sslmode=maybe", "postgres://u@h/db?frob=1",
        ] {
            #expect(throws: StoreAddress.Invalid.self) { try StoreAddress(bad) }
        }
        #expect(StoreAddress.redactedText("postgres://u:pw@h/db") == "postgres://u:***@h/db")
    }
}

/// The journal of one executor in PostgreSQL passes the suite the file and memory stores pass.
@Suite(.serialized, .enabled(if: testStoreAddress != nil, "set ALMANAC_TEST_STORE=postgres://… (scripts/lib/postgres.sh)"))
struct PostgresJournalStoreTests {
    init() async throws {
        let store = try ClusterStore(address: try StoreAddress(testStoreAddress!))
        _ = try await store.withRunningClient { try await $0.migrate() }
    }

    @Test func passesTheConformanceSuite() throws {
        let address = try StoreAddress(testStoreAddress!)
        try JournalStoreConformance(
            make: { try PostgresJournalStore(address: address, name: "conformance-\(UUID().uuidString)") },
            reopen: { store in
                // Reopened as the next daemon would: the first lets go of the journal's lock.
                let name = (store as! PostgresJournalStore).name
                (store as! PostgresJournalStore).close()
                return try PostgresJournalStore(address: address, name: name, readOnly: true)
            }
        ).runAll()
    }

    @Test func oneDaemonHoldsAJournalAtATime() throws {
        let address = try StoreAddress(testStoreAddress!)
        let name = "held-\(UUID().uuidString)"
        let first = try PostgresJournalStore(address: address, name: name)
        #expect(throws: ExecutorError.self) { try PostgresJournalStore(address: address, name: name) }
        first.close()
        Thread.sleep(forTimeInterval: 0.3)
        let second = try PostgresJournalStore(address: address, name: name)
        second.close()
    }
}
