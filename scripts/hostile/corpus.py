#!/usr/bin/env python3
"""The hostile corpus: inputs that have turned data into code or configuration, one case per class of
character and per writer, with what each consuming tool must find. `--write` regenerates
Tests/Hostile/corpus.jsonl (one case per line, inputs inline, JSON-escaped); `--check` fails when the
committed file differs from what this script generates. scripts/hostile/run.py runs the cases with
a time and memory limit each and judges the outputs with the consumers (docs/escaping.md).

A case is one call: `case(name, files, run, exit=…, judge=…)`. Cases too big to commit give their
input as a generator (`{"generate": "ics_events", "args": [20000]}`, see GENERATORS) and are made
when the corpus runs.
"""
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "Tests/Hostile/corpus.jsonl"

# Each class of character that some writer or reader acts on (docs/escaping.md). The text keeps
# ordinary characters around the hostile ones.
CLASSES = [
    ("cr", "Backup\r[Service]\rExecStartPre=/nonexistent/pwned"),
    ("lf", "Backup\n[Service]\nExecStartPre=/nonexistent/pwned"),
    ("crlf", "one\r\ntwo"),
    ("nul", "before\x00after"),
    ("tab", "a\tb"),
    ("esc", "\x1b[31mred\x07\x1b]0;title\x07"),
    ("vt-ff", "a\x0bb\x0cc"),
    ("del", "a\x7fb"),
    ("nel", "x\x85pwned: {cron: \"* * * * *\"}"),
    ("c1-csi", "a\x9b31mb"),
    ("ls", "a\u2028pwned: 1"),
    ("ps", "a\u2029pwned: 1"),
    ("bidi", "access\u202e\u2066level\u2069\u202c"),
    ("bom", "a\ufeffb"),
    ("percent", "100% done %n %% %i"),
    ("dollar", "echo $HOME ${PATH} $$"),
    ("quotes", "say \"hi\" and 'bye'"),
    ("backslash", "C:\\path\\ and \\n \\x41 \\\\ end"),
    ("backslash-percent", "a\\%b"),
    ("comment-markers", "# not */ /* // -->"),
    ("yaml-indicators", "- &a *b !t |x >y {z} [w] @v `u` : k ? q , ' \""),
    ("semicolon", "a ; b ; c"),
    ("markup", "<script>alert('x')</script> & </title>"),
    ("swift-interpolation", "\\(injected) \" + injected + \""),
    ("leading-dash", "-rf /"),
]

# The control characters each spec field accepts (docs/spec.md, "Characters"); all others are refused
# with E0230. Kept here independently of the Swift table, so the corpus checks the implementation.
CONTROL = {chr(c) for c in range(0x20)} | {"\x7f"} | {chr(c) for c in range(0x80, 0xA0)} | \
    {"\u2028", "\u2029"} | {chr(c) for c in range(0x202A, 0x202F)} | {chr(c) for c in range(0x2066, 0x206A)}
ACCEPTS = {"name": "", "payload key": "", "command": "\t", "argument": "\t\n", "environment": "\t", "title": "\t\n"}


def refused(field, text):
    """The first character of `text` that `field` refuses, with its offset, or None."""
    for i, c in enumerate(text):
        if c in CONTROL and c not in ACCEPTS[field]:
            return i, c
    return None


def yq(text):
    """`text` as a YAML double-quoted scalar any YAML reader takes (the test data's own writer)."""
    out = []
    for c in text:
        if c in "\"\\":
            out.append("\\" + c)
        elif c == "\n":
            out.append("\\n")
        elif c == "\t":
            out.append("\\t")
        elif c in CONTROL or c in "\ufeff\ufffe\uffff":
            out.append("\\u%04x" % ord(c))
        else:
            out.append(c)
    return '"' + "".join(out) + '"'


def spec(name="hostile", title=None, command="/usr/bin/true", extra="", payload_key=None):
    """A one-trigger spec (`job`, daily at 09:00 in Europe/Paris) with the given values."""
    payload = []
    if title is not None:
        payload.append("title: " + yq(title))
    if command is not None:
        payload.append("command: " + yq(command))
    if payload_key is not None:
        payload.append(yq(payload_key) + ": 1")
    return ("version: 1\nname: " + yq(name) + "\ntimezone: Europe/Paris\ntriggers:\n  job:\n"
            "    calendar: {at: \"09:00\"}\n    payload: {" + ", ".join(payload) + "}\n" + extra)


CASES = []


def case(name, files, run, exit=0, judge=None, diagnostic=None, tool="almanac", seconds=2, rss_mib=128):
    CASES.append({"name": name, "tool": tool, "files": files, "run": run, "exit": exit, "diagnostic": diagnostic,
                  "judge": judge, "limits": {"seconds": seconds, "rss_mib": rss_mib}})


