#!/usr/bin/env python3
"""Writes Tests/AlmanacInterchangeTests/Fixtures/cronie-entry.tsv: how cronie's own crontab parser
(`load_entry` in src/entry.c) reads a corpus of job lines: accepted or refused, and for each field the
set of values it enables (minute 0-59, hour 0-23, day 1-31, month 1-12, weekday 0-7) and the star
flags that choose its day rule (D: day of month starts with `*`, W: day of week does).

The engine is cronie's entry.c itself, compiled outside this repository with a small driver that reads
job lines on standard input and prints `line<TAB>accept<TAB>bits…<TAB>flags<TAB>command` or
`line<TAB>reject` (Fixtures/cronie-entry.md says how). Nothing of cronie's is committed: only its answers.

Run: python3 scripts/oracles/cronie_entry.py --engine PATH/TO/DRIVER   (deterministic)
"""
import argparse
import random
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "Tests/AlmanacInterchangeTests/Fixtures/cronie-entry.tsv"

CLASSES = [
    "0 0 * * Sun-Sun", "0 0 * * sun-sun", "0 0 * * 6-0", "0 0 * * 1-0", "0 0 * * sat-sun", "0 0 * * Sat-Sun",
    "0 0 * * 0-0", "0 0 * * 7", "0 0 * * 0,7", "0 0 * * 5-7", "0 0 * * 6-7", "0 0 * * Mon/2", "0 0 * * 1/2",
    "0 0 * * Mon-Sat/2", "0 0 * * Mon-7/2", "0 0 * * 1-6/2", "0~30 0 * * *", "~ 0 * * *", "0 0~5 * * *",
    "0 0 ~ * *", "*/5 * * * *", "0 0 */2 * 1", "0 0 1-31/2 * 1", "0 0 *,5 * 1", "0 0 5,* * 1", "5-0 * * * *",
    "0 5-0 * * *", "0 0 5-0 * *", "0 0 * 5-0 *", "0 0 * * 6-0/1", "@daily", "@weekly", "@monthly", "@yearly",
    "@annually", "@midnight", "@hourly", "@reboot", "0 0 * * MON-FRI", "0 0 * JAN-MAR *", "0 0 * jan,jul *",
    "0 0 * * monday", "0 0 L * *", "0 0 * * 5#3", "0 0 ? * *", "60 * * * *", "0 24 * * *", "0 0 0 * *", "0 0 32 * *",
    "0 0 * 0 *", "0 0 * 13 *", "0 0 * * 8", "*/0 * * * *", "5-3 * * * *", "1,,2 * * * *", "*/2,5 * * * *",
    "1-5/2,10 * * * *", "05 * * * *", "0 0 * * 7-0", "0 0 * * sun-sat", "0 0 * * sat-fri",
]


def random_lines(n, seed):
    rng = random.Random(seed)

    def field(lo, hi, names=None):
        r = rng.random()
        if r < 0.2:
            return "*"
        if r < 0.35:
            return f"*/{rng.randint(2, 9)}"
        if r < 0.55:
            v = rng.randint(lo, hi)
            return names[v - lo] if names and rng.random() < 0.4 else str(v)
        if r < 0.8:
            a = rng.randint(lo, hi - 1)
            b = rng.randint(a, hi)
            step = f"/{rng.randint(2, 4)}" if rng.random() < 0.3 else ""
            return f"{a}-{b}{step}"
        return ",".join(str(v) for v in sorted(rng.sample(range(lo, hi + 1), 3)))
    months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
    days = ["sun", "mon", "tue", "wed", "thu", "fri", "sat", "sun"]
    return [f"{field(0, 59)} {field(0, 23)} {field(1, 31)} {field(1, 12, months)} {field(0, 7, days)}" for _ in range(n)]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--engine", required=True, help="the driver program built from cronie's src/entry.c")
    parser.add_argument("--version", default="cronie-1.7.2-15-g5f9f16b")
    args = parser.parse_args()
    lines = CLASSES + random_lines(300, 31)
    run = subprocess.run([args.engine], input="".join(f"{l} /bin/true\n" for l in lines), capture_output=True, text=True,
                         check=True)
    answers = run.stdout.splitlines()
    assert len(answers) == len(lines), (len(answers), len(lines))
    out = [f"# cronie {args.version} src/entry.c load_entry, per job line: written by scripts/oracles/cronie_entry.py;",
           "# do not edit. fields\taccept|reject\tminute 0-59\thour 0-23\tday 1-31\tmonth 1-12\tweekday 0-7\tstar flags"]
    for line, answer in zip(lines, answers):
        parts = answer.split("\t")
        if parts[1] == "reject":
            out.append(f"{line}\treject")
        else:
            out.append("\t".join([line, "accept"] + parts[2:8]))
    OUT.write_text("\n".join(out) + "\n")
    print(f"wrote {OUT.relative_to(ROOT)}: {len(lines)} lines")


if __name__ == "__main__":
    main()
