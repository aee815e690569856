#!/usr/bin/env python3
"""Runs every `arbiter` command that prints JSON Lines, on inputs that reach each kind of
record (decided and undetermined verdicts, errors, limits, cache states), and validates
every record against its schema in docs/schema/; also the fixture files the project ships.

Usage: check_schemas.py ARBITER_EXE SOURCE_DIR
Exit status 0 when every record validates, 1 otherwise (each failure printed)."""
import json
import os
import subprocess
import sys
import tempfile

try:
    import jsonschema
except ImportError:
    sys.exit("check_schemas: python3-jsonschema is missing (scripts/install-deps --dev installs it)")

exe, source = sys.argv[1], sys.argv[2]
schema_dir = os.path.join(source, "docs", "schema")
schemas = {}
for name in sorted(os.listdir(schema_dir)):
    if name.endswith(".schema.json"):
        with open(os.path.join(schema_dir, name)) as f:
            schemas[name[: -len(".schema.json")]] = json.load(f)
validator_class = jsonschema.Draft202012Validator
for s in schemas.values():
    validator_class.check_schema(s)

try:  # jsonschema 4.18 and later resolve $ref through a registry
    from referencing import Registry, Resource

    registry = Registry().with_resources((s["$id"], Resource.from_contents(s)) for s in schemas.values())
    validators = {k: validator_class(s, registry=registry) for k, s in schemas.items()}
except ImportError:  # Debian 12's jsonschema 4.10
    store = {s["$id"]: s for s in schemas.values()}
    validators = {k: validator_class(s, resolver=jsonschema.RefResolver.from_schema(s, store=store))
                  for k, s in schemas.items()}

failures = 0
checked = {k: 0 for k in schemas}


def validate(kind, record, where):
    global failures
    errors = sorted(validators[kind].iter_errors(record), key=lambda e: list(e.path))
    checked[kind] += 1
    if errors:
        failures += 1
        print(f"FAIL {where}: not a valid '{kind}' record: {record}")
        for e in errors[:3]:
            print(f"  at {'/'.join(map(str, e.path)) or '(top)'}: {e.message}")


tmp = tempfile.mkdtemp(prefix="arbiter-schema-")
env = dict(os.environ, XDG_CACHE_HOME=tmp)


def run(kind, args, stdin=""):
    """Runs arbiter ARGS; each stdout line is a record of `kind`, or an input error."""
    p = subprocess.run([exe] + args, input=stdin, capture_output=True, text=True, env=env)
    lines = [line for line in p.stdout.splitlines() if line.strip()]
    if not lines:
        global failures
        failures += 1
        print(f"FAIL arbiter {' '.join(args)}: no output (status {p.returncode}): {p.stderr.strip()}")
    for i, line in enumerate(lines, 1):
        where = f"arbiter {' '.join(args)} (line {i})"
        try:
            record = json.loads(line)
        except json.JSONDecodeError as e:
            failures += 1
            print(f"FAIL {where}: not JSON ({e}): {line}")
            continue
        is_input_error = isinstance(record, dict) and "input" in record and "error" in record
        validate("error" if is_input_error else kind, record, where)


knight_pawn = "8/8/8/4k3/4p3/8/8/KN6 w - - 0 1"
walls = "2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - - 0 1"
mated = "k7/1QK5/8/8/8/8/8/8 b - - 0 1"
stalemated = "k7/8/1QK5/8/8/8/8/8 b - - 0 1"
opening = "r1bqkbnr/pppppppp/2n5/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 2 2"
bad = ["not a fen", "8/8/8/8/8/8/8/8 w - - 0 1"]

run("analyze", ["analyze", "--json", knight_pawn, walls, mated, stalemated])
run("analyze", ["analyze", "--json", "--winner", "white", "--max-nodes", "100", opening])
run("analyze", ["analyze", "--json", "--winner", "black", knight_pawn])  # from the table now
run("analyze", ["analyze", "--json"], "\n".join(bad + [knight_pawn + " white"]) + "\n")
run("status", ["status", "--json", mated, stalemated, opening])
run("status", ["status", "--json"], "\n".join(bad) + "\n")
run("perft", ["perft", "--json", "3"])
run("perft", ["perft", "--json", "--divide", "2", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"])
run("perft", ["perft", "--json", "1"], "\n".join(bad) + "\n")
run("helpmate", ["helpmate", "--json", "--moves", "3", "1K6/8/8/2pR4/7B/8/8/1k6 b - - 0 1"])
run("helpmate", ["helpmate", "--json", "--moves", "1.5", "--first", "7k/8/6K1/8/8/8/8/6R1 w - - 0 1"])
run("helpmate", ["helpmate", "--json", "--moves", "4", "--max-nodes", "100", opening])
run("helpmate", ["helpmate", "--json", "--moves", "1"], "\n".join(bad) + "\n")
run("convert", ["convert", "--json", "7K/8/8/8/8/1Q6/p7/k7 b - - 0 1", "5k2/5P2/5K2/8/8/8/8/8 b - - 0 1", opening])
run("loss", ["timeout", "--json", "--flagged", "black", knight_pawn, mated])
run("loss", ["timeout", "--json", "--max-nodes", "10", opening])
run("loss", ["timeout", "--json"], "\n".join(bad) + "\n")
run("loss", ["resign", "--json", "--resigned", "black", walls])
# The automatic draws: a flag fall at clock 149 where the readings differ (a "plain" object).
rook_149 = "7k/8/5K2/8/8/8/8/1R6 w - - 149 90"
run("loss", ["timeout", "--json", "--flagged", "black", rook_149])
run("loss", ["timeout", "--json", "--rules", "plain", "--flagged", "black", rook_149])
run("analyze", ["analyze", "--json", rook_149])
data = os.path.join(source, "tests", "data")
run("audit", ["audit", "--json", "--claims", "--standings", "--max-nodes", "20000",
              os.path.join(data, "audit", "endings.pgn"),
              os.path.join(data, "pgn", "syntax", "lichess-org_scalachess_fixtures", "crazyhouse1.pgn"),
              os.path.join(tmp, "missing.pgn")])
run("cache", ["cache", "stats", "--json", "--cache", os.path.join(tmp, "none.lmdb")])
run("cache", ["cache", "stats", "--json"])
run("cache", ["cache", "clear", "--json"])
generated = os.path.join(tmp, "generated.jsonl")
subprocess.run([exe, "fixtures", "generate", "--kind", "winnability", "--count", "3", "--out", generated],
               capture_output=True, env=env, check=True)
run("fixtures-verify", ["fixtures", "verify", "--json", generated])

fixture_dir = os.path.join(data, "fixtures")
for name in sorted(os.listdir(fixture_dir)) + [generated]:
    path = os.path.join(fixture_dir, name)
    if not path.endswith(".jsonl"):
        continue
    with open(path) as f:
        for i, line in enumerate(f, 1):
            if line.strip():
                validate("fixtures", json.loads(line), f"{path} line {i}")

subprocess.run(["rm", "-rf", tmp])
print("records validated: " + ", ".join(f"{k} {n}" for k, n in checked.items()))
unused = [k for k, n in checked.items() if n == 0 and k != "verdict"]
if unused:
    failures += 1
    print("FAIL no record checked against: " + ", ".join(unused))
sys.exit(1 if failures else 0)
