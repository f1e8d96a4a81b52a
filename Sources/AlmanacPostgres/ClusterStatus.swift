import PostgresNIO

/// What `almanac-exec status` and `pending --store` show: the store's specs (identity, current
/// revision, fires by state) and each executor, running, stopped or lost. Read-only.
public struct ClusterStatus: Sendable {
    public struct Spec: Sendable {
        /// The spec id (the spec's name unless published with `--spec-id`).
        public var id: String
        public var name: String
        public var revision: Int64
        public var currentSHA256: String?
        public var windowTo: String?
        public var lastBeat: String?
        /// Fire count by state (`pending`, `done`, `in_doubt`…).
        public var states: [String: Int]
        public var nextDue: String?
        /// `2026-11-23T09:00:00Z by deploy (alice@build1)`: the revision's publication.
        public var published: String?
    }

    public struct Executor: Sendable {
        public enum Condition: String, Sendable {
            /// Beating, and delivering the current plan.
            case running
            /// Beating, claiming nothing: its plan file is not the current plan (`standingBy` says so).
            case standingBy = "standing by"
            /// Stopped cleanly (SIGTERM).
            case stopped
            /// No beat for longer than its lease: dead, frozen or cut off. Forgotten a day after its last beat.
            case lost
        }

        public var id: String
        public var lastSeen: String
        public var secondsSinceSeen: Double
        public var condition: Condition
        public var standingBy: String?
        public var specs: String
        public var claimed: Int
        public var started: Int
        public var leaseLosses: Int
        public var lastLateness: Double?
        public var maxLateness: Double?
        /// Fires it holds now (claimed or started).
        public var holding: Int
    }

    public struct FireRow: Sendable {
        public var spec: String
        public var id: String
        public var dueAt: String
        public var state: String
        public var attempt: Int
        public var owner: String?
        public var finishedAt: String?
        public var outcome: String?
    }

    public var schema: Int
    public var specs: [Spec]
    public var executors: [Executor]
}

extension ClusterStore {
    /// The whole picture in one transaction; a few rows per spec and executor whatever the number of
    /// fires (counts come from `almanac_fire_counts`, kept by the database's triggers). A schema
    /// other than this executor's is refused as `checkSchema` does (one check, not two: `status` is
    /// run in loops by people and scripts, and each round trip to the server shows in its time).
    public func status() async throws -> ClusterStatus {
        try await transaction("reading the status") { connection in
            let schema = try await Self.schemaVersion(on: connection, logger: self.logger)
            try Self.requireCurrent(schema)
            let utc = Self.utc
            var specs = try await Self.rows(
                """
                SELECT s.spec, s.name, s.revision, s.current_sha256, to_char(p.window_to AT TIME ZONE 'UTC', \(utc)),
                    to_char(s.last_beat AT TIME ZONE 'UTC', \(utc)),
                    (SELECT to_char(min(due_at) AT TIME ZONE 'UTC', \(utc)) FROM almanac_fires f WHERE f.spec = s.spec AND f.state = 'pending'),
                    (SELECT to_char(u.published_at AT TIME ZONE 'UTC', \(utc)) || ' by ' || u.published_by FROM almanac_publications u
                        WHERE u.spec = s.spec AND u.revision = s.revision)
                FROM almanac_specs s LEFT JOIN almanac_plans p ON p.spec = s.spec AND p.sha256 = s.current_sha256 ORDER BY s.spec
                """, as: (String, String, Int64, String?, String?, String?, String?, String?).self, on: connection, logger: self.logger
            ).map { id, name, revision, sha, windowTo, beat, next, published in
                ClusterStatus.Spec(
                    id: id, name: name, revision: revision, currentSHA256: sha, windowTo: windowTo, lastBeat: beat, states: [:],
                    nextDue: next,
                    published: published)
            }
            let counts = try await Self.rows(
                "SELECT spec, state, sum(n)::int8 FROM almanac_fire_counts GROUP BY spec, state HAVING sum(n) <> 0",
                as: (String, String, Int64).self, on: connection, logger: self.logger)
            for (spec, state, n) in counts {
                if let i = specs.firstIndex(where: { $0.id == spec }) { specs[i].states[state] = Int(n) }
            }
            let executors = try await Self.rows(
                """
                SELECT e.id, to_char(e.last_seen AT TIME ZONE 'UTC', \(utc)), extract(epoch FROM now() - e.last_seen)::float8,
                    CASE WHEN e.stopped_at IS NOT NULL THEN 'stopped'
                        WHEN e.last_seen < now() - make_interval(secs => coalesce(e.lease, 30)) THEN 'lost'
                        WHEN e.standing_by IS NOT NULL THEN 'standing by' ELSE 'running' END,
                    e.standing_by, e.specs, e.claimed, e.started, e.lease_losses, e.last_lateness, e.max_lateness,
                    (SELECT count(*) FROM almanac_fires f WHERE f.lease_owner = e.id AND f.state IN ('claimed', 'started'))::int8
                FROM almanac_executors e ORDER BY e.id
                """, as: (String, String, Double, String, String?, String, Int64, Int64, Int64, Double?, Double?, Int64).self,
                on: connection,
                logger: self.logger
            ).map { id, seen, ago, condition, standingBy, specList, claimed, started, losses, last, max, holding in
                ClusterStatus.Executor(
                    id: id, lastSeen: seen, secondsSinceSeen: ago,
                    condition: ClusterStatus.Executor.Condition(rawValue: condition) ?? .running,
                    standingBy: standingBy, specs: specList, claimed: Int(claimed), started: Int(started), leaseLosses: Int(losses),
                    lastLateness: last, maxLateness: max, holding: Int(holding))
            }
            return ClusterStatus(schema: schema, specs: specs, executors: executors)
        }
    }

    /// The next `limit` fires not yet delivered (pending, claimed, started) and the last `limit` settled.
    public func fires(limit: Int) async throws -> (upcoming: [ClusterStatus.FireRow], settled: [ClusterStatus.FireRow]) {
        let utc = Self.utc
        let columns = (String, String, String, String, Int64, String?, String?, String?).self
        func row(_ r: (String, String, String, String, Int64, String?, String?, String?)) -> ClusterStatus.FireRow {
            ClusterStatus.FireRow(
                spec: r.0, id: r.1, dueAt: r.2, state: r.3, attempt: Int(r.4), owner: r.5, finishedAt: r.6, outcome: r.7)
        }
        let upcoming = try await rows(
            """
            SELECT spec, fire_id, to_char(due_at AT TIME ZONE 'UTC', \(utc)), state, attempt::int8, lease_owner, NULL::text, NULL::text
            FROM almanac_fires WHERE state IN ('pending', 'claimed', 'started') ORDER BY due_at, spec, fire_id LIMIT \(limit)
            """, as: columns, "reading pending fires")
        let settled = try await rows(
            """
            SELECT * FROM (SELECT spec, fire_id, to_char(due_at AT TIME ZONE 'UTC', \(utc)), state, attempt::int8, lease_owner,
                to_char(finished_at AT TIME ZONE 'UTC', \(utc)), outcome
            FROM almanac_fires WHERE state IN ('done', 'skipped', 'in_doubt') ORDER BY finished_at DESC NULLS LAST, due_at DESC LIMIT \(limit)) r
            ORDER BY 7, 3
            """, as: columns, "reading settled fires")
        return (upcoming.map(row), settled.map(row))
    }
}
