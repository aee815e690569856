"""arbiter: can a side still checkmate?  Dead positions, timeouts, resignations, game
audits and helpmates, decided with proof by the C++ library behind the ``arbiter``
program.

    >>> import arbiter
    >>> arbiter.analyze("8/8/8/4k3/4p3/8/8/KN6 w - - 0 1").white.verdict
    'winnable'

A position is a FEN string or any object with a ``.fen()`` method (python-chess's
``chess.Board``).  Results are typed (``arbiter.results``) and carry the record the CLI
prints with ``--json`` as ``.record``.  Bad input raises ``InvalidFen``, ``PgnError``
or ``InputError`` with the CLI's messages.  The C++ work runs with the GIL released;
Ctrl-C stops it within a fraction of a second.  See docs/python.md.
"""

from __future__ import annotations

import atexit
import os
from typing import IO, Any, Callable, Dict, Iterable, Iterator, List, Optional, Union

from . import _arbiter
from .errors import InputError, InvalidFen, PgnError
from .results import Adjudication, Analysis, Conversion, HelpmateSolutions, Status, Verdict

__version__: str = _arbiter.__version__
__all__ = [
    "analyze", "analyze_many", "timeout", "resign", "status", "helpmate", "convert", "audit", "audit_frame",
    "diagram", "default_cache_file", "default_tables_dir", "InputError", "InvalidFen", "PgnError",
    "Analysis", "Verdict", "Adjudication", "Status", "HelpmateSolutions", "Conversion",
]

DEFAULT_MAX_NODES: int = _arbiter.DEFAULT_MAX_NODES
DEFAULT_RULES: str = _arbiter.DEFAULT_RULES  # "automatic-draws": docs/automatic-draws.md

PositionLike = Any  # str (FEN) or an object with a .fen() method
CacheLike = Union[None, bool, str, "os.PathLike[str]"]
TablesLike = Union[None, bool, str, "os.PathLike[str]"]

atexit.register(_arbiter.shutdown)  # commits the verdict tables


def _fen(position: PositionLike) -> str:
    if isinstance(position, str):
        return position
    fen = getattr(position, "fen", None)
    if callable(fen):
        return str(fen())
    raise TypeError(f"a position is a FEN string or an object with a .fen() method, not {type(position).__name__}")


def _threads(threads: Optional[int]) -> int:
    return 0 if threads is None else int(threads)


def default_cache_file() -> Optional[str]:
    """The CLI's verdict table: $XDG_CACHE_HOME/arbiter/verdicts.lmdb, else
    ~/.cache/arbiter/verdicts.lmdb (None when neither variable is an absolute path)."""
    for variable, below in (("XDG_CACHE_HOME", ""), ("HOME", ".cache")):
        value = os.environ.get(variable, "")
        if value and os.path.isabs(value):
            return os.path.join(value, below, "arbiter", "verdicts.lmdb")
    return None


def default_tables_dir() -> Optional[str]:
    """The CLI's folder of helpmate tables: $XDG_DATA_HOME/arbiter/tables, else
    ~/.local/share/arbiter/tables (None when neither variable is an absolute path)."""
    for variable, below in (("XDG_DATA_HOME", ""), ("HOME", os.path.join(".local", "share"))):
        value = os.environ.get(variable, "")
        if value and os.path.isabs(value):
            return os.path.join(value, below, "arbiter", "tables")
    return None


def _place(value: Any, default: Callable[[], Optional[str]]) -> Optional[str]:
    """None/False: none; True: the CLI's default (`default()`); a path: that path."""
    if value is None or value is False:
        return None
    if value is True:
        return default()
    return os.fspath(value)


def _tables(tables: TablesLike) -> Optional[str]:
    """The helpmate-table folder: None/False none, True the CLI's, or a path."""
    return _place(tables, default_tables_dir)


def _cache(cache: CacheLike) -> Optional[str]:
    """The verdict table: None/False none, True the CLI's, or a path."""
    return _place(cache, default_cache_file)


