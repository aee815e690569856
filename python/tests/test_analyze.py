"""arbiter.analyze / analyze_many against the CLI and the test vector's known answers."""

import pytest

import arbiter
from conftest import without_timings

NODES = 200_000  # enough for most of the sample; undetermined ones are compared too


@pytest.fixture(scope="module")
def sample(vector):
    """Every 40th question of the test vector (about 45 positions)."""
    return vector[::40]


def test_verdicts_equal_the_cli_on_a_sample_of_the_test_vector(sample, cli):
    fens = [fen for _, fen in sample]
    expected = cli("analyze", "--json", "--no-cache", "--threads", "1", "--max-nodes", str(NODES),
                   input="\n".join(fens) + "\n")
    got = [arbiter.analyze(fen, max_nodes=NODES, threads=1) for fen in fens]
    assert len(expected) == len(got) == len(fens)
    for fen, cli_record, result in zip(fens, expected, got):
        assert without_timings(result.record) == without_timings(cli_record), fen


def test_no_verdict_contradicts_the_known_answer(sample):
    results = arbiter.analyze_many([fen for _, fen in sample], max_nodes=NODES, threads=2)
    decided = 0
    for (answer, fen), result in zip(sample, results):
        for verdict, can in ((result.white, answer[0] == "W"), (result.black, answer[1] == "B")):
            if verdict.decided:
                decided += 1
                assert verdict.winnable == can, (fen, verdict)
            if verdict.winnable:
                assert verdict.line is not None and len(verdict.line) == verdict.plies
    assert decided >= len(sample)  # most questions of the sample are decided at this budget


def test_winnable_verdicts_carry_the_witness_in_uci_and_san():
    result = arbiter.analyze("8/8/8/4k3/4p3/8/8/KN6 w - - 0 1", max_nodes=1_000_000)
    assert result.white.verdict == "winnable" and result.white.reason == "helpmate"
    assert result.white.plies == len(result.white.line) > 0
    assert result.white.san.startswith("1. ")
    assert result.dead is False


def test_a_dead_position_is_dead():
    result = arbiter.analyze("2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - - 0 1")
    assert (result.white.verdict, result.white.reason) == ("unwinnable", "blocked")
    assert (result.black.verdict, result.black.reason) == ("unwinnable", "blocked")
    assert result.dead is True


def test_one_side_only():
    result = arbiter.analyze("8/8/8/4k3/8/8/8/KB6 w - - 0 1", winner="white")
    assert result.white.reason == "insufficient-material"
    assert result.black is None and result.dead is None and result.record["black"] is None


class Board:
    """A stand-in for python-chess's chess.Board: anything with .fen()."""

    def __init__(self, fen):
        self._fen = fen

    def fen(self):
        return self._fen


def test_an_object_with_fen_gives_the_same_result_as_its_fen(sample):
    for _, fen in sample[:10]:
        by_text = arbiter.analyze(fen, max_nodes=NODES, threads=1)
        by_object = arbiter.analyze(Board(fen), max_nodes=NODES, threads=1)
        assert without_timings(by_object.record) == without_timings(by_text.record)


def test_parallel_analyze_many_gives_the_serial_results_in_input_order(sample):
    fens = [fen for _, fen in sample]
    serial = [arbiter.analyze(fen, max_nodes=NODES, threads=1) for fen in fens]
    parallel = arbiter.analyze_many(fens, max_nodes=NODES, threads=2)
    assert [without_timings(r.record) for r in parallel] == [without_timings(r.record) for r in serial]


def test_analyze_many_takes_any_iterable_and_mixed_inputs():
    fens = ["8/8/8/4k3/8/8/8/KB6 w - - 0 1", Board("8/8/8/4k3/8/8/8/KN6 b - - 0 1")]
    results = arbiter.analyze_many(iter(fens), threads=2)
    assert [r.fen for r in results] == ["8/8/8/4k3/8/8/8/KB6 w - - 0 1", "8/8/8/4k3/8/8/8/KN6 b - - 0 1"]
    assert arbiter.analyze_many([]) == []


def test_moves_needs_python_chess_or_returns_its_moves():
    verdict = arbiter.analyze("8/8/8/4k3/4p3/8/8/KN6 w - - 0 1", winner="white").white
    try:
        import chess  # noqa: F401
    except ImportError:
        with pytest.raises(ImportError):
            verdict.moves()
    else:
        assert [m.uci() for m in verdict.moves()] == verdict.line


def test_a_table_keeps_verdicts_between_calls(tmp_path):
    table = tmp_path / "verdicts.lmdb"
    fen = "8/8/8/4k3/4p3/8/8/KN6 w - - 0 1"
    first = arbiter.analyze(fen, cache=table)
    again = arbiter.analyze(fen, cache=str(table))
    assert first.white.source == "search" and again.white.source == "cache"
    assert again.white.line == first.white.line
