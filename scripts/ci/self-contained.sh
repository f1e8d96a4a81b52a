#!/usr/bin/env bash
# The repository stands alone: no tracked file may point at documents that live outside it (a
# product brief, benchmark notes, a style guide kept beside the checkout) or at a path on one
# machine. The contract is in docs/ (spec.md, plan-file.md, commands.md, benchmarks.md); cite those.
set -euo pipefail
cd "$(dirname "$0")/../.."

# Extended regular expressions, each with the reason it is refused. Written with bracketed
# characters (`[.]`, `[/]`) so that this file does not itself contain the names it refuses.
patterns=(
    'SPEC[.]md|BENCHMARKS[.]md|STYLE[.]md'     # documents outside the repository
    '[.][.][/]shared|[/]shared[/](SPEC|BENCH|STYLE)'   # the folder they lived in
    '\bSPEC( "|"|:|'"'"'s|\))'                 # "SPEC "Precise semantics"", "SPEC:" - the brief by name
    '[/]work[/]|[/]home[/][a-z]|[/]Users[/][A-Za-z]'   # absolute paths of one machine
)
self="scripts/ci/self-contained.sh"

if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    files=$(git ls-files)
else
    # A source archive without .git: every file but the build products.
    files=$(find . -type f -not -path './.build*' -not -path './.git/*' -not -path './.swiftpm/*' | sed 's|^\./||')
fi

status=0
for pattern in "${patterns[@]}"; do
    # -I skips binary files; the script itself names the patterns.
    if hits=$(printf '%s\n' "$files" | grep -v -x -F "$self" | tr '\n' '\0' \
              | xargs -0 grep -n -I -E "$pattern" -- 2>/dev/null); then
        echo "self-contained: references outside the repository (/$pattern/):"
        echo "$hits" | sed 's/^/  /'
        status=1
    fi
done
if [ "$status" -ne 0 ]; then
    echo "Point at the docs/ files instead (docs/spec.md, docs/plan-file.md, docs/commands.md, docs/benchmarks.md)."
    exit 1
fi
echo "self-contained: no tracked file points outside the repository"
