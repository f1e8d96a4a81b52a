import PostgresNIO

/// What `almanac-exec status` and `pending --store` show: the store's specs, their fires by state,
/// and each executor. Read-only.
public struct ClusterStatus: Sendable {
    public struct Spec: Sendable {
        public var name: String
        public var currentSHA256: String?
        public var windowTo: String?
        public var lastBeat: String?
        /// Fire count by state (`pending`, `done`, `in_doubt`…).
        public var states: [String: Int]
        public var nextDue: String?
    }

    public struct Executor: Sendable {
        public var id: String
        public var lastSeen: String
        public var secondsSinceSeen: Double
        public var stopped: Bool
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
    /// Timestamps as RFC 3339 UTC text, by the database.
    private static let utc = "YYYY-MM-DD\"T\"HH24:MI:SS\"Z\""

    public func status() async throws -> ClusterStatus {
        let schema = try await schemaVersion()
        var specs: [ClusterStatus.Spec] = []
        let specRows = try await client.query(
            """
            SELECT s.spec, s.current_sha256, to_char(p.window_to AT TIME ZONE 'UTC', \(Self.utc)),
                to_char(s.last_beat AT TIME ZONE 'UTC', \(Self.utc))
            FROM almanac_specs s LEFT JOIN almanac_plans p ON p.spec = s.spec AND p.sha256 = s.current_sha256 ORDER BY s.spec
            """, logger: logger)
        for try await (name, sha, windowTo, beat) in specRows.decode((String, String?, String?, String?).self) {
            specs.append(ClusterStatus.Spec(name: name, currentSHA256: sha, windowTo: windowTo, lastBeat: beat, states: [:], nextDue: nil))
        }
        for i in specs.indices {
            let name = specs[i].name
            for try await (state, count) in try await client.query(
                "SELECT state, count(*)::int8 FROM almanac_fires WHERE spec = \(name) GROUP BY state", logger: logger
            ).decode((String, Int64).self) {
                specs[i].states[state] = Int(count)
            }
            for try await next in try await client.query(
                """
                SELECT to_char(min(due_at) AT TIME ZONE 'UTC', \(Self.utc)) FROM almanac_fires
                WHERE spec = \(name) AND state = 'pending'
                """, logger: logger
            ).decode(String?.self) {
                specs[i].nextDue = next
            }
        }
        var executors: [ClusterStatus.Executor] = []
        let rows = try await client.query(
            """
            SELECT e.id, to_char(e.last_seen AT TIME ZONE 'UTC', \(Self.utc)), extract(epoch FROM now() - e.last_seen)::float8,
                e.stopped_at IS NOT NULL, e.specs, e.claimed, e.started, e.lease_losses, e.last_lateness, e.max_lateness,
                (SELECT count(*) FROM almanac_fires f WHERE f.lease_owner = e.id AND f.state IN ('claimed', 'started'))::int8
            FROM almanac_executors e ORDER BY e.id
            """, logger: logger)
        for try await (id, seen, ago, stopped, specList, claimed, started, losses, last, max, holding) in rows.decode(
            (String, String, Double, Bool, String, Int64, Int64, Int64, Double?, Double?, Int64).self)
        {
            executors.append(
                ClusterStatus.Executor(
                    id: id, lastSeen: seen, secondsSinceSeen: ago, stopped: stopped, specs: specList, claimed: Int(claimed),
                    started: Int(started), leaseLosses: Int(losses), lastLateness: last, maxLateness: max, holding: Int(holding)))
        }
        return ClusterStatus(schema: schema, specs: specs, executors: executors)
    }

    /// The next `limit` fires not yet delivered (pending, claimed, started) and the last `limit` settled.
    public func fires(limit: Int) async throws -> (upcoming: [ClusterStatus.FireRow], settled: [ClusterStatus.FireRow]) {
        func read(_ query: PostgresQuery) async throws -> [ClusterStatus.FireRow] {
            var out: [ClusterStatus.FireRow] = []
            for try await (spec, id, due, state, attempt, owner, finished, outcome) in try await client.query(query, logger: logger).decode(
                (String, String, String, String, Int64, String?, String?, String?).self)
            {
                out.append(
                    ClusterStatus.FireRow(
                        spec: spec, id: id, dueAt: due, state: state, attempt: Int(attempt), owner: owner, finishedAt: finished,
                        outcome: outcome
                    ))
            }
            return out
        }
        let upcoming = try await read(
            """
            SELECT spec, fire_id, to_char(due_at AT TIME ZONE 'UTC', \(Self.utc)), state, attempt::int8, lease_owner, NULL::text, NULL::text
            FROM almanac_fires WHERE state IN ('pending', 'claimed', 'started') ORDER BY due_at, spec, fire_id LIMIT \(limit)
            """)
        let settled = try await read(
            """
            SELECT * FROM (SELECT spec, fire_id, to_char(due_at AT TIME ZONE 'UTC', \(Self.utc)), state, attempt::int8, lease_owner,
                to_char(finished_at AT TIME ZONE 'UTC', \(Self.utc)), outcome
            FROM almanac_fires WHERE state IN ('done', 'skipped', 'in_doubt') ORDER BY finished_at DESC NULLS LAST, due_at DESC LIMIT \(limit)) r
            ORDER BY 7, 3
            """)
        return (upcoming, settled)
    }
}
