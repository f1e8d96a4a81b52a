#!/usr/bin/env bash
# The store's statement triggers plan for the rows each statement changed, whatever ran before in
# the session (issue #24). PL/pgSQL keeps a statement's plan for the session; an executor's first
# updates of almanac_fires change no row (heartbeats renewing no lease), and a plan made then for
# empty transition tables joined a claim's 500 old and new rows by a nested loop: 250,000 pairs
# compared for each claim and each outcome batch. The check reads the server's own plans
# (auto_explain, sent to the client as notices) of a session that starts so: the history insert
# of a 500-fire update must not discard more joined pairs than there are fires.
# A real PostgreSQL (Debian's). Usage: scripts/test/store-trigger-plans.sh   (BIN=…; about 5 s)
set -euo pipefail
cd "$(dirname "$0")/../.."
BIN=${BIN:-.build/debug/almanac-exec}
[[ -x $BIN ]] || { echo "store-trigger-plans: $BIN not built (swift build --product almanac-exec)" >&2; exit 2; }
source scripts/lib/postgres.sh
start_postgres >/dev/null
dir=$(mktemp -d "${TMPDIR:-/tmp}/almanac-trigger-plans.XXXXXX")
fires=500
store=$(fresh_database trigger_plans)
"$BIN" migrate --store "$store" >/dev/null
python3 scripts/lib/make-dense-plan.py "$(( $(date +%s) + 3600 ))" 1 "$fires" "$dir/plan.json" "$fires"
"$BIN" deploy "$dir/plan.json" --store "$store" >/dev/null

# A session as an executor's: updates that change nothing first, then one that starts 500 fires.
{
  echo "LOAD 'auto_explain';"
  echo "SET auto_explain.log_level = notice; SET auto_explain.log_min_duration = 0;"
  echo "SET auto_explain.log_nested_statements = on; SET auto_explain.log_analyze = on;"
  for _ in 1 2 3 4 5 6 7; do echo "UPDATE almanac_fires SET lease_expires = now() WHERE lease_owner = 'nobody';"; done
  echo "BEGIN;"
  echo "UPDATE almanac_fires SET state = 'started', lease_owner = 'x', attempt = attempt + 1 WHERE state = 'pending';"
  echo "SELECT 'history rows ' || count(*) FROM almanac_history;"
  echo "ROLLBACK;"
} > "$dir/session.sql"
if ! as_postgres "$PG_BIN/psql" -h 127.0.0.1 -p "$PG_PORT" -U postgres -d trigger_plans -At -v ON_ERROR_STOP=1 \
  < "$dir/session.sql" > "$dir/out" 2> "$dir/plans"; then
  echo "store-trigger-plans: the session failed:" >&2; grep -v NOTICE "$dir/plans" | head -5 >&2; exit 1
fi

# The largest "Rows Removed by Join Filter" in the plans of the history insert.
discarded=$(awk '/Query Text:/ { inside = /INSERT INTO almanac_history/ } inside && /Rows Removed by Join Filter/ { n = $NF; if (n > max) max = n }
  END { print max + 0 }' "$dir/plans")
history=$(sed -n 's/^history rows //p' "$dir/out")
plans=$(grep -c 'Query Text: INSERT INTO almanac_history' "$dir/plans" || true)
rm -rf "$dir"
[[ $plans -ge 1 ]] || { echo "store-trigger-plans: no plan of the history insert was reported (auto_explain)" >&2; exit 1; }
[[ $history == "$fires" ]] || { echo "store-trigger-plans: $history history rows for $fires started fires" >&2; exit 1; }
if (( discarded > fires )); then
  echo "store-trigger-plans: the history insert for $fires fires discarded $discarded joined pairs (a plan made for empty transition tables)" >&2
  exit 1
fi
echo "store-trigger-plans: ok ($fires fires started after 7 empty updates: $history history rows, at most $discarded pairs discarded by a join)"
