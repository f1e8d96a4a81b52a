import AlmanacJSON
import AlmanacPlan
import Foundation
import Logging
import NIOCore
import PostgresNIO

extension ClusterStore {
    /// What publishing a plan did (or why it did nothing), with what the store holds of the spec.
    public struct Publication: Sendable, Equatable {
        public var decision: PublicationRule.Decision
        public var specID: String
        /// The spec as the store knew it before: its name, current sha256, first publication.
        public var stored: Stored?
        /// Fires new to the store (those already past went in as `expired`, never to be delivered).
        public var inserted = 0
        public var expired = 0
        /// Pending fires of the previous plan that this one no longer has.
        public var cancelled = 0
        /// The plan's fires were stored before (its window was ingested already): nothing was read.
        public var alreadyStored = false

        public struct Stored: Sendable, Equatable {
            public var name: String
            public var revision: Int64
            public var currentSHA256: String?
            /// `2026-11-23T09:00:00Z by deploy (alice@build1)`.
            public var firstPublished: String
        }
    }

    /// Publishes the plan read by `source` under `specID` (default: its spec's name), as `intent`
    /// allows (`PublicationRule`), all in one transaction under the spec's lock. Fires of a plan that
    /// becomes current go in with `COPY`; shared fires take its data (in flight ones keep their state),
    /// pending and claimed fires it no longer has are cancelled (a claim's start then fails on its
    /// fence: nothing runs), cancelled fires it has again (a rollback) are pending again when still in
    /// the future; started fires it lacks run to their end under their own plan, and if their executor
    /// dies they are never run again (`recoverLapsedClaims`). `by` says who published
    /// (kept with the revision).
    public func publish(
        _ source: PlanFireSource, specID: String? = nil, intent: PublicationRule.Intent, by: String, planPath: String = "the plan"
    ) async throws -> Publication {
        let plan = source.header
        let id = specID ?? plan.spec.name
        try Self.checkStorable(plan, specID: id, planPath: planPath)
        guard let sha = plan.spec.sha256 else {
            throw StoreError(
                "\(planPath): the plan has no spec.sha256 (compiled from a schedule built in code); the shared store tells plans apart by it"
            )
        }
        return try await transaction(timeout: max(operationTimeout, 600), "publishing \(planPath)") { connection in
            try await connection.query("SELECT pg_advisory_xact_lock(hashtext(\("almanac:" + id))::int8)", logger: self.logger)
            let stored = try await Self.rows(
                """
                SELECT name, revision, current_sha256, to_char(created_at AT TIME ZONE 'UTC', \(Self.utc)) || ' by ' || coalesce(created_by, '?')
                FROM almanac_specs WHERE spec = \(id)
                """, as: (String, Int64, String?, String).self, on: connection, logger: self.logger
            ).first.map { Publication.Stored(name: $0.0, revision: $0.1, currentSHA256: $0.2, firstPublished: $0.3) }
            let lineage = try await Self.rows(
                "SELECT sha256 FROM almanac_publications WHERE spec = \(id) UNION SELECT sha256 FROM almanac_plans WHERE spec = \(id)",
                as: String.self, on: connection, logger: self.logger)
            let facts = stored.map {
                PublicationRule.Facts(name: $0.name, revision: $0.revision, currentSHA256: $0.currentSHA256, lineage: Set(lineage))
            }
            var result = Publication(
                decision: PublicationRule.decide(sha256: sha, intent: intent, facts: facts), specID: id, stored: stored)
            let revision: Int64
            switch result.decision {
            case .publish(let r): revision = r
            case .current(let r): revision = r
            case .standBy, .conflict, .unrelated: return result
            }
            let becomesCurrent = result.decision == .publish(revision: revision)
            if becomesCurrent {
                try await connection.query(
                    """
                    INSERT INTO almanac_specs (spec, name, revision, current_sha256, created_at, created_by)
                    VALUES (\(id), \(plan.spec.name), \(revision), \(sha), now(), \(by))
                    ON CONFLICT (spec) DO UPDATE SET name = EXCLUDED.name, revision = EXCLUDED.revision, current_sha256 = EXCLUDED.current_sha256
                    """, logger: self.logger)
                try await connection.query(
                    "INSERT INTO almanac_publications (spec, revision, sha256, published_by) VALUES (\(id), \(revision), \(sha), \(by))",
                    logger: self.logger)
            }
            let from = plan.window.from.secondsSinceEpoch, to = plan.window.to.secondsSinceEpoch
            try await connection.query(
                """
                INSERT INTO almanac_plans (spec, sha256, window_from, window_to, triggers, fires)
                VALUES (\(id), \(sha), to_timestamp(\(from)), to_timestamp(\(to)), \(Self.triggersJSON(plan.triggers)), 0)
                ON CONFLICT (spec, sha256) DO UPDATE SET window_to = greatest(almanac_plans.window_to, EXCLUDED.window_to),
                    window_from = least(almanac_plans.window_from, EXCLUDED.window_from), triggers = EXCLUDED.triggers
                """, logger: self.logger)
            // The same spec bytes over a window already stored give the same fires: nothing to read.
            let covered =
                try await Self.rows(
                    """
                    SELECT EXISTS (SELECT 1 FROM almanac_plan_windows WHERE spec = \(id) AND sha256 = \(sha)
                        AND window_from <= to_timestamp(\(from)) AND window_to >= to_timestamp(\(to)))
                    """, as: Bool.self, on: connection, logger: self.logger
                ).first == true
            if covered && !becomesCurrent {
                result.alreadyStored = true
                return result
            }
            // A spec's first fires (a new spec, or one whose fires were all forgotten) go in with a
            // plain INSERT: nothing to merge with, cancel or recount. At a million fires that is less
            // than half of the merge's time (loaded machine, same server, back to back: 23-30 s
            // against 61 s; the merge's speculative insertion and RETURNING cost the difference).
            let firstFires =
                try await Self.rows(
                    "SELECT NOT EXISTS (SELECT 1 FROM almanac_fires WHERE spec = \(id))", as: Bool.self, on: connection,
                    logger: self.logger
                ).first == true
            try await self.copyFires(source, on: connection)
            let counts: (Int64, Int64)
            if firstFires {
                counts =
                    try await Self.rows(
                        "SELECT count(*)::int8, count(*) FILTER (WHERE to_timestamp(at_s) < now())::int8 FROM almanac_incoming",
                        as: (Int64, Int64).self, on: connection, logger: self.logger
                    ).first ?? (0, 0)
                try await Self.insertFirst(spec: id, sha: sha, on: connection, logger: self.logger, planPath: planPath)
            } else {
                counts =
                    try await Self.rows(
                        Self.mergeIncoming(spec: id, sha: sha, becomesCurrent: becomesCurrent), as: (Int64, Int64).self,
                        on: connection, logger: self.logger
                    ).first ?? (0, 0)
            }
            result.inserted = Int(counts.0)
            result.expired = Int(counts.1)
            if becomesCurrent && !firstFires {
                let outcome = "cancelled: not in revision \(revision) (spec sha256 \(sha.prefix(12)))"
                let cancelled: [Int64] = try await Self.rows(
                    """
                    WITH c AS (UPDATE almanac_fires SET state = 'cancelled', finished_at = now(), outcome = \(outcome),
                            lease_owner = NULL, lease_expires = NULL, fence = NULL
                        WHERE spec = \(id) AND state IN ('pending', 'claimed') AND plan_sha256 <> \(sha) RETURNING 1)
                    SELECT count(*)::int8 FROM c
                    """, as: Int64.self, on: connection, logger: self.logger)
                result.cancelled = Int(cancelled.first ?? 0)
            }
            try await connection.query(
                """
                INSERT INTO almanac_plan_windows (spec, sha256, window_from, window_to)
                VALUES (\(id), \(sha), to_timestamp(\(from)), to_timestamp(\(to))) ON CONFLICT DO NOTHING
                """, logger: self.logger)
            try await connection.query(
                firstFires
                    ? "UPDATE almanac_plans SET fires = \(counts.0) WHERE spec = \(id) AND sha256 = \(sha)"
                    : """
                    UPDATE almanac_plans SET fires = (SELECT count(*) FROM almanac_fires WHERE spec = \(id) AND plan_sha256 = \(sha))
                    WHERE spec = \(id) AND sha256 = \(sha)
                    """, logger: self.logger)
            // Delivered at commit: executors look again (and, after a publication, at the revision).
            let note = becomesCurrent ? "published" : "fires"
            try await connection.query("SELECT pg_notify('almanac_fires', \(note))", logger: self.logger)
            return result
        }
    }

