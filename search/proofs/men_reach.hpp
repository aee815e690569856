// Where men may stand within a number of their own moves: over-approximations on an
// empty board, shared by the check-reach and flights bounds. A pawn moves a rank a move,
// two once from its first rank, and a file at most a move when it captures; a capture
// needs a man of the other side on the square, so where the caller knows a superset of
// the squares such men could ever stand on (`capturable`), the diagonal steps keep to it.
// Without one every capture is taken as available.
#pragma once

#include "search/board/bitboard.hpp"
#include "search/board/position.hpp"

namespace arbiter::search {

// Where pawns of `side` on `cone` may stand after one more move (or none): a step or a
// capture onto `capturable`, and the double step of those of `first_move` on their first rank.
inline board::Bitboard pawn_step(board::Bitboard cone, board::Color side, board::Bitboard capturable,
                                 board::Bitboard first_move = board::Bitboard()) {
  const board::Bitboard ahead = cone.forward(side);
  const board::Bitboard second_rank = board::rank_bb(side == board::Color::White ? 1 : 6);
  return cone | ahead | ((ahead.east() | ahead.west()) & capturable) |
         (first_move & second_rank).forward(side).forward(side);
}

// Where pawns of `side` on `pawns`, and what they promote to, may stand after at most
// `moves` moves (their own squares included): every square once one may promote with two
// moves to spare (a queen may then stand anywhere), a queen's or a knight's step from the
// promotion square with one. Diagonal steps only onto `capturable`.
board::Bitboard pawn_cone(board::Bitboard pawns, board::Color side, int moves,
                          board::Bitboard capturable = board::kAllSquares);

// Every square some man of `side` other than its king could stand on after at most `moves`
// of its moves: pieces by their moves on an empty board (a bishop keeps its colour),
// pawns by pawn_cone.
board::Bitboard fill_reach(const board::Position& pos, board::Color side, int moves,
                           board::Bitboard capturable = board::kAllSquares);

// fill_reach for one man of `side`, of `type`, on `s` (not a king): the whole side's is
// the union of its men's.
board::Bitboard man_fill_reach(board::Color side, board::PieceType type, board::Square s, int moves,
                               board::Bitboard capturable = board::kAllSquares);

}  // namespace arbiter::search
