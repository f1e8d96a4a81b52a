import Foundation

/// The executor's schema, versioned. `almanac-exec migrate` applies what a database lacks, in order,
/// each step in one transaction under an advisory lock (two `migrate`s at once apply each step
/// once); `run`, `status` and `pending` check the version at start and refuse a database that is
/// behind (run `migrate`) or ahead (a newer almanac-exec migrated it). Nothing alters the schema
/// silently. A step, once released, never changes: a change is a new step.
public enum Migrations {
    /// The version this executor reads and writes.
    public static var current: Int { steps.count }

    /// Step *n* (1-based) takes a database from version n−1 to n.
    static let steps: [String] = [
        // 1: plans, their fires, the executors that ran them.
        """
        CREATE TABLE almanac_specs (
            spec text PRIMARY KEY,
            -- The sha256 of the spec whose plan is current: its fires are the ones to deliver.
            current_sha256 text,
            -- Executors of this spec have beaten without a gap longer than the grace since this
            -- instant; a fire due before it came due while none ran: a misfire.
            alive_since timestamptz,
            last_beat timestamptz
        );
        CREATE TABLE almanac_plans (
            spec text NOT NULL REFERENCES almanac_specs (spec),
            sha256 text NOT NULL,
            window_from timestamptz NOT NULL,
            window_to timestamptz NOT NULL,
            -- trigger id -> {kind, timezone, priority, payload, concurrency}, canonical JSON.
            triggers text NOT NULL,
            fires integer NOT NULL,
            loaded_at timestamptz NOT NULL DEFAULT now(),
            PRIMARY KEY (spec, sha256)
        );
        CREATE SEQUENCE almanac_fence;
        CREATE TABLE almanac_fires (
            spec text NOT NULL,
            -- The plan's id: trigger and nominal local time, never the UTC instant.
            fire_id text NOT NULL,
            plan_sha256 text NOT NULL,
            trigger text NOT NULL,
            due_at timestamptz NOT NULL,
            at_s bigint NOT NULL,
            offset_s integer NOT NULL,
            nominal_wall bigint NOT NULL,
            moved boolean NOT NULL,
            state text NOT NULL CHECK (state IN
                ('pending', 'claimed', 'started', 'done', 'skipped', 'cancelled', 'in_doubt', 'expired')),
            -- Times the fire's command was started (ALMANAC_ATTEMPT is this after the start).
            attempt integer NOT NULL DEFAULT 0,
            lease_owner text,
            lease_expires timestamptz,
            -- Drawn from almanac_fence at each claim; every later write names it.
            fence bigint,
            claimed_at timestamptz,
            started_at timestamptz,
            finished_at timestamptz,
            lateness double precision,
            outcome text,
            PRIMARY KEY (spec, fire_id)
        );
        CREATE INDEX almanac_fires_due ON almanac_fires (due_at, spec, fire_id) WHERE state = 'pending';
        CREATE INDEX almanac_fires_leases ON almanac_fires (lease_expires) WHERE state IN ('claimed', 'started');
        CREATE INDEX almanac_fires_trigger ON almanac_fires (spec, trigger) WHERE state = 'started';
        CREATE TABLE almanac_executors (
            id text PRIMARY KEY,
            started_at timestamptz NOT NULL,
            last_seen timestamptz NOT NULL,
            stopped_at timestamptz,
            specs text NOT NULL DEFAULT '',
            claimed bigint NOT NULL DEFAULT 0,
            started bigint NOT NULL DEFAULT 0,
            lease_losses bigint NOT NULL DEFAULT 0,
            last_lateness double precision,
            max_lateness double precision
        );
        """,
        // 2: one executor's journal kept in the database (`run --state postgres://…`), the same
        // entries and snapshot lines as the file store's journal.jsonl and snapshot.jsonl.
        """
        CREATE TABLE almanac_journals (
            name text PRIMARY KEY,
            registration text
        );
        CREATE TABLE almanac_journal_lines (
            name text NOT NULL REFERENCES almanac_journals (name),
            seq bigserial,
            -- Lines of the last compaction's snapshot come first; the journal's follow.
            snapshot boolean NOT NULL,
            line text NOT NULL,
            PRIMARY KEY (name, seq)
        );
        """,
        // 3: a spec's identity and the order of its plans, kept by the store (issue: an older plan, or
        // an unrelated spec sharing a name, undid a spec); fire counts kept by the database, so
        // `status` reads a few rows whatever the store holds; each executor's lease, so `status` can
        // tell a lost executor; the windows whose fires were stored, so a restart reads no plan twice.
        """
        ALTER TABLE almanac_specs ADD COLUMN name text;
        ALTER TABLE almanac_specs ADD COLUMN revision bigint NOT NULL DEFAULT 0;
        ALTER TABLE almanac_specs ADD COLUMN created_at timestamptz;
        ALTER TABLE almanac_specs ADD COLUMN created_by text;
        UPDATE almanac_specs SET name = spec, created_at = now(), created_by = 'a store of schema 2',
            revision = CASE WHEN current_sha256 IS NULL THEN 0 ELSE 1 END;
        ALTER TABLE almanac_specs ALTER COLUMN name SET NOT NULL;
        CREATE TABLE almanac_publications (
            spec text NOT NULL REFERENCES almanac_specs (spec),
            revision bigint NOT NULL,
            sha256 text NOT NULL,
            published_at timestamptz NOT NULL DEFAULT now(),
            -- Who published it: `deploy` (user, host) or the first executor of the spec.
            published_by text NOT NULL,
            PRIMARY KEY (spec, revision)
        );
        INSERT INTO almanac_publications (spec, revision, sha256, published_by)
            SELECT spec, 1, current_sha256, 'a store of schema 2' FROM almanac_specs WHERE current_sha256 IS NOT NULL;
        CREATE TABLE almanac_plan_windows (
            spec text NOT NULL,
            sha256 text NOT NULL,
            window_from timestamptz NOT NULL,
            window_to timestamptz NOT NULL,
            PRIMARY KEY (spec, sha256, window_from, window_to)
        );
        ALTER TABLE almanac_executors ADD COLUMN lease double precision;
        -- Why an executor claims nothing although it runs (its plan is not the current one), or NULL.
        ALTER TABLE almanac_executors ADD COLUMN standing_by text;
        -- Changes of the number of fires by (spec, state), summed by `status`, folded by executors.
        CREATE TABLE almanac_fire_counts (
            spec text NOT NULL,
            state text NOT NULL,
            n bigint NOT NULL
        );
        CREATE INDEX almanac_fire_counts_spec ON almanac_fire_counts (spec, state);
        INSERT INTO almanac_fire_counts (spec, state, n) SELECT spec, state, count(*) FROM almanac_fires GROUP BY spec, state;
        CREATE FUNCTION almanac_count_fires() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            IF TG_OP = 'INSERT' THEN
                INSERT INTO almanac_fire_counts (spec, state, n) SELECT spec, state, count(*) FROM new_fires GROUP BY spec, state;
            ELSIF TG_OP = 'UPDATE' THEN
                INSERT INTO almanac_fire_counts (spec, state, n)
                SELECT spec, state, sum(n) FROM (
                    SELECT spec, state, count(*) AS n FROM new_fires GROUP BY spec, state
                    UNION ALL SELECT spec, state, -count(*) FROM old_fires GROUP BY spec, state) AS d
                GROUP BY spec, state HAVING sum(n) <> 0;
            ELSE
                INSERT INTO almanac_fire_counts (spec, state, n) SELECT spec, state, -count(*) FROM old_fires GROUP BY spec, state;
            END IF;
            RETURN NULL;
        END
        $$;
        CREATE TRIGGER almanac_fires_inserted AFTER INSERT ON almanac_fires REFERENCING NEW TABLE AS new_fires
            FOR EACH STATEMENT EXECUTE FUNCTION almanac_count_fires();
        CREATE TRIGGER almanac_fires_updated AFTER UPDATE ON almanac_fires REFERENCING OLD TABLE AS old_fires NEW TABLE AS new_fires
            FOR EACH STATEMENT EXECUTE FUNCTION almanac_count_fires();
        CREATE TRIGGER almanac_fires_deleted AFTER DELETE ON almanac_fires REFERENCING OLD TABLE AS old_fires
            FOR EACH STATEMENT EXECUTE FUNCTION almanac_count_fires();
        """,
        // 4: the console (issue: an operator could see the store only as `status` text, and act on
        // nothing). Triggers an operator paused (no executor claims their fires; fires that come due
        // meanwhile are skipped); every fire's history (each attempt's start and end, written by the
        // database as the state changes, and each operator action with who and when); the indexes
        // that make every console page a short index scan at a million fires.
        """
        CREATE TABLE almanac_paused (
            spec text NOT NULL,
            trigger text NOT NULL,
            paused_at timestamptz NOT NULL DEFAULT now(),
            paused_by text NOT NULL,
            PRIMARY KEY (spec, trigger)
        );
        CREATE TABLE almanac_history (
            seq bigserial PRIMARY KEY,
            spec text NOT NULL,
            -- NULL for a trigger's pause and resume.
            fire_id text,
            trigger text NOT NULL,
            at timestamptz NOT NULL DEFAULT now(),
            -- A state the fire entered (started, done, skipped, in_doubt, pending), or an action
            -- (pause, resume, run-now, retry, skip, cancel).
            event text NOT NULL,
            attempt integer,
            -- The executor, or the operator who acted.
            actor text,
            detail text
        );
        CREATE INDEX almanac_history_fire ON almanac_history (spec, fire_id, seq);
        CREATE INDEX almanac_history_trigger ON almanac_history (spec, trigger, seq) WHERE fire_id IS NULL;
        CREATE FUNCTION almanac_fire_history() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            INSERT INTO almanac_history (spec, fire_id, trigger, event, attempt, actor, detail)
            SELECT n.spec, n.fire_id, n.trigger, n.state, n.attempt, coalesce(n.lease_owner, o.lease_owner), n.outcome
            FROM new_fires n JOIN old_fires o ON o.spec = n.spec AND o.fire_id = n.fire_id
            WHERE n.state <> o.state AND (n.state = 'started' OR o.state = 'started');
            RETURN NULL;
        END
        $$;
        CREATE TRIGGER almanac_fires_history AFTER UPDATE ON almanac_fires REFERENCING OLD TABLE AS old_fires NEW TABLE AS new_fires
            FOR EACH STATEMENT EXECUTE FUNCTION almanac_fire_history();
        -- Who started the fire last: lease_owner is cleared when it ends.
        ALTER TABLE almanac_fires ADD COLUMN ran_by text;
        -- Every index on open fires is written for each fire a publication inserts (a million-fire
        -- deploy: 20 s with the primary key and one such index, 32 s with a trigger's index beside
        -- it, 39 s with the five first proposed), so there is one: claims, spec and trigger pages and
        -- timelines read it in due order (a trigger's page filters it; it replaces the pending-only
        -- index of step 1, which differed by two states that hold a handful of fires).
        CREATE INDEX almanac_fires_open ON almanac_fires (due_at, spec, fire_id) WHERE state IN ('pending', 'claimed', 'started');
        DROP INDEX almanac_fires_due;
        CREATE INDEX almanac_fires_finished ON almanac_fires (finished_at, spec, fire_id) WHERE finished_at IS NOT NULL;
        CREATE INDEX almanac_fires_trouble ON almanac_fires (finished_at, spec, fire_id)
            WHERE state = 'in_doubt' OR (state = 'done' AND outcome NOT IN ('delivered', 'exited with status 0'));
        """,
        // 5: fires' keys compared byte by byte (issue: a million-fire publication took 24 s). The
        // database's collation (C.UTF-8, en_US.UTF-8…) compares text through the C library, and
        // every row a publication writes is compared into the primary key and the open index: the
        // merge of a million fires took 38 s instead of 61 s with "C" (loaded machine, same server,
        // back to back). Ids, spec names and hashes are identifiers, not words: their order is their
        // bytes' on every server, which also makes the console's pages the same on every server.
        // Changing a column's collation rebuilds its indexes, not the table.
        """
        ALTER TABLE almanac_fires ALTER COLUMN spec TYPE text COLLATE "C", ALTER COLUMN fire_id TYPE text COLLATE "C",
            ALTER COLUMN trigger TYPE text COLLATE "C", ALTER COLUMN plan_sha256 TYPE text COLLATE "C";
        ALTER TABLE almanac_history ALTER COLUMN spec TYPE text COLLATE "C", ALTER COLUMN fire_id TYPE text COLLATE "C",
            ALTER COLUMN trigger TYPE text COLLATE "C";
        """,
        // 6: the history trigger planned at each call (issue #24: 20,000 fires due at once were
        // claimed at about 1.1× pgbench's rate). PL/pgSQL keeps a statement's plan for the session,
        // and an executor's first update of almanac_fires changes no row (a heartbeat renewing no
        // lease): the plan made then for empty transition tables joined old and new rows by a
        // nested loop, which for a claim or an outcome of 500 fires compares 250,000 pairs (68 ms
        // instead of 5). EXECUTE plans the join for the rows each statement changed.
        """
        CREATE OR REPLACE FUNCTION almanac_fire_history() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            EXECUTE 'INSERT INTO almanac_history (spec, fire_id, trigger, event, attempt, actor, detail)
                SELECT n.spec, n.fire_id, n.trigger, n.state, n.attempt, coalesce(n.lease_owner, o.lease_owner), n.outcome
                FROM new_fires n JOIN old_fires o ON o.spec = n.spec AND o.fire_id = n.fire_id
                WHERE n.state <> o.state AND (n.state = ''started'' OR o.state = ''started'')';
            RETURN NULL;
        END
        $$;
        """,
    ]

    /// The statements of step `version`: postgres-nio sends one statement per query, so the step is
    /// cut at each `;` that ends a line, except inside a `$$` body (a function's own statements).
    public static func statements(of version: Int) -> [String] {
        var statements: [String] = [], current = "", inBody = false
        for line in steps[version - 1].split(separator: "\n", omittingEmptySubsequences: false) {
            current += line + "\n"
            if line.components(separatedBy: "$$").count % 2 == 0 { inBody.toggle() }
            if !inBody && line.hasSuffix(";") {
                statements.append(current)
                current = ""
            }
        }
        statements.append(current)
        return statements.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
            .map { $0.hasSuffix(";") ? String($0.dropLast()) : $0 }
    }
}
