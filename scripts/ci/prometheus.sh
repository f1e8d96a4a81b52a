#!/usr/bin/env bash
# almanac-exec's /metrics read by Prometheus' own tools (Debian's package): `promtool check metrics`
# accepts a scrape (a HELP and a TYPE line per metric, names and units as the linter wants), and a
# real Prometheus on loopback scrapes the daemon every second with a plain scrape config. Through
# its HTTP API: each of the 6 exec fires is counted once (ok, never also `delivered`), and
# almanac_plan_remaining_seconds falls with the clock between two queries 4 s apart. About 20 s.
set -euo pipefail
cd "$(dirname "$0")/../.."
started=$SECONDS
if ! command -v prometheus >/dev/null || ! command -v promtool >/dev/null; then
    if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
    $SUDO apt-get install -y -qq prometheus >/dev/null 2>&1 || { $SUDO apt-get update -qq && $SUDO apt-get install -y -qq prometheus >/dev/null; }
fi
swift build -q --product almanac-exec
BIN=$(swift build --show-bin-path)/almanac-exec
work=$(mktemp -d "${TMPDIR:-/tmp}/almanac-prometheus.XXXXXX")
pids=()
cleanup() { for p in "${pids[@]}"; do kill -9 "$p" 2>/dev/null || true; done; rm -rf "$work"; }
trap cleanup EXIT
fail() { echo "prometheus: $*" >&2; exit 1; }
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

start=$(( $(date +%s) + 1 ))
scripts/lib/make-tick-plan.sh "$start" 6 "$work/plan.json"
# The plan's window ends 6 s after it starts; one more hour of window keeps remaining positive.
sed -i "s|\"to\": \"[^\"]*\"|\"to\": \"$(date -u -d "@$((start + 3600))" +%Y-%m-%dT%H:%M:%SZ)\"|" "$work/plan.json"
"$BIN" run "$work/plan.json" --state "$work/state" --metrics 127.0.0.1:0 --backend exec -- /bin/true 2>"$work/log" &
pids+=($!)
for _ in $(seq 50); do grep -q 'metrics at' "$work/log" && break; sleep 0.1; done
port=$(sed -n 's|.*metrics at http://127.0.0.1:\([0-9]*\)/metrics.*|\1|p' "$work/log" | head -1)
[[ -n $port ]] || { cat "$work/log" >&2; fail "no metrics address in the log"; }

web=$(free_port)
cat > "$work/prometheus.yml" <<EOF
global: {scrape_interval: 1s, evaluation_interval: 1s}
scrape_configs:
  - job_name: almanac
    static_configs: [{targets: ["127.0.0.1:$port"]}]
EOF
promtool check config "$work/prometheus.yml" >/dev/null || fail "promtool refuses the scrape config"
prometheus --config.file="$work/prometheus.yml" --storage.tsdb.path="$work/tsdb" \
    --web.listen-address="127.0.0.1:$web" >"$work/prometheus.log" 2>&1 &
pids+=($!)

query() { # PromQL → the first sample's value, or empty
    python3 - "$web" "$1" <<'PY'
import json, sys, urllib.parse, urllib.request
url = f"http://127.0.0.1:{sys.argv[1]}/api/v1/query?" + urllib.parse.urlencode({"query": sys.argv[2]})
try:
    data = json.load(urllib.request.urlopen(url, timeout=3))
    result = data["data"]["result"]
    print(result[0]["value"][1] if result else "")
except OSError:
    print("")
PY
}

sleep $(( start + 7 - $(date +%s) ))   # every fire has run
curl -fsS "http://127.0.0.1:$port/metrics" > "$work/scrape.txt" || fail "no scrape"
promtool check metrics < "$work/scrape.txt" || { cat "$work/scrape.txt" >&2; fail "promtool check metrics refuses the scrape"; }

for _ in $(seq 40); do [[ $(query 'up{job="almanac"}') == 1 ]] && break; sleep 0.5; done
[[ $(query 'up{job="almanac"}') == 1 ]] || { cat "$work/prometheus.log" >&2; fail "Prometheus does not scrape the daemon"; }
# The last fire may reach Prometheus a scrape or two later on a loaded machine.
for _ in $(seq 20); do [[ $(query 'sum(almanac_fires_total)') == 6 ]] && break; sleep 0.5; done
total=$(query 'sum(almanac_fires_total)')
ok=$(query 'almanac_fires_total{outcome="ok"}')
delivered=$(query 'almanac_fires_total{outcome="delivered"}')
[[ $total == 6 && $ok == 6 && -z $delivered ]] || fail "fires counted: total '$total', ok '$ok', delivered '$delivered' (6 exec fires, each once, as ok)"
# Measured against the wall clock between the queries (a loaded machine stretches the 4 s), less
# up to two scrape intervals of staleness.
t1=$(date +%s.%N); first=$(query almanac_plan_remaining_seconds)
sleep 4
t2=$(date +%s.%N); second=$(query almanac_plan_remaining_seconds)
python3 -c "import sys; a, b, e = float(sys.argv[1]), float(sys.argv[2]), float(sys.argv[4]) - float(sys.argv[3]); sys.exit(0 if e - 2.5 <= a - b <= e + 2.5 else 1)" "$first" "$second" "$t1" "$t2" \
    || fail "almanac_plan_remaining_seconds went from $first to $second over $t1 -> $t2"
kill -TERM "${pids[0]}"; wait "${pids[0]}" || fail "the daemon did not stop cleanly"
echo "prometheus: promtool accepts the scrape; Prometheus scraped it: 6 fires counted once, plan remaining $first -> $second s over $(python3 -c "print(round($t2 - $t1, 1))") s ($((SECONDS - started)) s)"
