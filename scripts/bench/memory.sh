#!/usr/bin/env bash
# Peak memory of every command that reads a whole plan or window, at 1x, 10x and 100x inputs
# (14,400 / 144,000 / 1,440,000 fires: 10, 100 and 1,000 days of scripts/lib/memory-inputs.sh),
# release build, in one run: peak RSS (the largest of ROUNDS runs, /usr/bin/time) and wall time
# (median of ROUNDS), with the ratios against a floor or a peer measured in the same run:
#   compile over an existing plan, --check   vs a fresh compile of the same plan
#   test, export ics, render                 vs the fresh compile (what they must at least do)
#   diff of two plans                        vs GNU diff of the same two files
#   diff --format json of plans that differ  vs GNU diff of the same two files (diff-json-all:
#     in every fire                          every fire moves, so every fire is listed)
#   simulate --backend spy --record          bytes written per fire
# A command whose memory follows its input shows it in the growth column (peak at 100x over 1x).
#   scripts/bench/memory.sh [ROUNDS]            (default 3)
# With OLD_ALMANAC=/path/to/almanac and OLD_EXEC=/path/to/almanac-exec, an older build is measured
# too, in the same run, at 1x and 10x (its 100x can take minutes and gigabytes).
set -euo pipefail
cd "$(dirname "$0")/../.."
rounds=${1:-3}
nice -n 5 swift build -c release --static-swift-stdlib --scratch-path .build-static -q --product almanac
nice -n 5 swift build -c release --static-swift-stdlib --scratch-path .build-static -q --product almanac-exec
bin=$PWD/.build-static/release
source scripts/lib/memory-inputs.sh
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
median() { sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }

# measure NAME CMD...: ROUNDS runs; sets $t (median seconds) and $kib (largest peak RSS).
measure() {
  local times=() w k
  kib=0
  for ((r = 0; r < rounds; r++)); do
    /usr/bin/time -o "$work/time" -f '%e %M' "$@" >/dev/null 2>&1 || true
    read -r w k < <(tail -1 "$work/time")
    times+=("$w"); (( k > kib )) && kib=$k
  done
  t=$(printf '%s\n' "${times[@]}" | median)
}

# rows ALMANAC EXEC DAYS...: one line per command and size, "command size seconds kib".
rows() {
  local almanac=$1 exec=$2; shift 2
  local days d
  for days in "$@"; do
    d="$work/$days"; mkdir -p "$d"
    memory_inputs "$bin/almanac" "$d" "$days"
    cp "$d/old.json" "$d/plan.json"
    local window=(--from 2026-01-05 --horizon "${days}d")
    measure "$almanac" compile "$d/spec.yaml" "${window[@]}" -o "$d/fresh.json"; echo "compile-fresh $days $t $kib"
    measure "$almanac" compile "$d/spec.yaml" "${window[@]}" -o "$d/plan.json"; echo "compile-over-same $days $t $kib"
    measure "$almanac" compile "$d/spec.yaml" "${window[@]}" -o "$d/plan.json" --check; echo "check-up-to-date $days $t $kib"
    measure "$almanac" compile "$d/spec.yaml" "${window[@]}" -o "$d/new.json" --check; echo "check-stale $days $t $kib"
    measure "$almanac" test "$d/spec.yaml"; echo "test $days $t $kib"
    measure "$almanac" export ics "$d/plan.json" -o "$d/plan.ics"; echo "export-ics $days $t $kib"
    measure "$almanac" render "$d/plan.json" -o "$d/plan.svg"; echo "render $days $t $kib"
    measure "$almanac" render "$d/new.json" "$d/old.json" -o "$d/diff.html"; echo "render-diff $days $t $kib"
    measure "$almanac" diff "$d/old.json" "$d/new.json"; echo "diff $days $t $kib"
    measure "$almanac" diff "$d/old.json" "$d/new.json" --format json; echo "diff-json $days $t $kib"
    measure "$almanac" diff "$d/old.json" "$d/moved.json" --format json; echo "diff-json-all $days $t $kib"
    measure diff "$d/old.json" "$d/new.json"; echo "gnu-diff $days $t $kib"
    measure diff "$d/old.json" "$d/moved.json"; echo "gnu-diff-all $days $t $kib"
    local until; until=$(date -u -d "2026-01-05 + $days days" +%Y-%m-%dT00:00:00Z)
    measure "$exec" simulate "$d/plan.json" --from 2026-01-05T00:00:00Z --until "$until" --backend spy --record /dev/null
    echo "simulate $days $t $kib"
    rm -f "$d/record"
    "$exec" simulate "$d/plan.json" --from 2026-01-05T00:00:00Z --until "$until" --backend spy --record "$d/record" 2>/dev/null
    echo "record-bytes-per-fire $days $(echo "$(stat -c %s "$d/record") / ($days * 1440)" | bc -l) 0"
    rm -rf "$d"/*.ics "$d/record"
  done
}

# table FILE: the rows as Markdown, with growth and ratios.
table() {
  python3 - "$1" <<'PY'
import sys
rows = {}
for line in open(sys.argv[1]):
    name, days, t, kib = line.split()
    rows.setdefault(name, {})[int(days)] = (float(t), int(kib))
sizes = sorted({d for r in rows.values() for d in r})
def mib(k): return "%.0f MiB" % (k / 1024)
floor = rows.get("compile-fresh", {})
peers = {"compile-over-same": floor, "check-up-to-date": floor, "check-stale": floor, "test": floor, "export-ics": floor,
         "render": floor, "render-diff": floor, "diff": rows.get("gnu-diff", {}), "diff-json": rows.get("gnu-diff", {}),
         "diff-json-all": rows.get("gnu-diff-all", {})}
print("| command | " + " | ".join("peak at %d fires" % (d * 1440) for d in sizes) + " | growth | time at %d fires | ratio |" % (sizes[-1] * 1440))
print("|---|" + "---|" * len(sizes) + "---|---|---|")
for name, r in rows.items():
    if name == "record-bytes-per-fire":
        print("| simulate --record: bytes per fire | " + " | ".join("%.0f" % r[d][0] if d in r else "" for d in sizes) + " | | | |")
        continue
    last = sizes[-1]
    growth = "%.1fx" % (r[last][1] / r[sizes[0]][1]) if last in r and sizes[0] in r else ""
    ratio = ""
    peer = peers.get(name)
    if peer and last in peer and last in r and peer[last][0] > 0:
        ratio = "%.2fx %s" % (r[last][0] / peer[last][0], "GNU diff" if name.startswith("diff") else "fresh compile")
    print("| %s | %s | %s | %s | %s |" % (name, " | ".join(mib(r[d][1]) if d in r else "" for d in sizes), growth,
                                       "%.2f s" % r[last][0] if last in r else "", ratio))
PY
}

printf 'memory benchmark: %d rounds, medians of time, largest peak RSS; 1,440 fires a day\n\n' "$rounds"
printf 'this build (%s):\n\n' "$bin"
rows "$bin/almanac" "$bin/almanac-exec" 10 100 1000 > "$work/new.rows"
table "$work/new.rows"
if [[ -n ${OLD_ALMANAC:-} && -n ${OLD_EXEC:-} ]]; then
  printf '\nOLD_ALMANAC (%s), OLD_EXEC (%s):\n\n' "$OLD_ALMANAC" "$OLD_EXEC"
  rows "$OLD_ALMANAC" "$OLD_EXEC" 10 100 > "$work/old.rows"
  table "$work/old.rows"
fi
