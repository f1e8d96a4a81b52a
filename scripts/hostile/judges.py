"""The consuming tools as judges of the hostile corpus (scripts/hostile/run.py): each reads what
almanac wrote the way the tool itself does, and says what differs from the case's expectation."""
import os
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

ALLOW_MISSING = False
SYSTEMD_UNITS = []  # (case name, unit directory, {unit: expectation}) judged together in finish()
SWIFT_FILES = []  # (case name, file, type prefix, trigger ids) typechecked together in finish()

# Characters a terminal acts on, or that reorder or break what it shows (TerminalText's classes).
HAZARD = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


def terminal_hazard(text):
    m = HAZARD.search(text)
    return None if m is None else "U+%04X" % ord(m.group())


def have_module(name):
    try:
        __import__(name)
        return True
    except ImportError:
        return False


def missing_tools():
    missing = [m for m in ("yaml", "ruamel.yaml", "icalendar", "cronsim") if not have_module(m)]
    missing += [t for t in ("systemd-analyze", "swiftc") if shutil.which(t) is None]
    if not Path("/lib/systemd/systemd").exists():
        missing.append("/lib/systemd/systemd")
    return missing


def judge(j, work, stdout, bins):
    kind = j["kind"]
    if kind == "systemd":
        SYSTEMD_UNITS.append((work.name, work / j["dir"], j["units"]))
        return []
    if kind == "swift":
        SWIFT_FILES.append((work.name, work / j["file"], j["type"], j["triggers"]))
        return []
    return {"crontab": crontab, "k8s": kubernetes, "ics": icalendar_events, "spec": imported_spec, "svg": svg,
            "junit": junit}[kind](j, work, stdout, bins)


# MARK: crontab — cronie's reading (src/entry.c load_entry, src/env.c load_env, src/do_command.c)

def cronie_lines(data):
    """The crontab as cronie reads it: lines at LF only, each cut at NUL, comments and blank lines
    skipped, `NAME=value` lines as environment, the rest jobs of five fields and a command."""
    env, jobs = {}, []
    for raw in data.split(b"\n"):
        line = raw.split(b"\x00")[0].decode("utf-8", "surrogateescape")
        stripped = line.lstrip(" \t")
        if not stripped or stripped.startswith("#"):
            continue
        assignment = cronie_env(stripped)
        if assignment:
            env[assignment[0]] = assignment[1]
            continue
        fields = re.split(r"[ \t]+", stripped, maxsplit=5)
        if len(fields) < 6:
            return env, jobs, f"not a job line: {line!r}"
        command, stdin = cronie_percent(fields[5])
        jobs.append([" ".join(fields[:5]), command, stdin])
    return env, jobs, None


def cronie_env(line):
    """load_env: NAME=value, either side optionally quoted, blanks around `=`; None if not one."""
    m = re.match(r"""^(?:'([^'=]*)'|"([^"=]*)"|([^\s=]+))\s*=\s*(.*)$""", line)
    if not m:
        return None
    name = m.group(1) or m.group(2) or m.group(3)
    value = m.group(4)
    if value[:1] in "'\"" and value:
        quote = value[0]
        end = value.find(quote, 1)
        if end < 0 or value[end + 1:].strip(" \t"):
            return None
        value = value[1:end]
    else:
        value = value.rstrip(" \t")
    return name, value


def cronie_percent(field):
    """do_command: the command ends at the first unescaped `%`; `\\%` is `%`; other pairs kept."""
    out, escaped = [], False
    for i, c in enumerate(field):
        if escaped:
            if c == "%":
                out.pop()
            out.append(c)
            escaped = False
        elif c == "\\":
            escaped = True
            out.append(c)
        elif c == "%":
            return "".join(out), field[i + 1:]
        else:
            out.append(c)
    return "".join(out), ""


def crontab(j, work, stdout, bins):
    data = (work / j["file"]).read_bytes()
    problems = []
    if b"\r" in data:
        problems.append("a CR in the crontab (a terminal shows a fake line)")
    env, jobs, error = cronie_lines(data)
    if error:
        return problems + [error]
    if set(env) - {"CRON_TZ"}:
        problems.append(f"environment lines nobody wrote: {env}")
    if jobs != j["jobs"]:
        problems.append(f"cronie reads the jobs {jobs!r}, expected {j['jobs']!r}")
    if have_module("cronsim"):
        from datetime import datetime
        from cronsim import CronSim
        for schedule, _, _ in jobs:
            try:
                next(CronSim(schedule, datetime(2026, 11, 23)))
            except Exception as e:  # noqa: BLE001 — cronsim's own error types vary by version
                problems.append(f"cronsim refuses {schedule!r}: {e}")
    return problems


