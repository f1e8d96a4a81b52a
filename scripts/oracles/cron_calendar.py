#!/usr/bin/env python3
"""Writes Tests/AlmanacCompilerTests/Fixtures/cron_calendar.json: random cron and calendar triggers
over random windows (half of them across a DST transition) with the fires docs/spec.md says they have.

Oracles, independent of the Swift code:
- cron nominal times: cronsim (Debian/Vixie day rule) iterated in UTC, where no DST interferes;
  a brute-force minute scan of the local wall clock must agree with it (asserted here).
- calendar nominal times: a brute-force day scan with python's calendar arithmetic.
- DST: python zoneinfo (fold=0/1) resolves each nominal local time under the case's policy:
  gap shift = read with the offset before the gap, next = the transition instant, skip = none;
  overlap first/last/both (the later of both gets `~2`); then one fire per instant (the unshifted,
  else the earliest nominal), then the window [from, to).
croniter and cronsim are not used for DST behaviour: see docs/oracles.md for how they differ.
Deterministic (fixed seed): regenerating does not dirty the tree.
"""
import calendar as cal
import json
import random
from datetime import datetime, timedelta, timezone
from pathlib import Path
from zoneinfo import ZoneInfo

from cronsim import CronSim

ZONES = ["America/New_York", "Europe/London", "Australia/Sydney", "Australia/Lord_Howe", "Pacific/Chatham",
         "Asia/Kolkata", "Europe/Dublin", "America/Sao_Paulo", "UTC"]
EPOCH = datetime(1970, 1, 1)
DAY = 86_400
WEEKDAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]


def offset_at(zone, t):
    return int(datetime.fromtimestamp(t, zone).utcoffset().total_seconds())


def text(wall):
    return (EPOCH + timedelta(seconds=wall)).strftime("%Y-%m-%dT%H:%M:%S")


def rfc(t, offset=None):
    if offset is None:
        return text(t) + "Z"
    sign = "-" if offset < 0 else "+"
    return text(t + offset) + f"{sign}{abs(offset) // 3600:02d}:{abs(offset) // 60 % 60:02d}"


def resolve(zone, wall, gap, overlap):
    """[(instant, shifted, second_pass)] for a nominal wall time under a DST policy."""
    naive = EPOCH + timedelta(seconds=wall)
    off0 = int(naive.replace(tzinfo=zone, fold=0).utcoffset().total_seconds())
    off1 = int(naive.replace(tzinfo=zone, fold=1).utcoffset().total_seconds())
    u0, u1 = wall - off0, wall - off1
    if off0 == off1:
        return [(u0, False, False)]
    if offset_at(zone, u0) == off0 and offset_at(zone, u1) == off1:
        return {"first": [(u0, False, False)], "last": [(u1, False, False)],
                "both": [(u0, False, False), (u1, False, True)]}[overlap]
    if gap == "skip":
        return []
    if gap == "shift":
        return [(u0, True, False)]
    lo, hi = u1, u0  # offset_at(lo) == off0 (before), offset_at(hi) == off1 (after)
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if offset_at(zone, mid) == off0:
            lo = mid
        else:
            hi = mid
    return [(hi, True, False)]


def fires(zone_name, nominals, start, end, gap, overlap):
    zone = ZoneInfo(zone_name)
    by_instant = {}
    for wall in nominals:
        for at, shifted, second in resolve(zone, wall, gap, overlap):
            kept = by_instant.get(at)
            # One fire per instant: the unshifted one, else the earliest nominal time.
            if kept is None or (kept[1] and not shifted):
                by_instant[at] = (wall, shifted, second)
    out = []
    for at, (wall, shifted, second) in by_instant.items():
        if start <= at < end:
            line = f"{rfc(at)} {rfc(at, offset_at(zone, at))} t@{text(wall)}{'~2' if second else ''}"
            out.append((at, line + (f" nominal={text(wall)}" if shifted else "")))
    return [line for _, line in sorted(out)]


