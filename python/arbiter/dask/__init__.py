"""Auditing many PGN games on a Dask cluster (``dask.distributed``).

    from dask.distributed import Client, LocalCluster
    import arbiter.dask
    with Client(LocalCluster(n_workers=4, threads_per_worker=1)) as client:
        summary = arbiter.dask.audit(["lichess_db_2024-01.pgn.zst"], client, out="results/")
    games = arbiter.dask.load("results/")

The work: one task per file reads it (decompressing it) and cuts it at game boundaries
into chunks of ``chunk_games`` games (byte ranges of a plain file; chunk files under
``out/chunks/`` for a compressed one); one task per chunk audits its games with the C++
library in one call (GIL released, ``threads_per_task`` cores) and writes them as a JSON
Lines shard under ``out/shards/``, one row per game: the fields of
``arbiter audit --json``, whose ``file`` and ``game`` are the source file and the game's
index in it.  The client appends every finished shard, with its SHA-256, to
``out/manifest.jsonl``; a run started again skips the chunks listed there whose shard is
intact.  A shard is written to a temporary name and linked in (never over an existing
one), and a task whose shard exists does not write it again, so a chunk that Dask retries
(a worker lost), or that a resumed run starts while a task of the interrupted run is
still at it, is written once.  The rows do not depend on the cluster: they are those of one ``arbiter audit
--json`` over the same files.  See docs/distributed.md.
"""

from __future__ import annotations

import contextlib
import gzip
import hashlib
import json
import os
import subprocess
import time
import uuid
from typing import Any, Callable, Dict, Iterable, Iterator, List, Optional, Sequence

import arbiter
from arbiter import _arbiter

__all__ = ["audit", "load", "rows", "summary", "manifest_summary", "split_file", "audit_chunk", "make_shard", "read_shard"]

MANIFEST = "manifest.jsonl"
SHARD_ZSTD_LEVEL = 3  # zstd's default level: fast, and JSON Lines shrink ~10x
WRITES = "writes.log"

# Dask settings for a long batch of CPU-bound tasks. Every Dask server (scheduler, nanny,
# worker) checks its event loop's health every 20 ms by default (`admin.tick`): for
# chunks of a tenth of a second or more, once a second is enough (a blocked loop is
# still reported after 3 s). The workers' statistical profiler (a stack sample every
# 10 ms) is off, and the resource and memory monitors run every 5 s and 1 s instead of
# every 0.5 s and 0.1 s. An idle LocalCluster of two workers then spends 10 ms of CPU per
# second instead of 40 (measured with scripts/bench-distributed's /proc counts); the
# dashboard loses its profile page only. The nannies start their workers without Dask's
# MALLOC_TRIM_THRESHOLD_=65536: with it, glibc gives freed memory back to the system
# at once and maps every block of 128 kB or more anew, so the megabytes of a chunk's
# text, records and shard are page-faulted in again for every chunk (2 us of CPU a game
# in the task's own Python alone); a worker holds no data between tasks, so there is
# nothing to trim. `python -m arbiter.dask --local` starts its cluster with these
# settings; on another cluster set them in its Dask configuration (or as
# DASK_DISTRIBUTED__ADMIN__TICK__INTERVAL=1s and so on).
BATCH_CONFIG: Dict[str, Any] = {
    "distributed.admin.tick.interval": "1s",
    "distributed.worker.profile.enabled": False,
    "distributed.admin.system-monitor.interval": "5s",
    "distributed.worker.memory.monitor-interval": "1s",
    # Dask's defaults (2022.12) without MALLOC_TRIM_THRESHOLD_.
    "distributed.nanny.pre-spawn-environ": {"OMP_NUM_THREADS": 1, "MKL_NUM_THREADS": 1, "OPENBLAS_NUM_THREADS": 1},
}


# --- files and shards

def _file_id(path: str) -> str:
    """A name for the file's chunks and shards: its base name and a hash of its full path."""
    base = "".join(c if c.isalnum() or c in "-_." else "_" for c in os.path.basename(path))[:60]
    return f"{base}-{hashlib.sha1(os.path.abspath(path).encode()).hexdigest()[:10]}"


