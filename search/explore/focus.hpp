// Which moves a witness-only search follows. In positions with many men most moves
// change nothing near the losing king, and each of them makes a copy of the whole search
// space (a far pawn's step, a queen's wandering); a best-first search then spends its
// budget on plateaus of equally promising positions. A focus keeps the moves that can
// take part in a mate and one other move of the side to move as a waiting move (the
// winner's first; the loser's the one that ends nearest its king, a blocker coming).
// Not complete: a search with a focus finds witnesses, it never proves that none exists
// (some mates need a move it drops).
#pragma once

#include <cstddef>

#include "search/board/move.hpp"
#include "search/board/position.hpp"

namespace arbiter::search {

// Captures, castling, promotions, the loser's king moves, the winner's checks, king steps
// and pawn steps, and one waiting move: the loser's men stand still unless they capture or
// are taken, the winner's men come in by checks. The winner's king steps only toward the
// losing king, unless in check. While the winner has a rook or a queen, only its pawn steps
// into the squares within two king steps of the losing king or onto the seventh rank are
// kept (a pawn elsewhere takes part in a mate only by promoting, which that force does not
// need). Appends those of `moves` (the legal moves of `pos`) to `kept`, in their order.
void narrow_focus(const board::Position& pos, board::Color winner, const board::MoveList& moves, board::MoveList& kept);

// The narrow focus and the winner's men closing in on the losing king (the moves that
// shorten their approach_gap, search/explore/guidance.hpp): the loser's men still stand still.
void closing_focus(const board::Position& pos, board::Color winner, const board::MoveList& moves,
                   board::MoveList& kept);

// The closing focus and also: moves from or to the squares within two king steps of the
// losing king (blockers, flights), the winner's men closing in on it, and the loser's men
// stepping where the winner could take them (opening lines, making way).
void wide_focus(const board::Position& pos, board::Color winner, const board::MoveList& moves, board::MoveList& kept);

// Each focus with the generation of the legal moves (an Exploration's MoveFocus): appends
// to `kept` exactly what the focus keeps of generate_legal's list, in the same order, and
// returns the number of legal moves. The loser's moves under the narrow and the closing
// focus come straight from the generator, without a list of all of them (about 35 moves
// listed to keep 5); the others are listed and filtered.
std::size_t narrow_focus_moves(const board::Position& pos, board::Color winner, board::MoveList& kept);
std::size_t closing_focus_moves(const board::Position& pos, board::Color winner, board::MoveList& kept);
std::size_t wide_focus_moves(const board::Position& pos, board::Color winner, board::MoveList& kept);

}  // namespace arbiter::search
