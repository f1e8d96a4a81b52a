#!/usr/bin/env bash
# Benchmarks, release build, peers measured in the same run. Not part of `swift test`.
#   scripts/bench/compiler.sh            parse, expansion W1-W5 vs python-dateutil, 10M-fire memory
#   scripts/bench/compiler.sh parse      one part only (parse | expand | rrule | diff | memory)
#   scripts/bench/executor.sh   simulate throughput and daemon idle CPU (release binaries)
set -euo pipefail
cd "$(dirname "$0")/../.."
swift build -c release --package-path Benchmarks --scratch-path .build-bench -q
bin=.build-bench/release/almanac-bench
parts=("$@"); [ ${#parts[@]} -eq 0 ] && parts=(parse expand rrule diff memory)
for part in "${parts[@]}"; do
    if [ "$part" = expand ]; then
        peer=$(mktemp)
        python3 scripts/bench/dateutil_peer.py > "$peer"
        "$bin" expand "$peer"
        rm -f "$peer"
    elif [ "$part" = rrule ]; then
        cases=$(mktemp); peer=$(mktemp)
        python3 scripts/bench/rrule_peer.py "$cases" > "$peer"
        "$bin" rrule "$cases" "$peer"
        rm -f "$cases" "$peer"
    else
        "$bin" "$part"
    fi
    echo
done