def place(text_before_value, value, offset):
    """`line:column` of character `offset` of a value written as a YAML double-quoted scalar on
    the last line of `text_before_value` (the composer locates a character exactly only when the
    scalar has no escapes; otherwise the whole scalar, from its opening quote)."""
    line = text_before_value.count("\n") + 1
    column = len(text_before_value) - (text_before_value.rfind("\n") + 1) + 1
    if yq(value)[1:-1] == value:
        return f"{line}:{column + 1 + offset}"
    return f"{line}:{column}"


def export_cases():
    for cls, text in CLASSES:
        # payload.title → systemd Description=, ics SUMMARY.
        source = spec(title=text)
        bad = refused("title", text)
        if bad:
            before = source[:source.index("title: ") + len("title: ")]
            case(f"title-{cls}", {"spec.yaml": source}, ["check", "spec.yaml"], exit=1,
                 diagnostic={"code": "E0230", "at": "spec.yaml:" + place(before, text, bad[0])})
        else:
            case(f"export-systemd-title-{cls}", {"spec.yaml": source}, ["export", "systemd", "spec.yaml", "-o", "units"],
                 judge={"kind": "systemd", "dir": "units",
                        "units": {"hostile-job": {"title": text, "name": "hostile", "id": "job", "argv": ["/bin/sh", "-c", "/usr/bin/true"]}}})
            case(f"export-ics-title-{cls}", {"spec.yaml": source},
                 ["export", "ics", "spec.yaml", "--from", "2026-11-23", "--to", "2026-11-25", "-o", "out.ics"],
                 judge={"kind": "ics", "file": "out.ics", "summaries": [text, text], "calname": "hostile"})
        # payload.command → ExecStart=, a crontab line, a CronJob's command.
        source = spec(command=text)
        bad = refused("command", text)
        if bad:
            before = source[:source.index("command: ") + len("command: ")]
            case(f"command-{cls}", {"spec.yaml": source}, ["check", "spec.yaml"], exit=1,
                 diagnostic={"code": "E0230", "at": "spec.yaml:" + place(before, text, bad[0])})
        else:
            export_command_cases(f"command-{cls}", source, text, [])
        # --exec: a command from the command line, which no spec check sees: each writer escapes it
        # or refuses the trigger (E0231), never writes it raw.
        if "\x00" not in text:  # no process argument can hold a NUL
            export_command_cases(f"exec-{cls}", spec(command=None), text, ["--exec=" + text])
        # The spec's name → Description=, crontab and ics headers, generated Swift.
        source = spec(name=text)
        bad = refused("name", text)
        if bad:
            case(f"name-{cls}", {"spec.yaml": source}, ["check", "spec.yaml"], exit=1,
                 diagnostic={"code": "E0230", "at": "spec.yaml:" + place("version: 1\nname: ", text, bad[0])})
        else:
            case(f"export-systemd-name-{cls}", {"spec.yaml": source}, ["export", "systemd", "spec.yaml", "-o", "units"],
                 judge={"kind": "systemd", "dir": "units", "units": {
                     safe_name(text) + "-job": {"title": "job", "name": text, "id": "job", "argv": ["/bin/sh", "-c", "/usr/bin/true"]}}})
            case(f"export-crontab-name-{cls}", {"spec.yaml": source}, ["export", "crontab", "spec.yaml", "-o", "out.crontab"],
                 judge={"kind": "crontab", "file": "out.crontab", "jobs": [["0 9 * * *", "/usr/bin/true  # job", ""]]})
            case(f"generate-swift-name-{cls}", {"spec.yaml": source},
                 ["generate", "swift", "spec.yaml", "--type-name", "N" + cls.title().replace("-", ""), "-o", "Gen.swift"],
                 judge={"kind": "swift", "file": "Gen.swift", "type": "N" + cls.title().replace("-", ""), "triggers": ["job"]})



def render_cases():
    """render titles its picture with the file's path, which may hold any character but `/` and NUL."""
    for cls, text in CLASSES:
        if "/" in text or "\x00" in text:
            continue
        path = text + ".yaml"
        for ext in ("svg", "html"):
            # `./`: a path starting with `-` would be read as an option.
            case(f"render-path-{cls}-{ext}", {path: spec()},
                 ["render", "./" + path, "--from", "2026-11-23", "--to", "2026-11-25", "-o", "out." + ext],
                 judge={"kind": "svg", "file": "out." + ext, "name": "Timeline of ./" + xml_visible(path)})


