#!/usr/bin/env bash
# The core is embeddable: Tests/Embedding (a package depending only on AlmanacCore, AlmanacRegistration and AlmanacExecutor)
# builds, runs the program docs/embedding.md shows (the same code, compared here), and links no libyaml.
set -euo pipefail
cd "$(dirname "$0")/../.."

# 1. The documented code is the tested code.
python3 - <<'PY'
import re, sys
doc = open("docs/embedding.md").read()
m = re.search(r"<!-- example: (\S+) -->\n```swift\n(.*?)```", doc, re.S)
if not m: sys.exit("docs/embedding.md: no example block")
src = open(m.group(1)).read()
code = src[src.index("// BEGIN EXAMPLE\n") + len("// BEGIN EXAMPLE\n"):src.index("// END EXAMPLE")]
if code != m.group(2):
    sys.exit(f"docs/embedding.md's example differs from {m.group(1)}; copy the code between the markers")
print("docs/embedding.md shows the tested code")
PY

# 2. It builds from the core products alone and does what the doc says.
(cd Tests/Embedding && swift build -q)
bin=Tests/Embedding/.build/debug/embedding-example
out=$("$bin")
echo "$out"
[[ $out == "registered "* ]] || { echo "embedding-example printed no registration" >&2; exit 1; }

# 3. A schedule built in code gets the diagnostics `check` gives for the same mistakes in YAML.
swift build -q --product almanac
almanac=$(swift build --show-bin-path)/almanac
in_code=$(Tests/Embedding/.build/debug/embedding-mistakes)
in_yaml=$("$almanac" check --format json Tests/Embedding/mistakes.yaml | python3 -c '
import json, sys
print("\n".join(sorted(d["code"] for d in json.load(sys.stdin)["diagnostics"])))' || true)
if [ -z "$in_code" ] || [ "$in_code" != "$in_yaml" ]; then
    printf 'codes differ.\nin code:\n%s\ncheck on mistakes.yaml:\n%s\n' "$in_code" "$in_yaml" >&2
    exit 1
fi
echo "embedding: the same $(echo "$in_code" | wc -l) codes in code and from check: $(echo $in_code)"

# 4. No libyaml: not among the shared libraries, and no yaml_ symbol inside. The almanac binary,
#    which does link it (shared or static), shows that the checks can see it. Each tool's output is
#    captured before it is searched: `tool | grep -q` under pipefail fails when grep stops reading
#    early and the tool dies of SIGPIPE, which is how this control once failed in CI.
almanac_libs=$(ldd "$almanac")
almanac_syms=$(nm "$almanac")
if ! grep -q libyaml <<<"$almanac_libs" && ! grep -qE ' [TtUu] yaml_parser_initialize$' <<<"$almanac_syms"; then
    echo "control failed: neither ldd nor nm shows libyaml in almanac" >&2; exit 1
fi
grep -qE ' [TtUu] yaml_parser_initialize$' <<<"$almanac_syms" || { echo "control failed: nm shows no yaml symbol in almanac" >&2; exit 1; }
bin_libs=$(ldd "$bin")
bin_syms=$(nm "$bin")
if grep -i yaml <<<"$bin_libs"; then echo "the embedding binary links libyaml" >&2; exit 1; fi
if grep -E ' [TtUu] yaml_' <<<"$bin_syms"; then echo "the embedding binary has libyaml symbols" >&2; exit 1; fi
echo "embedding: builds from AlmanacCore + AlmanacRegistration + AlmanacExecutor, runs, links no libyaml"
