#!/usr/bin/env python3
"""Check that the JSON Schemas agree with the examples, the spec fixtures and the plan goldens.

- every examples/*.yaml must be valid against schemas/spec.schema.json, start with the
  yaml-language-server modeline, and together the examples must use every key the schema defines
  (a kind's keys may instead be shown by the schema's one minimal trigger of that kind,
  `$defs/trigger/examples`, which must be valid too) and every value form listed in FEATURES;
- Tests/AlmanacSpecTests/Fixtures/valid/*.yaml and warnings/*.yaml must be valid;
- Tests/AlmanacSpecTests/Fixtures/invalid/*.yaml whose first line is `# schema: reject` must be rejected;
- Tests/**/Golden*/**/*.plan.json must be valid against schemas/plan.schema.json, if that file exists;
- with --almanac BIN, `BIN check` must accept exactly what the schema accepts, and
  `BIN schema spec` must print the same schema as the file.

YAML is read with the YAML 1.2 core schema (as libyaml-based Almanac and yaml-language-server do),
so `09:00` and `no` stay strings and dates stay strings, unlike PyYAML's default YAML 1.1 rules.
Exits 1 with a listing of every disagreement; 0 when all agree.
"""
import argparse
import glob
import json
import os
import re
import subprocess
import sys

import jsonschema
import yaml

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MODELINE = "# yaml-language-server: $schema=../schemas/spec.schema.json"

# Value forms that the examples must show between them (the schema's keys are checked generically).
FEATURES = {
    "negative day of month": r"days: \[?-\d",
    "weekday range": r"weekdays: \[?[^\]\n]*\b(mon|tue|wed|thu|fri|sat|sun)-(mon|tue|wed|thu|fri|sat|sun)",
    "weekday ordinal": r"weekdays: \[?[^\]\n]*-?[1-5](mon|tue|wed|thu|fri|sat|sun)",
    "month names": r"months: \[?[^\]\n]*[a-z]{3}",
    "month numbers": r"months: \[?[^\]\n]*\d",
    "`at` list": r"at: \[",
    "`at` single": r'at: "',
    "cron list": r'cron: "[^"]*,',
    "cron range": r'cron: "[^"]*\d-\d',
    "cron step": r'cron: "[^"]*/\d',
    "cron names": r'cron: "[^"]*[a-z]{3}',
    "cron macro": r'cron: "@',
    "rrule BYSETPOS": r"BYSETPOS=",
    "rrule UNTIL": r"UNTIL=",
    "rrule COUNT": r"COUNT=",
    "short duration": r"every: \d+[wdhms]",
    "ISO duration": r"every: P",
    "anchor instant": r"anchor: \S+(Z|[+-]\d\d:\d\d)\b",
    "anchor local": r"anchor: \d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d)?\s",
    "once local": r"once: \d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d)?\s",
    "once with offset": r"once: \S+[+-]\d\d:\d\d\b",
    "inline region": r"region: \{latitude",
    "named region": r"region: [a-z]",
    "during crossing midnight": r'between: \["(2[0-3]|1[89])[^\]]*"0\d:',
    "except date": r"except: \[[^\]\n]*\d{4}-\d\d-\d\d",
    "except range": r"except: \[[^\]\n]*\{from",
    "except blackout name": r"except: \[[a-z]",
    "blackout range": r"\{from: \d{4}",
    "start date": r"start: \d{4}-\d\d-\d\d\s",
    "end instant": r"end: \S+(Z|[+-]\d\d:\d\d)\b",
    "gap next": r"gap: next",
    "gap skip": r"gap: skip",
    "overlap both": r"overlap: both",
    "overlap last": r"overlap: last",
    "invalid_dates backward": r"invalid_dates: backward",
    "invalid_dates forward": r"invalid_dates: forward",
    "30- or 45-minute zone": r"(Asia/Kolkata|Asia/Kathmandu|Pacific/Chatham|Australia/Lord_Howe)",
}