def swift_path_cases():
    """generate swift names the spec's file in its header comment: the path, never checked, holds any
    character but `/` and NUL (the build-tool plugin passes the paths of a target's files)."""
    # Valid Swift once `.yaml` follows, declaring names the judge's probe file declares too.
    declaration = "x\rpublic let injected = 1\rstruct S { static let yaml = 0 }; let injected2 = S"
    for cls, text in CLASSES + [("swift-declaration", declaration)]:
        if "/" in text or "\x00" in text:
            continue
        type_name = "P" + cls.title().replace("-", "")
        case(f"generate-swift-path-{cls}", {text + ".yaml": spec()},
             ["generate", "swift", "./" + text + ".yaml", "--type-name", type_name, "-o", "Gen.swift"],
             judge={"kind": "swift", "file": "Gen.swift", "type": type_name, "triggers": ["job"]})


def xml_visible(text):
    """XMLText's content: every control, separator and bidirectional control shown `\\u{…}` but
    tab and LF (docs/escaping.md)."""
    return "".join("\\u{%X}" % ord(c) if (c in CONTROL or c in "\ufeff\ufffe\uffff") and c not in "\t\n" else c
                   for c in text)


def export_command_cases(prefix, source, command, extra):
    """systemd, crontab and k8s exports of a trigger whose command is `command`."""
    argv = ["/bin/sh", "-c", command]
    nul = "\x00" in command
    case(f"export-systemd-{prefix}", {"spec.yaml": source}, ["export", "systemd", "spec.yaml", "-o", "units"] + extra,
         exit=1 if nul else 0, diagnostic={"code": "E0231"} if nul else None,
         judge=None if nul else {"kind": "systemd", "dir": "units",
                                 "units": {"hostile-job": {"title": "job", "name": "hostile", "id": "job", "argv": argv}}})
    case(f"export-k8s-{prefix}", {"spec.yaml": source},
         ["export", "k8s", "spec.yaml", "--image", "busybox", "-o", "out.yaml"] + extra,
         exit=1 if nul else 0, diagnostic={"code": "E0231"} if nul else None,
         judge=None if nul else {"kind": "k8s", "file": "out.yaml", "commands": [argv]})
    # cronie: no control character but tab, and no backslash right before a `%`.
    unwritable = any(c in CONTROL and c != "\t" for c in command) or "\\%" in command.replace("\\\\", "")
    case(f"export-crontab-{prefix}", {"spec.yaml": source}, ["export", "crontab", "spec.yaml", "-o", "out.crontab"] + extra,
         exit=1 if unwritable else 0, diagnostic={"code": "E0231"} if unwritable else None,
         judge=None if unwritable else {"kind": "crontab", "file": "out.crontab", "jobs": [["0 9 * * *", command + "  # job", ""]]})


def safe_name(text):
    """`Exporter.safeName`: lower-case letters and digits, other runs as one dash."""
    out = ""
    for c in text.lower():
        if "a" <= c <= "z" or "0" <= c <= "9":
            out += c
        elif not out.endswith("-"):
            out += "-"
    return out.strip("-") or "x"


def import_cases():
    """Text from another tool's file lands in comments and strings of the spec `import` writes:
    however it is written, the spec has exactly the source's jobs."""
    # Indented as a trigger, then a comment again: valid YAML with one more trigger if written raw.
    pwn = "x\n  pwned: {cron: \"* * * * *\", timezone: UTC, payload: {command: \"/nonexistent/pwned\"}}\n  # y"
    for cls, text in CLASSES + [("yaml-trigger", pwn)]:
        if "\x00" in text:
            continue
        # ICS: SUMMARY is TEXT (`\n` an escaped line break); other characters raw in the line.
        summary = text.replace("\\", "\\\\").replace(";", "\\;").replace(",", "\\,").replace("\r\n", "\\n").replace("\n", "\\n")
        ics = ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//hostile//EN\r\nBEGIN:VEVENT\r\nUID:a@example.com\r\n"
               "DTSTAMP:20261101T000000Z\r\nSUMMARY:" + summary + "\r\nDTSTART:20270115T170000Z\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n")
        case(f"import-ics-summary-{cls}", {"in.ics": ics}, ["import", "ics", "in.ics", "-o", "spec.yaml"],
             judge={"kind": "spec", "file": "spec.yaml", "source": "in.ics", "triggers": 1})
        # Kubernetes: metadata.name (and a container argument) in a YAML double-quoted scalar.
        k8s = ("apiVersion: batch/v1\nkind: CronJob\nmetadata:\n  name: " + yq("job" + text) + "\nspec:\n  schedule: \"30 2 * * *\"\n"
               "  jobTemplate:\n    spec:\n      template:\n        spec:\n          containers:\n            - name: c\n"
               "              image: busybox\n              command: [\"/bin/sh\", \"-c\", " + yq(text) + "]\n")
        # The container's argument is checked as one (tabs and line breaks only): E0230 otherwise.
        bad = refused("argument", text)
        case(f"import-k8s-name-{cls}", {"in.yaml": k8s}, ["import", "k8s", "in.yaml", "-o", "spec.yaml"],
             exit=1 if bad else 0, diagnostic={"code": "E0230"} if bad else None,
             judge={"kind": "spec", "file": "spec.yaml", "source": "in.yaml", "triggers": 1})
        # crontab: a comment line above a job (cronie splits at LF only, so a CR stays in the comment).
        if "\n" not in text.replace("\r\n", ""):
            crontab = "CRON_TZ=UTC\n# " + text.replace("\n", "") + "\n30 2 * * * /usr/bin/true\n"
            case(f"import-crontab-comment-{cls}", {"in.crontab": crontab}, ["import", "crontab", "in.crontab", "-o", "spec.yaml"],
                 judge={"kind": "spec", "file": "spec.yaml", "source": "in.crontab", "triggers": 1})


