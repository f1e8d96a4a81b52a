#!/usr/bin/env python3
"""Runs every command the README and docs/ show, and compares its output where the page shows it.

    python3 scripts/test/doc-commands.py [--bin DIR] [--daemons] [PAGE.md ...]

Pages default to README.md and docs/*.md. Each page runs in a scratch folder of its own that sees
the checkout's files (examples/, schemas/, Tests/, …) through symbolic links, with an empty out/,
so a command may write only there; `almanac` and `almanac-exec` are the built ones (--bin, default
`swift build --show-bin-path`), `swift run almanac` means the same.

What a page marks, and how (an HTML comment on the line before a fenced block):
- ```console: `$ COMMAND` lines, each followed by what it prints (standard output and error, in
  order); a line `…` stands for any number of lines; `[exit N]` as the last line of an output is
  the exit status expected, else 0.
- ```sh: every line is run (a `# comment` after it ignored, `\\` continues a line) and must exit 0;
  `swift test` and `swift build` lines are left to CI itself.
- `<!-- doc-test: file PATH -->`: the block is written to PATH (for the commands after it).
- `<!-- doc-test: same-as PATH -->`: the block quotes the file PATH of the checkout, whole.
- `<!-- doc-test: daemon until FILE... -->`: the block's one command is a daemon. With --daemons
  it runs in the background until every FILE exists (at most 90 s), then gets SIGTERM and must exit
  0; without, the rest of the page is not run (it depends on the daemon) — scripts/ci/migrating.sh
  runs docs/migrating.md with --daemons.
- `<!-- doc-test: illustrative -->`: not run (a path of another machine, a database, a long job).
Any other block showing a line that starts like a command (`almanac …`, `$ almanac …`) must be a
synopsis (placeholders in capitals, `[options]`, `a|b`) or one of the above: a command shown is a
command checked.
"""
import argparse
import os
import pathlib
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent.parent
MARKER = re.compile(r"^<!--\s*doc-test:\s*(.*?)\s*-->\s*$")
FENCE = re.compile(r"^```(\S*)\s*$")
COMMANDISH = re.compile(r"^\s*(\$ )?(swift run )?almanac(-exec)?(\s|$)")
SYNOPSIS = re.compile(r"[\[|…]|\b(SPEC|PLAN|FILE|OLD|NEW|INPUT|DIR|PATH|NAME|ZONE|CMD|TRIGGER|T|D|N)\b")


class Failure(Exception):
    pass


def blocks(text):
    """(line number, info string, marker or None, body lines) of each fenced block."""
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        start = i
        marker = None
        j = i - 1
        if j >= 0 and MARKER.match(lines[j]):
            marker = MARKER.match(lines[j]).group(1)
        i += 1
        body = []
        while i < len(lines) and not lines[i].startswith("```"):
            body.append(lines[i])
            i += 1
        yield start + 1, m.group(1), marker, body
        i += 1


def scratch_folder():
    folder = pathlib.Path(tempfile.mkdtemp(prefix="almanac-docs."))
    for entry in ROOT.iterdir():
        if entry.name in ("out", ".git") or entry.name.startswith(".build"):
            continue
        (folder / entry.name).symlink_to(entry)
    (folder / "out").mkdir()
    return folder


def environment(bin_dir):
    env = dict(os.environ)
    env["PATH"] = f"{bin_dir}:{env.get('PATH', '/usr/bin:/bin')}"
    env["NO_COLOR"] = "1"
    env.pop("ALMANAC_RECORD", None)
    return env


def command_text(line):
    line = re.sub(r"^(\s*)swift run (almanac)", r"\1\2", line)
    return line


def run(command, cwd, env):
    result = subprocess.run(["bash", "-c", command], cwd=cwd, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, timeout=120)
    return result.returncode, result.stdout.decode("utf-8", "replace")


def matches(expected, actual):
    """Expected lines against actual ones, `…` standing for any number of lines."""
    if not expected:
        return not actual
    if expected[0] in ("…", "..."):
        return any(matches(expected[1:], actual[k:]) for k in range(len(actual) + 1))
    return bool(actual) and expected[0] == actual[0] and matches(expected[1:], actual[1:])


def console(body, where, cwd, env):
    steps = []
    for line in body:
        if line.startswith("$ "):
            steps.append([line[2:], []])
        elif steps:
            steps[-1][1].append(line)
        elif line.strip():
            raise Failure(f"{where}: a console block starts with output, not `$ COMMAND`")
    for command, output in steps:
        while output and output[-1] == "":
            output.pop()
        status = 0
        if output and re.fullmatch(r"\[exit \d+\]", output[-1]):
            status = int(output.pop()[6:-1])
        got_status, got = run(command_text(command), cwd, env)
        got_lines = got.rstrip("\n").split("\n") if got.rstrip("\n") else []
        if got_status != status or not matches(output, got_lines):
            raise Failure(
                f"{where}: `{command}` exited {got_status} (expected {status}); it printed:\n"
                + "".join(f"    {l}\n" for l in got_lines)
                + "  the page shows:\n" + "".join(f"    {l}\n" for l in output))
    return len(steps)


