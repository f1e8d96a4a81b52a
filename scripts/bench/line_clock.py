#!/usr/bin/env python3
"""Timestamps delivery lines as they arrive, for scripts/bench/delivery.sh.

    line_clock.py INPUT COUNT TIMEOUT

Reads INPUT (a FIFO: almanac-exec's stdout or spy record, or a peer's stdout) in chunks, stamps
each chunk with the wall clock when it was read, and takes each fire line's lateness as that
instant minus the line's "at". Stops after COUNT fire lines or TIMEOUT seconds; prints
"count p50 p99 max first_due last_arrival" (seconds, epoch for the last two). Chunks are read
whole (64 KiB), so the reader keeps up with far more lines a second than it is sent."""
import calendar, os, re, sys, time

path, expected, timeout = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
fd = os.open(path, os.O_RDONLY)
at_pattern = re.compile(rb'"at": "([0-9T:-]+)Z"')
epochs, latenesses, rest = {}, [], b""
deadline = time.time() + timeout
last = 0.0
while len(latenesses) < expected and time.time() < deadline:
    chunk = os.read(fd, 1 << 16)
    arrived = time.time()
    if not chunk:
        break
    data = rest + chunk
    cut = data.rfind(b"\n") + 1
    data, rest = data[:cut], data[cut:]
    for line in data.split(b"\n"):
        if b'"call": "schedule"' in line or b'"call": "cancelAll"' in line:
            continue
        match = at_pattern.search(line)
        if not match:
            continue
        text = match.group(1)
        if text not in epochs:
            epochs[text] = calendar.timegm(time.strptime(text.decode(), "%Y-%m-%dT%H:%M:%S"))
        latenesses.append(arrived - epochs[text])
        last = arrived
latenesses.sort()
if not latenesses:
    print("0 nan nan nan nan nan")
    sys.exit(0)
pick = lambda q: latenesses[min(len(latenesses) - 1, int(q * len(latenesses)))]
print("%d %.6f %.6f %.6f %d %.6f" % (len(latenesses), pick(0.5), pick(0.99), latenesses[-1], min(epochs.values()), last))
