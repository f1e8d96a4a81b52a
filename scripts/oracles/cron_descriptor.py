#!/usr/bin/env python3
"""Writes Tests/AlmanacExplainTests/Fixtures/cron-descriptor.txt: what the cron-descriptor package
(PyPI `cron-descriptor`, a port of Brady Holt's .NET library) says for every expression of
Tests/AlmanacExplainTests/Fixtures/cron-corpus.txt, in the same two-line layout as Almanac's golden
(`Golden/cron-corpus.txt`), so the two can be read side by side:

    diff <(sed -n 'n;p' Tests/AlmanacExplainTests/Golden/cron-corpus.txt) \
         <(sed -n 'n;p' Tests/AlmanacExplainTests/Fixtures/cron-descriptor.txt)

It is a reference for review, not an oracle the tests compare against: the two phrase things
differently by design, and where they differ on meaning docs/explain.md says which is right.
`swift test` never runs Python. Deterministic: regenerating does not dirty the tree.
Run: `pip install cron-descriptor` then `python3 scripts/oracles/cron_descriptor.py`.
"""
import sys
from importlib.metadata import version
from pathlib import Path

# This file's name is the package's: import the package, not this script.
sys.path = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]
from cron_descriptor import CasingTypeEnum, ExpressionDescriptor, Options  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "Tests/AlmanacExplainTests/Fixtures/cron-corpus.txt"
OUT = ROOT / "Tests/AlmanacExplainTests/Fixtures/cron-descriptor.txt"


def describe(expression: str) -> str:
    options = Options()
    options.use_24hour_time_format = True
    options.casing_type = CasingTypeEnum.Sentence
    # Vixie numbering: 0 and 7 are Sunday (the default, stated for the reader).
    options.day_of_week_start_index_zero = True
    try:
        return ExpressionDescriptor(expression, options).get_description() + "."
    except Exception as error:  # noqa: BLE001 - an expression it cannot read is a finding too
        return f"(cron-descriptor fails: {type(error).__name__}: {error})"


def main() -> None:
    lines = [line.strip() for line in CORPUS.read_text().splitlines() if line.strip()]
    out = [f"# cron-descriptor {version('cron-descriptor')}"]
    for line in lines:
        out.append(line)
        out.append("  " + describe(line))
    OUT.write_text("\n".join(out) + "\n")
    print(f"wrote {OUT.relative_to(ROOT)}: {len(lines)} expressions")


if __name__ == "__main__":
    main()
