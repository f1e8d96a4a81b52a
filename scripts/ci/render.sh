#!/usr/bin/env bash
# `almanac render`: every shipped example (and a difference of two specs) renders to SVG and HTML
# that parse as XML (python3 xml.etree), and the picture draws each fire of the plan exactly once:
# one mark element per fire, or counted in a density strip (`data-n`). No browser needed (the
# screenshots are scripts/tools/render-screenshots.sh). Run from the repository root after `swift build`.
set -euo pipefail
almanac="${ALMANAC:-.build/debug/almanac}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

window_of() {
    case "$1" in
        school-term) echo "--from 2027-02-01" ;;
        arrive-leave) echo "--from 2026-11-23" ;;
        *) echo "--from 2026-11-23 --to 2026-11-27" ;;
    esac
}

check() { # check SVG-OR-HTML PLAN [OLD-PLAN]
    python3 - "$@" <<'PY'
import json, sys, xml.etree.ElementTree as ET
path, plan_path = sys.argv[1], sys.argv[2]
old_path = sys.argv[3] if len(sys.argv) > 3 else None
text = open(path, encoding="utf-8").read()
if path.endswith(".html"):
    text = text[text.index("<svg"):text.index("</svg>") + len("</svg>")]
root = ET.fromstring(text)  # raises on malformed XML
ns = "{http://www.w3.org/2000/svg}"
counts = {}
def walk(node, density):
    for child in node:
        tag = child.tag.replace(ns, "")
        classes = (child.get("class") or "").split()
        if tag == "g":
            kinds = [c[len("density-"):] for c in classes if c.startswith("density-")]
            walk(child, kinds[0] if kinds else density)
            continue
        if density and child.get("data-n"):
            counts[density] = counts.get(density, 0) + int(child.get("data-n"))
        elif "key" not in classes:
            for kind in ("fire", "unchanged", "added", "removed", "moved"):
                if kind in classes:
                    counts[kind] = counts.get(kind, 0) + 1
        walk(child, density)
walk(root, None)
fires = lambda p: [(f["trigger"], f["id"], f["at"]) for f in json.load(open(p))["fires"]]
new = fires(plan_path)
if old_path is None:
    expected = {"fire": len(new)}
else:
    old = fires(old_path)
    old_at = {(t, i): a for t, i, a in old}
    new_at = {(t, i): a for t, i, a in new}
    expected = {
        "added": sum(1 for k in new_at if k not in old_at),
        "removed": sum(1 for k in old_at if k not in new_at),
        "moved": sum(1 for k in new_at if k in old_at and old_at[k] != new_at[k]),
        "unchanged": sum(1 for k in new_at if k in old_at and old_at[k] == new_at[k]),
    }
got = {k: counts.get(k, 0) for k in expected}
if got != expected:
    sys.exit(f"render: {path}: marks {got}, the plan has {expected}")
print(f"render: {path}: {expected}")
PY
}

for spec in examples/*.yaml; do
    case "$spec" in *.expect.yaml) continue ;; esac
    name=$(basename "$spec" .yaml)
    # shellcheck disable=SC2046
    "$almanac" compile "$spec" -o "$work/$name.plan.json" $(window_of "$name") 2>/dev/null
    for ext in svg html; do
        # The plan file and the spec over the same window draw the same picture but for the title.
        "$almanac" render "$work/$name.plan.json" -o "$work/$name.$ext"
        check "$work/$name.$ext" "$work/$name.plan.json"
    done
done

fixtures=Tests/AlmanacRenderTests/Fixtures
for side in old new; do
    "$almanac" compile "$fixtures/change.$side.yaml" -o "$work/$side.plan.json" --from 2026-11-23 --to 2026-11-30 2>/dev/null
done
"$almanac" render "$fixtures/change.new.yaml" "$fixtures/change.old.yaml" -o "$work/diff.svg" --from 2026-11-23 --to 2026-11-30
check "$work/diff.svg" "$work/new.plan.json" "$work/old.plan.json"
"$almanac" render "$work/new.plan.json" "$work/old.plan.json" -o "$work/diff.html"
check "$work/diff.html" "$work/new.plan.json" "$work/old.plan.json"
