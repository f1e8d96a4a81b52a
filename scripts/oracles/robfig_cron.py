#!/usr/bin/env python3
"""Writes Tests/AlmanacInterchangeTests/Fixtures/robfig-cron.tsv: what robfig/cron v3 (the parser and
`SpecSchedule.Next` the Kubernetes CronJob controller runs) says of a corpus of schedules: whether
`cron.ParseStandard("TZ=<zone> <schedule>")` accepts each one, and the fires `t = sched.Next(t)` gives
from a window's start to its end, as the controller iterates them (LastScheduleTime → Next).

The engine is robfig/cron itself, built from source outside this repository: this script only runs a
driver program that reads `id<TAB>zone<TAB>schedule<TAB>from<TAB>to` lines on standard input and
prints `id<TAB>accept<TAB>fire fire …` or `id<TAB>reject<TAB>error` (Tests/AlmanacInterchangeTests/
Fixtures/robfig-cron.md says how that driver was made). Nothing of robfig's is committed: only its
answers.

Run: python3 scripts/oracles/robfig_cron.py --engine PATH/TO/DRIVER
Deterministic: the corpus is fixed (seeded), so the file changes only when robfig's answers do.
"""
import argparse
import random
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "Tests/AlmanacInterchangeTests/Fixtures/robfig-cron.tsv"

# Parsing: robfig's own tests (parser_test.go, spec_test.go: their five-field forms), Kubernetes'
# CronJob tests (`* * * * ?`), and the places where robfig and Vixie cron part.
PARSE = [
    "* * * * ?", "0/15 * * * *", "5/15 * * * *", "0/15 * * Jul *", "30 08 ? Jul Sun", "30 08 15 Jul ?", "@hourly",
    "@daily", "@weekly", "@monthly", "@yearly", "@annually", "@midnight", "@reboot", "@unrecognized", "@every 1h30m",
    "* * 1,15 * Sun", "* * */10 * Sun", "* * * * Mon", "* * */2 * Sun", "0 0 9 Apr-Oct ?", "0 0 */5 Apr,Aug,Oct Mon",
    "0 0 * Feb Mon/2", "0 0 29 Feb ?", "30 2 11 Mar ?", "0 * * * ?", "5 j * * *", "* * * *", "* 5 * * * *",
    "*/0 * * * *", "*/-12 * * * *", "*//2 * * * *", "5--5 * * * *", "5-3 * * * *", "2-x * * * *", "jan-x * * * *",
    "1,5-7/2,3 * * * *", "5-7/1 * * * *", "0 0 * * 7", "0 0 * * 0,7", "0 0 * * sat-sun", "0 0 * * 6-0", "0 0 * * 1-0",
    "0 0 * * Sun-Sun", "0 0 * * Mon-7/2", "0 0 * * Mon-Sat/2", "0 0 * * MON", "0 0 * * monday", "0 0 * JAN *",
    "0 0 L * *", "0 0 * * 5#3", "0 0 * * 5L", "0 0 15W * *", "0 0~30 * * *", "0 0 */2 * 1", "0 0 ?/2 * 1",
    "0 0 */1 * 1", "0 0 1-31/2 * 1", "0 0 *,5 * 1", "0 0 5,* * 1", "0 0 * * */2", "0 0 1 * */2", "0 12 1 * 1",
    "+5 * * * *", "05 * * * *", "1,,2 * * * *", ", * * * *", "0 24 * * *", "60 * * * *", "0 0 0 * *", "0 0 32 * *",
    "0 0 * 13 *", "0 0 * 0 *", "* * * * * *", "TZ=UTC 0 0 * * *", "CRON_TZ=UTC 0 0 * * *",
]