# Specs the schema must reject, each with the reason; they keep the schema precise.
MUST_REJECT = {
    "unknown top-level key": "version: 1\ntimezone: UTC\ntriggers: {a: {cron: '@daily'}}\nhorizont: 30d",
    "version 2": "version: 2\ntimezone: UTC\ntriggers: {a: {cron: '@daily'}}",
    "missing version": "timezone: UTC\ntriggers: {a: {cron: '@daily'}}",
    "unknown trigger key": "version: 1\ntimezone: UTC\ntriggers: {a: {cron: '@daily', priorty: 1}}",
    "two kinds": "version: 1\ntimezone: UTC\ntriggers: {a: {cron: '@daily', every: 1h}}",
    "no kind": "version: 1\ntimezone: UTC\ntriggers: {a: {payload: {x: 1}}}",
    "bad trigger id": "version: 1\ntimezone: UTC\ntriggers: {Standup: {cron: '@daily'}}",
    "count without start": "version: 1\ntimezone: UTC\ntriggers: {a: {every: 1h, count: 3}}",
    "rrule without start": "version: 1\ntimezone: UTC\ntriggers: {a: {rrule: 'FREQ=DAILY'}}",
    "rrule start as instant": "version: 1\ntimezone: UTC\ntriggers: {a: {rrule: 'FREQ=DAILY', start: '2026-12-01T10:00Z'}}",
    "rrule without FREQ": "version: 1\ntimezone: UTC\ntriggers: {a: {rrule: 'INTERVAL=2', start: 2026-12-01T10:00}}",
    "rrule unknown part": "version: 1\ntimezone: UTC\ntriggers: {a: {rrule: 'FREQ=DAILY;BYDAYS=MO', start: 2026-12-01T10:00}}",
    "rdates without rrule": "version: 1\ntimezone: UTC\ntriggers: {a: {cron: '@daily', rdates: [2026-12-01T10:00]}}",
    "anchor without every": "version: 1\ntimezone: UTC\ntriggers: {a: {cron: '@daily', anchor: '2026-01-01T00:00Z'}}",
    "time 24:00": "version: 1\ntimezone: UTC\ntriggers: {a: {calendar: {at: '24:00'}}}",
    "unknown weekday": "version: 1\ntimezone: UTC\ntriggers: {a: {calendar: {weekdays: [mon, thurs]}}}",
    "ordinal in during": "version: 1\ntimezone: UTC\ntriggers: {a: {every: 1h, during: {weekdays: [2tue]}}}",
    "day 0": "version: 1\ntimezone: UTC\ntriggers: {a: {calendar: {days: [0]}}}",
    "day 32": "version: 1\ntimezone: UTC\ntriggers: {a: {calendar: {days: 32}}}",
    "month 13": "version: 1\ntimezone: UTC\ntriggers: {a: {calendar: {months: [13]}}}",
    "at with hours": "version: 1\ntimezone: UTC\ntriggers: {a: {calendar: {at: '09:00', hours: [9]}}}",
    "hour 24": "version: 1\ntimezone: UTC\ntriggers: {a: {calendar: {hours: [24]}}}",
    "cron with 6 fields": "version: 1\ntimezone: UTC\ntriggers: {a: {cron: '0 0 * * * *'}}",
    "cron @reboot": "version: 1\ntimezone: UTC\ntriggers: {a: {cron: '@reboot'}}",
    "duration with months": "version: 1\ntimezone: UTC\ntriggers: {a: {every: P1M}}",
    "duration units out of order": "version: 1\ntimezone: UTC\ntriggers: {a: {every: 30m1h}}",
    "duration without unit": "version: 1\ntimezone: UTC\ntriggers: {a: {every: '90'}}",
    "bad date": "version: 1\ntimezone: UTC\ntriggers: {a: {cron: '@daily', except: [2026-13-01]}}",
    "range without to": "version: 1\ntimezone: UTC\ntriggers: {a: {cron: '@daily', except: [{from: 2026-12-01}]}}",
    "once as a date": "version: 1\ntimezone: UTC\ntriggers: {a: {once: 2026-12-01}}",
    "between with one time": "version: 1\ntimezone: UTC\ntriggers: {a: {every: 1h, during: {between: ['08:00']}}}",
    "unknown gap policy": "version: 1\ntimezone: UTC\ntriggers: {a: {cron: '@daily', dst: {gap: forward}}}",
    "unknown invalid_dates": "version: 1\ntimezone: UTC\ntriggers: {a: {cron: '@daily', invalid_dates: skip}}",
    "unknown location event": "version: 1\ntriggers: {a: {location: {region: {latitude: 1, longitude: 2, radius: 3}, on: arrive}}}",
    "latitude 91": "version: 1\nregions: {r: {latitude: 91, longitude: 0, radius: 10}}\ntriggers: {a: {location: {region: r}}}",
    "radius 0": "version: 1\ntriggers: {a: {location: {region: {latitude: 1, longitude: 2, radius: 0}}}}",
    "region without radius": "version: 1\nregions: {r: {latitude: 1, longitude: 2}}\ntriggers: {a: {location: {region: r}}}",
    "wall-clock trigger without a zone": "version: 1\ntriggers: {a: {calendar: {at: '09:00'}}}",
    "local once without a zone": "version: 1\ntriggers: {a: {once: 2026-12-01T10:00}}",
    "every with during, no zone": "version: 1\ntriggers: {a: {every: 1h, during: {between: ['08:00', '20:00']}}}",
    "kind in defaults": "version: 1\ntimezone: UTC\ndefaults: {cron: '@daily'}\ntriggers: {a: {cron: '@daily'}}",
    "count in defaults without start": "version: 1\ntimezone: UTC\ndefaults: {count: 2}\ntriggers: {a: {every: 1h}}",
    "payload not a map": "version: 1\ntimezone: UTC\ntriggers: {a: {cron: '@daily', payload: hello}}",
    "priority not an integer": "version: 1\ntimezone: UTC\ntriggers: {a: {cron: '@daily', priority: high}}",
    "enabled as yes (a string in YAML 1.2)": "version: 1\ntimezone: UTC\ntriggers: {a: {cron: '@daily', enabled: yes}}",
    "unknown limit": "version: 1\ntimezone: UTC\nlimits: {max_pendng: 3}\ntriggers: {a: {cron: '@daily'}}",
    "blackout name with capitals": "version: 1\ntimezone: UTC\nblackouts: {Xmas: [2026-12-25]}\ntriggers: {a: {cron: '@daily'}}",
}

