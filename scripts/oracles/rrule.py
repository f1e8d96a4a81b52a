#!/usr/bin/env python3
"""RRULE oracle: random rules over every part and FREQ, expanded by python-dateutil 2.9.

Writes Tests/AlmanacCompilerTests/Fixtures/rrule-cases.json, compared by RRuleOracleTests on local
civil times. Deterministic (fixed seed): re-running must not change the file.

Each case: the rule, DTSTART, RDATEs and EXDATEs, an exclusive end bound, how many occurrences fall
in [DTSTART, end), and the first ones. `oracle` names how the expected values were made:
- "dateutil": rruleset(rrule, rdate, exdate).between(DTSTART, end) as is.
- "dateutil-weekstart": WEEKLY with BYSETPOS. dateutil computes the first week's set from DTSTART
  instead of WKST (dateutil bug #1398); RFC 5545 and Almanac take the whole week. Expected values
  come from dateutil run with DTSTART moved back to the week's start, then filtered at the real
  DTSTART, with COUNT applied after filtering.

Rules are generated inside what AlmanacSpec's RRuleParser accepts (RFC 5545 part/FREQ rules), and
outside two known dateutil deviations (mixed plain/ordinal BYDAY; BYWEEKNO weeks that straddle a
year end), which RRuleExpanderTests pin down by hand. Cases dateutil refuses or cannot finish within
a fixed step budget are skipped.

    python3 scripts/oracles/rrule.py [--cases 3200]
"""
import argparse
import json
import random
import warnings
from datetime import datetime, timedelta
from pathlib import Path

import dateutil.rrule
from dateutil.rrule import rrulestr, rruleset

FREQS = ["YEARLY", "MONTHLY", "WEEKLY", "DAILY", "HOURLY", "MINUTELY", "SECONDLY"]
DAYS = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]
# How far each FREQ's cases look ahead: long enough to see many periods, short enough to stay cheap.
HORIZON = {"YEARLY": timedelta(days=366 * 40), "MONTHLY": timedelta(days=366 * 8),
           "WEEKLY": timedelta(days=366 * 3), "DAILY": timedelta(days=366 * 2),
           "HOURLY": timedelta(days=20), "MINUTELY": timedelta(days=1), "SECONDLY": timedelta(hours=1)}
FIRST = 24
FMT = "%Y%m%dT%H%M%S"


def sample(rng, values, lo=1, hi=3):
    return rng.sample(values, rng.randint(lo, min(hi, len(values))))


def random_rule(rng):
    freq = rng.choice(FREQS)
    parts = {"FREQ": freq}
    if rng.random() < 0.4:
        parts["INTERVAL"] = str(rng.choice([2, 2, 3, 4, 5, 7, 10]))
    by = {}
    if rng.random() < 0.3:
        by["BYMONTH"] = sample(rng, list(range(1, 13)), 1, 4)
    if freq == "YEARLY" and rng.random() < 0.25:
        # Weeks that cannot straddle a year end; the straddling ones are a deviation class
        # (docs/oracles.md) covered by RRuleExpanderTests.
        by["BYWEEKNO"] = sample(rng, list(range(1, 52)) + list(range(-50, -1)), 1, 3)
    if freq not in ("DAILY", "WEEKLY", "MONTHLY") and rng.random() < 0.2:
        by["BYYEARDAY"] = sample(rng, list(range(1, 367)) + list(range(-366, 0)), 1, 3)
    if freq != "WEEKLY" and rng.random() < 0.35:
        by["BYMONTHDAY"] = sample(rng, list(range(1, 32)) + list(range(-31, 0)), 1, 4)
    if rng.random() < 0.45:
        ordinals = freq in ("MONTHLY", "YEARLY") and "BYWEEKNO" not in by and rng.random() < 0.5
        days = []
        # All with ordinals or none: dateutil reads a mixed list (MO,1TU) as an intersection, a
        # deviation class covered by RRuleExpanderTests.
        for d in sample(rng, DAYS, 1, 4):
            if ordinals:
                limit = 5 if (freq == "MONTHLY" or "BYMONTH" in by) else 53
                n = rng.choice([1, 2, 3, 4, -1, -2, limit, -limit])
                days.append(f"{n}{d}")
            else:
                days.append(d)
        by["BYDAY"] = days
    if rng.random() < 0.3:
        by["BYHOUR"] = sample(rng, list(range(24)), 1, 3)
    if rng.random() < 0.25:
        by["BYMINUTE"] = sample(rng, list(range(60)), 1, 3)
    if rng.random() < 0.15:
        by["BYSECOND"] = sample(rng, list(range(60)), 1, 2)
    if by and rng.random() < 0.25:
        # Finer than daily a period's set is small; a position past it would make dateutil scan
        # second by second for nothing.
        positions = {"HOURLY": [1, -1, 2, -2], "MINUTELY": [1, -1], "SECONDLY": [1, -1]}.get(freq, [1, 2, 3, -1, -2, 5, -5, 10])
        by["BYSETPOS"] = sample(rng, positions, 1, 2)
        if freq == "WEEKLY" and "BYDAY" not in by:
            by["BYDAY"] = sample(rng, DAYS, 2, 5)
    for k, v in by.items():
        parts[k] = ",".join(map(str, v))
    if rng.random() < 0.3:
        parts["WKST"] = rng.choice(DAYS)
    return parts


def random_start(rng):
    day = datetime(1996, 1, 1) + timedelta(days=rng.randint(0, 365 * 34))
    return day.replace(hour=rng.randint(0, 23), minute=rng.choice([0, 0, 15, 30, rng.randint(0, 59)]),
                       second=rng.choice([0, 0, 0, rng.randint(0, 59)]))


