#!/usr/bin/env python3
"""The peer: python-dateutil's rrule on the workloads W1-W5 of docs/benchmarks.md, median of 5 runs.

Prints one JSON object {"W1": {"seconds": s, "fires": n}, ...} so that scripts/bench/compiler.sh can put
Almanac's figures beside it, measured in the same run on the same machine.
"""
import json
import statistics
import time
from datetime import datetime
from zoneinfo import ZoneInfo

from dateutil.rrule import DAILY, FR, MINUTELY, MO, MONTHLY, TH, TU, WE, rrule, rruleset

NY = ZoneInfo("America/New_York")
START = datetime(2026, 1, 1, 0, 0, tzinfo=NY)


def w1():
    s = rruleset()
    end = datetime(2035, 12, 31, 23, 59, 59, tzinfo=NY)
    weekdays = (MO, TU, WE, TH, FR)
    s.rrule(rrule(DAILY, byweekday=weekdays, byhour=9, byminute=0, bysecond=0, dtstart=START, until=end))
    s.rrule(rrule(DAILY, byweekday=weekdays, byhour=17, byminute=30, bysecond=0, dtstart=START, until=end))
    return list(s)


def w2():
    end = datetime(2026, 12, 31, 23, 59, 59, tzinfo=NY)
    return list(rrule(MINUTELY, interval=5, dtstart=START, until=end))


def w3():
    end = datetime(2125, 12, 31, 23, 59, 59, tzinfo=NY)
    return list(rrule(MONTHLY, byweekday=TU(2), byhour=10, byminute=0, bysecond=0, dtstart=START, until=end))


def w4():
    end = datetime(2125, 12, 31, 23, 59, 59, tzinfo=NY)
    return list(rrule(MONTHLY, bymonthday=-1, byhour=23, byminute=0, bysecond=0, dtstart=START, until=end))


def w5():
    end = datetime(2026, 1, 30, 23, 59, 59, tzinfo=NY)
    fires = []
    for i in range(10_000):
        m = i % 1440
        fires.extend(rrule(DAILY, byhour=m // 60, byminute=m % 60, bysecond=0, dtstart=START, until=end))
    return fires


def measure(fn, runs):
    times, n = [], 0
    for _ in range(runs):
        t = time.perf_counter()
        n = len(fn())
        times.append(time.perf_counter() - t)
    return {"seconds": statistics.median(times), "fires": n}


if __name__ == "__main__":
    result = {
        "W1": measure(w1, 5), "W2": measure(w2, 5), "W3": measure(w3, 5),
        "W4": measure(w4, 5), "W5": measure(w5, 3),
    }
    print(json.dumps(result))
