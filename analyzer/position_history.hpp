// How many times a position has stood in a game, for the repetition rules, under the
// FIDE notion of "same position" (9.2.3: side to move, men on the same squares, castling
// rights, and en passant only when a capture is legal — what PackedPosition encodes).
// The game is the position's own history (the moves made on it since it was set up),
// back to the last pawn move or capture, before which no position can return.
// Exact: the Zobrist keys kept by the position pick candidates (equal positions have
// equal keys, since the key counts en passant only when a capture is legal), and the
// packed bytes decide; most plies have no candidate and cost a scan of a few keys.
#pragma once

#include "search/board/position.hpp"

namespace arbiter::analyzer {

// The fewest plies, without a pawn move or a capture, in which a position can stand
// `times` times: it stands again four plies later at the soonest (two plies on, the side
// that moved first has a man off its square, which the other side's move cannot put back).
constexpr int plies_to_stand(int times) { return 4 * (times - 1); }

// Whether pos has stood at least `times` times so far, itself included.
bool stood_at_least(const board::Position& pos, int times);

}  // namespace arbiter::analyzer
