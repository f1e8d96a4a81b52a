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
    ]
}