# MARK: YAML — PyYAML (YAML 1.1, as kubectl's go-yaml v2) and ruamel.yaml (1.2)

def yaml_readers():
    readers = []
    if have_module("yaml"):
        import yaml
        readers.append(("PyYAML", lambda text: list(yaml.safe_load_all(text))))
    if have_module("ruamel.yaml"):
        from ruamel.yaml import YAML
        readers.append(("ruamel", lambda text: list(YAML(typ="safe", pure=True).load_all(text))))
    return readers


def kubernetes(j, work, stdout, bins):
    text = (work / j["file"]).read_text(encoding="utf-8")
    problems = []
    for name, load in yaml_readers():
        try:
            docs = [d for d in load(text) if d is not None]
        except Exception as e:  # noqa: BLE001
            problems.append(f"{name} cannot read the CronJobs: {e}")
            continue
        commands = [d["spec"]["jobTemplate"]["spec"]["template"]["spec"]["containers"][0]["command"] for d in docs]
        if commands != j["commands"]:
            problems.append(f"{name} reads the commands {commands!r}, expected {j['commands']!r}")
    return problems


def imported_spec(j, work, stdout, bins):
    """The spec `import` wrote has exactly the source's jobs, for every YAML reader and for almanac."""
    path = work / j["file"]
    if not path.exists():
        return ["exit 0 but no spec written"]
    text = path.read_text(encoding="utf-8")
    problems = []
    for name, load in yaml_readers():
        try:
            docs = load(text)
        except Exception as e:  # noqa: BLE001
            problems.append(f"{name} cannot read the imported spec: {e}")
            continue
        # runs_on: what an importer says runs the spec (server for cron, systemd and Kubernetes).
        if len(docs) != 1 or set(docs[0]) - {"version", "name", "timezone", "runs_on", "triggers"} \
                or docs[0].get("runs_on", "server") not in ("server", "phone"):
            problems.append(f"{name} reads top-level keys {[sorted(d) for d in docs if isinstance(d, dict)]}")
            continue
        triggers = docs[0]["triggers"]
        if len(triggers) != j["triggers"]:
            problems.append(f"{name} reads {len(triggers)} triggers ({sorted(triggers)}), expected {j['triggers']}")
    check = subprocess.run([str(bins / "almanac"), "explain", j["file"], "--format", "json"], cwd=work, capture_output=True)
    if check.returncode != 0:
        problems.append(f"almanac explain of the imported spec exits {check.returncode}: {check.stderr[-300:]!r}")
    elif check.stdout.decode().count('"id"') != j["triggers"]:
        problems.append(f"almanac reads other triggers: {check.stdout[:300]!r}")
    return problems


# MARK: iCalendar — python icalendar

def icalendar_events(j, work, stdout, bins):
    if not have_module("icalendar"):
        return []
    import icalendar
    data = (work / j["file"]).read_bytes()
    problems = []
    try:
        calendar = icalendar.Calendar.from_ical(data)
    except Exception as e:  # noqa: BLE001
        return [f"icalendar cannot read the calendar: {e}"]
    events = [c for c in calendar.walk() if c.name == "VEVENT"]
    summaries = [str(e.get("SUMMARY")) for e in events]
    if summaries != j["summaries"]:
        problems.append(f"icalendar reads summaries {summaries!r}, expected {j['summaries']!r}")
    allowed = {"UID", "DTSTAMP", "DTSTART", "SUMMARY", "DESCRIPTION", "CATEGORIES"}
    for e in events:
        extra = set(e.keys()) - allowed
        if extra:
            problems.append(f"an event has properties nobody wrote: {sorted(extra)}")
    if str(calendar.get("X-WR-CALNAME")) != j["calname"]:
        problems.append(f"calendar name {calendar.get('X-WR-CALNAME')!r}")
    for line in data.split(b"\r\n"):
        if len(line) > 75:
            problems.append(f"a content line of {len(line)} octets")
    return problems


# MARK: XML — xml.etree

def svg(j, work, stdout, bins):
    if j["file"].endswith(".html"):
        return html_page(j, work)
    try:
        root = ET.parse(work / j["file"]).getroot()
    except ET.ParseError as e:
        return [f"xml.etree cannot read the SVG: {e}"]
    problems = []
    for element in root.iter():
        if not element.tag.startswith("{http://www.w3.org/2000/svg}"):
            problems.append(f"an element outside SVG: {element.tag}")
    texts = [t for e in root.iter() for t in (e.text, e.tail) if t]
    if not any(j["name"] in t for t in texts):
        problems.append(f"the name {j['name']!r} is not a text of the picture")
    return problems


