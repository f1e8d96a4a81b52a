#!/usr/bin/env python3
"""Writes Tests/AlmanacInterchangeTests/Fixtures/*.fires: what each source engine fires for the import
fixtures, per source line, over a few windows chosen around clock changes. ImportOracleTests imports the
same fixture, compiles it over the same windows and compares instant by instant.

Engines, one per format, none of them Almanac:
- crontab: cronsim (which follows Debian/Vixie cron, DST handling included: a fixed-time job whose
  time is skipped runs right after the jump, a wildcard job only at the minutes the clock shows) for
  lines in the daemon's zone (the test's --timezone). For lines under CRON_TZ= no engine here models
  cronie, so cronie's find_jobs is modelled: every real minute, croniter.match in the job's zone.
- systemd: `systemd-analyze calendar --base-time=@T --iterations=N` (the real parser and iterator), in
  UTC, each OnCalendar= line with the test's zone appended when it names none.
- ics: recurring-ical-events (over icalendar and dateutil) between the window's ends.
Kubernetes has no engine here (robfig/cron is Go); its importer is covered by its golden only.

Run: pip install cronsim croniter icalendar recurring-ical-events; python3 scripts/oracles/import_engines.py
Deterministic: regenerating does not dirty the tree (with the same engine versions and tzdata).
"""
import os
import random
import re
import subprocess
from datetime import datetime, timedelta, timezone
from pathlib import Path
from zoneinfo import ZoneInfo

import croniter
import icalendar
import recurring_ical_events
from cronsim import CronSim

ROOT = Path(__file__).resolve().parent.parent.parent
FIXTURES = ROOT / "Tests/AlmanacInterchangeTests/Fixtures"
UTC = timezone.utc
# Around Europe's and New York's clock changes of 2026-27, and a week with a month's end.
WINDOWS = [("2026-10-24T12:00:00Z", "2026-10-26T00:00:00Z"), ("2026-10-31T12:00:00Z", "2026-11-02T12:00:00Z"),
           ("2026-11-27T00:00:00Z", "2026-12-05T00:00:00Z"), ("2027-03-13T12:00:00Z", "2027-03-15T00:00:00Z"),
           ("2027-03-27T12:00:00Z", "2027-03-29T00:00:00Z")]
ICS_WINDOWS = [("2026-10-20T00:00:00Z", "2027-07-01T00:00:00Z")]
MACROS = {"@yearly": "0 0 1 1 *", "@annually": "0 0 1 1 *", "@monthly": "0 0 1 * *", "@weekly": "0 0 * * 0",
          "@daily": "0 0 * * *", "@midnight": "0 0 * * *", "@hourly": "0 * * * *"}


def parse(s):
    return datetime.strptime(s, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=UTC)


def fmt(d):
    return d.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def crontab_lines(path, system):
    """(line number, expression, CRON_TZ or None) per job line, as the importer reads them."""
    jobs, cron_tz = [], None
    for n, text in enumerate(path.read_text().splitlines(), 1):
        s = text.strip()
        if not s or s.startswith("#"):
            continue
        m = re.match(r"^([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$", s)
        if m:
            if m.group(1) == "CRON_TZ":  # cronie reads only CRON_TZ for the schedule; TZ= is the command's
                cron_tz = m.group(2).strip().strip("\"'")
            continue
        words = s.lstrip("-").split()  # cronie's `-` (no syslog) changes no time
        expr = MACROS[words[0]] if words[0].startswith("@") else " ".join(words[:5])
        jobs.append((n, expr, cron_tz))
    return jobs


def cron_fires(expr, zone, cron_tz, start, end):
    if cron_tz is None:
        tz = ZoneInfo(zone)
        out = []
        for t in CronSim(expr, (start - timedelta(seconds=1)).astimezone(tz)):
            if t >= end:
                break
            if t >= start:
                out.append(t)
        return out
    tz, out, t = ZoneInfo(cron_tz), [], start
    while t < end:
        if croniter.croniter.match(expr, t.astimezone(tz).replace(tzinfo=None)):
            out.append(t)
        t += timedelta(minutes=1)
    return out


def systemd_lines(path):
    out, section = [], ""
    for n, text in enumerate(path.read_text().splitlines(), 1):
        s = text.strip()
        if s.startswith("["):
            section = s
        elif section == "[Timer]" and s.startswith("OnCalendar="):
            out.append((n, s[len("OnCalendar="):].strip()))
    return out


def systemd_fires(expr, zone, start, end):
    last = expr.split()[-1]
    if not (len(expr.split()) > 1 and last[0].isalpha()):
        expr = f"{expr} {zone}"
    run = subprocess.run(["systemd-analyze", "calendar", f"--base-time=@{int(start.timestamp()) - 1}",
                          "--iterations=2000", expr], capture_output=True, text=True, check=True,
                         env=dict(os.environ, TZ="UTC", LC_ALL="C"))
    out = []
    for line in run.stdout.splitlines():
        m = re.search(r"(?:Next elapse|Iter\. #\d+): \w+ (\d{4}-\d\d-\d\d \d\d:\d\d:\d\d) UTC", line)
        if m:
            t = datetime.strptime(m.group(1), "%Y-%m-%d %H:%M:%S").replace(tzinfo=UTC)
            if start <= t < end:
                out.append(t)
    return out


