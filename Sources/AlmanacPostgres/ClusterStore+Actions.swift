import AlmanacConsole
import PostgresNIO

/// An operator's actions (the console's `POST /action` and `POST /api/actions`), each in one
/// transaction that locks the fire's row (`FOR UPDATE`) and changes it only from a state no
/// executor holds (pending, in doubt): a claim in flight either took the row first — the action
/// then finds it claimed and is refused — or skips it while the action holds the lock (`SKIP
/// LOCKED`) and finds it changed afterwards. Pending fires carry no fencing token, so an action
/// never needs one; a retried fire gets its next token at its next claim. Each action is recorded
/// in `almanac_history` with the operator and the database's time.
extension ClusterStore {
    public func perform(_ action: ConsoleAction, by operatorName: String) async throws -> String {
        do {
            return try await transaction("performing \(action.name)") { connection in
                if action.isTriggerAction {
                    return try await self.triggerAction(action, by: operatorName, on: connection)
                }
                return try await self.fireAction(action, by: operatorName, on: connection)
            }
        } catch let error as PostgresTransactionError {
            // A refusal thrown inside the transaction (which rolled it back) comes out as itself.
            if let refusal = error.closureError as? ConsoleRefusal { throw refusal }
            throw error
        }
    }

    private func triggerAction(_ action: ConsoleAction, by who: String, on connection: PostgresConnection) async throws -> String {
        let spec = action.spec, trigger = action.target
        switch action {
        case .pause:
            let known = try await Self.rows(
                """
                SELECT p.triggers FROM almanac_specs s JOIN almanac_plans p ON p.spec = s.spec AND p.sha256 = s.current_sha256
                WHERE s.spec = \(spec)
                """, as: String.self, on: connection, logger: logger
            ).first.flatMap { try? Self.readTriggers($0) }
            guard let known else { throw ConsoleRefusal(.notFound, "no spec '\(spec)' with a current plan in the store") }
            guard known[trigger] != nil else { throw ConsoleRefusal(.notFound, "spec '\(spec)' has no trigger '\(trigger)'") }
            let inserted = try await Self.rows(
                "INSERT INTO almanac_paused (spec, trigger, paused_by) VALUES (\(spec), \(trigger), \(who)) ON CONFLICT DO NOTHING RETURNING 1::int8",
                as: Int64.self, on: connection, logger: logger)
            guard !inserted.isEmpty else { throw ConsoleRefusal(.conflict, "trigger '\(trigger)' of spec '\(spec)' is already paused") }
        default:
            let deleted = try await Self.rows(
                "DELETE FROM almanac_paused WHERE spec = \(spec) AND trigger = \(trigger) RETURNING 1::int8", as: Int64.self,
                on: connection,
                logger: logger)
            guard !deleted.isEmpty else { throw ConsoleRefusal(.conflict, "trigger '\(trigger)' of spec '\(spec)' is not paused") }
            // Executors asleep until a fire of another trigger look again: this one's may be due.
            try await connection.query("SELECT pg_notify('almanac_fires', 'fires')", logger: logger)
        }
        try await connection.query(
            "INSERT INTO almanac_history (spec, fire_id, trigger, event, actor) VALUES (\(spec), NULL, \(trigger), \(action.name), \(who))",
            logger: logger)
        return action.name == "pause"
            ? "Trigger '\(trigger)' paused: no executor claims its fires until it is resumed."
            : "Trigger '\(trigger)' resumed."
    }

    private func fireAction(_ action: ConsoleAction, by who: String, on connection: PostgresConnection) async throws -> String {
        let spec = action.spec, id = action.target
        guard
            let row = try await Self.rows(
                """
                SELECT f.state, f.trigger, f.attempt::int8, to_char(f.due_at AT TIME ZONE 'UTC', \(Self.utc)),
                    f.plan_sha256 IS NOT DISTINCT FROM s.current_sha256,
                    EXISTS (SELECT 1 FROM almanac_paused p WHERE p.spec = f.spec AND p.trigger = f.trigger)
                FROM almanac_fires f JOIN almanac_specs s ON s.spec = f.spec
                WHERE f.spec = \(spec) AND f.fire_id = \(id) FOR UPDATE OF f
                """, as: (String, String, Int64, String, Bool, Bool).self, on: connection, logger: logger
            ).first
        else { throw ConsoleRefusal(.notFound, "no fire '\(id)' of spec '\(spec)' in the store") }
        let (state, trigger, attempt, due, current, paused) = row
        func refuse(_ needed: String) -> ConsoleRefusal {
            ConsoleRefusal(.conflict, "fire '\(id)' is \(state.replacingUnderscores) now; \(action.name) applies to \(needed) fires only")
        }
        let detail: String, done: String
        switch action {
        case .runNow:
            guard state == "pending" else { throw refuse("pending") }
            guard !paused else { throw ConsoleRefusal(.conflict, "trigger '\(trigger)' is paused: resume it first") }
            try await connection.query(
                "UPDATE almanac_fires SET due_at = now() WHERE spec = \(spec) AND fire_id = \(id) AND state = 'pending'", logger: logger)
            try await connection.query("SELECT pg_notify('almanac_fires', 'fires')", logger: logger)
            (detail, done) = ("was due \(due)", "Fire '\(id)' is due now: the next claim delivers it.")
        case .retry:
            guard state == "in_doubt" else { throw refuse("in-doubt") }
            guard current else {
                throw ConsoleRefusal(.conflict, "fire '\(id)' belongs to a plan that is no longer current: no executor would run it")
            }
            guard !paused else { throw ConsoleRefusal(.conflict, "trigger '\(trigger)' is paused: resume it first") }
            try await connection.query(
                """
                UPDATE almanac_fires SET state = 'pending', outcome = NULL, finished_at = NULL, lease_owner = NULL, lease_expires = NULL, fence = NULL
                WHERE spec = \(spec) AND fire_id = \(id) AND state = 'in_doubt'
                """, logger: logger)
            try await connection.query("SELECT pg_notify('almanac_fires', 'fires')", logger: logger)
            (detail, done) = ("was in doubt after attempt \(attempt)", "Fire '\(id)' will run again as attempt \(attempt + 1).")
        case .skip:
            guard state == "in_doubt" else { throw refuse("in-doubt") }
            try await connection.query(
                """
                UPDATE almanac_fires SET state = 'skipped', outcome = \("skipped by \(who) (it was in doubt)"), finished_at = now()
                WHERE spec = \(spec) AND fire_id = \(id) AND state = 'in_doubt'
                """, logger: logger)
            (detail, done) = ("was in doubt after attempt \(attempt)", "Fire '\(id)' skipped.")
        default:
            guard state == "pending" else { throw refuse("pending") }
            try await connection.query(
                """
                UPDATE almanac_fires SET state = 'cancelled', outcome = \("cancelled by \(who)"), finished_at = now()
                WHERE spec = \(spec) AND fire_id = \(id) AND state = 'pending'
                """, logger: logger)
            (detail, done) = ("was due \(due)", "Fire '\(id)' cancelled: it will not be delivered.")
        }
        try await connection.query(
            """
            INSERT INTO almanac_history (spec, fire_id, trigger, event, attempt, actor, detail)
            VALUES (\(spec), \(id), \(trigger), \(action.name), \(Int32(clamping: attempt)), \(who), \(detail))
            """, logger: logger)
        return done
    }
}

extension String {
    fileprivate var replacingUnderscores: String { String(map { $0 == "_" ? " " : $0 }) }
}
