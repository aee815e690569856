"""The Python examples of README.md and docs/python.md run as written."""

import os
import re

import pytest

from conftest import ROOT


def python_blocks(path):
    return re.findall(r"```python\n(.*?)```", path.read_text(), re.S)


@pytest.mark.parametrize("doc", ["README.md", "docs/python.md"])
def test_examples_run(doc, capsys, monkeypatch):
    blocks = python_blocks(ROOT / doc)
    assert blocks, f"{doc} has no Python example"
    monkeypatch.chdir(ROOT)
    for block in blocks:
        exec(compile(block, f"{doc} example", "exec"), {"__name__": "__example__"})
    assert capsys.readouterr().out.strip()
