#!/usr/bin/env python3
"""Checks the `almanac export` goldens (Tests/AlmanacInterchangeTests/Golden/) with the formats' own
tools, and writes the verdict to Tests/AlmanacInterchangeTests/Fixtures/interchange-oracles.txt
(`--check`: compare with it instead, exit 1 on a difference).

- ics: icalendar parses each calendar; recurring-ical-events expands it over the window the golden
  was exported for (ExportGoldenTests.icsWindows), and the events must be the plan's fires (UID = fire
  id, DTSTART = its instant) and armed windows; every content line ends in CRLF and has <= 75 octets.
- k8s: kubernetes-validate (--strict, Kubernetes 1.30) accepts every CronJob; no schedule has CRON_TZ.
- systemd: `systemd-analyze calendar --base-time` on the OnCalendar= lines of every timer exported
  exactly (no loss reported for its trigger) gives the plan's fires over 400 days (up to 2,000); a
  timer whose only losses are daylight-saving ones must give other fires (the loss is real);
  `systemd-analyze verify` accepts the units (ExecStart rewritten to /bin/true, which exists
  everywhere).
- crontab: cronsim iterates each exactly exported line in its CRON_TZ zone and gives the plan's
  fires (cronsim is not cronie: docs/oracles.md says where their DST handling differs).

The plans come from the almanac binary (.build/debug/almanac, built first by scripts/ci). Tools that
are absent are reported as skipped. Needs: pip install icalendar recurring-ical-events
kubernetes-validate cronsim; systemd-analyze.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from datetime import datetime, timedelta, timezone
from pathlib import Path
from zoneinfo import ZoneInfo

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "Tests/AlmanacInterchangeTests/Golden"
VERDICT = ROOT / "Tests/AlmanacInterchangeTests/Fixtures/interchange-oracles.txt"
ALMANAC = ROOT / ".build/debug/almanac"
NEXT = 2000  # next fires compared per trigger (at most)

# The windows of the ics goldens: ExportGoldenTests.icsWindows (start, days).
ICS_WINDOWS = {
    "arrive-leave": ("2026-12-18T00:00:00Z", 2), "backups-cron": ("2026-11-23T00:00:00Z", 1),
    "chatham-45min": ("2027-04-03T12:00:00Z", 1), "dst-sensitive": ("2027-03-14T04:00:00Z", 1),
    "medication": ("2026-11-23T00:00:00Z", 1), "meetings-rrule": ("2026-11-30T00:00:00Z", 2),
    "payroll-oncall": ("2026-11-27T00:00:00Z", 2), "school-term": ("2027-02-02T00:00:00Z", 1),
    "team-reminders": ("2026-11-23T00:00:00Z", 1),
    # Tests/AlmanacInterchangeTests/Fixtures (systemd goldens only): from the start of 2027.
    "dst-systemd": ("2027-01-01T00:00:00Z", 1),
}
# The rule formats are compared with the plan from the start of the ics window, over 400 days.
RULE_DAYS = 400


def parse_utc(text):
    return datetime.strptime(text, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=timezone.utc)


def spec_path(name):
    path = f"examples/{name}.yaml"
    return path if (ROOT / path).exists() else f"Tests/AlmanacInterchangeTests/Fixtures/{name}.yaml"


def plan(example, start, days):
    end = start + timedelta(days=days)
    out = subprocess.run(
        [str(ALMANAC), "compile", spec_path(example), "--from", start.strftime("%Y-%m-%dT%H:%M:%SZ"),
         "--to", end.strftime("%Y-%m-%dT%H:%M:%SZ"), "-o", "-"],
        cwd=ROOT, capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def fires_by_trigger(p):
    out = {}
    for f in p["fires"]:
        out.setdefault(f["trigger"], []).append(parse_utc(f["at"]))
    return out


LOSS = re.compile(r"^\S+:\d+:\d+: (?:warning|error)\[E09\d\d\]: '([^']+)'(.*)$", re.M)


def first_difference(got, want, tool):
    """Where two lists of instants first part, in one line."""
    i = next((k for k in range(min(len(got), len(want))) if got[k] != want[k]), min(len(got), len(want)))
    show = lambda xs: [x.strftime("%Y-%m-%dT%H:%MZ") for x in xs[max(0, i - 1):i + 3]]
    return f"fire {i}: {tool} {show(got)}, plan {show(want)}"


def golden_parts(path):
    """The triggers with a loss, and the output text, of a rule-format golden."""
    text = path.read_text()
    losses, output = text.split("# output:\n", 1)
    return {t for t, _ in LOSS.findall(losses)}, output


def dst_only(path):
    """The triggers whose every loss is a daylight-saving one."""
    by = {}
    for t, m in LOSS.findall(path.read_text().split("# output:\n", 1)[0]):
        by.setdefault(t, []).append("spring-forward gap" in m or "repeated hour" in m)
    return {t for t, dst in by.items() if all(dst)}


def check_ics(lines):
    import icalendar
    import recurring_ical_events
    for path in sorted((GOLDEN / "ics").glob("*.ics")):
        name = path.stem
        raw = path.read_bytes()
        bad = [l for l in raw.split(b"\r\n")[:-1] if len(l) > 75 or b"\n" in l]
        cal = icalendar.Calendar.from_ical(raw)
        start = parse_utc(ICS_WINDOWS[name][0])
        days = ICS_WINDOWS[name][1]
        p = plan(name, start, days)
        expected = {(f["id"], parse_utc(f["at"])) for f in p["fires"]}
        for r in p.get("regions", []):
            for w in r["armed"]:
                expected.add((f"{r['trigger']}@armed-{w['from']}", parse_utc(w["from"])))
        events = recurring_ical_events.of(cal).between(start - timedelta(days=1), start + timedelta(days=days + 1))
        got = {(str(e["UID"]), e["DTSTART"].dt.astimezone(timezone.utc)) for e in events}
        ok = got == expected and not bad and raw.endswith(b"END:VCALENDAR\r\n")
        lines.append(f"ics {name}: {'ok' if ok else 'FAIL'}: {len(got)} events expand to the plan's "
                     f"{len(expected)} fires and armed windows; {len(bad)} lines over 75 octets or without CRLF")
        if got != expected:
            for x in sorted(expected - got)[:3]:
                lines.append(f"  missing {x[0]} {x[1].isoformat()}")
            for x in sorted(got - expected)[:3]:
                lines.append(f"  extra {x[0]} {x[1].isoformat()}")


def check_k8s(lines):
    exe = shutil.which("kubernetes-validate")
    if not exe:
        lines.append("k8s: skipped (kubernetes-validate is not installed)")
        return
    for path in sorted((GOLDEN / "k8s").glob("*.txt")):
        _, output = golden_parts(path)
        docs = [d for d in output.split("---\n") if d.strip()]
        if not docs:
            lines.append(f"k8s {path.stem}: ok: nothing exported")
            continue
        with tempfile.TemporaryDirectory() as tmp:
            files = []
            for i, d in enumerate(docs):
                f = Path(tmp) / f"{i}.yaml"
                f.write_text(d)
                files.append(str(f))
            out = subprocess.run([exe, "--strict", "--quiet", "-k", "1.30.0"] + files, capture_output=True, text=True)
        cron_tz = "CRON_TZ" in output
        ok = out.returncode == 0 and not cron_tz
        lines.append(f"k8s {path.stem}: {'ok' if ok else 'FAIL'}: {len(docs)} CronJobs validate against Kubernetes 1.30"
                     + (" (CRON_TZ in a schedule)" if cron_tz else ""))
        if out.returncode != 0:
            lines += ["  " + l for l in (out.stdout + out.stderr).strip().splitlines()[:5]]


ELAPSE = re.compile(r"(?:Next elapse|Iter\. #\d+): \w+ (\d{4}-\d\d-\d\d \d\d:\d\d:\d\d) UTC")


def systemd_next(expressions, base):
    out = []
    for e in expressions:
        r = subprocess.run(["systemd-analyze", "calendar", f"--iterations={NEXT}",
                            "--base-time=" + (base - timedelta(seconds=1)).strftime("%Y-%m-%d %H:%M:%S UTC"), e],
                           capture_output=True, text=True, env={**os.environ, "TZ": "UTC", "LC_ALL": "C"})
        if r.returncode != 0:
            return None
        out += [datetime.strptime(m, "%Y-%m-%d %H:%M:%S").replace(tzinfo=timezone.utc) for m in ELAPSE.findall(r.stdout)]
    return sorted(set(out))[:NEXT]


def check_systemd(lines):
    if not shutil.which("systemd-analyze"):
        lines.append("systemd: skipped (systemd-analyze is not installed)")
        return
    for path in sorted((GOLDEN / "systemd").glob("*.txt")):
        name = path.stem
        lossy, output = golden_parts(path)
        files = dict(re.findall(r"# file: (\S+)\n(.*?)(?=\n# file: |\Z)", output, re.S))
        start = parse_utc(ICS_WINDOWS[name][0])
        fires = fires_by_trigger(plan(name, start, RULE_DAYS))
        compared, dst_checked, failed = 0, 0, []
        dst_losses = dst_only(path)
        for fname, text in sorted(files.items()):
            if not fname.endswith(".timer"):
                continue
            trigger = re.search(r"\(almanac: [^/]+/(.+)\)", text).group(1)
            if trigger in dst_losses:
                # A reported DST loss must be real: systemd's fires differ from the plan's.
                want = fires.get(trigger, [])[:NEXT]
                got = (systemd_next(re.findall(r"^OnCalendar=(.+)$", text, re.M), start) or [])[:len(want)]
                dst_checked += 1
                if got == want:
                    failed.append(f"  {trigger}: a DST loss is reported, but systemd gives the plan's fires")
                continue
            if trigger in lossy:
                continue
            expressions = re.findall(r"^OnCalendar=(.+)$", text, re.M)
            want = fires.get(trigger, [])[:NEXT]
            got = (systemd_next(expressions, start) or [])[:len(want)]
            compared += 1
            if got != want:
                failed.append(f"  {trigger}: {first_difference(got or [], want, 'systemd')}")
        # verify: the units as written, with a command that exists here.
        with tempfile.TemporaryDirectory() as tmp:
            for fname, text in files.items():
                (Path(tmp) / fname).write_text(re.sub(r"^ExecStart=.*$", "ExecStart=/bin/true", text, flags=re.M))
            units = sorted(str(Path(tmp) / f) for f in files)
            verify = subprocess.run(["systemd-analyze", "verify", "--man=no"] + units, capture_output=True, text=True) if units else None
        verified = verify is None or (verify.returncode == 0 and not verify.stderr.strip())
        ok = not failed and verified
        lines.append(f"systemd {name}: {'ok' if ok else 'FAIL'}: {compared} exact timers give the plan's fires (up to {NEXT} each, over {RULE_DAYS} days); "
                     f"{dst_checked} timers reported for DST only differ from the plan; "
                     f"verify {'accepts' if verified else 'rejects'} {len(files)} units")
        lines += failed
        if not verified:
            lines += ["  " + l for l in verify.stderr.strip().splitlines()[:5]]


def check_crontab(lines):
    try:
        from cronsim import CronSim
    except ImportError:
        lines.append("crontab: skipped (cronsim is not installed)")
        return
    for path in sorted((GOLDEN / "crontab").glob("*.txt")):
        name = path.stem
        lossy, output = golden_parts(path)
        start = parse_utc(ICS_WINDOWS[name][0])
        fires = fires_by_trigger(plan(name, start, RULE_DAYS))
        zone, compared, failed = "UTC", 0, []
        for line in output.splitlines():
            if line.startswith("CRON_TZ="):
                zone = line.split("=", 1)[1]
                continue
            m = re.match(r"^(@\w+|\S+ \S+ \S+ \S+ \S+) .*  # (\S+)$", line)
            if not m or m.group(2) in lossy:
                continue
            expr, trigger = m.groups()
            it = CronSim(expr, start.astimezone(ZoneInfo(zone)) - timedelta(seconds=1))
            want = fires.get(trigger, [])[:NEXT]
            got = [next(it).astimezone(timezone.utc) for _ in range(len(want))]
            compared += 1
            if got != want:
                failed.append(f"  {trigger} ({expr}, {zone}): {first_difference(got, want, 'cronsim')}")
        lines.append(f"crontab {name}: {'ok' if not failed else 'FAIL'}: {compared} exact lines give the plan's fires (up to {NEXT} each, over {RULE_DAYS} days) (cronsim)")
        lines += failed


def main():
    lines = ["# almanac export goldens checked by the formats' own tools: scripts/oracles/interchange.py", ""]
    try:
        check_ics(lines)
    except ImportError:
        lines.append("ics: skipped (icalendar or recurring-ical-events is not installed)")
    check_k8s(lines)
    check_systemd(lines)
    check_crontab(lines)
    text = "\n".join(lines) + "\n"
    if "--check" in sys.argv:
        committed = VERDICT.read_text() if VERDICT.exists() else ""
        # A skipped tool is not a difference: only compare the checks that ran.
        ran = [l for l in text.splitlines() if "skipped" not in l]
        expected = [l for l in committed.splitlines() if l.split(":")[0].split(" ")[0] not in
                    {l2.split(":")[0] for l2 in text.splitlines() if "skipped" in l2}]
        if ran != expected:
            sys.stdout.write(text)
            print("interchange: the verdict differs from " + str(VERDICT.relative_to(ROOT)), file=sys.stderr)
            return 1
        print("interchange: " + ("; ".join(l for l in text.splitlines() if "skipped" in l) or "every check ran") + "; verdict matches")
        return 1 if "FAIL" in text else 0
    VERDICT.parent.mkdir(parents=True, exist_ok=True)
    VERDICT.write_text(text)
    sys.stdout.write(text)
    return 1 if "FAIL" in text else 0


if __name__ == "__main__":
    sys.exit(main())