class TooSlow(Exception):
    """dateutil spent its step budget on one case."""


class _BoundedCalendar:
    """dateutil's view of the `datetime` module, with two bounds. MAXYEAR is lowered: dateutil
    checks UNTIL only when it finds an occurrence, so a rule with none would scan to year 9999.
    And `time()` counts calls: finer than daily dateutil builds one per step, so a rule that
    finds nothing for a long stretch of seconds is dropped after a fixed number of steps (a
    count, not a clock, so the fixture is the same on every machine)."""
    STEP_BUDGET = 200_000

    def __init__(self, maxyear):
        import datetime as real
        self._real = real
        self.MAXYEAR = maxyear
        self.steps = 0

    def time(self, *args, **kwargs):
        self.steps += 1
        if self.steps > self.STEP_BUDGET:
            raise TooSlow()
        return self._real.time(*args, **kwargs)

    def __getattr__(self, name):
        return getattr(self._real, name)


def stop_after(year):
    dateutil.rrule.datetime = _BoundedCalendar(year)


def bounded(text, start, end):
    """The rule with an UNTIL at the case's end too, so a rule that never reaches COUNT does not
    send dateutil scanning to year 9999 (it accepts COUNT with UNTIL, with a warning)."""
    rule = rrulestr(text, dtstart=start)
    until = end - timedelta(seconds=1)
    if rule._until is not None and rule._until < until:
        return rule
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return rule.replace(until=until)


def weekstart_expand(parts, start, end, rdates, exdates):
    """RFC reading of WEEKLY+BYSETPOS: the first week's set starts on WKST, not on DTSTART."""
    wkst = DAYS.index(parts.get("WKST", "MO"))
    back = (start.weekday() - wkst) % 7
    moved = start - timedelta(days=back)
    count = int(parts["COUNT"]) if "COUNT" in parts else None
    text = ";".join(f"{k}={v}" for k, v in parts.items() if k != "COUNT")
    rule = bounded(text, moved, end)
    occurrences = [d for d in rule.between(moved - timedelta(seconds=1), end, inc=False) if d >= start]
    if count is not None:
        occurrences = occurrences[:count]
    merged = sorted(set(occurrences) | {d for d in rdates if start <= d < end})
    return [d for d in merged if d not in set(exdates)]


def make_case(rng):
    """A case, or None when dateutil refuses the rule (an INTERVAL that can never meet BYHOUR or
    BYMINUTE: dateutil raises, Almanac yields nothing; RRuleExpanderTests covers that)."""
    parts = random_rule(rng)
    start = random_start(rng)
    end = start + HORIZON[parts["FREQ"]]
    stop_after(end.year + 1)
    ending = rng.random()
    if ending < 0.3:
        parts["COUNT"] = str(rng.randint(1, 40))
    elif ending < 0.5:
        until = start + (end - start) * rng.uniform(0.05, 0.9)
        parts["UNTIL"] = until.strftime(FMT)
    text = ";".join(f"{k}={v}" for k, v in parts.items())
    try:
        probe = list(bounded(text, start, end).between(start - timedelta(seconds=1), end, inc=False))[:60]
    except (ValueError, TooSlow):
        return None
    rdates, exdates = [], []
    if rng.random() < 0.25:
        span = (end - start).total_seconds()
        rdates = [start + timedelta(seconds=int(rng.uniform(0, span))) for _ in range(rng.randint(1, 3))]
        if probe and rng.random() < 0.5:
            rdates.append(rng.choice(probe))
    if probe and rng.random() < 0.25:
        exdates = rng.sample(probe, rng.randint(1, min(3, len(probe))))
    weekstart = parts["FREQ"] == "WEEKLY" and "BYSETPOS" in parts
    try:
        expected = expected_occurrences(parts, text, start, end, rdates, exdates, weekstart)
    except TooSlow:
        return None
    return {
        "rule": text,
        "start": start.strftime(FMT),
        "rdates": sorted(d.strftime(FMT) for d in rdates),
        "exdates": sorted(d.strftime(FMT) for d in exdates),
        "end": end.strftime(FMT),
        "oracle": "dateutil-weekstart" if weekstart else "dateutil",
        "count": len(expected),
        "first": [d.strftime(FMT) for d in expected[:FIRST]],
    }


def expected_occurrences(parts, text, start, end, rdates, exdates, weekstart):
    if weekstart:
        expected = weekstart_expand(parts, start, end, rdates, exdates)
    else:
        s = rruleset()
        s.rrule(bounded(text, start, end))
        for d in rdates:
            s.rdate(d)
        for d in exdates:
            s.exdate(d)
        # rdates before DTSTART are outside [start, end) and not compared.
        expected = [d for d in s.between(start - timedelta(seconds=1), end, inc=False)]
    return expected


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=3200)
    parser.add_argument("--seed", type=int, default=5545)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    cases = []
    while len(cases) < args.cases:
        case = make_case(rng)
        if case is not None:
            cases.append(case)
    out = Path(__file__).resolve().parents[2] / "Tests/AlmanacCompilerTests/Fixtures/rrule-cases.json"
    with open(out, "w") as f:
        f.write('{"generator": "scripts/oracles/rrule.py", "dateutil": "2.9.0", "cases": [\n')
        f.write(",\n".join(json.dumps(c, separators=(",", ":")) for c in cases))
        f.write("\n]}\n")
    print(f"{len(cases)} cases -> {out} ({out.stat().st_size} bytes)")


if __name__ == "__main__":
    main()
