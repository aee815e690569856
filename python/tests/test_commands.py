"""timeout, resign, status, helpmate and convert give the CLI's records."""

import arbiter
from conftest import without_timings


def test_timeout_equals_the_cli(cli):
    fen = "8/8/8/4k3/4p3/8/8/KN6 w - - 0 1"
    result = arbiter.timeout(fen, "black", threads=1)
    assert result.result == "1-0" and result.loser == "black" and result.kind == "timeout"
    assert result.winnability.winnable
    expected = cli("timeout", "--json", "--no-cache", "--threads", "1", "--flagged", "black", fen)[0]
    assert without_timings(result.record) == without_timings(expected)


def test_resign_equals_the_cli(cli):
    fen = "2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - - 0 1"
    result = arbiter.resign(fen, "black")
    assert result.result == "1/2-1/2" and result.kind == "resignation"
    expected = cli("resign", "--json", "--no-cache", "--resigned", "black", fen)[0]
    assert without_timings(result.record) == without_timings(expected)


def test_the_flagged_side_defaults_to_the_side_to_move():
    assert arbiter.timeout("8/8/8/4k3/8/8/8/KN6 w - - 0 1").loser == "white"


def test_status_equals_the_cli(cli):
    fen = "k7/1QK5/8/8/8/8/8/8 b - - 0 1"
    result = arbiter.status(fen)
    assert result.state == "checkmate" and result.simple_white and not result.simple_black
    assert result.record == cli("status", "--json", fen)[0]


def test_status_names_a_check_no_last_move_can_give(cli):
    fen = "4k3/8/8/8/B7/8/8/4R1K1 b - - 0 1"  # double check from a rook and a bishop
    result = arbiter.status(fen)
    assert result.impossible_check and result.in_check
    assert not arbiter.status("4k3/8/8/8/8/8/8/4R1K1 b - - 0 1").impossible_check
    assert result.impossible_check == cli("status", "--json", fen)[0]["impossible_check"]


def test_helpmate_equals_the_cli(cli):
    fen = "1K6/8/8/2pR4/7B/8/8/1k6 b - - 0 1"
    result = arbiter.helpmate(fen, 3, threads=1)
    assert result.count == 2 and result.complete and result.stipulation == "h#3"
    assert "1. c4 Ra5 2. c3 Bf6 3. c2 Ra1#" in result.san
    expected = cli("helpmate", "--json", "--threads", "1", "--moves", "3", fen)[0]
    assert without_timings(result.record) == without_timings(expected)


def test_convert_equals_the_cli(cli):
    fens = ["7K/8/8/8/8/1Q6/p7/k7 b - - 0 1", "5k2/5P2/5K2/8/8/8/8/8 b - - 0 1"]
    results = [arbiter.convert(fen) for fen in fens]
    assert results[0].convertible and results[0].san == "1. Qc2 2. Qc1#"
    assert not results[1].convertible and results[1].line is None
    assert [r.record for r in results] == cli("convert", "--json", *fens)
