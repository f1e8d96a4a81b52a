import AlmanacExecutor
import AlmanacJSON
import AlmanacPlan
import AlmanacPostgres
import AlmanacTime
import Foundation
import PostgresNIO

/// The test server's address, when one runs (`.ci/run` starts one with scripts/lib/postgres.sh).
// A generous connect timeout unless the address sets one: the whole suite shares two cooperative
// threads on a two-core machine, and a connection's handshake can wait minutes behind queued tests
// (the full run saw "no answer within 4 s" on a server that answers at once). How fast a store that
// cannot be used fails is measured by scripts/test/store-failures.sh, each command in a process of its own.
let testStoreAddress = ProcessInfo.processInfo.environment["ALMANAC_TEST_STORE"].flatMap { address -> String? in
    guard !address.isEmpty else { return nil }
    if address.contains("connect_timeout=") { return address }
    return address + (address.contains("?") ? "&" : "?") + "connect_timeout=600"
}

/// What the store tests share: a migrated store, small plans, and a look at the rows.
enum TestStore {
    /// Runs `body` with a migrated store.
    static func with(_ body: @Sendable (ClusterStore) async throws -> Void) async throws {
        let store = try ClusterStore(address: try StoreAddress(testStoreAddress!))
        _ = try await store.migrate()
        do {
            try await body(store)
        } catch {
            await store.close()
            throw error
        }
        await store.close()
    }

    /// Runs `body` with a store in a database of its own, made for it and dropped after: for tests
    /// that change what every user of a database sees (the schema's version).
    static func withOwnDatabase(_ body: @Sendable (ClusterStore) async throws -> Void) async throws {
        let admin = try ClusterStore(address: try StoreAddress(testStoreAddress!))
        let database = "almanac_own_\(UUID().uuidString.prefix(8).lowercased())"
        try await admin.execute(PostgresQuery(unsafeSQL: "CREATE DATABASE \(database)"), "test")
        var address = try StoreAddress(testStoreAddress!)
        address.database = database
        let store = try ClusterStore(address: address)
        var failure: (any Error)?
        do { try await body(store) } catch { failure = error }
        await store.close()
        try await admin.execute(PostgresQuery(unsafeSQL: "DROP DATABASE \(database) WITH (FORCE)"), "test")
        await admin.close()
        if let failure { throw failure }
    }

    static var now: Int64 { Int64(Date().timeIntervalSince1970) }

    static func unique(_ name: String) -> String { "\(name)-\(UUID().uuidString.prefix(8))" }

    /// A plan of `spec` whose fires are `trigger@…` at `now + offsets` seconds; `sha` is repeated to
    /// make the spec sha256, `payload` is the trigger's.
    static func plan(
        _ spec: String, sha: String = "a", offsets: [Int64], trigger: String = "t", now: Int64,
        payload: [String: JSONValue] = ["n": .number("1")]
    ) -> Plan {
        let fires = offsets.map { o in Fire(at: Instant(secondsSinceEpoch: now + o), trigger: trigger, offset: 0, nominalWall: now + o) }
        return Plan(
            spec: SpecInfo(name: spec, sha256: String(repeating: sha, count: 64)),
            window: Window(from: Instant(secondsSinceEpoch: now - 3600), to: Instant(secondsSinceEpoch: now + 3600)), tzdata: "test",
            limits: PlanLimits(), triggers: [trigger: PlanTrigger(kind: "every", payload: payload)], fires: fires)
    }

    /// Publishes `plan` as its spec's first executor would, or as `deploy` with `intent`.
    @discardableResult
    static func publish(
        _ store: ClusterStore, _ plan: Plan, specID: String? = nil, intent: PublicationRule.Intent = .executor
    ) async throws -> ClusterStore.Publication {
        try await store.publish(PlanFireSource(plan), specID: specID, intent: intent, by: "test")
    }

    /// Moves every fire of `spec` `seconds` into the past (due now, without waiting).
    static func age(_ store: ClusterStore, _ spec: String, by seconds: Int) async throws {
        try await store.execute(
            "UPDATE almanac_fires SET due_at = due_at - make_interval(secs => \(Double(seconds))) WHERE spec = \(spec)", "test")
    }

    /// Fire id → state, for `spec`.
    static func states(_ store: ClusterStore, _ spec: String) async throws -> [String: String] {
        Dictionary(
            uniqueKeysWithValues: try await store.rows(
                "SELECT fire_id, state FROM almanac_fires WHERE spec = \(spec)", as: (String, String).self, "test"))
    }

    static func beat(
        _ store: ClusterStore, _ executor: String, _ spec: String, lease: Double = 30, grace: Double = 60,
        policy: DeliveryPolicy = DeliveryPolicy(), stats: ExecutorStats = ExecutorStats()
    ) async throws -> ClusterStore.Beat {
        try await store.beat(
            ClusterStore.BeatRequest(
                executor: executor, spec: spec, delivering: true, lease: lease, grace: grace, policy: policy, stats: stats))
    }

    /// The claim of one fire by `executor`.
    static func claim(_ store: ClusterStore, _ executor: String, _ plan: Plan, specID: String? = nil, limit: Int = 10, lease: Double = 30)
        async throws -> [ClaimedFire]
    {
        try await store.claim(
            executor: executor, spec: specID ?? plan.spec.name, sha256: plan.spec.sha256!, limit: limit, lease: lease)
    }
}