@contextlib.contextmanager
def _open_text(path: str) -> Iterator[Any]:
    """The file's bytes, decompressed (gzip and zstd by their magic numbers, as the C++
    reader does; zstd through the `zstd` program, Python 3.11 has no zstd module)."""
    with open(path, "rb") as f:
        magic = f.read(4)
    if magic[:2] == b"\x1f\x8b":
        with gzip.open(path, "rb") as stream:
            yield stream
    elif magic == b"\x28\xb5\x2f\xfd":
        with subprocess.Popen(["zstd", "-q", "-dc", "--", path], stdout=subprocess.PIPE) as process:
            yield process.stdout
        if process.returncode != 0:
            raise OSError(f"zstd could not decompress {path} (exit status {process.returncode})")
    else:
        with open(path, "rb") as stream:
            yield stream


def _atomic_write(path: str, data: bytes) -> None:
    tmp = f"{path}.tmp-{os.getpid()}-{time.monotonic_ns()}"
    with open(tmp, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


def _write_once(path: str, data: bytes) -> bool:
    """Writes ``path`` whole unless it exists; False when another writer had made it.  The
    text goes to a temporary name and is linked in (a link never replaces a file), so of
    two tasks of one chunk running at once (a cancelled task still running while a
    resumed run starts the chunk again) exactly one writes the shard."""
    tmp = f"{path}.tmp-{os.getpid()}-{time.monotonic_ns()}"
    with open(tmp, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())
    try:
        os.link(tmp, path)
        return True
    except FileExistsError:
        return False
    finally:
        os.unlink(tmp)


def make_shard(session: Any, compress: bool) -> tuple:
    """The one place that makes the shard format: every game left in the audit session,
    as JSON Lines (one record per line, as ``audit --json`` prints them), zstd-compressed
    when asked, made inside the C++ library.  Returns (bytes, {ending: [games,
    mismatches, undetermined]}, rows).  A later switch to Parquet changes this function
    and read_shard only."""
    data, counts, rows = session.shard(SHARD_ZSTD_LEVEL if compress else 0)
    return data, {ending: list(c) for ending, c in counts.items()}, rows


def read_shard(path: str) -> List[Dict[str, Any]]:
    """The rows of one shard (see make_shard)."""
    with open(path, "rb") as f:
        data = f.read()
    if path.endswith(".zst"):
        data = subprocess.run(["zstd", "-q", "-dc"], input=data, stdout=subprocess.PIPE, check=True).stdout
    return [json.loads(line) for line in data.splitlines() if line.strip()]


def _sha256(path: str) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


# --- the tasks (run on the workers)

def _compressed(path: str) -> bool:
    with open(path, "rb") as f:
        magic = f.read(4)
    return magic[:2] == b"\x1f\x8b" or magic == b"\x28\xb5\x2f\xfd"


def split_file(path: str, out: str, chunk_games: int) -> Dict[str, Any]:
    """Cuts a PGN file at game boundaries into chunks of ``chunk_games`` games; returns
    the plan: the file and, per chunk, where its text is (``text``, and the byte range
    ``offset``/``length`` in it) and the lines and games before it (so that the chunk's
    games keep the file's numbers).  A plain file's chunks are byte ranges of the file
    itself; a compressed file is decompressed once into chunk files under
    ``out/chunks/<file id>/``.  The boundaries are those the C++ reader finds (a first
    pass over the file)."""
    file_id = _file_id(path)
    plain = not _compressed(path)
    folder = os.path.join(out, "chunks", file_id)
    if not plain:
        os.makedirs(folder, exist_ok=True)
    starts, games = _arbiter.game_starts(path, chunk_games)
    chunks = []
    for i, (games_before, lines_before) in enumerate(starts):
        count = (starts[i + 1][0] if i + 1 < len(starts) else games) - games_before
        chunks.append({"file": path, "file_id": file_id, "chunk": i, "games_before": games_before,
                       "lines_before": lines_before, "games": count,
                       "text": path if plain else os.path.join(folder, f"{i:06d}.pgn"), "offset": 0, "length": None})
    if chunks:
        chunks[0]["lines_before"] = 0  # the first chunk is the file's start, blank lines and all
    if plain:  # the chunks are byte ranges of the file: where their first lines start
        bounds = _arbiter.line_offsets(path, [c["lines_before"] for c in chunks] + [1 << 62])
        for i, chunk in enumerate(chunks):
            chunk["offset"], chunk["length"] = bounds[i], bounds[i + 1] - bounds[i]
        return {"file": path, "file_id": file_id, "games": games, "chunks": chunks}
    # A compressed file: a second pass writes each chunk's text, from its first line to the next chunk's.
    with _open_text(path) as stream:
        index, line_no, pending = 0, 0, []  # the chunk being filled; newlines passed
        for block in iter(lambda: stream.read(1 << 20), b""):
            while index + 1 < len(chunks):
                need = chunks[index + 1]["lines_before"] - line_no  # lines left in this chunk
                if block.count(b"\n") < need:
                    break
                end = len(block) - len(block.split(b"\n", need)[-1])  # just past the need-th newline
                pending.append(block[:end])
                _atomic_write(chunks[index]["text"], b"".join(pending))
                pending, block, line_no, index = [], block[end:], line_no + need, index + 1
            line_no += block.count(b"\n")
            pending.append(block)
        if chunks:
            _atomic_write(chunks[index]["text"], b"".join(pending))
    return {"file": path, "file_id": file_id, "games": games, "chunks": chunks}


def _chunk_text(chunk: Dict[str, Any]) -> bytes:
    with open(chunk["text"], "rb") as f:
        f.seek(chunk.get("offset", 0))
        length = chunk.get("length")
        return f.read() if length is None else f.read(length)


def _tally(facts: Iterable[tuple]) -> Dict[str, List[int]]:
    """Per ending ("error" for broken games): [games, mismatches, undetermined]."""
    counts: Dict[str, List[int]] = {}
    for ending, mismatch, undetermined in facts:
        c = counts.setdefault(ending, [0, 0, 0])
        c[0] += 1
        c[1] += int(mismatch)
        c[2] += int(undetermined)
    return counts


def audit_chunk(chunk: Dict[str, Any], out: str, claims: bool, max_nodes: int, threads: Optional[int],
                compress: bool) -> Dict[str, Any]:
    """Audits one chunk into its shard (unless the shard exists: a retried task whose
    first attempt finished writing, or a twin task of an interrupted run). Returns what
    the manifest keeps.  The games are audited, dumped as JSON Lines, counted and
    compressed inside the C++ library, in one call with the GIL released: no Python
    object is made per game."""
    folder = os.path.join(out, "shards")
    os.makedirs(folder, exist_ok=True)
    shard = os.path.join(folder, f"{chunk['file_id']}-{chunk['chunk']:06d}.jsonl" + (".zst" if compress else ""))
    written = False
    if not os.path.exists(shard):
        # The text goes to the reader as bytes, as the CLI reads a file (no decoding here).
        session = _arbiter.AuditSession(chunk["file"], _chunk_text(chunk), claims, max_nodes,
                                        0 if threads is None else threads, lines_before=chunk["lines_before"],
                                        games_before=chunk["games_before"])
        data, endings, count = make_shard(session, compress)
        written = _write_once(shard, data)
        if written:
            with open(os.path.join(out, WRITES), "a") as log:  # one short line: an atomic append
                log.write(json.dumps({"shard": os.path.basename(shard), "rows": count, "pid": os.getpid()}) + "\n")
    if not written:  # made by an earlier attempt, or by a twin task meanwhile
        rows = read_shard(shard)
        endings = _tally([("error", False, False) if "error" in r else (r["ending"], bool(r["mismatch"]),
                                                                         r["correct"] is None) for r in rows])
        count = len(rows)
        with open(shard, "rb") as f:
            data = f.read()
    return {"file": chunk["file"], "file_id": chunk["file_id"], "chunk": chunk["chunk"],
            "shard": os.path.relpath(shard, out), "sha256": hashlib.sha256(data).hexdigest(), "rows": count,
            "games_before": chunk["games_before"], "games": chunk["games"], "endings": endings}


# --- the client side

def _manifest(out: str) -> Dict[tuple, Dict[str, Any]]:
    """The chunks done: listed in the manifest, with a shard whose checksum matches."""
    done: Dict[tuple, Dict[str, Any]] = {}
    path = os.path.join(out, MANIFEST)
    if not os.path.exists(path):
        return done
    with open(path) as f:
        for line in f:
            try:
                entry = json.loads(line)
            except ValueError:
                continue  # a line cut by a crash
            shard = os.path.join(out, entry["shard"])
            if os.path.exists(shard) and _sha256(shard) == entry["sha256"]:
                done[(entry["file_id"], entry["chunk"])] = entry
    return done


def _append_manifest(out: str, entry: Dict[str, Any]) -> None:
    with open(os.path.join(out, MANIFEST), "a") as f:
        f.write(json.dumps(entry) + "\n")
        f.flush()
        os.fsync(f.fileno())


def _plan(out: str, path: str) -> Optional[Dict[str, Any]]:
    """The plan of an earlier run for this file, if the file has not changed since."""
    plan_path = os.path.join(out, "plans", _file_id(path) + ".json")
    if not os.path.exists(plan_path):
        return None
    with open(plan_path) as f:
        plan = json.load(f)
    st = os.stat(path)
    if plan.get("size") != st.st_size or plan.get("mtime_ns") != st.st_mtime_ns:
        return None
    return plan


def _save_plan(out: str, plan: Dict[str, Any]) -> None:
    st = os.stat(plan["file"])
    os.makedirs(os.path.join(out, "plans"), exist_ok=True)
    _atomic_write(os.path.join(out, "plans", plan["file_id"] + ".json"),
                  json.dumps({**plan, "size": st.st_size, "mtime_ns": st.st_mtime_ns}).encode())


class Progress:
    """Chunks and games done, games/s and the ETA, for a progress line."""

    def __init__(self, total_games: int = 0) -> None:
        self.start = time.monotonic()
        self.total_games = total_games
        self.games = 0
        self.chunks = 0
        self.total_chunks = 0

    def line(self) -> str:
        elapsed = max(time.monotonic() - self.start, 1e-9)
        rate = self.games / elapsed
        eta = (self.total_games - self.games) / rate if rate > 0 and self.total_games else float("nan")
        return (f"chunks {self.chunks}/{self.total_chunks}  games {self.games}/{self.total_games}  "
                f"{rate:,.0f} games/s  ETA {eta:,.0f} s")


def audit(files: Iterable[str], client: Any, out: str = "results/", *, claims: bool = False,
          max_nodes: int = 1_000_000, chunk_games: int = 5000, threads_per_task: Optional[int] = 1,
          compress: bool = False, progress: Optional[Callable[[Progress], None]] = None,
          retries: int = 3) -> Any:
    """Audits every game of ``files`` on the cluster of ``client``; writes the dataset
    into ``out`` (see the module's doc) and returns ``summary(load(out))``.

    Chunks already in the manifest are skipped (a resumed run).  ``chunk_games``: games
    per task; Dask's cost per task (a few ms of scheduler, worker and client CPU) is
    then under 1% of an audit's (~70 us a game), and a month of Lichess (~100 million
    games) makes 20,000 tasks.  ``threads_per_task``:
    the cores one chunk's audit uses (None: all of the worker's machine; 1 suits one
    Dask thread per core).  ``progress`` is called after each chunk.
    """
    from dask.distributed import as_completed

    files = [os.fspath(f) for f in files]
    os.makedirs(out, exist_ok=True)
    done = _manifest(out)
    state = Progress()
    plans: Dict[str, Dict[str, Any]] = {}
    to_split = []
    for path in files:
        plan = _plan(out, path)
        if plan is not None and all(((c["file_id"], c["chunk"]) in done or os.path.exists(c["text"]))
                                    for c in plan["chunks"]):
            plans[path] = plan
        else:
            to_split.append(path)
    split_futures = {client.submit(split_file, path, out, chunk_games, pure=False, retries=retries): path
                     for path in to_split}
    for future in as_completed(list(split_futures)):
        plan = future.result()
        _save_plan(out, plan)
        plans[plan["file"]] = plan

    pending = []
    for path in files:
        for chunk in plans[path]["chunks"]:
            state.total_games += chunk["games"]
            state.total_chunks += 1
            if (chunk["file_id"], chunk["chunk"]) in done:
                state.games += chunk["games"]
                state.chunks += 1
            else:
                pending.append(chunk)
    # One message to the scheduler for all the chunks (submit would send one per chunk).
    # The keys name the chunk and this call: a run resumed at once after an interrupted one
    # must not reuse keys the scheduler may still be cancelling (their futures would be
    # cancelled too). The manifest, not the keys, says which chunks are done.
    run = uuid.uuid4().hex[:8]
    futures = client.map(audit_chunk, pending, out=out, claims=claims, max_nodes=max_nodes,
                         threads=threads_per_task, compress=compress, retries=retries,
                         key=[f"arbiter-audit-{chunk['file_id']}-{chunk['chunk']}-{run}" for chunk in pending])
    ids = {_file_id(path) for path in files}
    entries = [e for e in done.values() if e["file_id"] in ids]
    try:
        for future in as_completed(futures):
            entry = future.result()
            _append_manifest(out, entry)
            entries.append(entry)
            state.games += entry["games"]
            state.chunks += 1
            if progress:
                progress(state)
    except BaseException:
        client.cancel(futures)
        raise
    return _summary_of(entries)  # the shards were checked when written: not read again


def load(out: str, files: Optional[Sequence[str]] = None) -> Any:
    """The dataset as a pandas DataFrame, one row per game, in file order and game order
    (the manifest's chunks only; ``files`` to keep some)."""
    import pandas as pd

    return pd.DataFrame.from_records(rows(out, files))


def rows(out: str, files: Optional[Sequence[str]] = None) -> List[Dict[str, Any]]:
    """The dataset's rows as dicts (``load`` without pandas), in the same order."""
    entries = list(_manifest(out).values())
    if files is not None:
        keep = {_file_id(os.fspath(f)) for f in files}
        entries = [e for e in entries if e["file_id"] in keep]
    order = {}
    if files is not None:
        order = {_file_id(os.fspath(f)): i for i, f in enumerate(files)}
    entries.sort(key=lambda e: (order.get(e["file_id"], 0), e["file"], e["chunk"]))
    result: List[Dict[str, Any]] = []
    for e in entries:
        result.extend(read_shard(os.path.join(out, e["shard"])))
    return result


def manifest_summary(out: str, files: Optional[Sequence[str]] = None) -> Any:
    """``summary`` from the manifest's counts, without reading the shards' rows."""
    entries = list(_manifest(out).values())
    if files is not None:
        keep = {_file_id(os.fspath(f)) for f in files}
        entries = [e for e in entries if e["file_id"] in keep]
    return _summary_of(entries)


def _summary_of(entries: Iterable[Dict[str, Any]]) -> Any:
    import pandas as pd

    rows = []
    for e in entries:
        for ending, (games, mismatches, undetermined) in e.get("endings", {}).items():
            rows.append({"file": e["file"], "ending": ending, "games": games, "mismatches": mismatches,
                         "undetermined": undetermined})
    if not rows:
        return pd.DataFrame(columns=["games", "mismatches", "undetermined"])
    f = pd.DataFrame(rows)
    per_file = f.groupby(["file", "ending"])[["games", "mismatches", "undetermined"]].sum()
    total = f.groupby("ending")[["games", "mismatches", "undetermined"]].sum()
    total.index = pd.MultiIndex.from_product([["(all)"], total.index], names=["file", "ending"])
    return pd.concat([per_file, total])


def summary(frame: Any) -> Any:
    """Endings and mismatches by kind, per file and in all: a DataFrame indexed by
    (file, ending) with the columns games, mismatches, undetermined (and errors per file
    under ending "error")."""
    import pandas as pd

    if frame.empty:
        return pd.DataFrame(columns=["games", "mismatches", "undetermined"])
    f = frame.copy()
    for column in ("ending", "error", "correct", "mismatch"):
        if column not in f:
            f[column] = None
    f["ending"] = f["ending"].where(f["error"].isna(), "error")
    f["mismatch"] = f["mismatch"].fillna(False).astype(bool)
    f["undetermined"] = f["correct"].isna() & (f["ending"] != "error")
    per_file = f.groupby(["file", "ending"]).agg(games=("game", "size"), mismatches=("mismatch", "sum"),
                                                  undetermined=("undetermined", "sum"))
    total = f.groupby("ending").agg(games=("game", "size"), mismatches=("mismatch", "sum"),
                                    undetermined=("undetermined", "sum"))
    total.index = pd.MultiIndex.from_product([["(all)"], total.index], names=["file", "ending"])
    return pd.concat([per_file, total])