def shell_lines(body):
    joined, current = [], ""
    for line in body:
        if line.rstrip().endswith("\\"):
            current += line.rstrip()[:-1] + " "
            continue
        joined.append(current + line)
        current = ""
    for line in joined:
        command = re.sub(r"\s+#.*$", "", line).strip()
        if command and not command.startswith("#") and not re.match(r"swift (test|build)\b", command):
            yield command


def daemon(body, marker, where, cwd, env):
    commands = list(shell_lines(body))
    if len(commands) != 1:
        raise Failure(f"{where}: a daemon block holds one command, not {len(commands)}")
    files = marker.split()[2:] if marker.split()[1:2] == ["until"] else []
    log = open(cwd / "out" / "daemon.log", "w")
    process = subprocess.Popen(["bash", "-c", "exec " + command_text(commands[0])], cwd=cwd, env=env,
                               stdout=log, stderr=subprocess.STDOUT)
    deadline = time.time() + 90
    while time.time() < deadline and not all((cwd / f).exists() for f in files):
        if process.poll() is not None:
            break
        time.sleep(0.2)
    time.sleep(1)
    running = process.poll() is None
    if running:
        process.send_signal(signal.SIGTERM)
    try:
        status = process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        raise Failure(f"{where}: the daemon did not stop within 10 s of SIGTERM")
    log.close()
    text = (cwd / "out" / "daemon.log").read_text(errors="replace")
    missing = [f for f in files if not (cwd / f).exists()]
    if not running or status != 0 or missing:
        raise Failure(f"{where}: the daemon {'ended by itself' if not running else f'exited {status}'}"
                      + (f", and {', '.join(missing)} never appeared" if missing else "") + f"; its log:\n{text}")
    return 1


def page(path, bin_dir, daemons):
    text = path.read_text(encoding="utf-8")
    rel = path.relative_to(ROOT)
    cwd = scratch_folder()
    env = environment(bin_dir)
    count = 0
    try:
        for line, info, marker, body in blocks(text):
            where = f"{rel}:{line}"
            kind = (marker or "").split()[0] if marker else ""
            if kind == "illustrative":
                continue
            if kind == "same-as":
                shown = cwd / marker.split(maxsplit=1)[1]
                if "\n".join(body) + "\n" != shown.read_text(encoding="utf-8"):
                    raise Failure(f"{where}: the block is not the same as {marker.split(maxsplit=1)[1]}, which it quotes")
                count += 1
                continue
            if kind == "file":
                target = cwd / marker.split(maxsplit=1)[1]
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_text("\n".join(body) + "\n", encoding="utf-8")
                continue
            if kind == "daemon":
                if not daemons:
                    return count, "stopped at a daemon (run with --daemons)"
                count += daemon(body, marker, where, cwd, env)
                continue
            if marker:
                raise Failure(f"{where}: unknown doc-test marker '{marker}'")
            if info == "console":
                count += console(body, where, cwd, env)
            elif info in ("sh", "shell", "bash"):
                for command in shell_lines(body):
                    status, output = run(command_text(command), cwd, env)
                    if status != 0:
                        raise Failure(f"{where}: `{command}` exited {status}:\n{output}")
                    count += 1
            else:
                for shown in body:
                    if COMMANDISH.match(shown) and not SYNOPSIS.search(shown):
                        raise Failure(
                            f"{where}: `{shown.strip()}` is shown in a ```{info} block and not checked: "
                            "show it in a ```console or ```sh block, or mark the block "
                            "<!-- doc-test: illustrative -->")
        return count, ""
    finally:
        shutil.rmtree(cwd, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bin")
    parser.add_argument("--daemons", action="store_true")
    parser.add_argument("pages", nargs="*")
    args = parser.parse_args()
    bin_dir = args.bin or subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, capture_output=True,
                                         text=True, check=True).stdout.strip()
    bin_dir = str(pathlib.Path(bin_dir).resolve())
    pages = [pathlib.Path(p).resolve() for p in args.pages] or [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    total, failures = 0, 0
    for path in pages:
        try:
            count, note = page(path, bin_dir, args.daemons)
            total += count
            if note:
                print(f"{path.relative_to(ROOT)}: {count} commands; {note}")
        except Failure as failure:
            failures += 1
            print(f"FAIL {failure}")
    print(f"doc commands: {total} ran as shown in {len(pages)} pages" + (f", {failures} pages failed" if failures else ""))
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