# Specs the schema must accept although they look unusual.
MUST_ACCEPT = {
    "instant once needs no zone": "version: 1\ntriggers: {a: {once: '2026-12-01T10:00:00+05:45'}}",
    "every with an instant anchor needs no zone": "version: 1\ntriggers: {a: {every: 1h30m, anchor: '2026-01-01T08:00:00Z'}}",
    "zone from defaults": "version: 1\ndefaults: {timezone: Europe/Paris}\ntriggers: {a: {calendar: {at: '09:00'}}}",
    "start from defaults": "version: 1\ntimezone: UTC\ndefaults: {start: 2026-12-01}\ntriggers: {a: {every: 1h, count: 3}}",
    "unquoted time": "version: 1\ntimezone: UTC\ntriggers: {a: {calendar: {at: 09:00, weekdays: fri-mon}}}",
    "calendar with no fields": "version: 1\ntimezone: UTC\ntriggers: {a: {calendar: {}}}",
    "cron with names and 7": "version: 1\ntimezone: UTC\ntriggers: {a: {cron: '0 8 * JAN-MAR 1-7'}}",
    "rrule with prefix and UNTIL in UTC": "version: 1\ntimezone: UTC\ntriggers: {a: {rrule: 'RRULE:FREQ=HOURLY;UNTIL=20270101T000000Z', start: 2026-12-01T10:00}}",
    "ISO durations": "version: 1\ntimezone: UTC\nhorizon: P2W\ntriggers: {a: {every: P1DT2H, jitter: PT30S}}",
    "date-time with a space": "version: 1\ntimezone: UTC\ntriggers: {a: {once: '2026-12-01 10:00'}}",
    "negative priority": "version: 1\ntimezone: UTC\ntriggers: {a: {cron: '@daily', priority: -3}}",
}


class CoreLoader(yaml.SafeLoader):
    """PyYAML's safe loader with YAML 1.2 core-schema scalars and duplicate keys rejected."""


CoreLoader.yaml_implicit_resolvers = {}
for tag, regexp, first in [
    ("tag:yaml.org,2002:null", r"^(?:~|null|Null|NULL|)$", ["~", "n", "N", ""]),
    ("tag:yaml.org,2002:bool", r"^(?:true|True|TRUE|false|False|FALSE)$", list("tTfF")),
    ("tag:yaml.org,2002:int", r"^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$", list("-+0123456789")),
    ("tag:yaml.org,2002:float",
     r"^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$",
     list("-+0123456789.")),
]:
    CoreLoader.add_implicit_resolver(tag, re.compile(regexp), first)


