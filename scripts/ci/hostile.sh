#!/usr/bin/env bash
# The hostile corpus (docs/escaping.md): Tests/Hostile/corpus.jsonl must be what
# scripts/hostile/corpus.py generates, and every case, run with a time and a peak-memory limit, must
# give what the consuming tools (systemd's own parser, a cronie model and cronsim, PyYAML, ruamel,
# icalendar, xml.etree, swiftc) expect: no value becomes code or configuration. About 35 s of CPU
# (351 cases, one systemd load and one swiftc run for all of them): 130 s wall on the 2-core machine
# under a load average of 11-17 from other builds.
set -euo pipefail
cd "$(dirname "$0")/../.."
started=$SECONDS
python3 -c "import yaml, ruamel.yaml, icalendar, cronsim" 2>/dev/null || python3 -m pip install -q pyyaml ruamel.yaml icalendar cronsim
swift build -q --product almanac
python3 scripts/hostile/corpus.py --check
python3 scripts/hostile/run.py "$(swift build --show-bin-path)"
echo "hostile: $((SECONDS - started)) s"
