// The simple material table most servers apply (docs/rules.md §2). It is NOT the FIDE test:
// it ignores the opponent's men and the structure; offered so users can compare.
#pragma once

#include "search/board/position.hpp"

namespace arbiter::analyzer {

// True unless c has only: the king; king and one bishop; king and one knight; or
// king and any number of bishops all on squares of one colour.
bool simple_can_mate(const board::Position& pos, board::Color c);

// The opponent-aware material rule of python-chess (`has_insufficient_material(color)`),
// chessops and Lichess: the opponent's men count, so K+N against K+P and K+B against
// K+B on the other colour can mate. Also a server policy, not the FIDE test. True unless
// c has only: the king; king and one knight while the opponent has only king and
// queens; or bishops all on squares of one colour, with every bishop on the board on
// that colour and no knight or pawn on the board.
bool aware_can_mate(const board::Position& pos, board::Color c);

}  // namespace arbiter::analyzer
