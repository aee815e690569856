// Flight squares the winner can never cover: when the winner's men other than its king
// are bound to squares of one colour (bishops of one colour, pawns that can no longer
// move), a mate needs the losing king's flights of the other colour blocked by the
// loser's own men (or covered by the winner's king). A guide for ordering searches
// only: it estimates how far the loser's men are from blocking them, it proves nothing.
#pragma once

#include <optional>

#include "search/board/position.hpp"

namespace arbiter::search {

// Every square some man of `winner` other than its king could attack, now or later: all
// of them with a knight, rook, queen or a pawn that can still move; otherwise the
// colours of its bishops and the squares its immobile pawns attack.
board::Bitboard coverable_squares(const board::Position& pos, board::Color winner);

// Roughly how many moves the loser's men (not its king) need to stand on every square
// of `needs`, each square taken by a different man (greedy, in square order), or the
// winner's king to cover it (it may cover several); at most `kNoBlocker` a square.
int blocking_moves(const board::Position& pos, board::Color loser, board::Bitboard needs);

inline constexpr int kNoBlocker = 8;

// How far the loser's men are from blocking the free flights of its king that the
// winner's men can never cover: 2 * blocking_moves over them; nullopt when the winner's
// men other than its king can cover every square.
std::optional<int> flight_blocking_estimate(const board::Position& pos, board::Color winner);

}  // namespace arbiter::search
