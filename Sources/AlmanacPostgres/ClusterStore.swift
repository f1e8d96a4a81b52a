import AlmanacJSON
import AlmanacPlan
import AlmanacTime
import Foundation
import Logging
import PostgresNIO

/// A fire one executor claimed: it alone may start it while `fence` is the row's.
public struct ClaimedFire: Sendable {
    public var spec: String
    public var planSHA256: String
    public var fire: Fire
    public var fence: Int64
    /// Starts before this one (0 for a first run; above 0 for an in-doubt fire re-run).
    public var attempt: Int
    /// Seconds between the fire's instant and the claim, by the database's clock.
    public var lateness: Double
}

/// What a store operation found wrong, in words for the log or the exit message.
public struct StoreError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }

    /// Any error of a store operation in one line; a PostgreSQL error shows the server's message
    /// (postgres-nio's own description hides it).
    public static func describe(_ error: any Error) -> String {
        if let error = error as? PostgresTransactionError {
            if let inner = error.closureError ?? error.beginError ?? error.commitError { return describe(inner) }
        }
        if let error = error as? PSQLError {
            if let message = error.serverInfo?[.message] { return message }
            return "\(error.code)" + (error.underlying.map { ": \($0)" } ?? "")
        }
        return "\(error)"
    }
}

/// The executors' shared store in PostgreSQL: plans go in idempotently, fires come out claimed
/// once (`FOR UPDATE SKIP LOCKED`), each later write names the claim's fencing token, and the
/// database's `now()` is the only clock. See docs/cluster.md for the protocol and its guarantees.
public final class ClusterStore: Sendable {
    public let client: PostgresClient
    let logger: Logger

    public init(address: StoreAddress) throws {
        var logger = Logger(label: "almanac.store")
        logger.logLevel = .critical
        self.logger = logger
        client = PostgresClient(configuration: try address.clientConfiguration(), backgroundLogger: logger)
    }

