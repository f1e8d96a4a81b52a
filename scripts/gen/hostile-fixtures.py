#!/usr/bin/env python3
"""Write the invalid-spec fixtures that are awkward to type by hand: bad encodings, deep nesting
and alias bombs. Run from anywhere; the files land in Tests/AlmanacSpecTests/Fixtures/invalid/,
where DiagnosticGoldenTests compares them with their `.diagnostics` goldens. Deterministic: running
it twice writes the same bytes.
"""
import os

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join(ROOT, "Tests", "AlmanacSpecTests", "Fixtures", "invalid")

HEADER = "version: 1\ntimezone: Europe/Paris\ntriggers:\n"


def write(name, data):
    with open(os.path.join(OUT, name), "wb") as f:
        f.write(data)


def main():
    # A spec saved as Latin-1 by an old editor: 'é' is the single byte 0xE9, not UTF-8.
    write("encoding-latin1.yaml",
          ("# Saved as Latin-1: the accent in the title is one byte 0xE9, not UTF-8.\n" + HEADER
           + "  coffee:\n    calendar: {at: \"10:30\"}\n    payload: {title: \"Caf").encode("utf-8")
          + b"\xe9\"}\n")

    # A NUL byte pasted into a value (copied from a binary file or a C string).
    write("encoding-nul-byte.yaml",
          ("# A NUL byte pasted into the payload title.\n" + HEADER
           + "  coffee:\n    calendar: {at: \"10:30\"}\n    payload: {title: \"Coffee").encode("utf-8")
          + b"\x00\"}\n")

    # 65 levels of nesting: the spec mapping, triggers, the trigger, payload, then 61 flow lists.
    lists = 65 - 4
    write("nesting-too-deep.yaml",
          ("# Nesting 65 levels deep; the limit is 64.\n" + HEADER
           + "  deep:\n    cron: \"@daily\"\n    payload: {data: " + "[" * lists + "1" + "]" * lists + "}\n").encode("utf-8"))

    # The billion laughs: 11 levels of ten aliases each expand to 10^11 nodes.
    bomb = "# An alias bomb in a payload: every level repeats the previous one ten times.\n" + HEADER
    bomb += "  laughs:\n    cron: \"@daily\"\n    payload:\n"
    bomb += "      l0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
    for i in range(1, 12):
        bomb += f"      l{i}: &l{i} [" + ", ".join([f"*l{i - 1}"] * 10) + "]\n"
    write("alias-bomb.yaml", bomb.encode("utf-8"))

    # Cheap aliases, but more than 10 000 of them: 101 lines of 100 uses of a one-word anchor.
    many = "# More than 10 000 alias uses, each cheap: the alias count is limited on its own.\n" + HEADER
    many += "  chatty:\n    cron: \"@daily\"\n    payload:\n      word: &w hi\n      words:\n"
    for _ in range(101):
        many += "        - [" + ", ".join(["*w"] * 100) + "]\n"
    write("too-many-aliases.yaml", many.encode("utf-8"))

    # Aliases that each nest the previous one: 5 aliases of 20 levels reach 100 levels in a few
    # lines; the depth limit counts what an alias stands for, not the levels written.
    chain = "# Each anchor nests the previous one 20 levels deeper: 100 levels through aliases.\n" + HEADER
    chain += "  nested:\n    cron: \"@daily\"\n    payload:\n"
    chain += "      a0: &a0 " + "[" * 20 + "1" + "]" * 20 + "\n"
    for i in range(1, 5):
        chain += f"      a{i}: &a{i} " + "[" * 20 + f"*a{i - 1}" + "]" * 20 + "\n"
    write("alias-nesting-too-deep.yaml", chain.encode("utf-8"))

    # Terminal escape sequences in a spec: a colour code, a bell and a window-title command.
    # Diagnostics show them escaped, never raw.
    write("control-escape-sequence.yaml",
          ("# Escape sequences pasted into a value: shown as \\u{1B}, never sent to the terminal.\n" + HEADER
           + "  coffee:\n    calendar: {at: \"10:30\"}\n    payload: {title: \"\x1b[31mred\x07\x1b]0;pwned\x07\"}\n").encode("utf-8"))

    # A whole spec on one 10 KB line with an error in its middle: the excerpt is cut around the caret.
    entries = [f"t{i}: {{cron: '0 9 * * *'}}" for i in range(200)]
    entries[100] = "t100: {cron: '0 25 * * *'}"
    write("long-line.yaml",
          ("# One line of 10 KB; the excerpt shows a window around the caret.\n"
           + "{version: 1, timezone: Europe/Paris, triggers: {" + ", ".join(entries) + "}}\n").encode("utf-8"))


if __name__ == "__main__":
    main()
