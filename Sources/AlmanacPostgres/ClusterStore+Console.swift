import AlmanacConsole
import AlmanacJSON
import AlmanacPlan
import AlmanacTime
import PostgresNIO

/// What the console reads: each page one or two statements, each an index scan that stops after
/// the page's rows (keyset pagination over the indexes of schema 4), whatever the store holds.
extension ClusterStore {
    /// A moment as microseconds since 1970, by the database (exact: `timestamptz` keeps microseconds).
    static func us(_ column: String) -> String { "(extract(epoch FROM \(column)) * 1000000)::int8" }
    /// The `timestamptz` of a cursor's microseconds, exactly (no float on the way).
    static func moment(_ microseconds: Int64, into q: inout QueryText) {
        q.raw("(to_timestamp(0) + ")
        q.bind(microseconds)
        q.raw(" * interval '1 microsecond')")
    }

    typealias FireColumns = (String, String, String, Int64, String, Int64, String?, Double?, Int64?, String?)

    static let fireColumns =
        "spec, fire_id, trigger, \(us("due_at")), state, attempt::int8, coalesce(lease_owner, ran_by), lateness, \(us("finished_at")), outcome"

    static func fire(_ r: FireColumns, zones: [String: String]) -> ConsoleFire {
        ConsoleFire(
            spec: r.0, id: r.1, trigger: r.2, due: ConsoleMoment(microseconds: r.3), state: r.4, attempt: Int(r.5), executor: r.6,
            lateness: r.7, finished: r.8.map { ConsoleMoment(microseconds: $0) }, outcome: r.9, zone: zones[r.0] ?? "UTC")
    }

    /// The database's now.
    public func consoleNow() async throws -> ConsoleMoment {
        ConsoleMoment(
            microseconds: try await rows(PostgresQuery(unsafeSQL: "SELECT \(Self.us("now()"))"), as: Int64.self, "reading the time").first
                ?? 0)
    }

    /// Each spec's current plan's calendar zone, for `specs`.
    func zones(_ specs: Set<String>) async throws -> [String: String] {
        guard !specs.isEmpty else { return [:] }
        let rows = try await rows(
            """
            SELECT s.spec, p.triggers FROM almanac_specs s JOIN almanac_plans p ON p.spec = s.spec AND p.sha256 = s.current_sha256
            WHERE s.spec = ANY(\(Array(specs))::text[])
            """, as: (String, String).self, "reading plans' zones")
        var zones: [String: String] = [:]
        for (spec, text) in rows { zones[spec] = Self.calendarZone((try? Self.readTriggers(text)) ?? [:]) }
        return zones
    }

    static func calendarZone(_ triggers: [String: PlanTrigger]) -> String {
        let zones = Set(triggers.values.compactMap(\.timezone))
        return zones.count == 1 ? zones.first! : "UTC"
    }

    func fireList(_ query: QueryText, limit: Int, _ what: String, cursor: (ConsoleFire) -> ConsoleCursor) async throws -> ConsoleList<
        ConsoleFire
    > {
        let rows = try await rows(query.query, as: FireColumns.self, what)
        let zones = try await zones(Set(rows.map(\.0)))
        return ConsoleList(rows: rows.map { Self.fire($0, zones: zones) }, limit: limit, cursor: cursor)
    }

    /// Fires not settled, in due order; of `spec` (and `trigger`) when given.
    public func consoleUpcoming(spec: String?, trigger: String?, after: ConsoleCursor?, limit: Int) async throws -> ConsoleList<ConsoleFire>
    {
        var query = QueryText("SELECT \(Self.fireColumns) FROM almanac_fires WHERE state IN ('pending', 'claimed', 'started')")
        if let spec {
            query.raw(" AND spec = ")
            query.bind(spec)
        }
        if let trigger {
            query.raw(" AND trigger = ")
            query.bind(trigger)
        }
        try Self.keyset(after, ">", into: &query)
        query.raw(" ORDER BY due_at, spec, fire_id LIMIT \(limit + 1)")
        return try await fireList(query, limit: limit, "reading upcoming fires") {
            ConsoleCursor([String($0.due.microseconds), $0.spec, $0.id])
        }
    }

    /// ` AND (column, spec, fire_id) > (…)`: rows after a cursor of (moment, spec, fire id).
    static func keyset(_ after: ConsoleCursor?, _ comparison: String, column: String = "due_at", into query: inout QueryText) throws {
        guard let after else { return }
        guard let micro = after.integer(0), after.keys.count == 3 else {
            throw ConsoleRefusal(.invalid, "after= is not a cursor of this list")
        }
        query.raw(" AND (\(column), spec, fire_id) \(comparison) (")
        moment(micro, into: &query)
        query.raw(", ")
        query.bind(after.keys[1])
        query.raw(", ")
        query.bind(after.keys[2])
        query.raw(")")
    }

    /// Settled fires (or only the troubled: in doubt, failed), the last finished first.
    public func consoleSettled(trouble: Bool, after: ConsoleCursor?, limit: Int) async throws -> ConsoleList<ConsoleFire> {
        var query = QueryText("SELECT \(Self.fireColumns) FROM almanac_fires WHERE ")
        // Written as the partial indexes' predicates, so the planner uses them.
        query.raw(
            trouble
                ? "(state = 'in_doubt' OR (state = 'done' AND outcome NOT IN ('delivered', 'exited with status 0')))"
                : "finished_at IS NOT NULL")
        try Self.keyset(after, "<", column: "finished_at", into: &query)
        query.raw(" ORDER BY finished_at DESC, spec DESC, fire_id DESC LIMIT \(limit + 1)")
        return try await fireList(query, limit: limit, "reading settled fires") {
            ConsoleCursor([String(($0.finished ?? $0.due).microseconds), $0.spec, $0.id])
        }
    }

    public func consoleExecutors(after: ConsoleCursor?, limit: Int) async throws -> ConsoleList<ConsoleExecutor> {
        var query = QueryText(
            """
            SELECT e.id, CASE WHEN e.stopped_at IS NOT NULL THEN 'stopped'
                    WHEN e.last_seen < now() - make_interval(secs => coalesce(e.lease, 30)) THEN 'lost'
                    WHEN e.standing_by IS NOT NULL THEN 'standing by' ELSE 'running' END,
                e.standing_by, \(Self.us("e.last_seen")), extract(epoch FROM now() - e.last_seen)::float8, e.specs, e.claimed, e.started,
                (SELECT count(*) FROM almanac_fires f WHERE f.lease_owner = e.id AND f.state IN ('claimed', 'started'))::int8,
                e.lease_losses, e.last_lateness, e.max_lateness
            FROM almanac_executors e
            """)
        if let after {
            query.raw(" WHERE e.id > ")
            query.bind(after.keys[0])
        }
        query.raw(" ORDER BY e.id LIMIT \(limit + 1)")
        let rows = try await rows(
            query.query, as: (String, String, String?, Int64, Double, String, Int64, Int64, Int64, Int64, Double?, Double?).self,
            "reading executors")
        return ConsoleList(
            rows: rows.map { r in
                ConsoleExecutor(
                    id: r.0, condition: r.1, standingBy: r.2, lastSeen: ConsoleMoment(microseconds: r.3), secondsSinceSeen: r.4, specs: r.5,
                    claimed: Int(r.6), started: Int(r.7), holding: Int(r.8), leaseLosses: Int(r.9), lastLateness: r.10, maxLateness: r.11)
            }, limit: limit, cursor: { ConsoleCursor([$0.id]) })
    }
}