    /// The statement that moves the copied fires into `almanac_fires`; returns (new, new and expired).
    /// A plan becoming current takes over shared pending fires and brings back cancelled future ones;
    /// otherwise only new fires go in. It also takes over shared fires in flight (claimed or started,
    /// their state kept): one whose executor dies and that goes back to pending (released, or in doubt
    /// under `--in-doubt retry`) must belong to the plan executors claim from, or nobody ever runs it
    /// (cluster-test: 8 fires left "pending in doubt" when a kill followed a deploy).
    static func mergeIncoming(spec: String, sha: String, becomesCurrent: Bool) -> PostgresQuery {
        var query: PostgresQuery = """
            WITH i AS (INSERT INTO almanac_fires AS f (spec, fire_id, plan_sha256, trigger, due_at, at_s, offset_s, nominal_wall, moved, state)
                SELECT \(spec), n.fire_id, \(sha), n.trigger, to_timestamp(n.at_s), n.at_s, n.offset_s, n.nominal_wall, n.moved,
                    CASE WHEN to_timestamp(n.at_s) < now() THEN 'expired' ELSE 'pending' END
                FROM almanac_incoming n
            """
        query.sql +=
            becomesCurrent
            ? """
             ON CONFLICT (spec, fire_id) DO UPDATE SET plan_sha256 = EXCLUDED.plan_sha256, trigger = EXCLUDED.trigger,
                    due_at = EXCLUDED.due_at, at_s = EXCLUDED.at_s, offset_s = EXCLUDED.offset_s,
                    nominal_wall = EXCLUDED.nominal_wall, moved = EXCLUDED.moved,
                    state = CASE WHEN f.state IN ('claimed', 'started') THEN f.state ELSE 'pending' END,
                    finished_at = CASE WHEN f.state IN ('claimed', 'started') THEN f.finished_at END,
                    outcome = CASE WHEN f.state IN ('claimed', 'started') THEN f.outcome END
                WHERE f.state IN ('pending', 'claimed', 'started') OR (f.state = 'cancelled' AND EXCLUDED.due_at > now())
            """ : " ON CONFLICT (spec, fire_id) DO NOTHING"
        query.sql += """
             RETURNING (xmax = 0) AS new, f.state)
            SELECT count(*) FILTER (WHERE new)::int8, count(*) FILTER (WHERE new AND state = 'expired')::int8 FROM i
            """
        return query
    }

