#!/usr/bin/env python3
"""Writes Tests/AlmanacInterchangeTests/Corpus/ics/oracle.jsonl: for each calendar of the real-world
corpus (Corpus/ics/*/ *.ics, PROVENANCE.tsv says where each comes from), what recurring-ical-events
(over icalendar and python-dateutil) says occurs: every occurrence's UID and start instant over a
window from the calendar's first DTSTART, cancelled occurrences left out. ICSCorpusTests imports each
calendar, compiles it over the same window and compares (UID, instant) pairs.

Floating times and dates are read in Europe/Berlin (what the test passes as `--timezone`), unless
the calendar's X-WR-TIMEZONE names a zone, which recurring-ical-events applies itself.

Run: pip install icalendar recurring-ical-events; python3 scripts/oracles/ics_corpus.py
"""
import datetime
import importlib.metadata
import json
import warnings
from pathlib import Path
from zoneinfo import ZoneInfo

import icalendar
import recurring_ical_events

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "Tests/AlmanacInterchangeTests/Corpus/ics"
READER = ZoneInfo("Europe/Berlin")
UTC = datetime.timezone.utc
MAX = 2000  # occurrences per calendar; the window shrinks until it holds at most this many


def instant(value, zone):
    if not isinstance(value, datetime.datetime):
        value = datetime.datetime(value.year, value.month, value.day)
    if value.tzinfo is None:
        value = value.replace(tzinfo=zone)
    return value.astimezone(UTC)


def fmt(d):
    return d.strftime("%Y-%m-%dT%H:%M:%SZ")


def first_start(calendar):
    starts = []
    for event in calendar.walk("VEVENT"):
        if "DTSTART" in event:
            try:
                starts.append(instant(event["DTSTART"].dt, READER))
            except Exception:
                pass
    return min(starts) if starts else None


def floating_zone(calendar):
    name = str(calendar.get("X-WR-TIMEZONE", "")).strip()
    try:
        return ZoneInfo(name) if name else READER
    except Exception:
        return READER


def occurrences(calendar, start, end, zone):
    out = []
    for event in recurring_ical_events.of(calendar).between(start, end):
        if str(event.get("STATUS", "")).upper() == "CANCELLED":
            continue
        out.append([str(event.get("UID", "")), fmt(instant(event["DTSTART"].dt, zone))])
    return sorted(out)


def main():
    versions = {p: importlib.metadata.version(p) for p in ("recurring-ical-events", "icalendar", "python-dateutil")}
    lines = []
    for path in sorted(CORPUS.glob("*/*.ics")):
        name = str(path.relative_to(CORPUS))
        entry = {"file": name}
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            try:
                calendar = icalendar.Calendar.from_ical(path.read_bytes())
                entry["events"] = len(calendar.walk("VEVENT"))
                first = first_start(calendar)
                if entry["events"] == 0 or first is None:
                    entry["engine"] = "no events"
                    lines.append(entry)
                    continue
                start = datetime.datetime(first.year, first.month, first.day, tzinfo=UTC) - datetime.timedelta(days=1)
                days = 731
                while True:
                    end = start + datetime.timedelta(days=days)
                    found = occurrences(calendar, start, end, floating_zone(calendar))
                    if len(found) <= MAX or days <= 2:
                        break
                    days //= 2
                entry.update({"engine": "ok", "from": fmt(start), "to": fmt(end), "occurrences": found[:MAX]})
            except Exception as error:  # the engine refuses the calendar: recorded, not compared
                entry["engine"] = f"error: {type(error).__name__}: {str(error).splitlines()[0] if str(error) else ''}"[:200]
        lines.append(entry)
    header = {"oracle": versions, "reader zone": "Europe/Berlin", "written by": "scripts/oracles/ics_corpus.py"}
    text = json.dumps(header, sort_keys=True) + "\n" + "".join(json.dumps(e, sort_keys=True, ensure_ascii=False) + "\n" for e in lines)
    (CORPUS / "oracle.jsonl").write_text(text)
    ok = sum(1 for e in lines if e["engine"] == "ok")
    print(f"wrote oracle.jsonl: {len(lines)} calendars, {ok} with occurrences the engine computes")


if __name__ == "__main__":
    main()
