// Whether moves of the side to move give check, for many moves of one position: the
// squares from which each kind of man would attack the enemy king and the men whose
// leaving uncovers a check are found once, then each ordinary move is a lookup.
// Castling, en passant and promotions go to Position::gives_check. Exact, like it: the
// side not to move is never in check, so a man moving along a line to the enemy king
// never vacates a square of its own new line, and the check squares computed on the
// present occupancy are those after the move.
#pragma once

#include <array>

#include "search/board/attacks.hpp"
#include "search/board/position.hpp"

namespace arbiter::board {

class CheckTest {
 public:
  explicit CheckTest(const Position& pos);
  bool gives_check(Move m) const;
  // The targets from which an ordinary move (no castling, en passant or promotion) of the
  // man of `type` on `from` gives check: gives_check(Move(from, to)) for each of them.
  Bitboard checking_squares(PieceType type, Square from) const {
    return uncovering_.has(from) ? squares_[index(type)] | ~line_through(king_, from) : squares_[index(type)];
  }

 private:
  const Position& pos_;
  Square king_;                       // the enemy king
  Bitboard uncovering_;               // our men alone between one of our sliders and that king
  std::array<Bitboard, 7> squares_;  // by piece type (index): where a man of ours would attack the king
};

}  // namespace arbiter::board
