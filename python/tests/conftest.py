"""Finds the module and the CLI of the build under test: $ARBITER_BUILD_DIR, else build/."""

import os
import pathlib
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]

ENDINGS = ROOT / "tests" / "data" / "audit" / "endings.pgn"
GAMES = ROOT / "tests" / "data" / "fixtures" / "games.pgn"

# Three games, the second with an illegal move: the audits report it and go on.
BROKEN = """[Event "ok"]
[Result "1-0"]

1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0

[Event "illegal"]
[Result "*"]

1. e4 e5 2. Ke3 Nc6 *

[Event "after"]
[Result "1/2-1/2"]

1. Nf3 1/2-1/2
"""
BUILD = pathlib.Path(os.environ.get("ARBITER_BUILD_DIR", ROOT / "build")).resolve()
sys.path.insert(0, str(BUILD / "python"))
# Worker processes (Dask's) find the module too.
os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [str(BUILD / "python"), os.environ.get("PYTHONPATH")]))


def test_vector_file() -> pathlib.Path:
    """The CHA test vector, in the repository (tests/data/test-vector/)."""
    path = ROOT / "tests" / "data" / "test-vector" / "cha-test-vector.txt"
    if not path.exists():
        pytest.fail(f"{path} is missing")
    return path


@pytest.fixture(scope="session")
def build_dir() -> pathlib.Path:
    return BUILD


@pytest.fixture(scope="session")
def cli(build_dir):
    """Runs the arbiter program: cli(args..., input=...) -> list of JSON records."""
    import json

    exe = build_dir / "arbiter"
    if not exe.exists():
        pytest.fail(f"{exe} is missing: build the project first")

    def run(*args, input=None, check=True):
        p = subprocess.run([str(exe), *args], input=input, capture_output=True, text=True,
                           env={**os.environ, "XDG_CACHE_HOME": "/nonexistent-arbiter-cache"})
        if check and p.returncode != 0:
            raise AssertionError(f"arbiter {' '.join(args)} exited {p.returncode}: {p.stderr}")
        return [json.loads(line) for line in p.stdout.splitlines() if line.strip()]

    return run


@pytest.fixture(scope="session")
def vector():
    """[(expected, fen)] of the test vector; expected is e.g. "W-" (White can mate, Black cannot)."""
    rows = []
    for line in test_vector_file().read_text().splitlines():
        if line.startswith("#") or len(line) < 4:
            continue
        rows.append((line[:2], line[3:].strip()))
    return rows


def without_timings(record):
    """A record without its micros (timings differ between runs)."""
    if isinstance(record, dict):
        return {k: without_timings(v) for k, v in record.items() if k != "micros"}
    if isinstance(record, list):
        return [without_timings(v) for v in record]
    return record
