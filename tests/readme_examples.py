#!/usr/bin/python3
"""Runs the examples of README.md against a built `arbiter` and compares their output.

Usage: readme_examples.py ARBITER README.md

An example is a `$ command` line in a fenced block, followed by the output it prints
(up to the next `$` line or the end of the block). `arbiter` (or `./scripts/arbiter`) at
the start of a command, or after `&&`, `|` or `;`, is the program under test. Every
command of a block runs in one fresh folder with its own HOME (so the verdict cache and
the tables start empty), from where the repository's files are reachable by the same
relative paths as from the repository's root (`tests/data/...`).

The output must match line for line, where the README may shorten:
  - a line that is only `...` stands for any number of lines (also none);
  - `...` inside a line stands for any text;
  - figures that depend on time or on the machine match any figure: decimal numbers
    (`0.012 s`, `1.6 s`), rates (`616055836 nodes/s`), dates and times of day, and node
    counts (`90090 nodes`: a search on several threads shares its tables, so the count
    differs from run to run);
  - `/home/me` is the HOME the example ran with;
  - a witness (the moves after `winnable: ` and the figures in the parentheses after them)
    matches any witness from the same source: on one position the searchers race on
    several threads, and which of them mates first depends on timing.
Commands in `sh` blocks without a `$` are only checked to exit with status 0. Examples that
take minutes of CPU (building the helpmate tables) or do not end (`serve`) are skipped,
each with a line saying so. Exit status: 0 when every example holds, 1 otherwise.
"""

import os
import re
import subprocess
import sys
import tempfile

SKIP = [
    (re.compile(r"\btables build\b"), "builds the helpmate tables: minutes of CPU"),
    (re.compile(r"\bserve\b"), "starts a server that does not end"),
    (re.compile(r"^\s*(\./scripts/(install|test|build)|man )"), "installs or builds the program itself"),
    (re.compile(r"^\s*\./scripts/arbiter\b"), "builds the program first (scripts/arbiter)"),
]

PROGRAM = re.compile(r"(^|&&\s*|\|\s*|;\s*)(?:\./scripts/)?arbiter\b")


def blocks(readme):
    """(language, first line number, [lines]) of each fenced block."""
    out, inside, lang, start, lines = [], False, "", 0, []
    for number, line in enumerate(readme.splitlines(), 1):
        if line.startswith("```"):
            if inside:
                out.append((lang, start, lines))
                inside = False
            else:
                inside, lang, start, lines = True, line[3:].strip(), number + 1, []
        elif inside:
            lines.append(line)
    return out


def examples(lines):
    """(command, [expected lines]) of a block's `$` lines."""
    out = []
    for line in lines:
        if line.startswith("$ "):
            out.append((line[2:], []))
        elif out:
            out[-1][1].append(line)
    return out


def loose(text, home):
    """A regular expression for one expected line."""
    text = text.rstrip()
    witness = re.match(r"(.*winnable: )(.*) \((\w+), .*\)$", text)
    if witness:
        text = witness.group(1) + "... (" + witness.group(3) + ", ...)"
    parts = text.replace("/home/me", "\0HOME\0").split("...")
    pattern = []
    for part in parts:
        piece = re.escape(part)
        piece = piece.replace(re.escape("\0HOME\0"), re.escape(home))
        # Dates and times of day, rates and decimal figures are the machine's and the moment's.
        piece = re.sub(r"\d{4}\\-\d\d\\-\d\d", r"\\d{4}-\\d\\d-\\d\\d", piece)
        piece = re.sub(r"\d\d:\d\d:\d\d", r"\\d\\d:\\d\\d:\\d\\d", piece)
        piece = re.sub(r"\d+(?:\\\.\d+)?(?=\\ [a-z]+/s)", r"[\\d.]+", piece)
        piece = re.sub(r"\d+\\\.\d+", r"[\\d.]+(?:e-?\\d+)?", piece)
        piece = re.sub(r"\d+(?=\\ nodes\b)", r"\\d+", piece)
        pattern.append(piece)
    return re.compile(".*?".join(pattern) + r"\Z")


def matches(expected, actual, home):
    """Whether the actual lines are the expected ones (see the module's text); the first
    expected line that fails, or None."""
    actual = [a.rstrip() for a in actual]

    def walk(e, a):
        if e == len(expected):
            return None if a == len(actual) else ("(the end)", a)
        if expected[e].strip() == "...":
            worst = None
            for skip in range(a, len(actual) + 1):
                failed = walk(e + 1, skip)
                if failed is None:
                    return None
                worst = failed if worst is None or failed[1] > worst[1] else worst
            return worst
        if a < len(actual) and loose(expected[e], home).match(actual[a]):
            return walk(e + 1, a + 1)
        return (expected[e], a)

    return walk(0, 0)


def run(command, exe, cwd, home):
    env = {k: v for k, v in os.environ.items() if not k.startswith("XDG_")}
    env["HOME"] = home
    env["COLUMNS"] = "100"
    shell = PROGRAM.sub(lambda m: m.group(1) + "'" + exe + "'", command)
    done = subprocess.run(["bash", "-c", shell], cwd=cwd, env=env, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, timeout=120)
    return done.returncode, done.stdout.decode("utf-8", "replace").splitlines()


def skipped(command):
    for pattern, why in SKIP:
        if pattern.search(command):
            return why
    return None


def main():
    if len(sys.argv) != 3:
        print(__doc__)
        return 2
    exe, readme_path = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    root = os.path.dirname(readme_path)
    with open(readme_path, encoding="utf-8") as f:
        readme = f.read()
    failures = checked = 0
    for lang, start, lines in blocks(readme):
        if lang not in ("", "sh", "console", "shell"):
            continue
        with tempfile.TemporaryDirectory(prefix="arbiter-readme-") as work:
            home = os.path.join(work, "home")
            cwd = os.path.join(work, "cwd")
            os.makedirs(home)
            os.makedirs(cwd)
            os.symlink(os.path.join(root, "tests"), os.path.join(cwd, "tests"))
            prompted = examples(lines)
            if prompted:
                todo = [(c, e, True) for c, e in prompted]
            else:
                todo = [(l.split("  #")[0].strip(), [], False) for l in lines
                        if PROGRAM.match(l.strip()) and l.strip()]
            for command, expected, compare in todo:
                why = skipped(command)
                if why:
                    print(f"README.md:{start}: skipped: {command}  ({why})")
                    continue
                checked += 1
                try:
                    status, actual = run(command, exe, cwd, home)
                except subprocess.TimeoutExpired:
                    print(f"README.md:{start}: FAILED: {command}: no end within 120 s")
                    failures += 1
                    continue
                if status > 5 or (not compare and status != 0):
                    print(f"README.md:{start}: FAILED: {command}: exit status {status}")
                    print("\n".join("    " + a for a in actual))
                    failures += 1
                    continue
                if not compare:
                    continue
                failed = matches(expected, actual, home)
                if failed is not None:
                    line, at = failed
                    failures += 1
                    print(f"README.md:{start}: FAILED: {command}")
                    print(f"  the README says:  {line}")
                    print(f"  the program says: {actual[at] if at < len(actual) else '(nothing more)'}")
                    print("  the whole output:")
                    print("\n".join("    " + a for a in actual))
    print(f"{checked} README examples run, {failures} failed")
    return 1 if failures or checked == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
