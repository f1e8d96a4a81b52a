#!/usr/bin/env bash
# docs/diagnostics.md is generated from DiagnosticCode.swift and the golden diagnostics; it must match
# what the generator makes of them now, so every example on the page is one the tests reproduce.
set -euo pipefail
cd "$(dirname "$0")/../.."
python3 scripts/gen/diagnostics-doc.py --check