    /// Moves the copied fires of a spec that has none in the store into `almanac_fires`. A fire id the
    /// plan holds twice (a plan written by hand: `compile` never writes one) is refused, naming it,
    /// and nothing of the plan is stored.
    static func insertFirst(spec: String, sha: String, on connection: PostgresConnection, logger: Logger, planPath: String)
        async throws
    {
        // The savepoint lets the refusal below read the plan's fires after the failed INSERT.
        try await connection.query("SAVEPOINT almanac_first_fires", logger: logger)
        do {
            try await connection.query(
                """
                INSERT INTO almanac_fires (spec, fire_id, plan_sha256, trigger, due_at, at_s, offset_s, nominal_wall, moved, state)
                SELECT \(spec), n.fire_id, \(sha), n.trigger, to_timestamp(n.at_s), n.at_s, n.offset_s, n.nominal_wall, n.moved,
                    CASE WHEN to_timestamp(n.at_s) < now() THEN 'expired' ELSE 'pending' END
                FROM almanac_incoming n
                """, logger: logger)
        } catch let error as PSQLError where error.serverInfo?[.sqlState] == "23505" {
            try await connection.query("ROLLBACK TO SAVEPOINT almanac_first_fires", logger: logger)
            let twice =
                try? await rows(
                    "SELECT fire_id FROM almanac_incoming GROUP BY fire_id HAVING count(*) > 1 ORDER BY fire_id LIMIT 1",
                    as: String.self, on: connection, logger: logger)
            throw StoreError(
                "\(planPath): fire id '\(twice?.first ?? "?")' appears twice in the plan; a plan's fire ids are unique "
                    + "(compile the spec again rather than editing the plan)")
        }
    }

