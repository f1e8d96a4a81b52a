#!/usr/bin/env bash
# Coverage-guided fuzzing (libFuzzer) of Almanac's input readers; see docs/fuzzing.md.
#
#   scripts/tools/fuzz.sh [SECONDS] [TARGET...]     run each target for SECONDS (default 60), one after another
#   scripts/tools/fuzz.sh --list                    the targets
#
# Builds Fuzzing/ with -sanitize=fuzzer into .build-fuzz/. Each target starts from its committed seeds
# (Fuzzing/Corpus/<target>, plus the examples and spec fixtures for the spec targets) and keeps what it
# learns in .build-fuzz/corpus/<target>. A crash, a broken invariant, a timeout or running out of
# memory stops the target, leaves the input in .build-fuzz/findings/<target>/ (not artifacts/: SwiftPM
# empties that on every build) and fails the script.
#
# Environment: FUZZ_MAX_LEN (bytes per input, default 4096), FUZZ_RSS_MB (default 2048),
# FUZZ_TIMEOUT (seconds per input, default 10), FUZZ_KEEP_GOING=1 (record findings and carry on, for
# long campaigns: libFuzzer's fork mode with one job), FUZZ_SEED (libFuzzer's random seed, for a
# repeatable run), FUZZ_SANITIZE=address (add AddressSanitizer).
set -euo pipefail
cd "$(dirname "$0")/../.."

targets_all=(spec compile recurrence plan executor-input syntax import codegen)
if [ "${1:-}" = "--list" ]; then printf '%s\n' "${targets_all[@]}"; exit 0; fi
seconds=${1:-60}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=("${targets_all[@]}")
for t in "${targets[@]}"; do
    [[ " ${targets_all[*]} " == *" $t "* ]] || { echo "fuzz.sh: unknown target '$t' (known: ${targets_all[*]})" >&2; exit 64; }
done

sanitize=fuzzer scratch=.build-fuzz
if [ -n "${FUZZ_SANITIZE:-}" ]; then sanitize="fuzzer,${FUZZ_SANITIZE}" scratch=".build-fuzz-${FUZZ_SANITIZE//,/-}"; fi
# lld: GNU gold stops with an internal error (dwarf_reader.cc) linking the instrumented objects.
build=(swift build -c release --package-path Fuzzing --scratch-path "$scratch"
       -Xswiftc "-sanitize=$sanitize" -Xswiftc -use-ld=lld)
echo "==> ${build[*]}"
nice -n 5 "${build[@]}"
bin="$(nice -n 5 "${build[@]}" --show-bin-path)"

# Seeds beyond Fuzzing/Corpus/<target>: inputs the repository already keeps.
extra_seeds() {
    case "$1" in
        spec) echo examples Tests/AlmanacSpecTests/Fixtures/valid Tests/AlmanacSpecTests/Fixtures/invalid ;;
        compile) echo examples Tests/AlmanacSpecTests/Fixtures/valid ;;
        *) ;;
    esac
}

failed=()
for t in "${targets[@]}"; do
    work=.build-fuzz/corpus/$t
    findings=.build-fuzz/findings/$t
    mkdir -p "$work" "$findings"
    args=(-max_total_time="$seconds" -max_len="${FUZZ_MAX_LEN:-4096}" -rss_limit_mb="${FUZZ_RSS_MB:-2048}"
          -timeout="${FUZZ_TIMEOUT:-10}" -artifact_prefix="$findings/" -print_final_stats=1)
    [ -n "${FUZZ_SEED:-}" ] && args+=(-seed="$FUZZ_SEED")
    if [ "${FUZZ_KEEP_GOING:-0}" = 1 ]; then
        args+=(-fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1)
    fi
    echo "==> fuzz-$t for ${seconds}s"
    log=.build-fuzz/fuzz-$t.log
    before=$(find "$findings" -type f | wc -l)
    status=0
    # shellcheck disable=SC2046
    SWIFT_BACKTRACE=enable=no nice -n 10 "$bin/fuzz-$t" "${args[@]}" "$work" "Fuzzing/Corpus/$t" $(extra_seeds "$t") \
        >"$log" 2>&1 || status=$?
    # The run's outcome: findings, the last status lines and libFuzzer's final statistics.
    grep -E '^(==[0-9]+==|invariant failed|SUMMARY|artifact_prefix|Test unit written|Done [0-9]+ runs|stat::)|ERROR|Fatal error' "$log" | tail -n 40 || true
    grep -E '^#[0-9]+' "$log" | tail -n 1 || true
    after=$(find "$findings" -type f | wc -l)
    if [ "$status" != 0 ] || [ "$after" -gt "$before" ]; then
        failed+=("$t")
        tail -n 30 "$log"
    fi
done
if [ ${#failed[@]} -gt 0 ]; then
    echo "fuzz.sh: findings in ${failed[*]} (inputs under .build-fuzz/findings/)" >&2
    exit 1
fi
echo "fuzz.sh: ${#targets[@]} target(s), ${seconds}s each, no findings"
