"""Typed results.  Each holds the record the CLI prints with ``--json`` (``.record``,
a dict) and exposes its fields as attributes."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional

Record = Dict[str, Any]


@dataclass(frozen=True)
class Verdict:
    """Can one side still checkmate?  ``verdict`` is "winnable" (with the witness
    ``line`` in UCI, replayed to mate), "unwinnable" (``reason`` names the proof:
    "insufficient-material", "blocked", "exhaustive", "game-over"...) or "undetermined"
    (``reason`` names the limit hit: "node-limit", "time-limit", "cancelled")."""

    verdict: str
    reason: str
    detail: str
    line: Optional[List[str]]
    san: Optional[str]
    plies: Optional[int]
    nodes: int
    micros: Optional[int]
    source: str
    shortest: Optional[bool]
    no_shorter_than: Optional[int]
    fen: str = field(repr=False)
    record: Record = field(repr=False, compare=False)

    @classmethod
    def from_record(cls, fen: str, r: Record) -> "Verdict":
        return cls(verdict=r["verdict"], reason=r["reason"], detail=r.get("detail", ""), line=r.get("line"),
                   san=r.get("san"), plies=r.get("plies"), nodes=r.get("nodes", 0), micros=r.get("micros"),
                   source=r.get("source", "search"), shortest=r.get("shortest"),
                   no_shorter_than=r.get("no_shorter_than"), fen=fen, record=r)

    @property
    def winnable(self) -> bool:
        return self.verdict == "winnable"

    @property
    def unwinnable(self) -> bool:
        return self.verdict == "unwinnable"

    @property
    def decided(self) -> bool:
        return self.verdict != "undetermined"

    def moves(self) -> List[Any]:
        """The witness as python-chess ``chess.Move`` objects (needs python-chess)."""
        import chess  # python-chess: optional, imported only here

        return [chess.Move.from_uci(m) for m in (self.line or [])]


@dataclass(frozen=True)
class Analysis:
    """``analyze``: each side asked (the other is None) and whether the position is dead
    (None unless both were asked and both verdicts are decided or one is winnable)."""

    fen: str
    white: Optional[Verdict]
    black: Optional[Verdict]
    dead: Optional[bool]
    record: Record = field(repr=False, compare=False)

    @classmethod
    def from_record(cls, r: Record) -> "Analysis":
        fen = r["fen"]
        side = lambda k: Verdict.from_record(fen, r[k]) if r.get(k) is not None else None  # noqa: E731
        return cls(fen=fen, white=side("white"), black=side("black"), dead=r.get("dead"), record=r)

    def of(self, side: str) -> Optional[Verdict]:
        """The verdict for "white" or "black"."""
        return {"white": self.white, "black": self.black}[side]


@dataclass(frozen=True)
class Adjudication:
    """``timeout`` / ``resign``: the result when ``loser`` ran out of time or resigned
    (Article 6.9): a loss, or a draw when the opponent cannot mate.  ``result`` is None
    when the opponent's winnability stayed undetermined (never a guess)."""

    fen: str
    kind: str  # "timeout" or "resignation"
    loser: str  # "white" or "black"
    result: Optional[str]
    reason: str
    winnability: Optional[Verdict]
    record: Record = field(repr=False, compare=False)

    @classmethod
    def from_record(cls, r: Record) -> "Adjudication":
        kind = "timeout" if "flagged" in r else "resignation"
        w = r.get("winnability")
        return cls(fen=r["fen"], kind=kind, loser=r["flagged" if kind == "timeout" else "resigned"],
                   result=r["result"], reason=r["reason"],
                   winnability=Verdict.from_record(r["fen"], w) if w is not None else None, record=r)


@dataclass(frozen=True)
class Status:
    """``status``: the state the rules see at once, and the simple material table."""

    fen: str
    state: str  # "checkmate", "stalemate", "seventy-five" or "ongoing"
    in_check: bool
    impossible_check: bool  # a check no last move can give (a composer's position, not a game's)
    legal_moves: int
    endings: List[str]  # every ending that holds: checkmate, stalemate, dead-position, seventy-five
    dead: Optional[bool]  # a dead position (5.2.2); None when the analysis hit a limit
    simple_white: bool  # the opponent-blind table (some servers): White can mate
    simple_black: bool
    aware_white: bool  # the opponent-aware rule (python-chess, Lichess): White can mate
    aware_black: bool
    record: Record = field(repr=False, compare=False)

    @classmethod
    def from_record(cls, r: Record) -> "Status":
        blind, aware = r["simple"]["opponent_blind"], r["simple"]["opponent_aware"]
        return cls(fen=r["fen"], state=r["state"], in_check=r["in_check"],
                   impossible_check=r["impossible_check"], legal_moves=r["legal_moves"],
                   endings=r["endings"], dead=r["dead"], simple_white=blind["white"], simple_black=blind["black"],
                   aware_white=aware["white"], aware_black=aware["black"], record=r)


@dataclass(frozen=True)
class HelpmateSolutions:
    """``helpmate``: every solution of h#N (UCI lines and problem notation), or, when
    ``complete`` is false, those found before ``limit`` was hit."""

    fen: str
    stipulation: str
    solutions: List[List[str]]
    san: List[str]
    count: int
    nodes: int
    micros: int
    complete: bool
    limit: Optional[str]
    record: Record = field(repr=False, compare=False)

    @classmethod
    def from_record(cls, r: Record) -> "HelpmateSolutions":
        return cls(fen=r["fen"], stipulation=r["stipulation"], solutions=r["solutions"], san=r["san"],
                   count=r["count"], nodes=r["nodes"], micros=r["micros"], complete=r["complete"],
                   limit=r.get("limit"), record=r)


@dataclass(frozen=True)
class Conversion:
    """``convert``: the stalemate-to-checkmate conversion rule (a shortest line when
    ``convertible``; ``complete`` false when the position bound was reached)."""

    fen: str
    convertible: bool
    line: Optional[List[str]]
    san: Optional[str]
    length: int
    positions: int
    complete: bool
    record: Record = field(repr=False, compare=False)

    @classmethod
    def from_record(cls, r: Record) -> "Conversion":
        return cls(fen=r["fen"], convertible=r["convertible"], line=r.get("line"), san=r.get("san"),
                   length=r["length"], positions=r["positions"], complete=r["complete"], record=r)
