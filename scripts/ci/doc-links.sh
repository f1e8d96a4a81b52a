#!/usr/bin/env bash
# Relative links in the README and docs/ lead somewhere: the file exists and, for a `#fragment` into
# a Markdown file, a heading with that anchor (GitHub's rule: lowercase, punctuation dropped,
# spaces to hyphens, repeats numbered).
set -euo pipefail
cd "$(dirname "$0")/../.."
python3 - <<'PY'
import re, pathlib, sys
root = pathlib.Path(".")
def slug(h):
    h = h.strip().lower()
    h = re.sub(r"[^\w\- ]", "", h)
    return h.replace(" ", "-")
def anchors(path):
    text = path.read_text(encoding="utf-8")
    text = re.sub(r"```.*?```", "", text, flags=re.S)
    out=set(); seen={}
    for m in re.finditer(r"^#+\s+(.*)$", text, re.M):
        s=slug(m.group(1)); n=seen.get(s,0); seen[s]=n+1
        out.add(s if n==0 else f"{s}-{n}")
    return out
bad=0
for md in [root/"README.md", *sorted((root/"docs").glob("*.md"))]:
    text = re.sub(r"```.*?```", "", md.read_text(encoding="utf-8"), flags=re.S)
    for m in re.finditer(r"\]\(([^)\s]+)\)", text):
        link=m.group(1)
        if re.match(r"[a-z]+:", link): continue
        target, _, frag = link.partition("#")
        p = (md.parent/target).resolve() if target else md.resolve()
        if not p.exists():
            print(f"{md}: missing {link}"); bad+=1; continue
        if frag and p.suffix==".md" and frag not in anchors(p):
            print(f"{md}: no anchor {link}"); bad+=1
if bad:
    sys.exit(f"doc links: {bad} broken")
print("doc links: all relative links resolve")
PY
