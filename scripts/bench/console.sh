#!/usr/bin/env bash
# The console at scale, on this machine (release build, a real PostgreSQL from Debian's package on
# loopback): a store of 1,000,000 fires (one spec, 20 triggers; 600,000 settled — done, failed, in
# doubt, skipped — and 400,000 pending over the next weeks; 50 executors), filled by SQL in the shapes
# executors write, then ANALYZEd. `almanac-exec serve` answers every page and API path, first pages
# and pages deep behind a cursor, REQUESTS times each (default 40) over one keep-alive connection;
# the figure per path is its p95 in ms, the median of RUNS runs (default 3), beside the floor measured
# in the same run: `/healthz` (the server and one query of `now()`). Target: every p95 <= 200 ms.
# Usage: scripts/bench/console.sh   (FIRES, REQUESTS, RUNS, CONFIGURATION)
set -euo pipefail
cd "$(dirname "$0")/../.."
# CONFIGURATION=debug measures the debug build (slower: a bound on what release does).
CONFIGURATION=${CONFIGURATION:-release}
swift build -c "$CONFIGURATION" -q --product almanac-exec
BIN=$(swift build -c "$CONFIGURATION" --show-bin-path)/almanac-exec
source scripts/lib/postgres.sh
start_postgres >/dev/null
FIRES=${FIRES:-1000000}
REQUESTS=${REQUESTS:-40}
RUNS=${RUNS:-3}
store=$(fresh_database console_bench)
"$BIN" migrate --store "$store" >/dev/null
psql_at() { runuser -u postgres -- "$PG_BIN/psql" -h 127.0.0.1 -p "$PG_PORT" -U postgres -d console_bench -v ON_ERROR_STOP=1 -Atq -c "$1"; }
filled=$SECONDS
psql_at "
INSERT INTO almanac_specs (spec, name, current_sha256, revision, created_at, created_by, alive_since, last_beat)
  VALUES ('bench', 'bench', repeat('b', 64), 1, now(), 'bench', now(), now());
INSERT INTO almanac_publications (spec, revision, sha256, published_by) VALUES ('bench', 1, repeat('b', 64), 'bench');
INSERT INTO almanac_plans (spec, sha256, window_from, window_to, triggers, fires)
  SELECT 'bench', repeat('b', 64), now() - interval '60 days', now() + interval '40 days',
    '{' || string_agg('\"t' || i || '\": {\"kind\": \"every\", \"priority\": 0, \"payload\": {\"n\": ' || i || '}, \"concurrency\": \"allow\", \"timezone\": \"Europe/Paris\"}', ', ') || '}',
    $FIRES FROM generate_series(0, 19) i;
INSERT INTO almanac_fires (spec, fire_id, plan_sha256, trigger, due_at, at_s, offset_s, nominal_wall, moved, state, attempt,
    lease_owner, ran_by, started_at, finished_at, lateness, outcome)
  SELECT 'bench', 't' || (n % 20) || '@' || n, repeat('b', 64), 't' || (n % 20), d, extract(epoch FROM d)::int8, 3600,
    extract(epoch FROM d)::int8 + 3600, false,
    CASE WHEN n >= $FIRES * 6 / 10 THEN 'pending' WHEN n % 97 = 0 THEN 'in_doubt' WHEN n % 89 = 0 THEN 'skipped' ELSE 'done' END,
    CASE WHEN n >= $FIRES * 6 / 10 THEN 0 ELSE 1 END, NULL,
    CASE WHEN n >= $FIRES * 6 / 10 THEN NULL ELSE 'exec-' || (n % 50) END,
    CASE WHEN n >= $FIRES * 6 / 10 THEN NULL ELSE d END, CASE WHEN n >= $FIRES * 6 / 10 THEN NULL ELSE d + interval '1 second' END,
    CASE WHEN n >= $FIRES * 6 / 10 THEN NULL ELSE 0.01 END,
    CASE WHEN n >= $FIRES * 6 / 10 THEN NULL WHEN n % 97 = 0 THEN 'in doubt: executor gone' WHEN n % 89 = 0 THEN 'misfire: late'
         WHEN n % 31 = 0 THEN 'exited with status 1' ELSE 'exited with status 0' END
  FROM (SELECT n, now() + (n - $FIRES * 6 / 10) * interval '5 seconds' AS d FROM generate_series(0, $FIRES - 1) n) s;