def construct_core_int(loader, node):
    text = loader.construct_scalar(node)
    # YAML 1.2: a leading 0 is decimal, not octal as in YAML 1.1.
    if text.startswith(("0o", "0x")):
        return int(text, 0)
    return int(text, 10)


def construct_checked_mapping(loader, node, deep=False):
    keys = set()
    for key_node, _ in node.value:
        key = loader.construct_object(key_node, deep=True)
        if key in keys:
            raise yaml.MarkedYAMLError("while constructing a mapping", node.start_mark,
                                       f"duplicate key {key!r}", key_node.start_mark)
        keys.add(key)
    return loader.construct_mapping(node, deep=deep)


CoreLoader.add_constructor("tag:yaml.org,2002:int", construct_core_int)
CoreLoader.add_constructor("tag:yaml.org,2002:map", construct_checked_mapping)


def load_yaml(path):
    with open(path, encoding="utf-8") as f:
        return yaml.load(f, Loader=CoreLoader)


def rel(path):
    return os.path.relpath(path, ROOT)


def schema_errors(validator, instance):
    """Every error, most specific first, as 'at PATH: MESSAGE' lines."""
    lines = []
    for error in sorted(validator.iter_errors(instance), key=lambda e: list(map(str, e.absolute_path))):
        leaves = [e for e in error.context] if error.context else []
        where = "/".join(map(str, error.absolute_path)) or "(top)"
        lines.append(f"at {where}: {error.message[:200]}")
        for leaf in sorted(leaves, key=lambda e: len(e.absolute_path), reverse=True)[:3]:
            leaf_where = "/".join(map(str, leaf.absolute_path)) or "(top)"
            lines.append(f"    because at {leaf_where}: {leaf.message[:160]}")
    return lines


def resolve(schema, root):
    while isinstance(schema, dict) and "$ref" in schema:
        target = root
        for part in schema["$ref"].lstrip("#/").split("/"):
            target = target[part]
        schema = {**target, **{k: v for k, v in schema.items() if k != "$ref"}}
    return schema


def schema_paths(schema, root, prefix, out, seen_refs=()):
    """Dotted key paths the schema defines; `*` stands for a map's free keys (ids, names)."""
    ref = schema.get("$ref") if isinstance(schema, dict) else None
    if ref in seen_refs:
        return
    schema = resolve(schema, root)
    if not isinstance(schema, dict):
        return
    refs = seen_refs + ((ref,) if ref else ())
    for key, sub in schema.get("properties", {}).items():
        path = f"{prefix}.{key}" if prefix else key
        out.add(path)
        schema_paths(sub, root, path, out, refs)
    extra = schema.get("additionalProperties")
    if isinstance(extra, dict):
        out.add(f"{prefix}.*")
        schema_paths(extra, root, f"{prefix}.*", out, refs)
    for word in ("anyOf", "oneOf"):
        for sub in schema.get(word, []):
            schema_paths(sub, root, prefix, out, refs)
    for word in ("items",):
        if isinstance(schema.get(word), dict):
            schema_paths(schema[word], root, prefix, out, refs)


def instance_paths(value, prefix, free_maps, out):
    """Dotted key paths an instance uses, with free map keys written as `*`."""
    if isinstance(value, list):
        for item in value:
            instance_paths(item, prefix, free_maps, out)
    elif isinstance(value, dict):
        for key, sub in value.items():
            path = f"{prefix}.*" if prefix in free_maps else (f"{prefix}.{key}" if prefix else str(key))
            out.add(path)
            if path.endswith("payload"):
                continue  # free-form JSON
            instance_paths(sub, path, free_maps, out)


def example_specs():
    """The shipped specs: examples/*.yaml but their expectation files (NAME.expect.yaml, `almanac test`)."""
    return [p for p in glob.glob(os.path.join(ROOT, "examples", "*.yaml")) if not p.endswith(".expect.yaml")]


