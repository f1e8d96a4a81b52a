#!/usr/bin/env python3
"""Writes two fixtures from `systemd-analyze calendar` (systemd 252), the real parser and iterator of
OnCalendar= values, for SystemdOracleTests:

- Tests/AlmanacInterchangeTests/Fixtures/systemd-calendarspec.tsv: every expression of systemd's own
  src/test/test-calendarspec.c (its test_one/test_next inputs and the ones it asserts are refused), the
  expressions issue reports named, and probes of each rule the importer follows (ranges and repetitions
  per field, `*` in lists, `~` days, weekday ranges, shorthands, `@EPOCH`, zones): accepted or refused,
  the normalized form, and the first 12 elapses after 2026-01-01T00:00:00Z in UTC.
- Tests/AlmanacInterchangeTests/Fixtures/systemd-chatham.tsv: a grid of hours x minutes in
  Pacific/Chatham over its spring-forward days 2026-09-27 and 2027-09-26 (02:45 -> 03:45, a gap across
  an hour boundary), iterated over the UTC day that holds the gap: the elapses, and whether systemd
  stopped ("Failed to determine next elapse ... Resource deadlock avoided").

Run: python3 scripts/oracles/systemd_calendar.py   (needs systemd-analyze; deterministic)
"""
import os
import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "Tests/AlmanacInterchangeTests/Fixtures"
BASE = 1767225600  # 2026-01-01T00:00:00Z

# systemd's src/test/test-calendarspec.c: test_one and test_next inputs, then those it asserts fail.
SYSTEMD_TESTS = [
    "Sat,Thu,Mon-Wed,Sat-Sun", "Sat,Thu,Mon..Wed,Sat..Sun", "Mon,Sun 12-*-* 2,1:23", "Wed *-1", "Wed-Wed,Wed *-1",
    "Wed..Wed,Wed *-1", "Wed, 17:48", "Wednesday,", "Wed-Sat,Tue 12-10-15 1:2:3", "Wed..Sat,Tue 12-10-15 1:2:3",
    "*-*-7 0:0:0", "10-15", "monday *-12-* 17:00", "Mon,Fri *-*-3,1,2 *:30:45", "12,14,13,12:20,10,30",
    "mon,fri *-1/2-1,3 *:30:45", "03-05 08:05:40", "08:05:40", "05:40", "Sat,Sun 12-05 08:05:40", "Sat,Sun 08:05:40",
    "2003-03-05 05:40", "2003-03-05", "03-05", "hourly", "daily", "monthly", "weekly", "minutely", "quarterly",
    "semi-annually", "annually", "*:2/3", "2015-10-25 01:00:00 uTc", "2015-10-25 01:00:00 Asia/Vladivostok",
    "weekly Pacific/Auckland", "2016-03-27 03:17:00.4200005", "2016-03-27 03:17:00/0.42", "9..11,13:00,30",
    "1..3-1..3 1..3:1..3", "00:00:1.125..2.125", "00:00:1.0..3.8", "00:00:01..03", "00:00:01/2,02..03",
    "*-*~1 Utc", "*-*~05,3 ", "*-*~* 00:00:00", "Monday", "Monday *-*-*", "*-*-*", "*:*:*", "*:*", "12:*", "*:30",
    "93..00-*-*", "00..07-*-*", "*:20..39/5", "00:00:20..40/1", "*~03/1,03..05", "@1493187147", "@1493187147 UTC",
    "@0", "@0 UTC", "*:05..05", "*:05..10/6",
    "2016-03-27 03:17:00", "2016-03-27 03:17:00 UTC", "2016-03-27 03:17:00.420000001 UTC", "2015-11-13 09:11:23.42",
    "2015-11-13 09:11:23.42/1.77", "Sun 16:00:00", "*-04-31", "2016-02~01 UTC", "Mon 2017-05~01..07 UTC",
    "Mon 2017-05~07/1 UTC", "*-*-01/5 04:00:00 UTC", "*-01/7-01 04:00:00 UTC", "2017-08-06 9,11,13,15,17:00 UTC",
    "2017-08-06 9..17/2:00 UTC", "2016-12-* 3..21/6:00 UTC", "2017-09-24 03:30:00 Pacific/Auckland",
    "2017-09-24 02:30:00 Pacific/Auckland", "2017-04-02 02:30:00 Pacific/Auckland",
    "2017-09-09 20:42:00 Pacific/Auckland", "Sun *-*-* 01:00:00 Europe/Dublin",
    "test", " utc", "    ", "", "7", "121212:1:2", "2000-03-05.23 00:00:00", "2000-03-05 00:00.1:00",
    "00:00:00/0.00000001", "00:00:00.0..00.9", "2016~11-22", "*-*~5/5", "Monday.. 12:00", "Monday..", "-00:+00/-5",
    "00:+00/-5", "2016- 11- 24 12: 30: 00", "*~29", "*~16..31", "12..1/2-*", "20/4:00", "00:00/60", "00:00:2300",
    "00:00:18446744073709551615", "@88588582097858858",
]
# Named in the interchange issue, and probes of the rules the importer follows.
PROBES = [
    "*:4,30:*,5", "*:4,30:5,*", "Mon-Wed", "Mon..Wed", "bi-annually", "biannually", "semiannually", "@1700000000",
    "*-*-* 00:00:00 uTc", "20/3:00", "21/2:00", "00:00/59", "00:58/2", "00:59/1", "*-*~5/1", "*-*~5/4", "*-*~4/5",
    "*-*~6/5", "*-*~28", "*~28", "*-*~29", "*:*,5", "*:5,*", "*,5:00", "*-*-*,5", "Monday-Wednesday", "mon-wed,fri",
    "Mon..Wed-Fri", "MONDAY", "Daily", "DAILY", "*-*-1..7/2", "*-*-5/10", "*-*-25/10", "*-*-30/2", "*-12/2-01",
    "*-11/2-01", "*-*-31/1", "*-01/12-01", "*-2/11-01", "*:55/6", "*:55/5", "*:*:59/1", "*:*:58/2", "*:*:50/10",
    "Fri..Mon", "Fri-Mon", "*-*~01/1", "*-*~31", "*-02~03", "00/24:00", "23/1:00", "*:0/0", "*:5..3", "*:*/15",
    "*/2:00", "*-*-*/2", "*-*/2-01", "*-*-* europe/berlin", "*-*-* Europe/Berlin", "00:00:1.5", "*:*:1.0", "0..5:00",
    "0-5:00", "*-*-1-5", "2026-*-01", "2026..2027-01-01", "*-*-01 00:00 GMT", "*-*-01 00:00 Z", "Mon *-*-01..07",
    "*-*~07/1", "*-*~07..01", "*-*~03..01", "*-*~01..07", "*-*-* 24:00", "Sat,Sun 10:00", "*-*-01,15 10:00",
    "Mon..Fri *-*-* 09:00 America/New_York", "*-*-* 02:30 America/New_York", "*-*-* 01:30 America/New_York",
    "*-*-* *:15 America/New_York", "*-*-* 03:45 Pacific/Chatham", "*-*-* 02:15 Australia/Lord_Howe",
]


