import AlmanacExecutor
import PostgresNIO

/// What an executor reports of itself in `almanac_executors`.
public struct ExecutorStats: Sendable, Equatable {
    public var claimed: Int64 = 0
    public var started: Int64 = 0
    public var leaseLosses: Int64 = 0
    public var lastLateness: Double?
    public var maxLateness: Double?
    public init() {}
}

extension ClusterStore {
    /// Who beats, and for what.
    public struct BeatRequest: Sendable {
        public var executor: String
        public var spec: String
        /// It delivers the spec's current plan: its beats keep the spec alive (no misfires).
        /// False while it stands by (`standingBy` says why).
        public var delivering: Bool
        public var standingBy: String?
        public var lease: Double
        public var grace: Double
        public var policy: DeliveryPolicy
        public var stats: ExecutorStats

        public init(
            executor: String, spec: String, delivering: Bool, standingBy: String? = nil, lease: Double, grace: Double,
            policy: DeliveryPolicy, stats: ExecutorStats = ExecutorStats()
        ) {
            self.executor = executor
            self.spec = spec
            self.delivering = delivering
            self.standingBy = standingBy
            self.lease = lease
            self.grace = grace
            self.policy = policy
            self.stats = stats
        }
    }

    /// What a beat found.
    public struct Beat: Sendable, Equatable {
        /// The spec's current revision and plan (0 and nil before its first publication).
        public var revision: Int64 = 0
        public var currentSHA256: String?
        /// When the current plan's window ends, in seconds since 1970.
        public var planWindowEnd: Double?
        /// Misfires skipped (`spec fire_id`).
        public var misfires: [String] = []
        /// Fires of paused triggers that came due, skipped (`spec fire_id`).
        public var paused: [String] = []
        /// Claims that lapsed: given back unstarted, and started ones in doubt (run again under `retry`).
        public var released = 0
        public var inDoubt: [String] = []
    }

    /// One beat, in one transaction: the executor's row, its leases renewed, the spec's liveness
    /// (`alive_since`, only while delivering), misfires decided by `policy` and skipped, lapsed
    /// claims of the spec's fires recovered as `policy` decides, and the spec's current revision.
    public func beat(_ request: BeatRequest, timeout: Double? = nil) async throws -> Beat {
        let r = request
        return try await transaction(timeout: timeout, "beating") { connection in
            var beat = Beat()
            let s = r.stats
            try await connection.query(
                """
                INSERT INTO almanac_executors AS e (id, started_at, last_seen, specs, claimed, started, lease_losses, last_lateness,
                    max_lateness, lease, standing_by)
                VALUES (\(r.executor), now(), now(), \(r.spec), \(s.claimed), \(s.started), \(s.leaseLosses), \(s.lastLateness),
                    \(s.maxLateness), \(r.lease), \(r.standingBy))
                ON CONFLICT (id) DO UPDATE SET last_seen = now(), stopped_at = NULL, specs = EXCLUDED.specs, claimed = EXCLUDED.claimed,
                    started = EXCLUDED.started, lease_losses = EXCLUDED.lease_losses, last_lateness = EXCLUDED.last_lateness,
                    max_lateness = EXCLUDED.max_lateness, lease = EXCLUDED.lease, standing_by = EXCLUDED.standing_by
                """, logger: self.logger)
            try await connection.query(
                """
                UPDATE almanac_fires SET lease_expires = now() + make_interval(secs => \(r.lease))
                WHERE lease_owner = \(r.executor) AND state IN ('claimed', 'started')
                """, logger: self.logger)
            if r.delivering {
                try await connection.query(
                    """
                    UPDATE almanac_specs SET alive_since = CASE WHEN last_beat IS NULL OR last_beat < now() - make_interval(secs => \(r.grace))
                        THEN now() ELSE alive_since END, last_beat = now()
                    WHERE spec = \(r.spec)
                    """, logger: self.logger)
                beat.paused = try await self.skipPaused(spec: r.spec, on: connection)
                beat.misfires = try await self.skipMisfires(spec: r.spec, policy: r.policy, on: connection)
            }
            (beat.released, beat.inDoubt) = try await self.recoverLapsedClaims(spec: r.spec, policy: r.policy, on: connection)
            if let row = try await Self.rows(
                """
                SELECT s.revision, s.current_sha256, extract(epoch FROM p.window_to)::float8 FROM almanac_specs s
                LEFT JOIN almanac_plans p ON p.spec = s.spec AND p.sha256 = s.current_sha256 WHERE s.spec = \(r.spec)
                """, as: (Int64, String?, Double?).self, on: connection, logger: self.logger
            ).first {
                (beat.revision, beat.currentSHA256, beat.planWindowEnd) = row
            }
            return beat
        }
    }

    /// Pending fires of `spec` whose trigger an operator paused and that came due: skipped, so a
    /// resume delivers only what comes due after it (no burst of everything held meanwhile).
    func skipPaused(spec: String, on connection: PostgresConnection) async throws -> [String] {
        try await Self.rows(
            """
            UPDATE almanac_fires f SET state = 'skipped', finished_at = now(), lateness = extract(epoch FROM now() - f.due_at),
                outcome = 'paused: its trigger was paused by ' || p.paused_by
            FROM almanac_paused p WHERE p.spec = f.spec AND p.trigger = f.trigger AND f.spec = \(spec) AND f.state = 'pending'
                AND f.due_at <= now()
            RETURNING f.spec || ' ' || f.fire_id
            """, as: String.self, on: connection, logger: logger)
    }