def check_examples(validator, schema, problems):
    paths = example_specs()
    if len(paths) < 9:
        problems.append(f"examples/: {len(paths)} examples, expected at least 9")
    defined = set()
    schema_paths(schema, schema, "", defined)
    free_maps = {p[:-2] for p in defined if p.endswith(".*")}
    used, texts = set(), []
    for path in sorted(paths):
        with open(path, encoding="utf-8") as f:
            text = f.read()
        texts.append(text)
        if text.splitlines()[:1] != [MODELINE]:
            problems.append(f"{rel(path)}: first line must be `{MODELINE}`")
        try:
            document = load_yaml(path)
        except yaml.YAMLError as error:
            problems.append(f"{rel(path)}: YAML error: {error}")
            continue
        for line in schema_errors(validator, document):
            problems.append(f"{rel(path)}: schema rejects a valid example: {line}")
        instance_paths(document, "", free_maps, used)
    # A kind may be shown by the schema's own minimal trigger of it (`$defs/trigger/examples`,
    # which KindReaderTests load with the real front end) instead of a shipped example.
    for example in schema["$defs"]["trigger"].get("examples", []):
        document = {"version": 1, "timezone": "UTC", "triggers": {"t": example}}
        for line in schema_errors(validator, document):
            problems.append(f"schemas/spec.schema.json: the schema rejects its own trigger example {example}: {line}")
        instance_paths(document, "", free_maps, used)
    # `defaults` reuses the trigger fields, so only its merged maps need their own example.
    optional = {p for p in defined if p.startswith("defaults.") and not p.startswith(("defaults.payload", "defaults.dst"))}
    for path in sorted(defined - used - optional):
        problems.append(f"examples/: no example uses `{path}`")
    corpus = "\n".join(texts)
    for feature, pattern in FEATURES.items():
        if not re.search(pattern, corpus):
            problems.append(f"examples/: no example shows {feature} (/{pattern}/)")
    return len(paths)


def check_probes(validator, problems):
    """The schema rejects MUST_REJECT and accepts MUST_ACCEPT."""
    for reason, text in MUST_REJECT.items():
        if validator.is_valid(yaml.load(text, Loader=CoreLoader)):
            problems.append(f"schema accepts a spec it must reject ({reason}):\n    {text!r}")
    for reason, text in MUST_ACCEPT.items():
        for line in schema_errors(validator, yaml.load(text, Loader=CoreLoader)):
            problems.append(f"schema rejects a spec it must accept ({reason}): {line}")
    return len(MUST_REJECT) + len(MUST_ACCEPT)


def check_fixtures(validator, problems):
    base = os.path.join(ROOT, "Tests", "AlmanacSpecTests", "Fixtures")
    valid = sorted(glob.glob(os.path.join(base, "valid", "*.yaml")) + glob.glob(os.path.join(base, "warnings", "*.yaml")))
    for path in valid:
        try:
            document = load_yaml(path)
        except yaml.YAMLError as error:
            problems.append(f"{rel(path)}: YAML error in a valid fixture: {error}")
            continue
        for line in schema_errors(validator, document):
            problems.append(f"{rel(path)}: schema rejects a valid fixture: {line}")
    rejected = 0
    for path in sorted(glob.glob(os.path.join(base, "invalid", "*.yaml"))):
        # errors="replace": the corpus holds deliberately mis-encoded files (E0102).
        with open(path, encoding="utf-8", errors="replace") as f:
            if f.readline().strip() != "# schema: reject":
                continue
        rejected += 1
        try:
            document = load_yaml(path)
        except yaml.YAMLError:
            continue  # not even YAML: rejected
        if validator.is_valid(document):
            problems.append(f"{rel(path)}: marked `# schema: reject` but the schema accepts it")
    return len(valid), rejected


def check_plans(problems):
    schema_path = os.path.join(ROOT, "schemas", "plan.schema.json")
    if not os.path.exists(schema_path):
        return None
    with open(schema_path, encoding="utf-8") as f:
        schema = json.load(f)
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    plans = sorted(set(glob.glob(os.path.join(ROOT, "Tests", "**", "Golden*", "**", "*.plan.json"), recursive=True)))
    for path in plans:
        with open(path, encoding="utf-8") as f:
            plan = json.load(f)
        for line in schema_errors(validator, plan):
            problems.append(f"{rel(path)}: plan schema rejects a golden: {line}")
    return len(plans)


