"""arbiter.audit / audit_frame: the records of `arbiter audit --json`, and PgnError."""

import io

import pytest

import arbiter
from conftest import BROKEN, ENDINGS, GAMES


@pytest.mark.parametrize("path", [ENDINGS, GAMES], ids=lambda p: p.name)
def test_records_equal_the_cli(path, cli):
    expected = cli("audit", "--json", "--no-cache", "--claims", str(path), check=False)
    got = list(arbiter.audit(str(path), claims=True, threads=2, errors="record"))
    assert len(got) == len(expected) > 0
    assert got == expected


def test_a_broken_game_raises_pgn_error_with_game_line_and_move():
    records = arbiter.audit(io.StringIO(BROKEN))
    first = next(records)
    assert first["game"] == 1 and first["ending"] == "checkmate" and first["correct"] == "1-0"
    with pytest.raises(arbiter.PgnError) as caught:
        next(records)
    e = caught.value
    assert (e.game, e.line, e.move) == (2, 9, "Ke3")
    assert "Ke3" in str(e) and isinstance(e, ValueError)


def test_with_errors_recorded_the_audit_goes_on(tmp_path):
    path = tmp_path / "broken.pgn"
    path.write_text(BROKEN)
    records = list(arbiter.audit(path, errors="record"))
    assert [r["game"] for r in records] == [1, 2, 3]
    assert "error" in records[1] and records[1]["file"] == str(path)
    assert records[2]["recorded"] == "1/2-1/2"


def test_a_syntax_error_raises_pgn_error_with_its_line():
    text = '[Event "x"]\n[Result "*"]\n\n1. e4 { an unclosed comment\n'
    with pytest.raises(arbiter.PgnError) as caught:
        list(arbiter.audit(io.StringIO(text)))
    assert caught.value.game == 1 and caught.value.line is not None and caught.value.move is None


def test_a_missing_file_is_an_os_error(tmp_path):
    with pytest.raises(OSError):
        arbiter.audit(tmp_path / "missing.pgn")


def test_audit_frame_is_a_dataframe_of_the_records():
    frame = arbiter.audit_frame(ENDINGS)
    records = list(arbiter.audit(ENDINGS, errors="record"))
    assert len(frame) == len(records)
    assert list(frame["game"]) == [r["game"] for r in records]
    assert int(frame["mismatch"].fillna(False).astype(bool).sum()) == sum(bool(r.get("mismatch")) for r in records)