def analyze(position: PositionLike, winner: str = "both", *, max_nodes: int = DEFAULT_MAX_NODES,
            max_seconds: float = 0.0, threads: Optional[int] = None, shortest: bool = False,
            cache: CacheLike = None, tables: TablesLike = None, rules: str = DEFAULT_RULES) -> Analysis:
    """Can each side still checkmate by some sequence of legal moves?

    ``winner`` is "white", "black" or "both" (then ``.dead`` says whether neither can).
    ``max_nodes`` and ``max_seconds`` bound each side's question (past them: undetermined);
    ``threads`` searchers race on it (None: all cores).  ``shortest`` spends the budget
    left after a witness is found on proving it shortest or finding a shorter one (the
    CLI's ``--shortest``; ``Verdict.shortest`` says whether it was proven).  ``cache``:
    True for the CLI's verdict table, or a path.  ``tables``: True for the CLI's folder of
    helpmate tables, or a folder (the CLI's ``--tables``); covered positions are answered
    from them with a shortest witness.  ``rules``: "automatic-draws" (the default, as the
    CLI's ``--rules``: a mating series must end before the 75-move rule or a fivefold
    repetition would end the game, counted from the FEN's halfmove clock) or "plain".
    """
    record = _arbiter.analyze(_fen(position), winner, max_nodes, max_seconds, _threads(threads), shortest,
                              _cache(cache), _tables(tables), rules)
    return Analysis.from_record(record)


def analyze_many(positions: Iterable[PositionLike], winner: str = "both", *, threads: Optional[int] = None,
                 max_nodes: int = DEFAULT_MAX_NODES, max_seconds: float = 0.0, shortest: bool = False,
                 cache: CacheLike = None, tables: TablesLike = None, rules: str = DEFAULT_RULES) -> List[Analysis]:
    """``analyze`` for many positions, in parallel on ``threads`` (None: all cores);
    results in input order, the same as one by one.  Every FEN is read first: a bad one
    raises ``InvalidFen`` (with ``.index``) before any analysis."""
    fens = [_fen(p) for p in positions]
    records = _arbiter.analyze_many(fens, winner, max_nodes, max_seconds, _threads(threads), shortest,
                                    _cache(cache), _tables(tables), rules)
    return [Analysis.from_record(r) for r in records]


def timeout(position: PositionLike, flagged: Optional[str] = None, *, max_nodes: int = DEFAULT_MAX_NODES,
            max_seconds: float = 0.0, threads: Optional[int] = None, shortest: bool = False,
            cache: CacheLike = None, tables: TablesLike = None, rules: str = DEFAULT_RULES) -> Adjudication:
    """The result when ``flagged`` ("white"/"black"; default: the side to move) runs out
    of time (Article 6.9): a loss, or a draw when the opponent cannot mate.  Under
    ``rules="automatic-draws"`` (the default) the record's ``plain`` holds the plain
    reading's result beside it."""
    record = _arbiter.timeout(_fen(position), flagged, max_nodes, max_seconds, _threads(threads), _cache(cache),
                              _tables(tables), shortest, rules)
    return Adjudication.from_record(record)


def resign(position: PositionLike, resigned: Optional[str] = None, *, max_nodes: int = DEFAULT_MAX_NODES,
           max_seconds: float = 0.0, threads: Optional[int] = None, shortest: bool = False,
           cache: CacheLike = None, tables: TablesLike = None, rules: str = DEFAULT_RULES) -> Adjudication:
    """The result of a resignation by ``resigned`` (default: the side to move), judged by
    the same test as a timeout."""
    record = _arbiter.resign(_fen(position), resigned, max_nodes, max_seconds, _threads(threads), _cache(cache),
                             _tables(tables), shortest, rules)
    return Adjudication.from_record(record)


def status(position: PositionLike) -> Status:
    """Checkmate, stalemate or ongoing; check; legal moves; the simple material table."""
    return Status.from_record(_arbiter.status(_fen(position)))


def helpmate(position: PositionLike, moves: Union[int, float, str], *, first: bool = False, max_nodes: int = 0,
             threads: Optional[int] = None) -> HelpmateSolutions:
    """Every solution of the helpmate problem h#``moves`` (3, or 2.5 / "2.5" for h#2.5);
    ``first`` stops at one; ``max_nodes`` (0: none) bounds the search, which is then
    marked incomplete."""
    return HelpmateSolutions.from_record(_arbiter.helpmate(_fen(position), str(moves), first, max_nodes,
                                                           _threads(threads)))