INSERT INTO almanac_executors (id, started_at, last_seen, specs, lease)
  SELECT 'exec-' || i, now(), now() - (i % 3) * interval '40 seconds', 'bench', 30 FROM generate_series(0, 49) i;
INSERT INTO almanac_history (spec, fire_id, trigger, event, attempt, actor)
  SELECT 'bench', 't' || (n % 20) || '@' || n, 't' || (n % 20), e, 1, 'exec-' || (n % 50)
  FROM generate_series(0, 199999) n, unnest(ARRAY['started', 'done']) e;
ANALYZE;"
echo "console bench: $FIRES fires stored in $(( SECONDS - filled )) s"
work=$(mktemp -d "${TMPDIR:-/tmp}/almanac-console-bench.XXXXXX")
"$BIN" serve --store "$store" --listen 127.0.0.1:0 >"$work/serve.log" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null; rm -rf "$work"; stop_postgres' EXIT
for _ in $(seq 100); do grep -q 'console at' "$work/serve.log" && break; sleep 0.1; done
port=$(sed -n 's|.*console at http://127.0.0.1:\([0-9]*\)/.*|\1|p' "$work/serve.log")
[ -n "$port" ] || { cat "$work/serve.log" >&2; exit 2; }
python3 - "$port" "$REQUESTS" "$RUNS" <<'PY'
import http.client, json, statistics, sys, time, urllib.parse
port, requests, runs = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)

def get(path):
    conn.request("GET", path)
    r = conn.getresponse()
    body = r.read()
    if r.status != 200:
        sys.exit(f"console bench: {path} answered {r.status}: {body[:200]!r}")
    return body

def deep(api, page):
    """A path `pages` pages deep, following the API's cursors (n=50)."""
    cursor = None
    for _ in range(20):
        q = {"n": "50"} | ({"after": cursor} if cursor else {})
        cursor = json.loads(get(api + "?" + urllib.parse.urlencode(q)))["next"]
    return page + "?" + urllib.parse.urlencode({"after": cursor})

fire = "/fire?" + urllib.parse.urlencode({"spec": "bench", "id": "t3@123"})
paths = ["/healthz", "/", "/spec?id=bench", "/spec?id=bench&trigger=t7", "/upcoming", "/recent", "/trouble", "/executors", fire,
         "/timeline.svg?spec=bench", "/api/specs", "/api/upcoming", "/api/recent", "/api/trouble", "/api/fire?spec=bench&id=t3%40123",
         deep("/api/upcoming", "/upcoming"), deep("/api/recent", "/recent"), deep("/api/trouble", "/trouble")]
p95s = {p: [] for p in paths}
for _ in range(runs):
    for p in paths:
        get(p)
        times = []
        for _ in range(requests):
            t = time.perf_counter()
            get(p)
            times.append((time.perf_counter() - t) * 1000)
        times.sort()
        p95s[p].append(times[int(0.95 * (len(times) - 1))])
floor = statistics.median(p95s["/healthz"])
worst = 0
print(f"{'path':<48} {'p95 ms':>8} {'x floor':>8}")
for p in paths:
    m = statistics.median(p95s[p])
    worst = max(worst, m)
    label = p if len(p) <= 48 else p[:45] + "..."
    print(f"{label:<48} {m:8.1f} {m / floor:8.1f}")
print(f"console bench: worst p95 {worst:.1f} ms (target <= 200 ms): {'ok' if worst <= 200 else 'OVER'}")
sys.exit(0 if worst <= 200 else 1)
PY
