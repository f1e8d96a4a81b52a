import AlmanacExecutor
import AlmanacPlan
import AlmanacPostgres
import Foundation
import PostgresNIO
import Testing

/// What an operator reads: fire counts kept by the database (exact after any mix of statements),
/// executors running, standing by, stopped or lost, and the lost forgotten after a day.
@Suite(.serialized, .enabled(if: testStoreAddress != nil, "set ALMANAC_TEST_STORE=postgres://… (scripts/lib/postgres.sh)"))
struct ClusterStatusTests {
    /// The counts `status` shows against a `count(*)` over the rows, for `spec`.
    static func counts(_ store: ClusterStore, _ spec: String) async throws -> (shown: [String: Int], counted: [String: Int]) {
        let shown = try #require(try await store.status().specs.first { $0.id == spec }).states
        let counted = Dictionary(
            uniqueKeysWithValues: try await store.rows(
                "SELECT state, count(*)::int8 FROM almanac_fires WHERE spec = \(spec) GROUP BY state", as: (String, Int64).self, "test"
            ).map { ($0.0, Int($0.1)) })
        return (shown, counted)
    }

    @Test func fireCountsFollowEveryKindOfWrite() async throws {
        try await TestStore.with { store in
            let spec = TestStore.unique("counts"), now = TestStore.now
            let p = TestStore.plan(spec, offsets: [-5, 10, 20, 30, 40, 50], now: now)
            try await TestStore.publish(store, p)
            try await TestStore.age(store, spec, by: 35)
            let claimed = try await TestStore.claim(store, "e", p, limit: 2)
            let started = try await store.claim(executor: "e", spec: spec, sha256: p.spec.sha256!, limit: 1, lease: 30, start: true)
            _ = try await store.start(claimed[0], lease: 30)
            _ = try await store.finish([(claimed[0], .delivered), (started[0], .skipped(.concurrency, detail: "test"))])
            try await store.release([claimed[1]])
            let replaced = TestStore.plan(spec, sha: "b", offsets: [40, 60], now: now)
            try await TestStore.publish(store, replaced, intent: .deploy(expectRevision: 1, replace: false))
            var (shown, counted) = try await Self.counts(store, spec)
            #expect(shown == counted && shown == ["expired": 1, "done": 1, "skipped": 1, "cancelled": 2, "pending": 2])
            // Folding the changes keeps the sums, and leaves one row per state.
            try await store.tidy(forgetAfter: ClusterStore.forgetExecutorsAfter)
            (shown, counted) = try await Self.counts(store, spec)
            #expect(shown == counted)
            let rows = try await store.rows("SELECT count(*)::int8 FROM almanac_fire_counts WHERE spec = \(spec)", as: Int64.self, "test")
            #expect(rows == [5])
        }
    }

    @Test func executorsSilentPastTheirLeaseAreLostAndForgottenLater() async throws {
        try await TestStore.with { store in
            let spec = TestStore.unique("lost"), now = TestStore.now
            try await TestStore.publish(store, TestStore.plan(spec, offsets: [600], now: now))
            let (alive, lost, old, waiting) = ("alive-\(spec)", "lost-\(spec)", "old-\(spec)", "waiting-\(spec)")
            for executor in [alive, lost, old] { _ = try await TestStore.beat(store, executor, spec, lease: 2) }
            _ = try await store.beat(
                ClusterStore.BeatRequest(
                    executor: waiting, spec: spec, delivering: false, standingBy: "its plan is older", lease: 30, grace: 60,
                    policy: DeliveryPolicy()))
            try await store.execute(
                "UPDATE almanac_executors SET last_seen = now() - interval '3 seconds' WHERE id = \(lost)", "test")
            try await store.execute("UPDATE almanac_executors SET last_seen = now() - interval '2 days' WHERE id = \(old)", "test")
            var executors = try await store.status().executors
            let condition = { (id: String) in executors.first { $0.id == id }?.condition }
            #expect(condition(alive) == .running && condition(lost) == .lost && condition(old) == .lost)
            #expect(condition(waiting) == .standingBy && executors.first { $0.id == waiting }?.standingBy == "its plan is older")
            try await store.tidy(forgetAfter: ClusterStore.forgetExecutorsAfter)
            executors = try await store.status().executors
            #expect(condition(old) == nil && condition(lost) == .lost && condition(alive) == .running)
        }
    }

    /// A store made by the previous almanac-exec (schema 2) with a plan and fires in it migrates: the
    /// spec keeps its plan as revision 1, its identity is its name, the counts match its rows.
    @Test func aStoreOfSchemaTwoMigrates() async throws {
        // The server's words when a statement fails (postgres-nio's description hides them).
        do {
            try await TestStore.withOwnDatabase { store in try await Self.migrateFromSchemaTwo(store) }
        } catch {
            Issue.record("\(StoreError.describe(error))")
        }
    }

    static func migrateFromSchemaTwo(_ store: ClusterStore) async throws {
        try await store.execute(
            "CREATE TABLE almanac_schema (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())", "test")
        for version in 1...2 {
            for statement in Migrations.statements(of: version) { try await store.execute(PostgresQuery(unsafeSQL: statement), "test") }
            try await store.execute("INSERT INTO almanac_schema (version) VALUES (\(version))", "test")
        }
        try await store.execute(
            """
            INSERT INTO almanac_specs (spec, current_sha256) VALUES ('old', 'aaaa');
            """, "test")
        try await store.execute(
            "INSERT INTO almanac_plans (spec, sha256, window_from, window_to, triggers, fires) VALUES ('old', 'aaaa', now(), now() + interval '1 day', '{}', 2)",
            "test")
        try await store.execute(
            """
            INSERT INTO almanac_fires (spec, fire_id, plan_sha256, trigger, due_at, at_s, offset_s, nominal_wall, moved, state)
            VALUES ('old', 't@1', 'aaaa', 't', now(), 0, 0, 0, false, 'done'), ('old', 't@2', 'aaaa', 't', now(), 0, 0, 0, false, 'pending')
            """, "test")
        // Through every later step too (4: the console's tables), the rows kept.
        #expect(try await store.migrate() == Array(3...Migrations.current))
        let status = try await store.status()
        let old = try #require(status.specs.first)
        #expect(old.id == "old" && old.name == "old" && old.revision == 1 && old.currentSHA256 == "aaaa")
        #expect(old.states == ["done": 1, "pending": 1])
        let decision = try await store.publish(
            PlanFireSource(TestStore.plan("old", sha: "b", offsets: [60], now: TestStore.now)), intent: .executor, by: "test")
        #expect(decision.decision == .unrelated(current: 1))
    }
}