def html_page(j, work):
    """render's HTML page, read by Python's HTML parser: no script, no handler, the title as text."""
    import html.parser

    class Page(html.parser.HTMLParser):
        def __init__(self):
            super().__init__(convert_charrefs=True)
            self.tags, self.texts, self.handlers = [], [], []

        def handle_starttag(self, tag, attrs):
            self.tags.append(tag)
            self.handlers += [name for name, _ in attrs if name.startswith("on")]

        def handle_data(self, data):
            self.texts.append(data)

    page = Page()
    page.feed((work / j["file"]).read_text(encoding="utf-8"))
    problems = []
    if "script" in page.tags or page.handlers:
        problems.append(f"a script or handler in the page: {page.handlers}")
    if not any(j["name"] in t for t in page.texts):
        problems.append(f"the title {j['name']!r} is not a text of the page")
    return problems


def junit(j, work, stdout, bins):
    try:
        root = ET.fromstring(stdout.encode())
    except ET.ParseError as e:
        return [f"xml.etree cannot read the JUnit report: {e}"]
    problems = []
    if root.tag != "testsuites" or any(e.tag not in {"testsuites", "testsuite", "testcase", "failure", "error"} for e in root.iter()):
        problems.append(f"unexpected elements: {sorted({e.tag for e in root.iter()})}")
    for e in root.iter():
        for value in list(e.attrib.values()) + [e.text or ""]:
            if terminal_hazard(value):
                problems.append(f"a raw {terminal_hazard(value)} in the report")
    return problems


# MARK: Once over every case: systemd's own parser, swiftc

def finish(root, bins):
    problems = systemd_units(root) + swift_files(root)
    print(f"hostile: systemd judged {sum(len(u) for _, _, u in SYSTEMD_UNITS)} timer and service pairs of "
          f"{len(SYSTEMD_UNITS)} cases; swiftc typechecked {len(SWIFT_FILES)} generated files")
    return problems


def systemd_units(root):
    if not SYSTEMD_UNITS or not Path("/lib/systemd/systemd").exists():
        return []
    units = root / "systemd-units"
    units.mkdir()
    os.chmod(units, 0o755)
    owner = {}
    for name, directory, _ in SYSTEMD_UNITS:
        for f in directory.iterdir():
            # One unit name per case: the case name makes it unique.
            unit = f"{name}--{f.name}"
            (units / unit).write_bytes(f.read_bytes().replace(b"Unit=", b"Unit=" + name.encode() + b"--"))
            os.chmod(units / unit, 0o644)
            owner[unit] = name
    wants = " ".join(sorted(owner))
    (units / "hostile.target").write_text(f"[Unit]\nDescription=hostile corpus\nWants={wants}\n")
    os.chmod(units / "hostile.target", 0o644)
    command = ["/lib/systemd/systemd", "--test", "--system", "--unit=hostile.target", "--no-pager", "--log-target=console"]
    if os.geteuid() == 0:
        # "Don't run test mode as root": as nobody, who can read the units.
        command = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] + command
    # The trailing colon appends the default unit directories (sysinit.target and the like).
    env = dict(os.environ, SYSTEMD_UNIT_PATH=str(units) + ":")
    dump = subprocess.run(command, capture_output=True, env=env, text=True, errors="replace")
    loaded = parse_dump(dump.stdout + dump.stderr)
    problems = []
    for name, _, expected in SYSTEMD_UNITS:
        for unit, want in expected.items():
            for suffix in (".service", ".timer"):
                got = loaded.get(f"{name}--{unit}{suffix}")
                if got is None:
                    problems.append((name, f"systemd did not load {unit}{suffix}: {dump.stderr[-300:]}"))
                    continue
                description = want["title"] + f" (almanac: {want['name']}/{want['id']})"
                if got["description"] != plain_value(description):
                    problems.append((name, f"systemd reads Description={got['description']!r}, expected {plain_value(description)!r}"))
                if suffix == ".service":
                    if got["exec"] != [want["argv"]]:
                        problems.append((name, f"systemd runs {got['exec']!r}, expected [{want['argv']!r}]"))
                    if got["other_exec"]:
                        problems.append((name, f"systemd has commands nobody wrote: {got['other_exec']}"))
    verify = subprocess.run(["systemd-analyze", "verify", "--man=no"] + [str(p) for p in sorted(units.glob("*.service"))],
                            capture_output=True, text=True, errors="replace")
    for line in verify.stderr.split("\n"):
        unit = next((u for u in owner if u in line), None)
        if unit and any(word in line for word in ("Unknown", "Missing", "not executable", "Invalid", "Ignoring")):
            problems.append((owner[unit], f"systemd-analyze verify: {line}"))
    return problems


