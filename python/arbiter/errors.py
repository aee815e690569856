"""The exceptions arbiter raises for bad input, with the CLI's messages."""

from __future__ import annotations

from typing import Optional


class InputError(ValueError):
    """Input arbiter cannot take: an unknown side, a stipulation, a position that is
    no stalemate for ``convert``...  The message says what is wrong."""


class InvalidFen(InputError):
    """A FEN that cannot be read, or that describes an illegal position.

    ``field`` is the FEN field (1-6: placement, side to move, castling, en passant,
    halfmove clock, fullmove number) that could not be read, with ``offset`` the
    character where it starts; ``field`` is None when every field was read but the
    position breaks a rule (the message lists the rules).  ``index`` is the position's
    index in a batch (``analyze_many``), else None.
    """

    FIELD_NAMES = {1: "piece placement", 2: "side to move", 3: "castling", 4: "en passant",
                   5: "halfmove clock", 6: "fullmove number"}

    def __init__(self, message: str, fen: str = "", field: Optional[int] = None, offset: int = 0,
                 index: Optional[int] = None) -> None:
        super().__init__(message)
        self.message = message
        self.fen = fen
        self.field = field
        self.offset = offset
        self.index = index

    @property
    def field_name(self) -> Optional[str]:
        """The name of the field that could not be read, e.g. "side to move"."""
        return self.FIELD_NAMES.get(self.field) if self.field is not None else None


class PgnError(InputError):
    """A game that could not be read or replayed (syntax, an illegal move, a variant).

    ``file`` and ``game`` (1-based index in the file, counting every game) say which
    game; ``line`` the line of the file where the problem is (None when unknown) and
    ``move`` the move text that could not be played (None for other problems).
    """

    def __init__(self, message: str, file: str = "", game: int = 0, line: Optional[int] = None,
                 move: Optional[str] = None) -> None:
        super().__init__(message)
        self.message = message
        self.file = file
        self.game = game
        self.line = line
        self.move = move