def convert(position: PositionLike, max_moves: int = 20, *, max_positions: int = 4_000_000) -> Conversion:
    """The stalemate-to-checkmate conversion rule on a stalemate (else ``InputError``):
    a shortest line of at most ``max_moves`` moves by the stalemating side, or none."""
    return Conversion.from_record(_arbiter.convert(_fen(position), max_moves, max_positions))


def diagram(position: PositionLike, line: Optional[Iterable[str]] = None, *, ply: Optional[int] = None,
            flipped: bool = False, size: int = 45) -> str:
    """The project's SVG picture of ``position`` (``arbiter diagram``): the board, the men,
    a king in check marked.  With ``line`` (UCI moves, e.g. a verdict's ``.line``), the
    position after its first ``ply`` moves (default: all), the last of them marked.
    ``flipped`` puts Black at the bottom; ``size`` is pixels per square (16-200).  A move
    that is not legal raises ``InputError``."""
    return _arbiter.diagram(_fen(position), list(line or []), ply, flipped, size)


PathOrFile = Union[str, "os.PathLike[str]", IO[str], IO[bytes]]


def audit(source: PathOrFile, *, claims: bool = False, max_nodes: int = 1_000_000, threads: Optional[int] = None,
          cache: CacheLike = None, tables: TablesLike = None, errors: str = "raise",
          batch: int = 256, rules: str = DEFAULT_RULES) -> Iterator[Dict[str, Any]]:
    """Audits every game of a PGN file: yields one record per game, a dict as
    ``arbiter audit --json`` prints it (file, game, white, black, recorded, correct,
    ending, ply, reason, mismatch, basis, void_plies, fen; claims with ``claims=True``).

    ``source`` is a path (plain, .gz or .zst) or an open file of PGN text.  Games are
    read in order and audited ``batch`` at a time in parallel on ``threads``.  A game that
    cannot be read or replayed raises ``PgnError`` (with game, line and move), or with
    ``errors="record"`` is yielded as ``{file, game, error}`` and the audit goes on.
    ``max_nodes`` bounds each winnability question (a game whose result depends on an
    undetermined one gets ``correct`` None).  ``cache``, ``tables`` and ``rules`` as for ``analyze``.
    """
    if errors not in ("raise", "record"):
        raise InputError(f"errors must be 'raise' or 'record', not {errors!r}")
    if hasattr(source, "read"):
        data = source.read()  # type: ignore[union-attr]
        text = data.decode("utf-8", "replace") if isinstance(data, bytes) else str(data)
        label = str(getattr(source, "name", "<stream>"))
        session = _arbiter.AuditSession(label, text, claims, max_nodes, _threads(threads), _cache(cache),
                                        _tables(tables), rules=rules)
    else:
        session = _arbiter.AuditSession(os.fspath(source), None, claims, max_nodes, _threads(threads),  # type: ignore[arg-type]
                                        _cache(cache), _tables(tables), rules=rules)
    return _audit_records(session, errors, max(1, batch))


def _audit_records(session: Any, errors: str, batch: int) -> Iterator[Dict[str, Any]]:
    while True:
        records = session.next(batch)
        if not records:
            return
        for record, fault in records:
            if fault is not None and errors == "raise":
                line, move = fault
                raise PgnError(record["error"], file=record["file"], game=record["game"], line=line or None,
                               move=move or None)
            yield record


def audit_frame(source: PathOrFile, *, claims: bool = False, max_nodes: int = 1_000_000,
                threads: Optional[int] = None, cache: CacheLike = None, tables: TablesLike = None,
                errors: str = "record", rules: str = DEFAULT_RULES) -> Any:
    """``audit`` as a pandas DataFrame, one row per game (broken games are rows with an
    ``error`` column unless ``errors="raise"``).  Needs pandas (Debian python3-pandas)."""
    import pandas as pd

    columns = ["file", "game", "white", "black", "recorded", "correct", "ending", "ply", "reason", "mismatch",
               "conflict", "basis", "void_plies", "fen"]
    rows = list(audit(source, claims=claims, max_nodes=max_nodes, threads=threads, cache=cache, tables=tables,
                      errors=errors, rules=rules))
    frame = pd.DataFrame.from_records(rows)
    for column in columns:
        if column not in frame.columns:
            frame[column] = None
    return frame