def plain_value(text):
    """What systemd shows of a value written by SystemdUnitText.plainValue (docs/escaping.md):
    controls and line breaks a space, bidirectional controls visible, then trimmed by the parser."""
    out = "".join(("\\u{%X}" % ord(c)) if "\u202a" <= c <= "\u202e" or "\u2066" <= c <= "\u2069"
                  else " " if HAZARD.match(c) or c in "\t\n\r\x85\u2028\u2029" else c for c in text)
    return out.strip(" ")


def parse_dump(text):
    """`systemd --test`'s dump: per unit, its Description and the argument vector of each ExecStart."""
    units, current, section = {}, None, None
    # At LF only: `splitlines` also splits at NEL, LS, PS, VT, FF and FS–RS, which a dumped value holds raw.
    for line in text.split("\n"):
        m = re.match(r"^\t-> Unit (.+):$", line)
        if m:
            current = units.setdefault(m.group(1), {"description": None, "exec": [], "other_exec": []})
            section = None
            continue
        if current is None:
            continue
        m = re.match(r"^\t\t-> (Exec\w+):$", line)
        if m:
            section = m.group(1)
            continue
        m = re.match(r"^\t\t\tCommand Line: (.*)$", line)
        if m and section:
            argv = dump_words(m.group(1))
            (current["exec"] if section == "ExecStart" else current["other_exec"]).append(argv)
            continue
        m = re.match(r"^\t\tDescription: (.*)$", line)
        if m:
            current["description"] = m.group(1)
    return units


def dump_words(line):
    """systemd's quoting of a command line in its dump (quote_command_line): words split at blanks,
    `"`-quoted words with `\\"`, `\\\\`, `\\$` and C escapes (octal for other controls); `$$` is
    still in the vector and becomes `$` when the command runs."""
    words, i = [], 0
    while i < len(line):
        if line[i] == " ":
            i += 1
            continue
        word = ""
        if line[i] != '"':
            j = line.find(" ", i)
            j = len(line) if j < 0 else j
            words.append(line[i:j].replace("$$", "$"))
            i = j
            continue
        i += 1
        raw = bytearray()
        while line[i] != '"':
            c = line[i]
            if c == "\\":
                e = line[i + 1]
                if e in "\"\\$`":
                    raw += e.encode()
                    i += 2
                elif e in "abfnrtv":
                    raw += {"a": b"\a", "b": b"\b", "f": b"\f", "n": b"\n", "r": b"\r", "t": b"\t", "v": b"\v"}[e]
                    i += 2
                elif e == "x":
                    raw.append(int(line[i + 2:i + 4], 16))
                    i += 4
                else:
                    raw.append(int(line[i + 1:i + 4], 8))
                    i += 4
            else:
                raw += c.encode()
                i += 1
        word = raw.decode("utf-8", "surrogateescape").replace("$$", "$")
        words.append(word)
        i += 1
    return words


def swift_files(root):
    if not SWIFT_FILES or shutil.which("swiftc") is None:
        return []
    problems = []
    # An injected declaration of one of these names would clash with the probe's.
    probe = root / "probe.swift"
    probe.write_text("let injected = 0\nlet injected2 = 0\nlet x = 0\n")
    files = [str(probe)]
    for name, path, prefix, triggers in SWIFT_FILES:
        text = path.read_text(encoding="utf-8")
        if "\r" in text:
            problems.append((name, "a CR in the generated Swift (the lexer ends a comment there)"))
        declared = re.findall(r"^(?:(?:public|internal|package|fileprivate|private) )?(?:enum|struct|let|var|func|class|actor|extension) (\w+)", text, re.M)
        if declared != [prefix + "Trigger", prefix + "FireID", prefix + "Payload"]:
            problems.append((name, f"top-level declarations {declared}"))
        cases = re.findall(r"^    case \S+ = (\".*\")$", text, re.M)
        if [c.strip('"') for c in cases] != triggers:
            problems.append((name, f"trigger cases {cases}, expected {triggers}"))
        # swiftc takes one file of each name.
        unique = root / f"{name}.swift"
        shutil.copyfile(path, unique)
        files.append(str(unique))
    typecheck = subprocess.run(["swiftc", "-typecheck", "-swift-version", "6"] + files, capture_output=True, text=True, errors="replace")
    if typecheck.returncode != 0:
        for line in typecheck.stderr.split("\n"):
            if "error:" in line:
                owner = next((n for n, _, _, _ in SWIFT_FILES if f"/{n}.swift" in line), "swiftc")
                problems.append((owner, line))
    return problems