def other_cases():
    # A lone surrogate cannot be a Swift string: the YAML front end refuses the escape, located.
    case("yaml-lone-surrogate", {"spec.yaml": spec(title=None).replace("command: ", "title: \"\\ud800\", command: ")},
         ["check", "spec.yaml"], exit=1, diagnostic={"code": "E0101", "at": "spec.yaml:7"})
    # Payload keys become Swift accessors and comments; an allowed but awkward key is escaped.
    for cls, key in [("keyword", "default"), ("quote", "a\"b"), ("comment", "x */ y"), ("interpolation", "\\(x)")]:
        case(f"generate-swift-key-{cls}", {"spec.yaml": spec(payload_key=key)},
             ["generate", "swift", "spec.yaml", "--type-name", "K" + cls.title(), "-o", "Gen.swift"],
             judge={"kind": "swift", "file": "Gen.swift", "type": "K" + cls.title(), "triggers": ["job"]})
    source = spec(payload_key="k\rpublic let injected = 1")
    case("payload-key-cr", {"spec.yaml": source}, ["generate", "swift", "spec.yaml", "-o", "Gen.swift"], exit=1,
         diagnostic={"code": "E0230", "at": "spec.yaml:7"})
    source = spec(extra="").replace("command: ", "environment: {\"A-B\": \"x\", OK: \"a\\rb\"}, command: ")
    case("environment-name-and-value", {"spec.yaml": source}, ["check", "spec.yaml"], exit=1,
         diagnostic={"code": "E0232", "at": "spec.yaml:7"})
    # A state directory written by hand (or by another version): `pending` shows its ids visibly.
    hostile_id = "job\r\x1b[2J\u202e\u2028@2026-11-23T09:00:00"
    record = json.dumps({"now": "2026-11-23T08:00:00Z", "refresh_by": "2026-11-24T00:00:00Z",
                         "fires": [{"id": hostile_id, "at": "2026-11-23T09:00:00Z"}]})
    journal = json.dumps({"event": "fire", "id": hostile_id, "trigger": "job", "at": "2026-11-23T07:00:00Z",
                          "now": "2026-11-23T07:00:00Z"}) + "\n"
    case("pending-hostile-ids", {"state/registered.json": record, "state/journal.jsonl": journal},
         ["pending", "--state", "state"], tool="almanac-exec")
    # An expectation naming a trigger with markup and controls: the JUnit report stays XML.
    expect = "window: {from: 2026-11-23, to: 2026-11-24}\nexpect:\n  - trigger: " + yq("no<such>&\r\x1b[2J\u202e") + "\n    count: 1\n"
    case("test-junit-hostile-trigger", {"spec.yaml": spec(), "spec.expect.yaml": expect},
         ["test", "spec.yaml", "--format", "junit"], exit=1, judge={"kind": "junit", "stdout": True})


GENERATORS = {}


def build():
    CASES.clear()
    export_cases()
    render_cases()
    swift_path_cases()
    import_cases()
    other_cases()
    names = [c["name"] for c in CASES]
    assert len(names) == len(set(names)), "case names repeat"
    return "".join(json.dumps(c, ensure_ascii=True, sort_keys=True) + "\n" for c in CASES)


def main():
    text = build()
    if "--write" in sys.argv:
        CORPUS.parent.mkdir(parents=True, exist_ok=True)
        CORPUS.write_text(text)
        print(f"corpus: {len(CASES)} cases written to {CORPUS.relative_to(ROOT)}")
    elif "--check" in sys.argv:
        if not CORPUS.exists() or CORPUS.read_text() != text:
            print(f"corpus: {CORPUS.relative_to(ROOT)} is stale; run python3 scripts/hostile/corpus.py --write", file=sys.stderr)
            sys.exit(1)
        print(f"corpus: {len(CASES)} cases, up to date")
    else:
        print(__doc__)
        sys.exit(64)


if __name__ == "__main__":
    main()