def trimmed(case, limit=60):
    """Keeps the fixture small: the window ends just after the case's 60th fire."""
    if len(case["fires"]) > limit:
        last = case["fires"][limit - 1].split(" ")[0]
        end = int(datetime.fromisoformat(last.replace("Z", "+00:00")).timestamp()) + 1
        case["to"] = rfc(end)
        case["fires"] = case["fires"][:limit]
    return case


def random_window(rng, zone_name):
    zone = ZoneInfo(zone_name)
    start = rng.randrange(int(datetime(2020, 1, 1, tzinfo=timezone.utc).timestamp()),
                          int(datetime(2030, 6, 1, tzinfo=timezone.utc).timestamp()))
    if rng.random() < 0.7 and zone_name not in ("UTC", "Asia/Kolkata", "America/Sao_Paulo"):
        # Move the window onto the next transition, so DST is in play.
        t, o = start, offset_at(zone, start)
        while offset_at(zone, t) == o:
            t += 3 * 3600
        start = t - rng.randrange(3600, DAY)
    start -= start % 60 if rng.random() < 0.8 else 0
    return start, start + rng.randrange(DAY, 5 * DAY)


def near_transition_hours(rng):
    """Hours where transitions happen in the fixture's zones (00:00-03:59 local), often."""
    a = rng.randrange(0, 3)
    return f"{a}-{rng.randrange(a + 1, 4)}" if rng.random() < 0.5 else ",".join(str(h) for h in sorted(rng.sample(range(0, 4), 2)))


def random_field(rng, low, high, star_bias=0.35):
    r = rng.random()
    if r < star_bias:
        return "*"
    if r < star_bias + 0.15:
        return f"*/{rng.randrange(2, max(3, (high - low) // 2))}"
    if r < star_bias + 0.3:
        a = rng.randrange(low, high)
        b = rng.randrange(a, high + 1)
        # cronsim reads a degenerate stepped range `19-19/4` as `19/4` (19, 23, 27); Vixie as 19.
        return f"{a}-{b}" + (f"/{rng.randrange(2, 5)}" if rng.random() < 0.3 and b > a else "")
    return ",".join(str(v) for v in sorted(rng.sample(range(low, high + 1), rng.randrange(1, 4))))


def cron_case(rng):
    hours = near_transition_hours(rng) if rng.random() < 0.5 else random_field(rng, 0, 23, 0.3)
    fields = [random_field(rng, 0, 59, 0.03), hours, random_field(rng, 1, 31, 0.6),
              random_field(rng, 1, 12, 0.8), random_field(rng, 0, 7, 0.6)]
    expr = " ".join(fields)
    zone = rng.choice(ZONES)
    start, end = random_window(rng, zone)
    gap, overlap = rng.choice(["shift", "next", "skip"]), rng.choice(["first", "last", "both"])
    low, high = start - 2 * DAY, end + 2 * DAY
    # cronsim in UTC gives the nominal wall times (UTC has no DST to interfere).
    nominals = []
    it = CronSim(expr, EPOCH.replace(tzinfo=timezone.utc) + timedelta(seconds=low - 1))
    for moment in it:
        wall = int(moment.timestamp())
        if wall > high:
            break
        nominals.append(wall)
    assert nominals == brute_force_cron(fields, low, high), expr
    return {"kind": "cron", "cron": expr, "zone": zone, "from": rfc(start), "to": rfc(end), "gap": gap,
            "overlap": overlap, "fires": fires(zone, nominals, start, end, gap, overlap)}


def cron_values(field, low, high):
    values = set()
    for part in field.split(","):
        base, _, step = part.partition("/")
        a, b = (low, high) if base == "*" else (int(base.split("-")[0]), int(base.split("-")[-1]))
        if step and base != "*" and "-" not in base:
            b = high
        values.update(range(a, b + 1, int(step) if step else 1))
    return values


