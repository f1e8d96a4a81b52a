#!/usr/bin/env bash
# Renders every example (and one difference) to HTML with `almanac render`, then screenshots each
# page in headless Chromium at two sizes, into out/render-screenshots/ (git-ignored), to look at.
# Needs chromium (`apt-get install chromium`); not part of CI (scripts/ci/render.sh checks the SVGs).
set -euo pipefail
cd "$(dirname "$0")/../.."
out=out/render-screenshots
mkdir -p "$out"
swift build --product almanac >/dev/null
almanac=.build/debug/almanac
browser=$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)
[ -n "$browser" ] || { echo "render-screenshots: no chromium on PATH" >&2; exit 2; }

window_of() {
    case "$1" in
        school-term) echo "--from 2027-02-01" ;;
        arrive-leave) echo "--from 2026-11-23" ;;
        *) echo "--from 2026-11-23 --to 2026-11-27" ;;
    esac
}

pages=()
for spec in examples/*.yaml; do
    case "$spec" in *.expect.yaml) continue ;; esac
    name=$(basename "$spec" .yaml)
    # shellcheck disable=SC2046
    "$almanac" render "$spec" -o "$out/$name.html" $(window_of "$name")
    pages+=("$name")
done
fixtures=Tests/AlmanacRenderTests/Fixtures
"$almanac" render "$fixtures/change.new.yaml" "$fixtures/change.old.yaml" -o "$out/diff-change.html" --from 2026-11-23 --to 2026-11-30
"$almanac" render Tests/CLITests/Fixtures/diff/dst-policy.new.yaml Tests/CLITests/Fixtures/diff/dst-policy.old.yaml \
    -o "$out/diff-dst-policy.html" --from 2026-03-07 --to 2026-03-10
pages+=(diff-change diff-dst-policy)

for name in "${pages[@]}"; do
    for size in 1200x800 600x900; do
        "$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --screenshot="$out/$name-$size.png" \
            --window-size="${size/x/,}" "file://$PWD/$out/$name.html" >/dev/null 2>&1
    done
done
echo "screenshots in $out/"
