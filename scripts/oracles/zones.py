#!/usr/bin/env python3
"""Writes Tests/AlmanacTimeTests/Fixtures/zones.json from python's zoneinfo (the system tzdata).

For each zone: every UTC-offset transition in 2020-2030 (found by an hourly scan and bisection to the
second), offsets at random instants, and random local wall times - uniform ones plus ones at the edges
of and inside every gap and overlap - each with its expected resolution:
  unique  -> instant, offset
  gap     -> transition instant, offset before, offset after
  overlap -> first instant + offset, second instant + offset
Deterministic (fixed seed), so regenerating does not dirty the tree.
"""
import json
import random
from datetime import datetime, timedelta, timezone
from pathlib import Path
from zoneinfo import ZoneInfo

ZONES = ["America/New_York", "Europe/London", "Australia/Sydney", "Australia/Lord_Howe",
         "Pacific/Chatham", "Asia/Kolkata", "Europe/Dublin", "America/Sao_Paulo", "UTC"]
START = int(datetime(2020, 1, 1, tzinfo=timezone.utc).timestamp())
END = int(datetime(2031, 1, 1, tzinfo=timezone.utc).timestamp())
EPOCH = datetime(1970, 1, 1)


def offset_at(zone, t):
    return int(datetime.fromtimestamp(t, zone).utcoffset().total_seconds())


def transitions(zone):
    found = []
    t, prev = START, offset_at(zone, START)
    while t < END:
        n = t + 3600
        o = offset_at(zone, n)
        if o != prev:
            lo, hi = t, n  # offset_at(lo) == prev, offset_at(hi) == o
            while hi - lo > 1:
                mid = (lo + hi) // 2
                if offset_at(zone, mid) == prev:
                    lo = mid
                else:
                    hi = mid
            found.append([hi, prev, o])
        t, prev = n, o
    return found


def wall_text(wall):
    return (EPOCH + timedelta(seconds=wall)).strftime("%Y-%m-%dT%H:%M:%S")


def resolve(zone, wall, table):
    naive = EPOCH + timedelta(seconds=wall)
    off0 = int(naive.replace(tzinfo=zone, fold=0).utcoffset().total_seconds())
    off1 = int(naive.replace(tzinfo=zone, fold=1).utcoffset().total_seconds())
    u0, u1 = wall - off0, wall - off1
    valid0, valid1 = offset_at(zone, u0) == off0, offset_at(zone, u1) == off1
    if off0 == off1:
        assert valid0
        return {"kind": "unique", "instant": u0, "offset": off0}
    if valid0 and valid1:
        return {"kind": "overlap", "first": u0, "firstOffset": off0, "second": u1, "secondOffset": off1}
    assert not valid0 and not valid1
    # PEP 495: in a gap fold=0 uses the offset before the transition.
    [t] = [t for t, b, a in table if b == off0 and a == off1 and t + b <= wall < t + a]
    return {"kind": "gap", "transition": t, "before": off0, "after": off1}


def render(value):
    """JSON with one record per line, so a regenerated fixture diffs record by record."""
    def line(v):
        return json.dumps(v, sort_keys=True, separators=(",", ":"))
    zones = ",\n".join(f'  {json.dumps(k)}: {line(v)}' for k, v in sorted(value["zones"].items()))
    parts = [f'"source": {json.dumps(value["source"])}', f'"zones": {{\n{zones}\n}}']
    for key in ("instants", "locals"):
        parts.append(f'"{key}": [\n' + ",\n".join("  " + line(v) for v in value[key]) + "\n]")
    return "{\n" + ",\n".join(parts) + "\n}\n"


def main():
    rng = random.Random(20261121)
    out = {"source": "python zoneinfo", "zones": {}, "instants": [], "locals": []}
    for name in ZONES:
        zone = ZoneInfo(name)
        table = transitions(zone)
        out["zones"][name] = {"transitions": [{"instant": t, "before": b, "after": a} for t, b, a in table]}
        instants = [rng.randrange(START, END) for _ in range(60)]
        for t, _, _ in table:
            instants += [t - 1, t, t + 1]
        for t in instants:
            out["instants"].append({"zone": name, "instant": t, "offset": offset_at(zone, t)})
        walls = [rng.randrange(START, END) for _ in range(220)]
        for t, b, a in table:
            low, high = t + min(a, b), t + max(a, b)
            walls += [low - 1, low, high - 1, high, (low + high) // 2]
            walls += [rng.randrange(low, high) for _ in range(3)]
        for wall in walls:
            out["locals"].append({"zone": name, "local": wall_text(wall), **resolve(zone, wall, table)})
    path = Path(__file__).resolve().parents[2] / "Tests/AlmanacTimeTests/Fixtures/zones.json"
    path.write_text(render(out))
    kinds = {}
    for item in out["locals"]:
        kinds[item["kind"]] = kinds.get(item["kind"], 0) + 1
    print(f"{path}: {len(out['locals'])} local times {kinds}, {len(out['instants'])} instants")


if __name__ == "__main__":
    main()