    /// Misfires of `spec`: pending first runs due before its executors were last continuously alive
    /// (so due while none ran), skipped as `policy` decides.
    func skipMisfires(spec: String, policy: DeliveryPolicy, on connection: PostgresConnection) async throws -> [String] {
        let late = try await Self.rows(
            """
            SELECT f.fire_id, f.trigger FROM almanac_fires f JOIN almanac_specs s ON s.spec = f.spec
            WHERE f.spec = \(spec) AND f.state = 'pending' AND f.attempt = 0 AND f.due_at < s.alive_since
            ORDER BY f.due_at, f.fire_id
            """, as: (String, String).self, on: connection, logger: logger)
        guard !late.isEmpty else { return [] }
        let deliver = policy.deliver(late.map { DeliveryPolicy.DueFire(id: $0.0, trigger: $0.1, late: true) })
        let skipped = zip(late, deliver).filter { !$0.1 }.map(\.0.0)
        guard !skipped.isEmpty else { return [] }
        let outcome = FireResult.skipped(.misfire, detail: "due while no executor ran the plan").text
        return try await Self.rows(
            """
            UPDATE almanac_fires SET state = 'skipped', finished_at = now(), outcome = \(outcome), lateness = extract(epoch FROM now() - due_at)
            WHERE spec = \(spec) AND fire_id = ANY(\(skipped)::text[]) AND state = 'pending'
            RETURNING spec || ' ' || fire_id
            """, as: String.self, on: connection, logger: logger)
    }

    /// Fires of `spec` whose lease lapsed, whoever held them: claimed and never started go back to
    /// pending (nothing ran); started ones are in doubt, and `policy` says whether they run again
    /// (pending, their next start gets the next attempt number) or are recorded `in_doubt`. A started
    /// fire a newer plan dropped stays `in_doubt` whatever the policy (it ran at most once): executors
    /// claim the current plan's fires only, so as pending it would wait forever. (Claimed fires a newer
    /// plan drops are cancelled by the publication itself.)
    ///
    /// Only the spec's own executors recover its fires: `--in-doubt` is given to them, and an
    /// executor of another spec (another team's, with another policy) must not decide whether a
    /// command it knows nothing of runs twice. A spec none of whose executors runs has nobody to
    /// deliver its fires anyway; the first to come back recovers them.
    func recoverLapsedClaims(spec: String, policy: DeliveryPolicy, on connection: PostgresConnection) async throws -> (Int, [String]) {
        let retry = policy.lapsedClaim(started: true) == .retry
        let planIsCurrent = "(f.plan_sha256 IS NOT DISTINCT FROM (SELECT s.current_sha256 FROM almanac_specs s WHERE s.spec = f.spec))"
        let rows = try await Self.rows(
            """
            WITH released AS (UPDATE almanac_fires SET state = 'pending', lease_owner = NULL, lease_expires = NULL, fence = NULL
                WHERE spec = \(spec) AND state = 'claimed' AND lease_expires < now() RETURNING 1),
            doubt AS (UPDATE almanac_fires f SET
                state = CASE WHEN \(retry) AND \(unescaped: planIsCurrent) THEN 'pending' ELSE 'in_doubt' END,
                outcome = 'in doubt: executor ' || coalesce(lease_owner, '?') || ' stopped answering after starting it'
                    || CASE WHEN \(retry) AND NOT \(unescaped: planIsCurrent) THEN '; not run again: the current plan does not have it' ELSE '' END,
                finished_at = CASE WHEN \(retry) AND \(unescaped: planIsCurrent) THEN NULL ELSE now() END,
                lease_owner = NULL, lease_expires = NULL, fence = NULL
                WHERE spec = \(spec) AND state = 'started' AND lease_expires < now() RETURNING spec || ' ' || fire_id AS id)
            SELECT (SELECT count(*) FROM released)::int8, id FROM doubt
            UNION ALL SELECT (SELECT count(*) FROM released)::int8, NULL WHERE NOT EXISTS (SELECT 1 FROM doubt)
            """, as: (Int64, String?).self, on: connection, logger: logger)
        return (Int(rows.first?.0 ?? 0), rows.compactMap(\.1))
    }

    /// Housekeeping any executor may do now and then, one at a time: folds the fire-count changes
    /// into one row per (spec, state), and forgets executors not seen for `forgetAfter` seconds that
    /// hold nothing (`status` shows them lost until then).
    public func tidy(forgetAfter: Double) async throws {
        try await transaction("tidying") { connection in
            let mine = try await Self.rows(
                "SELECT pg_try_advisory_xact_lock(7243110102)", as: Bool.self, on: connection, logger: self.logger)
            guard mine.first == true else { return }
            try await connection.query(
                """
                WITH d AS (DELETE FROM almanac_fire_counts RETURNING spec, state, n)
                INSERT INTO almanac_fire_counts (spec, state, n) SELECT spec, state, sum(n) FROM d GROUP BY spec, state HAVING sum(n) <> 0
                """, logger: self.logger)
            try await connection.query(
                """
                DELETE FROM almanac_executors e WHERE e.last_seen < now() - make_interval(secs => \(forgetAfter))
                AND NOT EXISTS (SELECT 1 FROM almanac_fires f WHERE f.lease_owner = e.id AND f.state IN ('claimed', 'started'))
                """, logger: self.logger)
        }
    }

    /// Seconds after which `tidy` forgets an executor that stopped beating: a day.
    public static let forgetExecutorsAfter: Double = 86_400
}
