"""arbiter.dask on a LocalCluster of two workers: the rows of the single-process audit,
whatever the chunking, a killed worker or an interrupted and resumed run."""

import collections
import json
import os
import signal
import subprocess
import sys

import pytest

distributed = pytest.importorskip("distributed")  # Debian python3-distributed (install-deps --dev)
import arbiter  # noqa: E402
import arbiter.dask  # noqa: E402
import conftest  # noqa: E402
from conftest import ROOT  # noqa: E402

ENDINGS = str(conftest.ENDINGS)
GAMES = str(conftest.GAMES)
LICHESS = ROOT / "tests" / "data" / "pgn" / "lichess-games.pgn"
BROKEN = conftest.BROKEN


@pytest.fixture(scope="module")
def client():
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None)
    with distributed.Client(cluster) as c:
        yield c
    cluster.close()


def single_process(files, **options):
    rows = []
    for f in files:
        rows.extend(arbiter.audit(f, errors="record", **options))
    return rows


def records(out, files=None):
    return arbiter.dask.rows(out, files)


def writes(out):
    with open(os.path.join(out, arbiter.dask.WRITES)) as f:
        return [json.loads(line)["shard"] for line in f]


def test_rows_equal_the_single_process_audit_also_from_zstd_and_with_a_broken_game(client, tmp_path):
    broken = tmp_path / "broken.pgn"
    broken.write_text(BROKEN)
    zst = tmp_path / "games.pgn.zst"
    subprocess.run(["zstd", "-q", GAMES, "-o", str(zst)], check=True)
    files = [ENDINGS, GAMES, str(zst), str(broken)]
    out = str(tmp_path / "out")
    table = arbiter.dask.audit(files, client, out, chunk_games=4)
    got = records(out, files)
    want = single_process(files)
    assert len(got) == len(want) == 14 + 36 + 36 + 3
    assert got == want
    broken_rows = [r for r in got if r["file"] == str(broken)]
    assert [r["game"] for r in broken_rows] == [1, 2, 3] and "error" in broken_rows[1]
    assert int(table.loc[("(all)", "error"), "games"]) == sum("error" in r for r in want)
    assert int(table.loc[(str(broken), "error"), "games"]) == 1
    assert len(arbiter.dask.load(out, files)) == len(want)
    assert len(writes(out)) == len(set(writes(out)))


def test_a_worker_killed_mid_run_loses_only_its_chunk(client, tmp_path):
    out = str(tmp_path / "out")
    victim = sorted(client.scheduler_info()["workers"])[0]
    pid = client.run(os.getpid, workers=[victim])[victim]
    killed = []

    def kill_after_first(state):
        if not killed and state.chunks >= 1:
            killed.append(victim)
            os.kill(pid, signal.SIGKILL)  # the nanny starts a new worker; its chunk runs again

    arbiter.dask.audit([str(LICHESS)], client, out, chunk_games=60, max_nodes=100_000, progress=kill_after_first)
    assert killed
    got = records(out)
    want = single_process([str(LICHESS)], max_nodes=100_000)
    assert got == want
    with open(os.path.join(out, arbiter.dask.MANIFEST)) as f:
        chunks = [json.loads(line)["chunk"] for line in f]
    assert sorted(chunks) == list(range(len(chunks)))  # each chunk once
    assert len(writes(out)) == len(set(writes(out)))  # each shard written once


def test_an_interrupted_run_resumes_and_writes_each_chunk_once(client, tmp_path):
    out = str(tmp_path / "out")
    files = [GAMES, ENDINGS]

    class Stop(Exception):
        pass

    def stop_after_three(state):
        if state.chunks >= 3:
            raise Stop()

    with pytest.raises(Stop):
        arbiter.dask.audit(files, client, out, chunk_games=3, progress=stop_after_three)
    arbiter.dask.audit(files, client, out, chunk_games=3)
    assert records(out, files) == single_process(files)
    counts = collections.Counter(writes(out))
    assert counts and set(counts.values()) == {1}
    plan_chunks = 12 + 5  # 36 games and 14 games in chunks of 3
    assert len(counts) == plan_chunks


def test_the_command_line(tmp_path):
    out = tmp_path / "out"
    p = subprocess.run([sys.executable, "-m", "arbiter.dask", "audit", "--local", "1",
                        ENDINGS, "--out", str(out), "--chunk-games", "5"],
                       capture_output=True, text=True, env=os.environ, cwd=str(tmp_path), timeout=600)
    assert p.returncode == 0, p.stderr
    assert "(all)" in p.stdout and "checkmate" in p.stdout
    assert records(str(out)) == single_process([ENDINGS])


def test_a_plain_file_is_cut_into_byte_ranges_at_game_starts(tmp_path):
    plan = arbiter.dask.split_file(GAMES, str(tmp_path), 5)
    data = open(GAMES, "rb").read()
    chunks = plan["chunks"]
    assert len(chunks) == 8 and sum(c["games"] for c in chunks) == plan["games"] == 36
    assert b"".join(data[c["offset"]:c["offset"] + c["length"]] for c in chunks) == data
    for c in chunks[1:]:
        assert data[c["offset"]:c["offset"] + 1] == b"["  # the first tag of the chunk's first game
        assert data[:c["offset"]].count(b"\n") == c["lines_before"]
    assert not (tmp_path / "chunks").exists()  # no copy of a plain file's text


def test_compressed_shards_hold_the_same_rows(client, tmp_path):
    out = str(tmp_path / "out")
    arbiter.dask.audit([ENDINGS], client, out, chunk_games=5, compress=True)
    shards = sorted(os.listdir(os.path.join(out, "shards")))
    assert shards and all(name.endswith(".jsonl.zst") for name in shards)
    with open(os.path.join(out, "shards", shards[0]), "rb") as f:
        assert f.read(4) == b"\x28\xb5\x2f\xfd"  # zstd's magic number
    assert records(out) == single_process([ENDINGS])


def test_batch_config_reaches_the_workers(monkeypatch):
    # What `--local` relies on: the settings are valid keys of this Dask, and the nannies
    # pass them on (workers ticking once a second, without Dask's MALLOC_TRIM_THRESHOLD_).
    import dask

    monkeypatch.delenv("MALLOC_TRIM_THRESHOLD_", raising=False)  # set here by an earlier default nanny

    def seen():
        return os.environ.get("MALLOC_TRIM_THRESHOLD_"), dask.config.get("distributed.admin.tick.interval")

    with dask.config.set(arbiter.dask.BATCH_CONFIG), \
         distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, \
         distributed.Client(cluster) as c:
        assert list(c.run(seen).values()) == [(None, "1s")]