# Fires around the 2026 clock changes, each window two days either side of the change day.
ZONES = {
    "America/New_York": ["2026-03-08", "2026-11-01"], "Europe/Berlin": ["2026-03-29", "2026-10-25"],
    "Australia/Lord_Howe": ["2026-04-05", "2026-10-04"], "Pacific/Chatham": ["2026-04-05", "2026-09-27"],
}
DST_SCHEDULES = [
    "0 3 * * *", "30 2 * * *", "0 2 * * *", "30 1 * * *", "45 2 * * *", "15 3 * * *", "0 0 * * *", "@daily", "@hourly",
    "*/15 * * * *", "0 * * * *", "30 * * * *", "0 1-4 * * *", "*/30 1-3 * * *", "5 4 * * *", "0 9 * * *", "30 9 * * *",
    "* 2 * * *", "* 3 * * *", "0,30 * * * *", "45 * * * *", "59 1 * * *", "0 23 * * *", "30 0 * * *",
]


def shift(day, n):
    import datetime
    d = datetime.date.fromisoformat(day) + datetime.timedelta(days=n)
    return d.isoformat()


def random_schedules(n, seed):
    """Day rules robfig reads its own way: steps after `*` or `?`, `N/step`, ranges, names."""
    rng = random.Random(seed)

    def day_field(lo, hi, names=None):
        r = rng.random()
        if r < 0.2:
            return rng.choice(["*", "?"])
        if r < 0.4:
            return f"{rng.choice(['*', '?'])}/{rng.randint(2, 7)}"
        if r < 0.55:
            v = rng.randint(lo, hi)
            return f"{names[v - lo] if names and rng.random() < 0.5 else v}/{rng.randint(2, 3)}"
        if r < 0.75:
            a = rng.randint(lo, hi - 1)
            return f"{a}-{rng.randint(a, hi)}"
        return ",".join(str(v) for v in sorted(rng.sample(range(lo, hi + 1), 2)))
    out = []
    for _ in range(n):
        minute = rng.choice(["0", "30", "15", "*/20"])
        hour = rng.choice(["0", "6", "12", "*/8"])
        dom = day_field(1, 31)
        month = rng.choice(["*", "*", "1", "1-6", "?"])
        dow = day_field(0, 6, ["sun", "mon", "tue", "wed", "thu", "fri", "sat"])
        out.append(f"{minute} {hour} {dom} {month} {dow}")
    return out


def cases():
    out = []
    for n, s in enumerate(PARSE):
        out.append((f"parse-{n}", "UTC", s, "2026-01-01T00:00:00Z", "2026-01-03T00:00:00Z"))
    for n, s in enumerate(random_schedules(120, 23)):
        out.append((f"days-{n}", "UTC", s, "2026-01-01T00:00:00Z", "2026-03-01T00:00:00Z"))
    for zone, days in ZONES.items():
        for day in days:
            for n, s in enumerate(DST_SCHEDULES):
                out.append((f"dst-{zone.split('/')[-1]}-{day}-{n}", zone, s, f"{shift(day, -2)}T00:00:00Z",
                            f"{shift(day, 2)}T00:00:00Z"))
    return out


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--engine", required=True, help="the driver program built from robfig/cron v3.0.1")
    parser.add_argument("--version", default="v3.0.1")
    args = parser.parse_args()
    all_cases = cases()
    lines = "".join(f"{i}\t{z}\t{s}\t{a}\t{b}\n" for i, z, s, a, b in all_cases)
    run = subprocess.run([args.engine], input=lines, capture_output=True, text=True, check=True)
    answers = {}
    for line in run.stdout.splitlines():
        ident, verdict, rest = line.split("\t", 2)
        answers[ident] = (verdict, rest)
    out = ["# robfig/cron " + args.version + " (ParseStandard with the TZ= prefix the CronJob controller adds, then Next",
           "# iterated from the window's start): written by scripts/oracles/robfig_cron.py; do not edit.",
           "# id\tzone\tschedule\tfrom\tto\taccept|reject\tfires (UTC) | robfig's error"]
    for i, z, s, a, b in all_cases:
        verdict, rest = answers[i]
        out.append(f"{i}\t{z}\t{s}\t{a}\t{b}\t{verdict}\t{rest}")
    OUT.write_text("\n".join(out) + "\n")
    print(f"wrote {OUT.relative_to(ROOT)}: {len(all_cases)} cases")


if __name__ == "__main__":
    main()
