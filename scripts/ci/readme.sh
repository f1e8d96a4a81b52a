#!/usr/bin/env bash
# Every command in the README's sh blocks runs as written, from the checkout, and exits 0 (except
# `swift test`, which .ci/run has run already). They may write only into out/, which git ignores.
set -euo pipefail
cd "$(dirname "$0")/../.."
commands=$(python3 - <<'PY'
import re
text = open("README.md", encoding="utf-8").read()
for block in re.findall(r"```sh\n(.*?)```", text, re.S):
    for line in block.splitlines():
        command = re.sub(r"\s+#.*$", "", line).strip()
        if command and command != "swift test":
            print(command)
PY
)
errors=$(mktemp)
trap 'rm -f "$errors"' EXIT
before=$(git status --porcelain --untracked-files=all 2>/dev/null || true)
count=0
while IFS= read -r command; do
    if [[ "$command" =~ (^|[[:space:]=])/ ]]; then
        echo "README command uses an absolute path; keep its files inside the checkout (out/): $command"
        exit 1
    fi
    if ! bash -c "$command" > /dev/null 2> "$errors"; then
        echo "README command failed: $command"
        grep -v '^\[[0-9]*/[0-9]*\]\|^Building\|^Build complete' "$errors" || true
        exit 1
    fi
    count=$((count + 1))
done <<< "$commands"
after=$(git status --porcelain --untracked-files=all 2>/dev/null || true)
if [ "$before" != "$after" ]; then
    echo "README commands wrote files that git sees (write into out/ instead):"
    diff <(echo "$before") <(echo "$after") || true
    exit 1
fi
echo "README: $count commands ran as written"
