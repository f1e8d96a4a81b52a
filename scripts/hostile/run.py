#!/usr/bin/env python3
"""Runs the hostile corpus (Tests/Hostile/corpus.jsonl, written by scripts/hostile/corpus.py): each
case's command under a time limit (`timeout`) and a peak-memory limit (`/usr/bin/time`, and
`prlimit --as` as a backstop), then the consuming tools judge what it wrote:

- systemd units: systemd 252's own parser (`systemd --test --system`, run as an unprivileged user, dumps
  every unit it loaded: Description, each ExecStart argument vector) and `systemd-analyze verify`;
- crontab: a model of cronie's reading (`load_entry`, `load_env`, `do_command`'s `%` rule, from its
  source) and cronsim for each schedule;
- YAML (CronJobs, imported specs): PyYAML and ruamel.yaml, and for specs `almanac check` (libyaml);
- iCalendar: python icalendar; SVG and JUnit XML: xml.etree; Swift: `swiftc -typecheck` of every
  generated file at once, with a file declaring the names an injection would declare;
- every case: nothing a terminal acts on (controls, C1, separators, bidi) in its stdout or stderr,
  and no output file left when it fails.

Usage: run.py ALMANAC_BIN_DIR [--only SUBSTRING]. Exit 1 when a case fails, 2 when a required tool
is missing (--allow-missing: skip that tool's judgements with a message instead).
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import corpus  # noqa: E402
import judges  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]


def run_case(case, bins, work):
    """Runs one case in `work`; returns (problems, seconds, peak MiB)."""
    for name, text in case["files"].items():
        data = corpus.GENERATORS[text["generate"]](*text["args"]) if isinstance(text, dict) else text
        (work / name).parent.mkdir(parents=True, exist_ok=True)
        (work / name).write_bytes(data.encode("utf-8", "surrogatepass") if isinstance(data, str) else data)
    limits = case["limits"]
    stats = work / ".time"
    command = ["/usr/bin/time", "-f", "%e %M", "-o", str(stats), "timeout", "-s", "KILL", str(limits["seconds"] * 5),
               "prlimit", f"--as={4 << 30}", str(bins / case["tool"])] + case["run"]
    started = time.monotonic()
    proc = subprocess.run(command, cwd=work, capture_output=True)
    wall = time.monotonic() - started
    problems = []
    try:
        seconds, kib = stats.read_text().split()[-2:]
        seconds, mib = float(seconds), int(kib) / 1024
    except (OSError, ValueError):
        seconds, mib = wall, 0.0
    if seconds > limits["seconds"]:
        problems.append(f"took {seconds:.2f} s (limit {limits['seconds']} s)")
    if mib > limits["rss_mib"]:
        problems.append(f"peak memory {mib:.0f} MiB (limit {limits['rss_mib']} MiB)")
    out, err = proc.stdout.decode("utf-8", "replace"), proc.stderr.decode("utf-8", "replace")
    if proc.returncode not in (0, 1, 2, 64):
        problems.append(f"exit {proc.returncode} (a crash or a kill): {err[-400:]}")
    expected = case["exit"]
    if expected is not None and proc.returncode != expected:
        problems.append(f"exit {proc.returncode}, expected {expected}: {err[-600:]}")
    # Whatever the outcome, nothing reaches the terminal raw: stderr always, stdout unless it is the
    # format written (a judge reads it then).
    judge = case.get("judge") or {}
    streams = [("stderr", err)] + ([] if judge.get("stdout") else [("stdout", out)])
    for stream, text in streams:
        raw = judges.terminal_hazard(text)
        if raw:
            problems.append(f"{stream} holds {raw} raw")
    diagnostic = case.get("diagnostic")
    if diagnostic:
        at = diagnostic.get("at")
        pattern = re.escape(at) + r"(:\d+)?: error\[" + diagnostic["code"] if at else r"error\[" + diagnostic["code"]
        # `check` prints diagnostics on stdout, the other commands on stderr.
        if not re.search(pattern, out + err):
            problems.append(f"no {diagnostic['code']} at {at or 'any place'} in: {(out + err)[:600]}")
    if proc.returncode != 0:
        inputs = {name.split("/")[0] for name in case["files"]}
        leftovers = [p.name for p in work.iterdir() if p.name not in inputs and p.name != ".time"]
        if leftovers:
            problems.append(f"failed but left {leftovers}")
    elif judge:
        problems += judges.judge(judge, work, out, bins)
    return problems, seconds, mib


def main():
    args = sys.argv[1:]
    if not args:
        print(__doc__)
        sys.exit(64)
    bins = Path(args[0]).resolve()
    only = args[args.index("--only") + 1] if "--only" in args else ""
    judges.ALLOW_MISSING = "--allow-missing" in args
    missing = judges.missing_tools()
    if missing and not judges.ALLOW_MISSING:
        print("hostile: missing " + ", ".join(missing) + " (install them, or pass --allow-missing)", file=sys.stderr)
        sys.exit(2)
    for tool in missing:
        print(f"hostile: {tool} missing: its judgements are skipped")
    cases = [json.loads(line) for line in (ROOT / "Tests/Hostile/corpus.jsonl").read_text().splitlines()]
    cases = [c for c in cases if only in c["name"]]
    failed, slowest, biggest = [], (0.0, ""), (0.0, "")
    root = Path(tempfile.mkdtemp(prefix="almanac-hostile-"))
    # systemd's test mode refuses root; an unprivileged user must read the units.
    os.chmod(root, 0o755)
    try:
        for case in cases:
            work = root / case["name"]
            work.mkdir()
            os.chmod(work, 0o755)
            problems, seconds, mib = run_case(case, bins, work)
            slowest = max(slowest, (seconds, case["name"]))
            biggest = max(biggest, (mib, case["name"]))
            for p in problems:
                print(f"FAIL {case['name']}: " + p.replace("\n", " ⏎ "))
            if problems:
                failed.append(case["name"])
        # Judgements that run once over every case's output (one systemd load, one swiftc).
        for name, problem in judges.finish(root, bins):
            print(f"FAIL {name}: " + problem.replace("\n", " ⏎ "))
            if name not in failed:
                failed.append(name)
    finally:
        if failed and os.environ.get("HOSTILE_KEEP"):
            print(f"hostile: outputs kept in {root}")
        else:
            shutil.rmtree(root, ignore_errors=True)
    print(f"hostile: {len(cases)} cases, {len(failed)} failed; slowest {slowest[0]:.2f} s ({slowest[1]}), "
          f"peak memory {biggest[0]:.0f} MiB ({biggest[1]})")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
