#!/usr/bin/env bash
# The Swift sources follow .swift-format (4 spaces, 140 columns, the project's rules): `swift format`
# (bundled with the toolchain) finds nothing to change. Fix with:
#   swift format format --in-place --parallel $(git ls-files '*.swift' | grep -v /Golden/ | grep -v 'Package.swift$')
# Generated files opt out with `// swift-format-ignore-file`; goldens and manifests are not formatted.
set -euo pipefail
cd "$(dirname "$0")/../.."
files=$(git ls-files '*.swift' | grep -v '/Golden/' | grep -v 'Package.swift$')
if ! out=$(swift format lint --strict --parallel $files 2>&1) || [ -n "$out" ]; then
    echo "$out" | head -40
    echo "format: $(echo "$out" | grep -c 'warning\|error') finding(s); run the command in scripts/ci/format.sh" >&2
    exit 1
fi
echo "format: $(echo "$files" | wc -l) Swift files follow .swift-format"
