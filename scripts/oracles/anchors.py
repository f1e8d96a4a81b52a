#!/usr/bin/env python3
"""Writes Tests/AlmanacSpecTests/Fixtures/oracles/anchors.json from python's zoneinfo (PEP 495 folds).

An `every:` anchor written as a local date-time (or a date: its midnight) must resolve exactly like
every other local time, under the trigger's DST policy:
  gap:     shift -> read with the offset before the gap (zoneinfo fold=0)
           next  -> the transition instant
           skip  -> an anchor is needed anyway, so read as `shift`
  overlap: first -> fold=0; last -> fold=1; both -> the first
For zones west and east of UTC, including 30- and 45-minute shifts and zones whose midnight does
not exist on DST days, each transition of 2016-2028 contributes wall times before, at the start of,
inside, at the last second of and after its gap or overlap, plus its local date as a date anchor.
Deterministic, so regenerating does not dirty the tree.
"""
import json
from datetime import datetime, timedelta, timezone
from pathlib import Path
from zoneinfo import ZoneInfo

ZONES = ["America/New_York", "America/Sao_Paulo", "America/Havana", "America/Santiago", "America/St_Johns",
         "Europe/Berlin", "Europe/Dublin", "Asia/Beirut", "Australia/Lord_Howe", "Australia/Sydney",
         "Pacific/Chatham", "Africa/Casablanca"]
START = int(datetime(2016, 1, 1, tzinfo=timezone.utc).timestamp())
END = int(datetime(2029, 1, 1, tzinfo=timezone.utc).timestamp())
EPOCH = datetime(1970, 1, 1)
POLICIES = [(g, o) for g in ("shift", "next", "skip") for o in ("first", "last", "both")]


def offset_at(zone, t):
    return int(datetime.fromtimestamp(t, zone).utcoffset().total_seconds())


def transitions(zone):
    found, t, prev = [], START, offset_at(zone, START)
    while t < END:
        n = t + 3600
        o = offset_at(zone, n)
        if o != prev:
            lo, hi = t, n
            while hi - lo > 1:
                mid = (lo + hi) // 2
                if offset_at(zone, mid) == prev:
                    lo = mid
                else:
                    hi = mid
            found.append((hi, prev, o))
            prev = o
        t = n
    return found


def wall(seconds):
    return EPOCH + timedelta(seconds=seconds)


def expected(zone, w, gap, overlap, transition):
    """The instant (epoch seconds) a local wall time `w` (naive datetime) denotes under the policy."""
    fold = 1 if overlap == "last" else 0
    first = int(w.replace(tzinfo=zone, fold=0).timestamp())
    back = datetime.fromtimestamp(first, zone).replace(tzinfo=None)
    in_gap = back != w
    if in_gap and gap == "next":
        # The transition whose gap holds this wall time.
        return next(t for t, before, after in transition if after > before
                    and t + before <= (w - EPOCH).total_seconds() < t + after)
    if in_gap:
        return first
    return int(w.replace(tzinfo=zone, fold=fold).timestamp())


def main():
    cases = []
    for name in ZONES:
        zone = ZoneInfo(name)
        ts = transitions(zone)
        for t, before, after in ts:
            low, high = t + min(before, after), t + max(before, after)  # the wall interval
            walls = sorted({low - 60, low, (low + high) // 2, high - 1, high})
            for s in walls:
                cases.append([name, wall(s).strftime("%Y-%m-%dT%H:%M:%S")]
                             + [expected(zone, wall(s), g, o, ts) for g, o in POLICIES])
            day = wall(low).date()
            midnight = datetime(day.year, day.month, day.day)
            cases.append([name, day.isoformat()] + [expected(zone, midnight, g, o, ts) for g, o in POLICIES])
    out = Path(__file__).resolve().parents[2] / "Tests/AlmanacSpecTests/Fixtures/oracles/anchors.json"
    # One case a line: [zone, anchor, instant under each policy in `policies` order].
    lines = ",\n".join(json.dumps(c) for c in cases)
    header = json.dumps({"generator": "scripts/oracles/anchors.py", "policies": [f"{g}/{o}" for g, o in POLICIES]})
    out.write_text(header[:-1] + ', "cases": [\n' + lines + "\n]}\n")
    print(f"{len(cases)} cases -> {out}")


if __name__ == "__main__":
    main()
