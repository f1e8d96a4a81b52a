#!/usr/bin/env python3
"""The RRULE benchmark's peer: python-dateutil on 1,000 rules from the oracle fixture.

Writes the chosen cases to the file named by argv[1] (so the Swift benchmark expands exactly the
same rules over the same horizons) and prints {"mixed": {"seconds", "fires", "rules"}} as JSON.

The cases are the first 1,000 in fixture order that dateutil follows (no WEEKLY+BYSETPOS
week-start bug) and expands cheaply. "Cheaply" is counted, not timed, so the choice is the same
on every machine: a rule that falls silent before its horizon sends dateutil's `between` on to
year 9999, and a SECONDLY or MINUTELY rule with BYHOUR can scan a day per period, so a case is
skipped when dateutil needs more than WORK_LIMIT steps (periods built plus inner-loop turns).
"""
import builtins
import json
import pathlib
import statistics
import sys
import time
from datetime import datetime

import dateutil.rrule as du
from dateutil.rrule import rrulestr, rruleset

RULES = 1000
WORK_LIMIT = 20_000


class TooMuchWork(Exception):
    pass


class WorkMeter:
    """Counts dateutil's iteration steps while armed and stops it past a limit."""

    def __init__(self):
        self.steps, self.limit = 0, None

    def tick(self):
        self.steps += 1
        if self.limit is not None and self.steps > self.limit:
            raise TooMuchWork()

    def install(self):
        # One step per period (the day sets) and per turn of dateutil's own `range` loops (the
        # MINUTELY/SECONDLY search for the next allowed time); a module global shadows the builtin.
        for name in ("ydayset", "mdayset", "wdayset", "ddayset"):
            original = getattr(du._iterinfo, name)
            def counted(info, *args, _original=original):
                self.tick()
                return _original(info, *args)
            setattr(du._iterinfo, name, counted)
        def counted_range(*args):
            for value in builtins.range(*args):
                self.tick()
                yield value
        du.range = counted_range

    def cheap(self, case):
        s = build(case)
        self.steps, self.limit = 0, WORK_LIMIT
        try:
            expand(s, case)
            return True
        except TooMuchWork:
            return False
        finally:
            self.limit = None


def parse(s):
    return datetime.strptime(s, "%Y%m%dT%H%M%S")


def build(c):
    s = rruleset()
    s.rrule(rrulestr(c["rule"], dtstart=parse(c["start"])))
    for r in c["rdates"]:
        s.rdate(parse(r))
    for x in c["exdates"]:
        s.exdate(parse(x))
    return s


def expand(s, c):
    return s.between(parse(c["start"]), parse(c["end"]), inc=True)


def choose(cases):
    # The meter patches dateutil for the choice only; the timed runs use it untouched.
    meter = WorkMeter()
    originals = {n: getattr(du._iterinfo, n) for n in ("ydayset", "mdayset", "wdayset", "ddayset")}
    meter.install()
    chosen = []
    try:
        for c in cases:
            if c["oracle"] == "dateutil" and meter.cheap(c):
                chosen.append(c)
                if len(chosen) == RULES:
                    break
    finally:
        for name, f in originals.items():
            setattr(du._iterinfo, name, f)
        del du.range
    return chosen


ROOT = pathlib.Path(__file__).resolve().parents[2]
cases = json.loads((ROOT / "Tests/AlmanacCompilerTests/Fixtures/rrule-cases.json").read_text())["cases"]
chosen = choose(cases)
pathlib.Path(sys.argv[1]).write_text(json.dumps(chosen))


def run():
    return sum(len(expand(build(c), c)) for c in chosen)


times, n = [], 0
for _ in range(3):
    t = time.perf_counter()
    n = run()
    times.append(time.perf_counter() - t)
print(json.dumps({"mixed": {"seconds": statistics.median(times), "fires": n, "rules": len(chosen)}}))
