#!/usr/bin/env python3
"""Writes a plan with RATE fires per second for SECONDS seconds from START (epoch seconds), spread
over TRIGGERS triggers (t0, t1, ...), several at the same instant when RATE > 1:

    scripts/lib/make-dense-plan.py START SECONDS RATE OUT [TRIGGERS]

Ids are `tN@YYYY-MM-DDTHH:MM:SS`; with RATE > TRIGGERS a trigger fires several times a second,
which a plan cannot hold (one id per trigger and second), so RATE is capped at TRIGGERS.
Used by the chaos, state and journal tests, which need fires relative to the real clock."""
import sys, time

start, seconds, rate, out = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
triggers = int(sys.argv[5]) if len(sys.argv) > 5 else max(rate, 1)
rate = min(rate, triggers)

def utc(t):
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(t))

with open(out + ".tmp", "w") as f:
    f.write('{\n  "plan": 1,\n  "spec": {"name": "dense", "sha256": "%s"},\n' % ("0" * 64))
    f.write('  "window": {"from": "%sZ", "to": "%sZ"},\n' % (utc(start), utc(start + seconds)))
    f.write('  "tzdata": "test",\n  "limits": {"max_pending": 64, "max_regions": 20},\n  "triggers": {\n')
    f.write(",\n".join('    "t%d": {"kind": "every", "priority": 0, "payload": {"n": %d}}' % (i, i) for i in range(triggers)))
    f.write('\n  },\n  "regions": [],\n  "fires": [')
    first = True
    for s in range(seconds):
        t = utc(start + s)
        # Fires at one instant are in plan order: by trigger name.
        for i in sorted(range(rate), key=lambda i: "t%d" % i):
            f.write(("\n" if first else ",\n") + '    {"at": "%sZ", "trigger": "t%d", "local": "%s+00:00", "id": "t%d@%s"}' % (t, i, t, i, t))
            first = False
    f.write("\n  ]\n}\n" if not first else "]\n}\n")
import os
os.replace(out + ".tmp", out)
