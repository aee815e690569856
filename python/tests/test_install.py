"""`cmake --install` puts the package where the prefix's python3 finds it."""

import os
import pathlib
import subprocess
import sys


def test_the_module_imports_from_an_install_prefix(build_dir, tmp_path):
    prefix = tmp_path / "prefix"
    subprocess.run(["cmake", "--install", str(build_dir), "--prefix", str(prefix), "--component", "python"],
                   check=True, capture_output=True)
    inits = list(prefix.glob("lib/python3*/*-packages/arbiter/__init__.py"))
    assert len(inits) == 1, list(prefix.rglob("*"))
    site = inits[0].parent.parent
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["PYTHONPATH"] = str(site)
    out = subprocess.run(
        [sys.executable, "-c",
         "import arbiter; print(arbiter.__file__); "
         "print(arbiter.analyze('8/8/8/4k3/8/8/8/KB6 w - - 0 1').dead)"],
        env=env, cwd=str(tmp_path), check=True, capture_output=True, text=True).stdout.split()
    assert pathlib.Path(out[0]).resolve() == inits[0].resolve()
    assert out[1] == "True"
