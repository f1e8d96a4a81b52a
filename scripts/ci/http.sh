#!/usr/bin/env bash
# almanac-exec's HTTP server (--metrics) under abuse, with real processes: a daemon runs a plan
# firing every second with the exec backend, its server on every interface (`:0`). After ten quiet
# seconds, 500 idle connections are opened and a client sends a request a byte every 1.5 s
# (slowloris); then 5 of 5 scrapes must be answered (2 s each), over IPv4 and IPv6, /healthz too,
# the slow client must be cut off by the server's deadline, and the fires must stay as punctual as
# before (each command writes when it started; lateness = that minus the fire's instant). About 45 s.
set -euo pipefail
cd "$(dirname "$0")/../.."
started=$SECONDS
swift build -q --product almanac-exec
BIN=$(swift build --show-bin-path)/almanac-exec
work=$(mktemp -d "${TMPDIR:-/tmp}/almanac-http.XXXXXX")
pid=
cleanup() { [[ -n $pid ]] && kill -9 "$pid" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT

start=$(( $(date +%s) + 2 ))
scripts/lib/make-tick-plan.sh "$start" 40 "$work/plan.json"
"$BIN" run "$work/plan.json" --state "$work/state" --metrics :0 --backend exec \
    -- /bin/sh -c 'echo "$ALMANAC_AT $(date +%s.%N)" >> "$0"' "$work/started" 2>"$work/log" &
pid=$!
for _ in $(seq 50); do grep -q 'metrics at' "$work/log" && break; sleep 0.1; done
port=$(sed -n 's|.*metrics at http://.*:\([0-9]*\)/metrics.*|\1|p' "$work/log" | head -1)
[[ -n $port ]] || { cat "$work/log" >&2; echo "http: no metrics address in the log" >&2; exit 1; }

python3 - "$port" "$start" "$work/started" <<'PY'
import socket, sys, time, threading, urllib.request, calendar
port, start, started_file = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]

def fail(message):
    print(f"http: {message}", file=sys.stderr)
    sys.exit(1)

def get(host, path, timeout=2.0):
    with urllib.request.urlopen(f"http://{host}:{port}{path}", timeout=timeout) as response:
        return response.status, response.read().decode()

# Quiet first: the fires of the first ten seconds are the baseline.
time.sleep(max(0, start + 10.5 - time.time()))
abuse_from = time.time()

idle = []
for _ in range(500):
    s = socket.create_connection(("127.0.0.1", port), timeout=5)
    idle.append(s)

slow_closed_after = []
def slowloris():
    s = socket.create_connection(("127.0.0.1", port), timeout=30)
    opened = time.time()
    request = b"GET /metrics HTTP/1.1\r\nHost: x\r\nX-Padding: " + b"a" * 200 + b"\r\n\r\n"
    try:
        for byte in request:
            s.send(bytes([byte]))
            time.sleep(1.5)
            if time.time() - opened > 25:
                break
        s.recv(1)
    except OSError:
        pass
    slow_closed_after.append(time.time() - opened)
threading.Thread(target=slowloris, daemon=True).start()
time.sleep(1)

answered = 0
for i in range(5):
    host = "127.0.0.1" if i % 2 == 0 else "[::1]"
    try:
        status, body = get(host, "/metrics")
        if status == 200 and "# HELP almanac_fires_total" in body:
            answered += 1
    except OSError as error:
        print(f"http: scrape {i + 1} over {host}: {error}", file=sys.stderr)
    time.sleep(0.5)
status, body = get("[::1]", "/healthz")
if (status, body) != (200, "ok\n"):
    fail(f"/healthz answered {status} {body!r}")
try:
    get("127.0.0.1", "/nothing")
    fail("/nothing was answered")
except urllib.error.HTTPError as error:
    if error.code != 404:
        fail(f"/nothing answered {error.code}")
if answered != 5:
    fail(f"{answered} of 5 scrapes answered beside 500 idle connections and a slow client")

# The idle connections: closed by the server once their deadline passed.
time.sleep(max(0, abuse_from + 12 - time.time()))
closed = 0
for s in idle:
    s.settimeout(0.5)
    try:
        if s.recv(1) == b"":
            closed += 1
    except OSError:
        closed += 1
if closed < 490:
    fail(f"only {closed} of 500 idle connections were closed by the server after 12 s")
for _ in range(100):
    if slow_closed_after:
        break
    time.sleep(0.2)
if not slow_closed_after or slow_closed_after[0] > 15:
    fail(f"the slowloris client held its connection for {slow_closed_after[0] if slow_closed_after else 'over 25'} s")
abuse_to = time.time()
time.sleep(max(0, start + 41 - time.time()))

late = {"quiet": [], "abuse": []}
for line in open(started_file):
    at, began = line.split()
    instant = calendar.timegm(time.strptime(at, "%Y-%m-%dT%H:%M:%SZ"))
    phase = "abuse" if abuse_from <= instant <= abuse_to else "quiet" if instant < abuse_from else None
    if phase:
        late[phase].append(float(began) - instant)
if len(late["quiet"]) < 8 or len(late["abuse"]) < 10:
    fail(f"too few fires started: {len(late['quiet'])} before the abuse, {len(late['abuse'])} during it")
worst = {k: max(v) for k, v in late.items()}
print(f"http: 5/5 scrapes (IPv4 and IPv6) beside 500 idle connections and a slowloris client (cut after "
      f"{slow_closed_after[0]:.1f} s); {closed}/500 idle connections closed by the deadline; fire lateness, worst: "
      f"{worst['quiet'] * 1000:.0f} ms quiet ({len(late['quiet'])} fires), {worst['abuse'] * 1000:.0f} ms under abuse "
      f"({len(late['abuse'])} fires)")
if worst["abuse"] > max(0.5, 2 * worst["quiet"]):
    fail("fires started later under abuse of the endpoint than before it")
PY
kill -TERM "$pid"; wait "$pid" || { cat "$work/log" >&2; echo "http: the daemon did not stop cleanly" >&2; exit 1; }
pid=
echo "http: ok ($((SECONDS - started)) s)"
