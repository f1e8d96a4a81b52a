#!/usr/bin/env bash
# The Apple-only layer (Sources/AlmanacApple) cannot compile on Linux: UserNotifications and Core
# Location exist only on Apple platforms. This type-checks it here against declarations of exactly the
# API it uses, written from Apple's documented Swift declarations (scripts/apple-stubs, never shipped),
# and the real AlmanacExecutor module. A control shows the check bites: a wrong call does not pass.
# What it cannot check (availability, the SDK's Sendable annotations, run-time bridging) is run by the
# Apple job in docs/apps.md. Takes a few seconds after `swift build`.
set -euo pipefail
cd "$(dirname "$0")/../.."
start=$SECONDS
swift build -q --target AlmanacExecutor
modules="$(swift build --show-bin-path)/Modules"
[ -d "$modules" ] || modules="$(swift build --show-bin-path)"
stubs=$(mktemp -d)
trap 'rm -rf "$stubs"' EXIT
for framework in UserNotifications CoreLocation; do
    swiftc -swift-version 6 -parse-as-library -emit-module -module-name "$framework" \
        -emit-module-path "$stubs/$framework.swiftmodule" "scripts/apple-stubs/$framework.swift"
done
# AlmanacExecutor's C module (its own module map) is loaded with it, though only imported internally.
typecheck() {
    swiftc -typecheck -swift-version 6 -D ALMANAC_APPLE_STUBS -I "$stubs" -I "$modules" -I Sources/CAlmanacProcess/include "$@"
}

# 1. The layer itself, every file.
typecheck Sources/AlmanacApple/*.swift
declarations=$(grep -hcE '^(#if|public final class)' Sources/AlmanacApple/*.swift | paste -sd+ | bc)
[ "$declarations" -ge 4 ] || { echo "apple-layer: Sources/AlmanacApple has no guarded adapters to check" >&2; exit 1; }

# 2. The control: the same layer with one wrong argument label must be refused.
broken="$stubs/Broken.swift"
sed 's/removePendingNotificationRequests(withIdentifiers: identifiers)/removePendingNotificationRequests(identifiers)/' \
    Sources/AlmanacApple/UserNotificationsCenter.swift >"$broken"
if typecheck "$broken" 2>/dev/null; then
    echo "apple-layer: control failed: a wrong argument label type-checked against the stubs" >&2
    exit 1
fi
echo "apple-layer: Sources/AlmanacApple type-checks against the UserNotifications and Core Location declarations ($((SECONDS - start)) s)"