    /// Streams the plan's fires into a temporary table with `COPY` (text format, 1 MiB a write):
    /// a million fires go in within seconds, where row-by-row statements would take minutes.
    func copyFires(_ source: PlanFireSource, on connection: PostgresConnection) async throws {
        try await connection.query(
            """
            CREATE TEMP TABLE almanac_incoming (fire_id text, trigger text, at_s int8, offset_s int4, nominal_wall int8, moved bool)
            ON COMMIT DROP
            """, logger: logger)
        let cursor = try source.cursor()
        try await connection.copyFrom(
            table: "almanac_incoming", columns: ["fire_id", "trigger", "at_s", "offset_s", "nominal_wall", "moved"], logger: logger
        ) { writer in
            var buffer = ByteBuffer()
            buffer.reserveCapacity(1 << 20)
            while let fire = try cursor.next() {
                buffer.writeString(
                    "\(Self.copyText(fire.id))\t\(Self.copyText(fire.trigger))\t\(fire.at.secondsSinceEpoch)\t\(fire.offset)\t\(fire.nominalWall)\t\(fire.isMoved ? "t" : "f")\n"
                )
                if buffer.readableBytes >= 1 << 20 {
                    try await writer.write(buffer)
                    buffer.clear()
                }
            }
            if buffer.readableBytes > 0 { try await writer.write(buffer) }
        }
    }

    /// A value in COPY's text format: backslash, tab, newline and carriage return escaped.
    static func copyText(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x5C || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) else { return text }
        return text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\t", with: "\\t")
            .replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "\r", with: "\\r")
    }

    /// PostgreSQL's text cannot hold NUL: a plan naming its spec or a trigger with one (compiled by an
    /// older almanac, whose validator let it through) is refused here, saying where, instead of
    /// failing inside the server with an encoding error.
    static func checkStorable(_ plan: Plan, specID: String, planPath: String) throws {
        func refuse(_ field: String, _ value: String) -> StoreError {
            let shown = value.unicodeScalars.map { $0.value == 0 ? "\\u{0}" : String($0) }.joined()
            return StoreError(
                "\(planPath): \(field) \"\(shown)\" contains a NUL character (U+0000), which PostgreSQL cannot store; "
                    + "remove it from the spec and compile the plan again")
        }
        if plan.spec.name.utf8.contains(0) { throw refuse("spec.name", plan.spec.name) }
        if specID.utf8.contains(0) { throw refuse("the spec id", specID) }
        for id in plan.triggers.keys.sorted() where id.utf8.contains(0) { throw refuse("trigger", id) }
    }

    /// The triggers of the plan of `spec` with `sha256`, as the plan wrote them.
    public func triggers(spec: String, sha256: String) async throws -> [String: PlanTrigger] {
        let text = try await rows(
            "SELECT triggers FROM almanac_plans WHERE spec = \(spec) AND sha256 = \(sha256)", as: String.self, "reading a plan's triggers")
        guard let text = text.first else { throw StoreError("no plan of spec '\(spec)' with sha256 \(sha256) in the store") }
        return try Self.readTriggers(text)
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

    /// Timestamps as RFC 3339 UTC text, by the database.
    static let utc = "YYYY-MM-DD\"T\"HH24:MI:SS\"Z\""
}