def brute_force_cron(fields, low, high):
    minutes, hours, doms, months, dows = (cron_values(f, lo, hi) for f, (lo, hi) in
                                          zip(fields, [(0, 59), (0, 23), (1, 31), (1, 12), (0, 7)]))
    dows = {d % 7 for d in dows}
    star = fields[2].startswith("*") or fields[4].startswith("*")
    out = []
    wall = low - low % 60 + (60 if low % 60 else 0)
    while wall <= high:
        d = EPOCH + timedelta(seconds=wall)
        dom, dow = d.day in doms, (d.isoweekday() % 7) in dows
        if d.minute in minutes and d.hour in hours and d.month in months and ((dom and dow) if star else (dom or dow)):
            out.append(wall)
        wall += 60
    return out


def calendar_case(rng):
    zone = rng.choice(ZONES)
    start, end = random_window(rng, zone)
    months = sorted(rng.sample(range(1, 13), rng.randrange(3, 13))) if rng.random() < 0.3 else None
    days = None
    if rng.random() < 0.5:
        days = sorted(rng.sample([d for d in range(-31, 32) if d != 0], rng.randrange(1, 8)))
    weekdays = None
    if rng.random() < 0.5:
        weekdays = []
        for w in rng.sample(range(7), rng.randrange(1, 4)):
            weekdays.append([WEEKDAYS[w], rng.choice([None, None, 1, 2, 3, 4, 5, -1, -2, -5])])
    invalid = rng.choice(["omit", "backward", "forward"]) if days and not weekdays else "omit"
    times = sorted({rng.choice([rng.randrange(0, 24), rng.randrange(0, 4)]) * 3600 + rng.choice([0, 15, 30, 45, 59]) * 60 + rng.choice([0, 0, 0, 30])
                    for _ in range(rng.randrange(1, 5))})
    gap, overlap = rng.choice(["shift", "next", "skip"]), rng.choice(["first", "last", "both"])
    dates = set()
    first_day, last_day = (start - 3 * DAY) // DAY, (end + 3 * DAY) // DAY
    for n in range(first_day - 40, last_day + 1):
        d = (EPOCH + timedelta(days=n)).date()
        length = cal.monthrange(d.year, d.month)[1]
        if months and d.month not in months:
            continue
        day_ok = days is None or any(x == d.day or (x < 0 and length + 1 + x == d.day) for x in days)
        if days and invalid != "omit" and any(x > length for x in days):
            if invalid == "backward" and d.day == length:
                day_ok = True
        if days and invalid == "forward" and d.day == length and any(x > length for x in days):
            dates.add(n + 1)  # the next month's first
        wd_ok = weekdays is None or any(
            WEEKDAYS[d.weekday()] == w and (o is None or (o > 0 and (d.day - 1) // 7 + 1 == o)
                                            or (o < 0 and (length - d.day) // 7 + 1 == -o)) for w, o in weekdays)
        if day_ok and wd_ok:
            dates.add(n)
    nominals = sorted(n * DAY + t for n in dates if first_day <= n <= last_day for t in times)
    return {"kind": "calendar", "zone": zone, "from": rfc(start), "to": rfc(end), "gap": gap, "overlap": overlap,
            "months": months, "days": days, "weekdays": weekdays, "invalid": invalid,
            "times": [text(t)[11:] for t in times], "fires": fires(zone, nominals, start, end, gap, overlap)}


def main():
    rng = random.Random(20261121)
    cases = [trimmed(cron_case(rng)) for _ in range(1100)] + [trimmed(calendar_case(rng)) for _ in range(1100)]
    path = Path(__file__).resolve().parents[2] / "Tests/AlmanacCompilerTests/Fixtures/cron_calendar.json"
    body = ",\n".join(json.dumps(c, sort_keys=True, separators=(",", ":")) for c in cases)
    path.write_text("[\n" + body + "\n]\n")
    total = sum(len(c["fires"]) for c in cases)
    shifted = sum(1 for c in cases for f in c["fires"] if "nominal=" in f)
    seconds = sum(1 for c in cases for f in c["fires"] if "~2" in f)
    print(f"{path}: {len(cases)} cases, {total} fires ({shifted} shifted, {seconds} second passes)")


if __name__ == "__main__":
    main()
