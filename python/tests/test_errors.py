"""Bad input raises the documented exceptions with the CLI's messages."""

import pytest

import arbiter


def test_an_unreadable_fen_names_its_field(cli):
    fen = "8/8/8/4k3/8/8/8/KB6 x - - 0 1"
    with pytest.raises(arbiter.InvalidFen) as caught:
        arbiter.analyze(fen)
    e = caught.value
    assert e.field == 2 and e.field_name == "side to move" and e.fen == fen
    assert isinstance(e, ValueError)
    cli_error = cli("analyze", "--json", "--no-cache", input=fen + "\n", check=False)[0]["error"]
    assert cli_error == "line 1: " + str(e)


def test_an_illegal_position_lists_the_broken_rules():
    with pytest.raises(arbiter.InvalidFen) as caught:
        arbiter.status("8/8/8/4k3/8/8/8/8 w - - 0 1")
    assert caught.value.field is None
    assert str(caught.value).startswith("illegal position:") and "king" in str(caught.value)


def test_a_bad_fen_in_a_batch_names_its_index_before_any_analysis():
    fens = ["8/8/8/4k3/8/8/8/KB6 w - - 0 1"] * 3 + ["not a fen"]
    with pytest.raises(arbiter.InvalidFen) as caught:
        arbiter.analyze_many(fens)
    assert caught.value.index == 3 and caught.value.field == 1


def test_other_bad_arguments():
    with pytest.raises(arbiter.InputError):
        arbiter.analyze("8/8/8/4k3/8/8/8/KB6 w - - 0 1", winner="red")
    with pytest.raises(arbiter.InputError):
        arbiter.timeout("8/8/8/4k3/8/8/8/KB6 w - - 0 1", flagged="nobody")
    with pytest.raises(arbiter.InputError):
        arbiter.helpmate("8/8/8/4k3/8/8/8/KB6 w - - 0 1", 99)
    with pytest.raises(arbiter.InputError, match="stalemate"):
        arbiter.convert("8/8/8/4k3/8/8/8/KB6 w - - 0 1")
    with pytest.raises(TypeError):
        arbiter.analyze(42)
