#!/usr/bin/env python3
"""Writes docs/diagnostics.md: every diagnostic code, with a real example from the fixture corpora.

Run after adding a code or re-recording goldens:  python3 scripts/gen/diagnostics-doc.py
CI runs it with --check, which writes nothing and fails when docs/diagnostics.md is out of date.

Examples come from golden `.diagnostics` files, first from the valid specs that draw warnings
(Tests/AlmanacSpecTests/Fixtures/warnings/, so a warning's example is the whole story), then from
the invalid-spec corpus, then from the specs compiled over a window (E06xx/W06xx, whose goldens are
in Tests/AlmanacCompilerTests/Golden/window-diagnostics/), then from any other golden under Tests/.
Each example is one diagnostic as `almanac check` or `almanac compile` prints it, with its notes and
excerpts.
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent.parent
DOC = ROOT / "docs/diagnostics.md"
CORPORA = ["Tests/AlmanacSpecTests/Fixtures/warnings", "Tests/AlmanacSpecTests/Fixtures/invalid",
           "Tests/AlmanacCompilerTests/Golden/window-diagnostics",
           "Tests/AlmanacCompilerTests/Fixtures/lints"]

# Headings read better than the Swift case names split at capitals; a code missing here falls back
# to its case name, words split and acronyms kept.
TITLES = {
    "yamlSyntax": "YAML syntax error",
    "invalidEncoding": "not UTF-8 text",
    "fileTooLarge": "file too large",
    "nestingTooDeep": "nesting too deep",
    "tooManyNodes": "too many nodes",
    "aliasLimit": "too many alias uses",
    "duplicateKey": "duplicate key",
    "complexKey": "a key that is not a plain word",
    "multipleDocuments": "more than one YAML document",
    "emptyDocument": "empty document",
    "undefinedAlias": "undefined alias",
    "unsupportedTag": "unsupported tag",
    "wrongType": "wrong type",
    "unknownKey": "unknown key",
    "missingKey": "missing key",
    "unknownWeekday": "unknown weekday",
    "unknownMonth": "unknown month",
    "invalidTime": "invalid time",
    "invalidDate": "invalid date",
    "invalidDateTime": "invalid date-time",
    "invalidDuration": "invalid duration",
    "invalidNumber": "invalid number",
    "invalidBoolean": "invalid boolean",
    "outOfRange": "out of range",
    "invalidChoice": "invalid choice",
    "unknownTimeZone": "unknown time zone",
    "invalidTriggerID": "invalid trigger id",
    "triggerKind": "no kind, or more than one",
    "unsupportedVersion": "unsupported version",
    "invalidName": "invalid name",
    "conflictingKeys": "conflicting keys",
    "invalidCoordinate": "invalid coordinate",
    "emptyList": "empty list",
    "invalidOrdinal": "ordinal not allowed",
    "keyNotAllowed": "key not allowed for this kind",
    "duplicateValue": "value listed twice",
    "phoneCeiling": "more than a phone holds",
    "unknownBlackout": "unknown blackout",
    "unknownRegion": "unknown region",
    "countNeedsStart": "`count` without `start`",
    "endBeforeStart": "`end` not after `start`",
    "missingTimeZone": "missing time zone",
    "neverFires": "a rule that never fires",
    "startRequired": "`start` required or malformed",
    "emptyWindow": "empty `between` window",
    "reversedRange": "reversed date range",
    "intervalTooShort": "interval under a minute",
    "unusedDefinition": "unused blackout or region",
    "cronFieldCount": "cron: wrong number of fields",
    "cronOutOfRange": "cron: value out of range",
    "cronSyntax": "cron: syntax",
    "cronUnknownName": "cron: unknown name",
    "cronInvalidStep": "cron: invalid step",
    "cronReversedRange": "cron: reversed range",
    "cronUnknownMacro": "cron: unknown or unsupported macro",
    "rruleUnknownPart": "RRULE: unknown part",
    "rruleInvalidValue": "RRULE: invalid value",
    "rruleDuplicatePart": "RRULE: part given twice",
    "rruleMissingFreq": "RRULE: no FREQ",
    "rruleCountAndUntil": "RRULE: COUNT with UNTIL",
    "rruleSetPosAlone": "RRULE: BYSETPOS without another BY part",
    "rrulePartNotAllowed": "RRULE: part not allowed with this FREQ",
    "rruleUntilForm": "RRULE: UNTIL form",
    "rruleSyntax": "RRULE: syntax",
    "rruleRarelyFires": "RRULE: a rule that rarely fires",
    "maxFiresExceeded": "more fires than `max_fires`",
    "noFireInWindow": "no fire in the window",
    "dstAffected": "daylight saving affects a rule",
    "regionBudget": "more regions armed than `max_regions`",
    "pendingBudget": "more fires than `max_pending` can cover",
    "controlCharacter": "a control character the field cannot hold",
    "exportUnwritable": "export: a value the format cannot hold",
    "invalidEnvironmentName": "an environment variable name",
    "importSyntax": "import: a line the source format does not allow",
    "importUnsupported": "import: something Almanac cannot express",
    "importNeedsZone": "import: no time zone, or not a zone",
    "importZoneDefinition": "import: a VTIMEZONE that no IANA zone matches",
    "importEndBeforeStart": "import: DTEND before DTSTART",
    "importUntilBeforeStart": "import: UNTIL before DTSTART",
    "importEngineLoses": "import: the source engine loses fires the spec keeps",
    "importZoneReadFloating": "import: a TZID read as floating",
    "importTooLarge": "import: a file too large to import",
}

# What to say about a code that has no golden example yet.
NO_EXAMPLE = {
    "fileTooLarge": "Needs a spec over 16 MiB, too large to commit; `CheckCommandTests` covers it.",
    "maxFiresExceeded": "Reported by `almanac compile` when the window holds more fires than "
                        "`limits.max_fires`; located at that key, or at the trigger being expanded.",
    "noFireInWindow": "Reported by `almanac compile` for an enabled trigger with no fire in the window.",
    "dstAffected": "Reported by `almanac compile` when a DST gap or overlap inside the window moves, "
                   "skips or doubles a wall-clock trigger's fires; it names the first one and the "
                   "`dst` policy to change ([spec.md](spec.md#time-zones-and-daylight-saving)).",
    "regionBudget": "Reported by `almanac compile` when more than `limits.max_regions` regions would "
                    "be armed at once ([location.md](location.md#region-budget-w0604)).",
    "pendingBudget": "The pending-budget lint: a span of the window holding more fires than "
                     "`limits.max_pending` lets an executor register "
                     "([spec.md](spec.md#the-phone-budget-min_coverage)). This build does not report it yet.",
}


def title(name):
    if name in TITLES:
        return TITLES[name]
    words = re.findall(r"[A-Z]{2,}(?![a-z])|[A-Z]?[a-z]+|\d+", name)
    return " ".join(w if w.isupper() else w.lower() for w in words)


# A diagnostic starts with `path:line:col: severity[CODE]:`; the lines after it (excerpt, notes)
# belong to it, whatever they start with (line numbers past 999 are not indented).
HEADER = re.compile(r"^\S.*?:\d+:\d+: (?:error|warning|note)\[([EW]\d{4})\]", re.M)


def blocks(text):
    starts = [m.start() for m in HEADER.finditer(text)]
    for i, start in enumerate(starts):
        end = starts[i + 1] if i + 1 < len(starts) else len(text)
        block = text[start:end].strip("\n")
        yield HEADER.match(block).group(1), block


def goldens():
    seen = set()
    for corpus in CORPORA:
        for path in sorted((ROOT / corpus).glob("*.diagnostics")):
            seen.add(path)
            yield path
    for path in sorted((ROOT / "Tests").rglob("*.diagnostics")):
        if path not in seen:
            yield path


def render():
    catalogue = (ROOT / "Sources/AlmanacModel/Diagnostics/DiagnosticCode.swift").read_text()
    codes = re.findall(r'case (\w+) = "([EW]\d{4})"', catalogue)
    sections = dict(re.findall(r"// MARK: E(\d\d)xx — ([^\n]+)", catalogue))

    examples = {}
    for golden in goldens():
        text = golden.read_text(encoding="utf-8", errors="replace")
        for code, block in blocks(text):
            examples.setdefault(code, block)

    out = ["# Diagnostics", "",
           "Every problem Almanac reports has a stable code: `E` codes are errors (the spec is not",
           "compiled; exit 1), `W` codes warnings (exit 0, or 1 under `check --strict`). A code never",
           "changes meaning once released. Codes are grouped by topic in blocks of a hundred, warnings",
           "numbered among the errors of their topic. Each entry shows a real report, as `almanac check`",
           "or `almanac compile` prints it, from the fixture corpora: valid specs that draw a warning",
           "(`Tests/AlmanacSpecTests/Fixtures/warnings/`), invalid specs",
           "(`Tests/AlmanacSpecTests/Fixtures/invalid/`) and specs compiled over the window named on",
           "their first line (`Tests/AlmanacCompilerTests/Fixtures/window-diagnostics/`); open the",
           "fixture to see the whole spec. The `json` and `github` formats carry the same fields",
           "([commands.md](commands.md#almanac-check)). `check` validates only; with `--from`, `--to`",
           "or `--horizon` it also compiles that window in memory and reports the E06xx/W06xx",
           "diagnostics too.",
           "",
           "This page is generated by `scripts/gen/diagnostics-doc.py` from `DiagnosticCode.swift` and",
           "the goldens; do not edit it by hand.", ""]
    current = None
    for name, code in codes:
        block = code[1:3]
        if block != current:
            current = block
            out += [f"## E{block}xx — {sections.get(block, 'other')}", ""]
        out += [f"### {code} — {title(name)}", ""]
        if code in examples:
            out += ["```", examples[code], "```", ""]
        elif name in NO_EXAMPLE:
            out += [NO_EXAMPLE[name], ""]
        else:
            out += ["No example in the fixture corpora yet.", ""]
    out += ["## Retired codes", "",
            "- W0310 (an `every` interval under 60 s) is no longer emitted: plans register concrete dates,",
            "  never repeating interval triggers, so no phone limit on intervals applies. The code is not reused.", ""]
    return "\n".join(out), len(codes), len(examples)


def main():
    text, codes, examples = render()
    if "--check" in sys.argv[1:]:
        current = DOC.read_text(encoding="utf-8") if DOC.exists() else ""
        if current != text:
            print("docs/diagnostics.md is out of date: run python3 scripts/gen/diagnostics-doc.py and commit it")
            sys.exit(1)
        print(f"docs/diagnostics.md is up to date ({codes} codes, {examples} examples)")
        return
    DOC.write_text(text, encoding="utf-8")
    print(f"wrote docs/diagnostics.md: {codes} codes, {examples} with examples")


if __name__ == "__main__":
    main()
