import AlmanacConsole
import AlmanacJSON
import AlmanacPlan
import AlmanacTime
import PostgresNIO

/// What the console reads of one spec or one fire: identity, plan, triggers (paused or not), the
/// fire's whole history; and the pending fires a timeline draws.
extension ClusterStore {
    typealias SpecColumns = (String, String, Int64, String?, Int64?, Int64?, String?, Int64?, String?, Int64?, Int64?)

    static let specColumns = """
        s.spec, s.name, s.revision, s.current_sha256, \(us("p.window_from")), \(us("p.window_to")), p.triggers,
            \(us("u.published_at")), u.published_by, \(us("s.last_beat")),
            (SELECT \(us("min(due_at)")) FROM almanac_fires f WHERE f.spec = s.spec AND f.state = 'pending')
        FROM almanac_specs s LEFT JOIN almanac_plans p ON p.spec = s.spec AND p.sha256 = s.current_sha256
            LEFT JOIN almanac_publications u ON u.spec = s.spec AND u.revision = s.revision
        """

    func consoleSpecs(_ rows: [SpecColumns], on connection: PostgresConnection) async throws -> [ConsoleSpec] {
        let ids = rows.map(\.0)
        let counts = try await Self.rows(
            "SELECT spec, state, sum(n)::int8 FROM almanac_fire_counts WHERE spec = ANY(\(ids)::text[]) GROUP BY spec, state HAVING sum(n) <> 0",
            as: (String, String, Int64).self, on: connection, logger: logger)
        let paused = try await Self.rows(
            "SELECT spec, trigger, paused_by, \(unescaped: Self.us("paused_at")) FROM almanac_paused WHERE spec = ANY(\(ids)::text[])",
            as: (String, String, String, Int64).self, on: connection, logger: logger)
        return rows.map { r in
            let triggers = r.6.flatMap { try? Self.readTriggers($0) } ?? [:]
            var spec = ConsoleSpec(
                id: r.0, name: r.1, revision: r.2, sha256: r.3,
                window: r.4.flatMap { from in r.5.map { (from: ConsoleMoment(microseconds: from), to: ConsoleMoment(microseconds: $0)) } },
                zone: Self.calendarZone(triggers),
                published: r.8.flatMap { by in r.7.map { (by: by, at: ConsoleMoment(microseconds: $0)) } },
                nextDue: r.10.map { ConsoleMoment(microseconds: $0) }, lastBeat: r.9.map { ConsoleMoment(microseconds: $0) })
            for (s, state, n) in counts where s == r.0 { spec.states[state] = Int(n) }
            spec.triggers = triggers.keys.sorted().map { id in
                let t = triggers[id]!
                let mark = paused.first { $0.0 == r.0 && $0.1 == id }.map { (by: $0.2, at: ConsoleMoment(microseconds: $0.3)) }
                return ConsoleTrigger(id: id, kind: t.kind, timezone: t.timezone, payload: .object(t.payload), paused: mark)
            }
            // A paused trigger no longer in the current plan is still shown, so it can be resumed.
            for (s, trigger, by, at) in paused where s == r.0 && triggers[trigger] == nil {
                spec.triggers.append(
                    ConsoleTrigger(id: trigger, kind: "(not in the current plan)", paused: (by: by, at: ConsoleMoment(microseconds: at))))
            }
            return spec
        }
    }

    public func consoleSpecs(after: ConsoleCursor?, limit: Int) async throws -> ConsoleList<ConsoleSpec> {
        var query = QueryText("SELECT " + Self.specColumns)
        if let after {
            query.raw(" WHERE s.spec > ")
            query.bind(after.keys[0])
        }
        query.raw(" ORDER BY s.spec LIMIT \(limit + 1)")
        let q = query.query
        let specs = try await transaction("reading specs") { connection in
            try await self.consoleSpecs(try await Self.rows(q, as: SpecColumns.self, on: connection, logger: self.logger), on: connection)
        }
        return ConsoleList(rows: specs, limit: limit) { ConsoleCursor([$0.id]) }
    }

    public func consoleSpec(_ id: String) async throws -> ConsoleSpec? {
        var query = QueryText("SELECT " + Self.specColumns + " WHERE s.spec = ")
        query.bind(id)
        let q = query.query
        return try await transaction("reading a spec") { connection in
            try await self.consoleSpecs(try await Self.rows(q, as: SpecColumns.self, on: connection, logger: self.logger), on: connection)
                .first
        }
    }