def check_with_almanac(binary, validator, schema, problems):
    """The validator and the schema must agree on accept/reject; `schema spec` must match the file."""
    printed = subprocess.run([binary, "schema", "spec"], capture_output=True, text=True, timeout=30)
    if printed.returncode != 0 or json.loads(printed.stdout or "null") != schema:
        problems.append("`almanac schema spec` differs from schemas/spec.schema.json")
    base = os.path.join(ROOT, "Tests", "AlmanacSpecTests", "Fixtures")
    paths = sorted(example_specs()
                   + glob.glob(os.path.join(base, "valid", "*.yaml")) + glob.glob(os.path.join(base, "warnings", "*.yaml")))
    for path in sorted(glob.glob(os.path.join(base, "invalid", "*.yaml"))):
        # errors="replace": the corpus holds deliberately mis-encoded files (E0102).
        with open(path, encoding="utf-8", errors="replace") as f:
            if f.readline().strip() == "# schema: reject":
                paths.append(path)
    for path in paths:
        try:
            schema_ok = validator.is_valid(load_yaml(path))
        except yaml.YAMLError:
            schema_ok = False
        run = subprocess.run([binary, "check", path], capture_output=True, text=True, timeout=30)
        if run.returncode not in (0, 1):
            problems.append(f"{rel(path)}: `almanac check` could not run (exit {run.returncode})")
        elif (run.returncode == 0) != schema_ok:
            verdicts = f"schema {'accepts' if schema_ok else 'rejects'}, almanac check exits {run.returncode}"
            problems.append(f"{rel(path)}: disagreement: {verdicts}\n{run.stdout.strip()[:600]}")
    return len(paths)


def check_expectations(problems, binary=None):
    """schemas/expect.schema.json against expectation files: the examples' and the fixtures that
    `almanac test` reads without a mistake are valid, the fixtures with mistakes rejected; with
    --almanac, `almanac schema expect` prints the file."""
    with open(os.path.join(ROOT, "schemas", "expect.schema.json"), encoding="utf-8") as f:
        schema = json.load(f)
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    fixtures = os.path.join(ROOT, "Tests", "CLITests", "Fixtures", "test")
    modeline = "# yaml-language-server: $schema=../schemas/expect.schema.json"
    valid = sorted(glob.glob(os.path.join(ROOT, "examples", "*.expect.yaml")))
    for path in valid:
        with open(path, encoding="utf-8") as f:
            if f.readline().rstrip("\n") != modeline:
                problems.append(f"{rel(path)}: first line must be `{modeline}`")
    valid += [os.path.join(fixtures, n) for n in ("pass.expect.yaml", "fail.expect.yaml")]
    rejected = [os.path.join(fixtures, n) for n in ("malformed.expect.yaml", "window.expect.yaml")]
    for path in valid:
        for line in schema_errors(validator, load_yaml(path)):
            problems.append(f"{rel(path)}: expect.schema.json rejects a valid expectation file: {line}")
    for path in rejected:
        if validator.is_valid(load_yaml(path)):
            problems.append(f"{rel(path)}: expect.schema.json accepts an expectation file with mistakes")
    if binary:
        printed = subprocess.run([binary, "schema", "expect"], capture_output=True, text=True, timeout=30)
        if printed.returncode != 0 or json.loads(printed.stdout or "null") != schema:
            problems.append("`almanac schema expect` differs from schemas/expect.schema.json")
    return len(valid) + len(rejected)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--almanac", help="path of a built `almanac` binary to compare against")
    args = parser.parse_args()

    with open(os.path.join(ROOT, "schemas", "spec.schema.json"), encoding="utf-8") as f:
        schema = json.load(f)
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)

    problems = []
    examples = check_examples(validator, schema, problems)
    probes = check_probes(validator, problems)
    valid, rejected = check_fixtures(validator, problems)
    plans = check_plans(problems)
    expectations = check_expectations(problems, args.almanac)
    summary = f"{examples} examples, {probes} probes, {valid} valid fixtures, {rejected} `# schema: reject` fixtures"
    summary += ", plan schema absent" if plans is None else f", {plans} plan goldens"
    summary += f", {expectations} expectation files"
    if args.almanac:
        summary += f", {check_with_almanac(args.almanac, validator, schema, problems)} files via almanac check"
    if problems:
        print("\n".join(problems), file=sys.stderr)
        print(f"check-schemas: {len(problems)} disagreement(s) ({summary})", file=sys.stderr)
        return 1
    print(f"check-schemas: ok ({summary})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