    /// Runs the client's connection pool for `body`'s duration (postgres-nio needs `run()` going).
    public func withRunningClient<T: Sendable>(_ body: @Sendable (ClusterStore) async throws -> T) async throws -> T {
        try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask {
                await self.client.run()
                return nil
            }
            defer { group.cancelAll() }
            return try await body(self)
        }
    }

    // MARK: Schema

    /// The schema version of the database (0 for none).
    public func schemaVersion() async throws -> Int {
        let exists = try await scalarBool("SELECT to_regclass('almanac_schema') IS NOT NULL")
        guard exists else { return 0 }
        let rows = try await client.query("SELECT coalesce(max(version), 0)::int8 FROM almanac_schema", logger: logger)
        for try await version in rows.decode(Int64.self) { return Int(version) }
        return 0
    }

    /// Applies the missing migration steps; returns the versions applied.
    public func migrate() async throws -> [Int] {
        try await transaction { connection in
            // One migrate at a time, whoever runs it.
            try await connection.query("SELECT pg_advisory_xact_lock(7243110101)", logger: self.logger)
            try await connection.query(
                "CREATE TABLE IF NOT EXISTS almanac_schema (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())",
                logger: self.logger)
            var have = 0
            for try await v in try await connection.query("SELECT coalesce(max(version), 0)::int8 FROM almanac_schema", logger: self.logger)
                .decode(Int64.self)
            {
                have = Int(v)
            }
            guard have <= Migrations.current else {
                throw StoreError(
                    "the database's schema is version \(have), newer than this almanac-exec's \(Migrations.current); use a newer almanac-exec"
                )
            }
            var applied: [Int] = []
            for version in (have + 1)..<(Migrations.current + 1) {
                for statement in Migrations.statements(of: version) {
                    try await connection.query(PostgresQuery(unsafeSQL: statement), logger: self.logger)
                }
                try await connection.query("INSERT INTO almanac_schema (version) VALUES (\(version))", logger: self.logger)
                applied.append(version)
            }
            return applied
        }
    }

    /// Throws unless the schema is exactly the version this executor knows.
    public func checkSchema() async throws {
        let version = try await schemaVersion()
        if version < Migrations.current {
            throw StoreError(
                "the database's schema is version \(version), this almanac-exec needs \(Migrations.current): run `almanac-exec migrate --store …` first"
            )
        }
        if version > Migrations.current {
            throw StoreError(
                "the database's schema is version \(version), newer than this almanac-exec's \(Migrations.current); use a newer almanac-exec"
            )
        }
    }

    // MARK: Plans

    /// What loading a plan did.
    public struct Ingest: Sendable, Equatable {
        /// Fires new to the store (those already past went in as `expired`, never to be delivered).
        public var inserted = 0
        public var expired = 0
        /// Pending fires of the spec's previous plan that this one no longer has.
        public var cancelled = 0
        /// This plan's spec sha256 became the spec's current one.
        public var becameCurrent = false
    }

    /// Loads `plan` (idempotent: any executor may load it any number of times). Fires go in with
    /// `ON CONFLICT DO NOTHING`; fires whose instant is already past go in as `expired`. When the
    /// plan's spec sha256 is new for its spec, it becomes current: pending fires it shares with the
    /// previous plan take its data, and pending fires it no longer has are cancelled (never ones
    /// claimed or started). A plan seen before never cancels anything, so an executor still holding
    /// an older plan file cannot undo a newer one.
    public func ingest(_ plan: Plan) async throws -> Ingest {
        let spec = plan.spec.name
        let sha = plan.spec.sha256 ?? "none"
        let triggers = Self.triggersJSON(plan.triggers)
        let fires = plan.fires
        return try await transaction { connection in
            var result = Ingest()
            try await connection.query("SELECT pg_advisory_xact_lock(hashtext(\("almanac:" + spec))::int8)", logger: self.logger)
            try await connection.query("INSERT INTO almanac_specs (spec) VALUES (\(spec)) ON CONFLICT DO NOTHING", logger: self.logger)
            var known = false
            for try await _ in try await connection.query(
                "SELECT 1::int8 FROM almanac_plans WHERE spec = \(spec) AND sha256 = \(sha)", logger: self.logger
            ).decode(Int64.self) {
                known = true
            }
            let from = plan.window.from.secondsSinceEpoch, to = plan.window.to.secondsSinceEpoch
            try await connection.query(
                """
                INSERT INTO almanac_plans (spec, sha256, window_from, window_to, triggers, fires)
                VALUES (\(spec), \(sha), to_timestamp(\(from)), to_timestamp(\(to)), \(triggers), \(fires.count))
                ON CONFLICT (spec, sha256) DO UPDATE SET window_to = greatest(almanac_plans.window_to, EXCLUDED.window_to),
                    window_from = least(almanac_plans.window_from, EXCLUDED.window_from), triggers = EXCLUDED.triggers
                """, logger: self.logger)
            result.becameCurrent = !known
            if !known {
                try await connection.query("UPDATE almanac_specs SET current_sha256 = \(sha) WHERE spec = \(spec)", logger: self.logger)
            }
            let batch = 5_000
            var start = 0
            while start < fires.count {
                let slice = fires[start..<min(start + batch, fires.count)]
                start += batch
                let ids = slice.map(\.id), trigger = slice.map(\.trigger)
                let at = slice.map { $0.at.secondsSinceEpoch }, offset = slice.map { Int32($0.offset) }
                let nominal = slice.map(\.nominalWall), moved = slice.map(\.isMoved)
                // A new current plan moves pending fires it shares with the old one onto itself.
                let onConflict: PostgresQuery =
                    known
                    ? "ON CONFLICT (spec, fire_id) DO NOTHING"
                    : """
                    ON CONFLICT (spec, fire_id) DO UPDATE SET plan_sha256 = EXCLUDED.plan_sha256, trigger = EXCLUDED.trigger,
                        due_at = EXCLUDED.due_at, at_s = EXCLUDED.at_s, offset_s = EXCLUDED.offset_s,
                        nominal_wall = EXCLUDED.nominal_wall, moved = EXCLUDED.moved
                    WHERE f.state = 'pending'
                    """
                var query: PostgresQuery = """
                    INSERT INTO almanac_fires AS f (spec, fire_id, plan_sha256, trigger, due_at, at_s, offset_s, nominal_wall, moved, state)
                    SELECT \(spec), n.id, \(sha), n.trigger, to_timestamp(n.at_s), n.at_s, n.offset_s, n.nominal_wall, n.moved,
                        CASE WHEN to_timestamp(n.at_s) < now() THEN 'expired' ELSE 'pending' END
                    FROM unnest(\(ids)::text[], \(trigger)::text[], \(at)::int8[], \(offset)::int4[], \(nominal)::int8[], \(moved)::bool[])
                        AS n(id, trigger, at_s, offset_s, nominal_wall, moved)
                    """
                query.sql += " " + onConflict.sql + " RETURNING (xmax = 0)::bool, f.state"
                for try await (isNew, state) in try await connection.query(query, logger: self.logger).decode((Bool, String).self)
                where isNew {
                    result.inserted += 1
                    if state == "expired" { result.expired += 1 }
                }
            }
            if !known {
                for try await count in try await connection.query(
                    """
                    WITH c AS (UPDATE almanac_fires SET state = 'cancelled', finished_at = now(), outcome = 'cancelled: not in the plan of spec sha256 ' || \(sha)
                        WHERE spec = \(spec) AND state = 'pending' AND plan_sha256 <> \(sha) RETURNING 1)
                    SELECT count(*)::int8 FROM c
                    """, logger: self.logger
                ).decode(Int64.self) {
                    result.cancelled = Int(count)
                }
            }
            // Delivered at commit: executors waiting for the next fire look again.
            try await connection.query("NOTIFY almanac_fires", logger: self.logger)
            return result
        }
    }

    /// The triggers of the plan of `spec` with `sha256`, as the plan wrote them.
    public func triggers(spec: String, sha256: String) async throws -> [String: PlanTrigger] {
        let rows = try await client.query(
            "SELECT triggers FROM almanac_plans WHERE spec = \(spec) AND sha256 = \(sha256)", logger: logger)
        for try await text in rows.decode(String.self) {
            return try Self.readTriggers(text)
        }
        throw StoreError("no plan of spec '\(spec)' with sha256 \(sha256) in the store")
    }

    static func triggersJSON(_ triggers: [String: PlanTrigger]) -> String {
        var object: [String: JSONValue] = [:]
        for (id, t) in triggers {
            var entry: [String: JSONValue] = [
                "kind": .string(t.kind), "priority": .number(String(t.priority)), "payload": .object(t.payload),
                "concurrency": .string(t.concurrency.rawValue),
            ]
            if let zone = t.timezone { entry["timezone"] = .string(zone) }
            object[id] = .object(entry)
        }
        return JSONWriter.inline(.object(object))
    }

    static func readTriggers(_ text: String) throws -> [String: PlanTrigger] {
        guard let object = try JSONReader.parse(text).objectValue else {
            throw StoreError("a plan's triggers in the store are not an object")
        }
        var triggers: [String: PlanTrigger] = [:]
        for (id, value) in object {
            guard let entry = value.objectValue, let kind = entry["kind"]?.stringValue else {
                throw StoreError("trigger '\(id)' in the store has no kind")
            }
            triggers[id] = PlanTrigger(
                kind: kind, timezone: entry["timezone"]?.stringValue, priority: entry["priority"]?.intValue ?? 0,
                payload: entry["payload"]?.objectValue ?? [:],
                concurrency: entry["concurrency"]?.stringValue.flatMap(PlanConcurrency.init(rawValue:)) ?? .allow)
        }
        return triggers
    }

    // MARK: Executors and liveness

    /// Records that `executor` is alive and running `specs`, extends the leases it holds, and keeps
    /// each spec's `alive_since` (reset when no executor beat for longer than `grace`).
    public func beat(executor: String, specs: [String], lease: Double, grace: Double, stats: ExecutorStats) async throws {
        let specList = specs.sorted().joined(separator: ",")
        try await client.query(
            """
            INSERT INTO almanac_executors AS e (id, started_at, last_seen, specs, claimed, started, lease_losses, last_lateness, max_lateness)
            VALUES (\(executor), now(), now(), \(specList), \(stats.claimed), \(stats.started), \(stats.leaseLosses), \(stats.lastLateness), \(stats.maxLateness))
            ON CONFLICT (id) DO UPDATE SET last_seen = now(), stopped_at = NULL, specs = EXCLUDED.specs, claimed = EXCLUDED.claimed,
                started = EXCLUDED.started, lease_losses = EXCLUDED.lease_losses, last_lateness = EXCLUDED.last_lateness,
                max_lateness = EXCLUDED.max_lateness
            """, logger: logger)
        try await client.query(
            """
            UPDATE almanac_fires SET lease_expires = now() + make_interval(secs => \(lease))
            WHERE lease_owner = \(executor) AND state IN ('claimed', 'started')
            """, logger: logger)
        try await client.query(
            """
            UPDATE almanac_specs SET alive_since = CASE WHEN last_beat IS NULL OR last_beat < now() - make_interval(secs => \(grace))
                THEN now() ELSE alive_since END, last_beat = now()
            WHERE spec = ANY(\(specs)::text[])
            """, logger: logger)
    }

    /// Marks `executor` stopped and gives back the fires it claimed but never started.
    public func stop(executor: String) async throws -> Int {
        try await client.query("UPDATE almanac_executors SET stopped_at = now() WHERE id = \(executor)", logger: logger)
        return try await count(
            """
            WITH r AS (UPDATE almanac_fires SET state = 'pending', lease_owner = NULL, lease_expires = NULL, fence = NULL
                WHERE lease_owner = \(executor) AND state = 'claimed' RETURNING 1)
            SELECT count(*)::int8 FROM r
            """)
    }

    /// Gives back the fires `executor` claimed and did not start, except `keeping` (fire ids it still
    /// holds on purpose): after a failed round, claims it no longer tracks would otherwise keep
    /// their lease for as long as it beats.
    public func releaseClaims(executor: String, keeping: [String]) async throws -> Int {
        try await count(
            """
            WITH r AS (UPDATE almanac_fires SET state = 'pending', lease_owner = NULL, lease_expires = NULL, fence = NULL
                WHERE lease_owner = \(executor) AND state = 'claimed' AND NOT (fire_id = ANY(\(keeping)::text[])) RETURNING 1)
            SELECT count(*)::int8 FROM r
            """)
    }

    /// Fires whose lease expired. Claimed but never started: back to pending (nothing ran).
    /// Started: **in doubt** (the command may or may not have run): with `retry` back to pending, to
    /// run again with the next attempt number; otherwise `in_doubt`, never run again.
    public func recoverExpiredLeases(retryInDoubt: Bool) async throws -> (released: Int, inDoubt: [String]) {
        let released = try await count(
            """
            WITH r AS (UPDATE almanac_fires SET state = 'pending', lease_owner = NULL, lease_expires = NULL, fence = NULL
                WHERE state = 'claimed' AND lease_expires < now() RETURNING 1)
            SELECT count(*)::int8 FROM r
            """)
        var inDoubt: [String] = []
        let rows = try await client.query(
            """
            UPDATE almanac_fires SET state = CASE WHEN \(retryInDoubt) THEN 'pending' ELSE 'in_doubt' END,
                outcome = 'in doubt: executor ' || coalesce(lease_owner, '?') || ' stopped answering after starting it',
                finished_at = CASE WHEN \(retryInDoubt) THEN NULL ELSE now() END,
                lease_owner = NULL, lease_expires = NULL, fence = NULL
            WHERE state = 'started' AND lease_expires < now()
            RETURNING spec || ' ' || fire_id
            """, logger: logger)
        for try await id in rows.decode(String.self) { inDoubt.append(id) }
        return (released, inDoubt)
    }

    /// Misfires of `spec`: pending first runs due before the spec's executors were last continuously
    /// alive. `skip` skips them all; `once` keeps the latest of each trigger; `all` keeps them all.
    public func sweepMisfires(spec: String, policy: String) async throws -> Int {
        guard policy != "all" else { return 0 }
        return try await count(
            """
            WITH s AS (SELECT alive_since FROM almanac_specs WHERE spec = \(spec) AND alive_since IS NOT NULL),
            late AS (SELECT f.fire_id, f.trigger, f.due_at FROM almanac_fires f, s
                WHERE f.spec = \(spec) AND f.state = 'pending' AND f.attempt = 0 AND f.due_at < s.alive_since),
            doomed AS (SELECT fire_id FROM late l WHERE \(policy) = 'skip'
                OR EXISTS (SELECT 1 FROM late k WHERE k.trigger = l.trigger AND (k.due_at, k.fire_id) > (l.due_at, l.fire_id))),
            u AS (UPDATE almanac_fires f SET state = 'skipped', finished_at = now(),
                    outcome = 'misfire: due while no executor ran the plan', lateness = extract(epoch FROM now() - f.due_at)
                FROM doomed d WHERE f.spec = \(spec) AND f.fire_id = d.fire_id AND f.state = 'pending' RETURNING 1)
            SELECT count(*)::int8 FROM u
            """)
    }

    // MARK: Claims

    /// Claims up to `limit` due fires of `specs` in due order, skipping rows other executors hold.
    public func claim(executor: String, specs: [String], limit: Int, lease: Double) async throws -> [ClaimedFire] {
        guard limit > 0 else { return [] }
        let rows = try await client.query(
            """
            WITH c AS (SELECT spec, fire_id FROM almanac_fires
                WHERE state = 'pending' AND due_at <= now() AND spec = ANY(\(specs)::text[])
                ORDER BY due_at, spec, fire_id LIMIT \(limit) FOR UPDATE SKIP LOCKED)
            UPDATE almanac_fires f SET state = 'claimed', lease_owner = \(executor),
                lease_expires = now() + make_interval(secs => \(lease)), fence = nextval('almanac_fence'), claimed_at = now()
            FROM c WHERE f.spec = c.spec AND f.fire_id = c.fire_id
            RETURNING f.spec, f.plan_sha256, f.fire_id, f.trigger, f.at_s, f.offset_s, f.nominal_wall, f.moved, f.fence,
                f.attempt::int8, extract(epoch FROM now() - f.due_at)::float8
            """, logger: logger)
        var claimed: [ClaimedFire] = []
        for try await (spec, sha, id, trigger, at, offset, nominal, moved, fence, attempt, lateness) in rows.decode(
            (String, String, String, String, Int64, Int32, Int64, Bool, Int64, Int64, Double).self)
        {
            let local = LocalDateTime(wallSeconds: at + Int64(offset))
            let fire = Fire(
                at: Instant(secondsSinceEpoch: at), trigger: trigger, local: local, offset: Int(offset), id: id,
                nominal: moved ? LocalDateTime(wallSeconds: nominal) : nil)
            claimed.append(ClaimedFire(spec: spec, planSHA256: sha, fire: fire, fence: fence, attempt: Int(attempt), lateness: lateness))
        }
        claimed.sort { ($0.fire.at, $0.spec, $0.fire.id) < ($1.fire.at, $1.spec, $1.fire.id) }
        return claimed
    }

    /// Whether another fire of `trigger` runs now anywhere in the cluster (for `concurrency`).
    public func otherStarted(spec: String, trigger: String, except id: String) async throws -> Bool {
        try await scalarBool(
            "SELECT EXISTS (SELECT 1 FROM almanac_fires WHERE spec = \(spec) AND trigger = \(trigger) AND state = 'started' AND fire_id <> \(id))"
        )
    }

    /// Marks a claimed fire started, if the claim still holds; returns its attempt number (1 for a
    /// first run), or nil when the lease was lost (another executor recovered it).
    public func start(_ c: ClaimedFire, lease: Double) async throws -> Int? {
        let rows = try await client.query(
            """
            UPDATE almanac_fires SET state = 'started', attempt = attempt + 1, started_at = now(),
                lateness = extract(epoch FROM now() - due_at), lease_expires = now() + make_interval(secs => \(lease))
            WHERE spec = \(c.spec) AND fire_id = \(c.fire.id) AND fence = \(c.fence) AND state = 'claimed'
            RETURNING attempt::int8
            """, logger: logger)
        for try await attempt in rows.decode(Int64.self) { return Int(attempt) }
        return nil
    }

    /// `start` for a batch, in one statement: the attempt number of each fire whose claim still
    /// holds, by fire id (the others were lost).
    public func startAll(_ batch: [ClaimedFire], lease: Double) async throws -> [String: Int] {
        guard !batch.isEmpty else { return [:] }
        let rows = try await client.query(
            """
            UPDATE almanac_fires f SET state = 'started', attempt = f.attempt + 1, started_at = now(),
                lateness = extract(epoch FROM now() - f.due_at), lease_expires = now() + make_interval(secs => \(lease))
            FROM unnest(\(batch.map(\.spec))::text[], \(batch.map(\.fire.id))::text[], \(batch.map(\.fence))::int8[]) AS c(spec, fire_id, fence)
            WHERE f.spec = c.spec AND f.fire_id = c.fire_id AND f.fence = c.fence AND f.state = 'claimed'
            RETURNING f.spec || ' ' || f.fire_id, f.attempt::int8
            """, logger: logger)
        var attempts: [String: Int] = [:]
        for try await (key, attempt) in rows.decode((String, Int64).self) { attempts[key] = Int(attempt) }
        return attempts
    }

    /// `finish` for a batch of started fires with one outcome; returns how many claims still held.
    public func finishAll(_ batch: [ClaimedFire], outcome: String) async throws -> Int {
        guard !batch.isEmpty else { return 0 }
        return try await count(
            """
            WITH u AS (UPDATE almanac_fires f SET state = 'done', outcome = \(outcome), finished_at = now(),
                    lease_owner = NULL, lease_expires = NULL
                FROM unnest(\(batch.map(\.spec))::text[], \(batch.map(\.fire.id))::text[], \(batch.map(\.fence))::int8[]) AS c(spec, fire_id, fence)
                WHERE f.spec = c.spec AND f.fire_id = c.fire_id AND f.fence = c.fence AND f.state = 'started' RETURNING 1)
            SELECT count(*)::int8 FROM u
            """)
    }

    /// Records how a fire ended (`done`, or `skipped` for one its trigger's concurrency refused);
    /// false when the claim no longer holds (the lease was lost meanwhile).
    public func finish(_ c: ClaimedFire, state: String, outcome: String, from: [String] = ["started"]) async throws -> Bool {
        try await count(
            """
            WITH u AS (UPDATE almanac_fires SET state = \(state), outcome = \(outcome), finished_at = now(),
                    lease_owner = NULL, lease_expires = NULL
                WHERE spec = \(c.spec) AND fire_id = \(c.fire.id) AND fence = \(c.fence) AND state = ANY(\(from)::text[]) RETURNING 1)
            SELECT count(*)::int8 FROM u
            """) == 1
    }

    /// Gives a claimed, unstarted fire back (its trigger's previous command still runs: `queue`).
    public func release(_ c: ClaimedFire) async throws {
        try await client.query(
            """
            UPDATE almanac_fires SET state = 'pending', lease_owner = NULL, lease_expires = NULL, fence = NULL
            WHERE spec = \(c.spec) AND fire_id = \(c.fire.id) AND fence = \(c.fence) AND state = 'claimed'
            """, logger: logger)
    }

    /// Seconds until the next pending fire of `specs` is due (by the database's clock), or until the
    /// next lease expires; nil when neither exists.
    public func secondsUntilNextEvent(specs: [String]) async throws -> Double? {
        let rows = try await client.query(
            """
            SELECT extract(epoch FROM least(
                (SELECT min(due_at) FROM almanac_fires WHERE state = 'pending' AND spec = ANY(\(specs)::text[])),
                (SELECT min(lease_expires) FROM almanac_fires WHERE state IN ('claimed', 'started'))) - now())::float8
            """, logger: logger)
        for try await seconds in rows.decode(Double?.self) { return seconds }
        return nil
    }

    /// When the spec's current plan's window ends, in seconds since 1970; nil before it has one.
    public func planWindowEnd(spec: String) async throws -> Double? {
        let rows = try await client.query(
            """
            SELECT extract(epoch FROM p.window_to)::float8 FROM almanac_specs s
            JOIN almanac_plans p ON p.spec = s.spec AND p.sha256 = s.current_sha256 WHERE s.spec = \(spec)
            """, logger: logger)
        for try await seconds in rows.decode(Double.self) { return seconds }
        return nil
    }

    // MARK: Helpers

    /// A transaction whose own errors (`StoreError`) come out as themselves, not wrapped.
    func transaction<T: Sendable>(_ body: (PostgresConnection) async throws -> sending T) async throws -> T {
        do {
            return try await client.withTransaction(logger: logger, body)
        } catch let error as PostgresTransactionError {
            if let inner = error.closureError as? StoreError { throw inner }
            throw error
        }
    }

    func count(_ query: PostgresQuery) async throws -> Int {
        for try await n in try await client.query(query, logger: logger).decode(Int64.self) { return Int(n) }
        return 0
    }

    func scalarBool(_ query: PostgresQuery) async throws -> Bool {
        for try await b in try await client.query(query, logger: logger).decode(Bool.self) { return b }
        return false
    }
}

/// What an executor reports of itself in `almanac_executors`.
public struct ExecutorStats: Sendable {
    public var claimed: Int64 = 0
    public var started: Int64 = 0
    public var leaseLosses: Int64 = 0
    public var lastLateness: Double?
    public var maxLateness: Double?
    public init() {}
}

extension Migrations {
    /// The statements of step `version` (postgres-nio sends one statement per query).
    static func statements(of version: Int) -> [String] {
        steps[version - 1].components(separatedBy: ";\n").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            .filter { !$0.isEmpty }
    }
}
