#!/usr/bin/env bash
# An app package as an iOS developer writes one (examples/typed-ids): the build-tool plugin generates
# types from every `*.almanac.yaml` (including `2fa.almanac.yaml` and `r.almanac.yaml` in two folders),
# the program runs the whole app path against the documented fakes (authorization, reconcile,
# delivery, tap, typed payload) and prints what it should. Then the app's footprint: with `traits: []`
# it resolves no outside package and builds only the modules it uses, plus the plugin tool's.
set -euo pipefail
cd "$(dirname "$0")/../.."
start=$SECONDS
swift build -q --product almanac
almanac="$(swift build --show-bin-path)/almanac"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$almanac" compile examples/typed-ids/Sources/reminders/medication.almanac.yaml --from 2026-11-23 --horizon 14d -o "$work/plan.json"

swift build -q --package-path examples/typed-ids
bin=examples/typed-ids/.build/debug
out=$("$bin/reminders" "$work/plan.json")
expected='authorization: authorized (asked: alert true, sound true, badge true)
registered 23 of 23; reconcile again by 2026-12-07T00:00:00Z
blood pressure at 7:45: Log both readings, ["systolic", "diastolic"]
  reconcile after the tap: 0 added, 0 removed, 22 unchanged
pill 23/11: Vitamin D, 0.025 mg, badge 1
  reconcile after the tap: 0 added, 0 removed, 21 unchanged
not ours: someone-else@2026-11-26T19:45:00
blood-pressure morning-pill refill'
if [ "$out" != "$expected" ]; then
    printf 'typed-ids printed:\n%s\nexpected:\n%s\n' "$out" "$expected" >&2
    exit 1
fi
naming=$("$bin/naming")
[ "$naming" = '["code-expires"] ["wake-up"] ["wind-down"]' ] || { echo "typed-ids naming printed: $naming" >&2; exit 1; }
echo "typed-ids: the plugin generated the types; the app path printed what it should"

# The footprint. Resolved: every package SwiftPM fetched for the app (none: the outside packages are
# all behind the CommandLineTools and PostgreSQL traits, which the app leaves off).
resolved=$(find examples/typed-ids/.build/checkouts -mindepth 1 -maxdepth 1 -type d | wc -l)
# Built: every Swift module of the app's build (the app's own, and the plugin tool's, built for the host).
modules=$(find examples/typed-ids/.build -name '*.swiftmodule' -not -path '*/checkouts/*' -not -path '*/repositories/*' -not -path '*/ModuleCache/*' \
    | sed 's|.*/||; s|\.swiftmodule$||' | sort)
total=$(wc -l <<<"$modules")
twice=$(uniq -d <<<"$modules" | paste -sd' ')
allowed=" reminders naming almanac_swift_generator AlmanacApple AlmanacExecutor AlmanacRegistration AlmanacPhoneTesting AlmanacPlan AlmanacVocabulary
AlmanacTime AlmanacJSON AlmanacModel AlmanacEscaping AlmanacExplain AlmanacSpec AlmanacCodegen "
unexpected=$(sort -u <<<"$modules" | while read -r m; do [[ $allowed == *" $m "* || $allowed == *" $m"$'\n'* || $allowed == *$'\n'"$m "* ]] || echo "$m"; done | paste -sd' ')
echo "typed-ids footprint: $resolved packages resolved; $total modules built ($(sort -u <<<"$modules" | wc -l) distinct; twice, for the app and the plugin tool: ${twice:-none}); $((SECONDS - start)) s"
if [ "$resolved" -ne 0 ]; then echo "the app resolved $resolved packages it does not use" >&2; exit 1; fi
if [ -n "$unexpected" ]; then echo "the app built modules it does not use: $unexpected" >&2; exit 1; fi
if [ "$(uniq -d <<<"$modules" | wc -l)" -gt 3 ]; then echo "more modules built twice than the tool shares with the app: $twice" >&2; exit 1; fi
if ldd "$bin/reminders" | grep -qi yaml; then echo "the app links libyaml (only the plugin tool should)" >&2; exit 1; fi