def calendar(expr, base, iterations, zone=None):
    env = dict(os.environ, TZ="UTC", LC_ALL="C")
    run = subprocess.run(["systemd-analyze", "calendar", f"--base-time=@{base}", f"--iterations={iterations}", expr],
                         capture_output=True, text=True, env=env)
    normalized = re.search(r"Normalized form: (.*)", run.stdout)
    elapses = re.findall(r"(?:Next elapse|Iter\. #\d+): \w+ (\d{4}-\d\d-\d\d \d\d:\d\d:\d\d) UTC", run.stdout)
    failed = "Failed to determine next elapse" in run.stderr or "Failed to determine next elapse" in run.stdout
    return run.returncode == 0 or normalized is not None, normalized.group(1) if normalized else "", elapses, failed


def utc(text):
    return text.replace(" ", "T") + "Z"


def write_calendarspec():
    version = subprocess.run(["systemd-analyze", "--version"], capture_output=True, text=True).stdout.split("\n")[0]
    lines = [f"# {version}: `systemd-analyze calendar --base-time=@{BASE} --iterations=12 EXPR` in TZ=UTC.",
             "# Written by scripts/oracles/systemd_calendar.py; do not edit. The expression is quoted as JSON.",
             "# expression\taccept|reject\tnormalized form\telapses (UTC)"]
    seen = set()
    for expr in SYSTEMD_TESTS + PROBES:
        if expr in seen:
            continue
        seen.add(expr)
        ok, normalized, elapses, _ = calendar(expr, BASE, 12)
        quoted = '"' + expr.replace("\\", "\\\\").replace('"', '\\"') + '"'
        lines.append(f"{quoted}\t{'accept' if ok else 'reject'}\t{normalized}\t{' '.join(utc(e) for e in elapses)}")
    (FIXTURES / "systemd-calendarspec.tsv").write_text("\n".join(lines) + "\n")
    print(f"wrote systemd-calendarspec.tsv: {len(seen)} expressions")


def values(text, size):
    """How many values an hours or minutes component names (`*`, lists, `a..b`, `a/r`)."""
    if text == "*":
        return range(size)
    out = set()
    for item in text.split(","):
        base, _, step = item.partition("/")
        a, _, b = base.partition("..")
        lo, hi = int(a), int(b) if b else (size - 1 if step else int(a))
        out.update(range(lo, hi + 1, int(step) if step else 1))
    return out


def write_chatham():
    # The UTC day holding each gap (14:00Z): 2026-09-26 and 2027-09-25, from 12:45 local the day before.
    windows = [(1790380800, 1790467200), (1821830400, 1821916800)]
    hours = ["*", "02", "03", "04", "02,03", "00..04", "01,02", "02,04", "03..05"]
    minutes = ["00", "15", "30", "44", "45", "46", "50", "59", "*", "00/15", "00/5", "40..50", "44..46", "46..50",
               "00,50", "30,50", "44,50", "00,44"]
    lines = ["# systemd 252, Pacific/Chatham spring-forward days: `systemd-analyze calendar --base-time=@FROM`",
             "# iterated while before TO, in TZ=UTC. Written by scripts/oracles/systemd_calendar.py; do not edit.",
             "# hours\tminutes\tfrom\tto\tstops|goes-on\telapses (UTC) before TO"]
    for start, end in windows:
        for h in hours:
            for m in minutes:
                expr = f"*-*-* {h}:{m}:00 Pacific/Chatham"
                # Enough iterations for one day of the rule (each iteration forks a process).
                count = len(values(h, 24)) * len(values(m, 60)) + 3
                _, _, elapses, failed = calendar(expr, start - 1, min(2000, count))
                shown = [utc(e) for e in elapses]
                from datetime import datetime, timezone
                kept = [e for e in shown if datetime.strptime(e, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=timezone.utc).timestamp() < end]
                stops = failed and len(kept) == len(shown)
                lines.append(f"{h}\t{m}\t{start}\t{end}\t{'stops' if stops else 'goes-on'}\t{' '.join(kept)}")
    (FIXTURES / "systemd-chatham.tsv").write_text("\n".join(lines) + "\n")
    print(f"wrote systemd-chatham.tsv: {len(lines) - 3} cases")


if __name__ == "__main__":
    import sys
    if "--chatham-only" not in sys.argv:
        write_calendarspec()
    write_chatham()