    public func consoleFire(spec: String, id: String) async throws -> ConsoleFireDetail? {
        try await transaction("reading a fire") { connection in
            guard
                let r = try await Self.rows(
                    """
                    SELECT \(unescaped: Self.fireColumns), plan_sha256, at_s,
                        (SELECT p.triggers FROM almanac_plans p WHERE p.spec = f.spec AND p.sha256 = f.plan_sha256),
                        EXISTS (SELECT 1 FROM almanac_paused x WHERE x.spec = f.spec AND x.trigger = f.trigger)
                    FROM almanac_fires f
                    WHERE f.spec = \(spec) AND f.fire_id = \(id)
                    """,
                    as: (String, String, String, Int64, String, Int64, String?, Double?, Int64?, String?, String, Int64, String?, Bool)
                        .self,
                    on: connection, logger: self.logger
                ).first
            else { return nil }
            let triggers = r.12.flatMap { try? Self.readTriggers($0) } ?? [:]
            let zone = Self.calendarZone(triggers)
            let fire = Self.fire((r.0, r.1, r.2, r.3, r.4, r.5, r.6, r.7, r.8, r.9), zones: [spec: zone])
            let history = try await Self.rows(
                """
                SELECT \(unescaped: Self.us("at")), event, attempt::int8, actor, detail FROM almanac_history
                WHERE spec = \(spec) AND fire_id = \(id) ORDER BY seq LIMIT 1000
                """, as: (Int64, String, Int64?, String?, String?).self, on: connection, logger: self.logger
            ).map {
                ConsoleEvent(at: ConsoleMoment(microseconds: $0.0), event: $0.1, attempt: $0.2.map(Int.init), actor: $0.3, detail: $0.4)
            }
            return ConsoleFireDetail(
                fire: fire, planSHA256: r.10, planned: ConsoleMoment(Instant(secondsSinceEpoch: r.11)),
                payload: .object(triggers[fire.trigger]?.payload ?? [:]), history: history, paused: r.13)
        }
    }

    /// The current plan of `spec` (header from the store) with its unsettled fires due in `[from, to)`.
    public func consoleTimeline(spec: String, from: ConsoleMoment, to: ConsoleMoment, limit: Int) async throws -> Plan? {
        try await transaction("reading a timeline") { connection in
            guard
                let p = try await Self.rows(
                    """
                    SELECT s.name, s.current_sha256, p.triggers FROM almanac_specs s
                    JOIN almanac_plans p ON p.spec = s.spec AND p.sha256 = s.current_sha256 WHERE s.spec = \(spec)
                    """, as: (String, String, String).self, on: connection, logger: self.logger
                ).first
            else { return nil }
            // One row holding the fires as a JSON array, not a row per fire: postgres-nio decodes
            // rows one by one, and 2,000 rows took the timeline 380 ms at p95 in the debug build
            // (scripts/bench/console.sh); the store tests compare the fires drawn with the rows.
            var query = QueryText(
                "SELECT coalesce(json_agg(json_build_array(fire_id, trigger, at_s, offset_s, nominal_wall, moved))::text, '[]') FROM (SELECT * FROM almanac_fires WHERE state IN ('pending', 'claimed', 'started') AND spec = "
            )
            query.bind(spec)
            query.raw(" AND due_at >= ")
            Self.moment(from.microseconds, into: &query)
            query.raw(" AND due_at < ")
            Self.moment(to.microseconds, into: &query)
            query.raw(" ORDER BY due_at, fire_id LIMIT \(limit)) f")
            let text = try await Self.rows(query.query, as: String.self, on: connection, logger: self.logger).first ?? "[]"
            let fires = (try JSONReader.parse(text).arrayValue ?? []).compactMap { row -> Fire? in
                guard let r = row.arrayValue, r.count == 6, let id = r[0].stringValue, let trigger = r[1].stringValue,
                    let at = r[2].intValue.map(Int64.init), let offset = r[3].intValue, let nominal = r[4].intValue.map(Int64.init),
                    let moved = r[5].boolValue
                else { return nil }
                return Fire(
                    at: Instant(secondsSinceEpoch: at), trigger: trigger, local: LocalDateTime(wallSeconds: at + Int64(offset)),
                    offset: offset, id: id, nominal: moved ? LocalDateTime(wallSeconds: nominal) : nil)
            }
            // A fire run now is due now but drawn at its planned instant: only those inside the window.
            .filter { $0.at >= from.instant && $0.at < to.instant }
            .sorted { ($0.at, $0.trigger, $0.id) < ($1.at, $1.trigger, $1.id) }
            return Plan(
                spec: SpecInfo(name: p.0, sha256: p.1), window: Window(from: from.instant, to: to.instant), tzdata: "",
                limits: PlanLimits(maxPending: Int.max), triggers: try Self.readTriggers(p.2), fires: fires)
        }
    }
}