def ics_events(path, calendar):
    """(BEGIN:VEVENT line, (UID, RECURRENCE-ID as UTC or None)) per event that is a trigger: a cancelled
    override (STATUS:CANCELLED with RECURRENCE-ID) only removes an occurrence of its series."""
    begins = [n for n, text in enumerate(path.read_text().splitlines(), 1) if text.strip() == "BEGIN:VEVENT"]
    out = []
    for n, event in zip(begins, calendar.walk("VEVENT")):
        rid = event.get("RECURRENCE-ID")
        if rid is not None and str(event.get("STATUS", "")).upper() == "CANCELLED":
            continue
        out.append((n, (str(event["UID"]), fmt(rid.dt) if rid is not None else None)))
    return out


def random_crontab():
    """A crontab of random lines (fixed-time and wildcard, lists, ranges, steps, names, both day rules),
    fixed seed, so that the DST policy per kind of line is compared on more than the hand-written cases."""
    rng = random.Random(17)

    def field(lo, hi, names=None, star_ok=True):
        r = rng.random()
        if star_ok and r < 0.25:
            return "*" if rng.random() < 0.5 else f"*/{rng.choice([2, 3, 5, 10, 15, 20, 30])}"
        if r < 0.55:
            v = rng.randint(lo, hi)
            return names[v - lo] if names and rng.random() < 0.3 else str(v)
        if r < 0.8:
            a = rng.randint(lo, hi - 1)
            b = rng.randint(a + 1, hi)
            return f"{a}-{b}" + (f"/{rng.randint(2, 4)}" if rng.random() < 0.3 and b - a > 4 else "")
        return ",".join(str(v) for v in sorted(rng.sample(range(lo, hi + 1), 3)))
    lines = ["# Random lines for ImportOracleTests; written by scripts/oracles/import_engines.py."]
    for n in range(30):
        minute = field(0, 59)
        hour = rng.choice(["1", "2", "1-3", "0,2", "*", "*/2", "2-4"]) if rng.random() < 0.6 else field(0, 23)
        dom = field(1, 31, star_ok=True) if rng.random() < 0.3 else "*"
        month = field(1, 12, ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]) \
            if rng.random() < 0.2 else "*"
        dow = field(0, 6, ["sun", "mon", "tue", "wed", "thu", "fri", "sat"]) if rng.random() < 0.4 else "*"
        lines.append(f"{minute} {hour} {dom} {month} {dow} /usr/local/bin/job-{n}")
    (FIXTURES / "random-crontab").write_text("\n".join(lines) + "\n")


def write(name, header, keys, windows, fires_of):
    lines = [f"# {h}" for h in header]
    lines.append("lines " + " ".join(str(k) for k, _ in keys))
    for a, b in windows:
        start, end = parse(a), parse(b)
        lines.append(f"window {a} {b}")
        for key, arg in keys:
            for t in fires_of(arg, start, end):
                lines.append(f"line {key} {fmt(t)}")
    (FIXTURES / name).write_text("\n".join(lines) + "\n")
    print(f"wrote {name}: {len(lines)} lines")


def main():
    versions = f"cronsim {__import__('importlib.metadata').metadata.version('cronsim')}, " \
               f"croniter {__import__('importlib.metadata').metadata.version('croniter')}"
    random_crontab()
    # The random lines only around New York's two clock changes, which is where their zone changes.
    for fixture, zone, system, windows in [("crontab", "America/New_York", False, WINDOWS),
                                           ("system-crontab", "Europe/London", True, WINDOWS),
                                           ("random-crontab", "America/New_York", False, [WINDOWS[1], WINDOWS[3]])]:
        jobs = crontab_lines(FIXTURES / fixture, system)
        write(f"{fixture}.fires",
              [f"Fires of {fixture} per job line ({versions}); the daemon's zone is {zone}.",
               "Generated by scripts/oracles/import_engines.py; do not edit."],
              [(n, (e, tz)) for n, e, tz in jobs], windows,
              lambda arg, s, e, zone=zone: cron_fires(arg[0], zone, arg[1], s, e))
    systemd = subprocess.run(["systemd-analyze", "--version"], capture_output=True, text=True).stdout.split("\n")[0]
    write("backup.timer.fires",
          [f"Elapses of backup.timer per OnCalendar= line ({systemd}); zone America/New_York unless the line names one.",
           "Generated by scripts/oracles/import_engines.py; do not edit."],
          systemd_lines(FIXTURES / "backup.timer"), WINDOWS,
          lambda expr, s, e: systemd_fires(expr, "America/New_York", s, e))
    calendar = icalendar.Calendar.from_ical((FIXTURES / "meetings.ics").read_text())
    version = __import__('importlib.metadata').metadata.version('recurring-ical-events')

    events = ics_events(FIXTURES / "meetings.ics", calendar)
    overrides = {key for _, key in events if key[1] is not None}

    def ics_fires(key, s, e):
        # An occurrence is the override's when an override has its RECURRENCE-ID, else its series'.
        out = []
        for ev in recurring_ical_events.of(calendar).between(s, e):
            if str(ev.get("STATUS", "")).upper() == "CANCELLED":
                continue
            rid = ev.get("RECURRENCE-ID")
            mine = (str(ev["UID"]), fmt(rid.dt)) if rid is not None else (str(ev["UID"]), None)
            if mine not in overrides:
                mine = (mine[0], None)
            if mine == key:
                out.append(ev["DTSTART"].dt)
        return sorted(out)
    write("meetings.ics.fires",
          [f"Occurrences of meetings.ics per VEVENT (recurring-ical-events {version}), keyed by its BEGIN line;",
           "cancelled occurrences left out. Generated by scripts/oracles/import_engines.py; do not edit."],
          events, ICS_WINDOWS, ics_fires)


if __name__ == "__main__":
    main()
