#!/usr/bin/env python3
"""Issue 4's peer: python-dateutil on W3 and on 1,000 random rules from the oracle fixture.

Writes the chosen cases to the file named by argv[1] (so the Swift benchmark expands exactly the
same rules over the same horizons) and prints {"mixed": {"seconds", "fires"}} as JSON.
"""
import json
import pathlib
import statistics
import sys
import time
from datetime import datetime

from dateutil.rrule import rrulestr, rruleset

ROOT = pathlib.Path(__file__).resolve().parents[2]
cases = json.loads((ROOT / "Tests/AlmanacCompilerTests/Fixtures/rrule-cases.json").read_text())["cases"]
# Only cases where dateutil follows RFC 5545 (no WEEKLY+BYSETPOS week-start bug), without exdates
# that dateutil would need a set for, and that dateutil finishes quickly.
chosen = [c for c in cases if c["oracle"] == "dateutil"][:1000]
pathlib.Path(sys.argv[1]).write_text(json.dumps(chosen))

def parse(s):
    return datetime.strptime(s, "%Y%m%dT%H%M%S")

def expand(c):
    s = rruleset()
    start = parse(c["start"])
    s.rrule(rrulestr(c["rule"], dtstart=start))
    for r in c["rdates"]:
        s.rdate(parse(r))
    for x in c["exdates"]:
        s.exdate(parse(x))
    return s.between(start, parse(c["end"]), inc=True)

def run():
    return sum(len(expand(c)) for c in chosen)

times, n = [], 0
for _ in range(3):
    t = time.perf_counter()
    n = run()
    times.append(time.perf_counter() - t)
print(json.dumps({"mixed": {"seconds": statistics.median(times), "fires": n, "rules": len(chosen)}}))
