"""shortest=, tables= and the diagram: the same as the CLI's --shortest, --tables and
`arbiter diagram`."""

import subprocess

import pytest

import arbiter
from conftest import without_timings

KN_KP = "8/8/8/4k3/4p3/8/8/KN6 w - - 0 1"  # both sides can mate, by long helpmates
KQ_K = "8/8/8/4k3/8/8/8/KQ6 w - - 0 1"
NODES = 300_000


def test_shortest_is_the_clis_shortest(cli):
    [want] = cli("analyze", "--json", "--no-cache", "--no-tables", "--threads", "1", "--max-nodes", str(NODES),
                 "--shortest", KN_KP)
    got = arbiter.analyze(KN_KP, max_nodes=NODES, threads=1, shortest=True)
    assert without_timings(got.record) == without_timings(want)
    [bounded] = cli("analyze", "--json", "--no-cache", "--no-tables", "--threads", "1", "--max-nodes", str(NODES),
                    KN_KP)
    # The full shortening never reports a longer witness than the default bounded one.
    for side in ("white", "black"):
        assert got.record[side]["plies"] <= bounded[side]["plies"]
        verdict = getattr(got, side)
        assert verdict.no_shorter_than is None or verdict.no_shorter_than <= verdict.plies


def test_shortest_applies_to_timeout_and_resign(cli):
    fen = "8/8/8/4k3/4p3/8/8/KN6 b - - 0 1"  # Black flags; can White mate?
    [want] = cli("timeout", "--json", "--no-cache", "--no-tables", "--threads", "1", "--max-nodes", str(NODES),
                 "--shortest", fen)
    got = arbiter.timeout(fen, max_nodes=NODES, threads=1, shortest=True)
    assert without_timings(got.record) == without_timings(want)


@pytest.fixture(scope="module")
def tables(tmp_path_factory, build_dir):
    folder = tmp_path_factory.mktemp("tables")
    subprocess.run([str(build_dir / "arbiter"), "tables", "build", "--dir", str(folder), "KQvK"], check=True,
                   capture_output=True)
    return folder


def test_tables_answer_as_the_clis_tables(tables, cli):
    [want] = cli("analyze", "--json", "--no-cache", "--threads", "1", "--tables", str(tables), KQ_K)
    got = arbiter.analyze(KQ_K, threads=1, tables=tables)
    assert without_timings(got.record) == without_timings(want)
    assert got.white.shortest is True and got.white.reason == want["white"]["reason"]
    without = arbiter.analyze(KQ_K, threads=1)  # tables=None: no tables
    assert without.white.winnable and without.white.record["reason"] != want["white"]["reason"]


def test_tables_in_timeout_resign_and_audit(tables, cli, tmp_path):
    fen = "8/8/8/4k3/8/8/8/KQ6 b - - 0 1"
    for command, function in (("timeout", arbiter.timeout), ("resign", arbiter.resign)):
        [want] = cli(command, "--json", "--no-cache", "--threads", "1", "--tables", str(tables), fen)
        got = function(fen, threads=1, tables=str(tables))
        assert without_timings(got.record) == without_timings(want)
    pgn = tmp_path / "flag.pgn"
    pgn.write_text('[Event "t"]\n[FEN "' + fen + '"]\n[SetUp "1"]\n[Result "1-0"]\n'
                   '[Termination "Time forfeit"]\n\n1-0\n')
    want = cli("audit", "--json", "--no-cache", "--threads", "1", "--tables", str(tables), str(pgn))
    got = list(arbiter.audit(str(pgn), threads=1, tables=tables))
    assert got == want


def test_a_missing_tables_folder_holds_no_tables(tables, tmp_path):
    with_tables = arbiter.analyze(KQ_K, threads=1, tables=tables)
    got = arbiter.analyze(KQ_K, threads=1, tables=tmp_path / "none")
    assert got.white.winnable and got.white.reason != with_tables.white.reason


def test_the_diagram_is_the_clis(build_dir):
    line = ["b1c3", "d5e5"]
    start = "8/8/8/3k4/4p3/8/8/KN6 w - - 0 1"
    svg = arbiter.diagram(start, line, flipped=True, size=30)
    p = subprocess.run([str(build_dir / "arbiter"), "diagram", start, "--flip", "--size", "30",
                        "--line", " ".join(line), "--out", "-"], capture_output=True, text=True, check=True)
    assert svg == p.stdout
    assert svg.startswith("<svg") and 'data-square="e5"' in svg
    assert arbiter.diagram(start, line, ply=1) != arbiter.diagram(start, line)
    with pytest.raises(arbiter.InputError):
        arbiter.diagram(start, ["e2e4"])
    with pytest.raises(arbiter.InvalidFen):
        arbiter.diagram("8/8/8 w - - 0 1")


def test_rules_as_the_clis_rules(cli, tmp_path):
    # Clock 149: the one ply left cannot mate, so the strict reading draws; plain wins.
    fen = "7k/8/5K2/8/8/8/8/1R6 w - - 149 90"
    assert arbiter.DEFAULT_RULES == "automatic-draws"
    for rules in ("automatic-draws", "plain"):
        [want] = cli("timeout", "--json", "--no-cache", "--no-tables", "--threads", "1", "--flagged", "black",
                     "--rules", rules, fen)
        got = arbiter.timeout(fen, "black", threads=1, rules=rules)
        assert without_timings(got.record) == without_timings(want)
        [want] = cli("analyze", "--json", "--no-cache", "--no-tables", "--threads", "1", "--rules", rules, fen)
        got = arbiter.analyze(fen, threads=1, rules=rules)
        assert without_timings(got.record) == without_timings(want)
    assert arbiter.timeout(fen, "black").record["result"] == "1/2-1/2"
    assert arbiter.timeout(fen, "black", rules="plain").record["result"] == "1-0"
    assert arbiter.analyze_many([fen], rules="plain")[0].white.verdict == "winnable"
    pgn = tmp_path / "flag.pgn"
    pgn.write_text('[Event "t"]\n[Result "1-0"]\n[FEN "' + fen + '"]\n[SetUp "1"]\n'
                   '[Termination "Time forfeit"]\n\n1-0\n')
    [strict] = list(arbiter.audit(pgn))
    [plain] = list(arbiter.audit(pgn, rules="plain"))
    assert (strict["correct"], plain["correct"]) == ("1/2-1/2", "1-0")
    with pytest.raises(arbiter.InputError):
        arbiter.analyze(fen, rules="fivefold")
