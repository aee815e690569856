#include "search/proofs/check_reach.hpp"

#include "search/board/attacks.hpp"

namespace arbiter::search {

using namespace board;

namespace {

// `b` and the squares up to `steps` king steps away from it.
Bitboard king_spread(Bitboard b, int steps = 1) {
  for (int i = 0; i < steps && b != kAllSquares; ++i) b = king_step_spread(b);
  return b;
}

// Squares where the winner's pawns give check after at most `moves` moves of theirs: a
// pawn may push or (captures assumed available) step diagonally forward each move, or
// double-step once from its first rank. A pawn that can reach the last rank in time may
// promote to anything: then every square.
Bitboard pawn_checks(Bitboard pawns, Color us, int moves) {
  const Bitboard last_rank = rank_bb(us == Color::White ? 7 : 0);
  const Bitboard second_rank = rank_bb(us == Color::White ? 1 : 6);
  Bitboard cone = pawns;
  for (int i = 0; i < moves && cone; ++i) {
    Bitboard next = pawn_step_spread(cone, us);
    if (i == 0) next |= (pawns & second_rank).forward(us).forward(us);
    cone = next;
    if (cone & last_rank) return kAllSquares;
  }
  const Bitboard ahead = cone.forward(us);
  return ahead.east() | ahead.west();
}

}  // namespace

Bitboard checkable_squares(const Position& pos, Color winner, int moves) {
  if (moves >= 1 && pos.pieces(winner, PieceType::Rook, PieceType::Queen)) return kAllSquares;
  Bitboard reach = pawn_checks(pos.pieces(winner, PieceType::Pawn), winner, moves);
  for (Square s : pos.pieces(winner, PieceType::Rook)) reach |= rook_attacks(s, Bitboard());
  for (Square s : pos.pieces(winner, PieceType::Queen)) reach |= queen_attacks(s, Bitboard());
  for (Square s : pos.pieces(winner, PieceType::Bishop))
    reach |= moves >= 1 ? (is_dark(s) ? kDarkSquares : kLightSquares) : bishop_attacks(s, Bitboard());
  if (Bitboard knights = pos.pieces(winner, PieceType::Knight)) {
    for (int i = 0; i < moves && knights != kAllSquares; ++i) knights |= knight_step_spread(knights);
    reach |= knight_step_spread(knights);
  }
  return reach;
}

Bitboard king_reach(const Position& pos, Color side, int moves) {
  Bitboard reach = king_spread(Bitboard::of(pos.king_square(side)), moves);
  Bitboard castled;  // where castling, which spends one move, puts the king
  for (bool king_side : {true, false})
    if (pos.can_castle(side, king_side)) castled |= Position::castling_king_target(side, king_side);
  if (moves >= 1 && castled) reach |= king_spread(castled, moves - 1);
  return reach;
}

int check_steps(const Position& pos, Color winner, int limit) {
  const Bitboard king = pos.pieces(~winner, PieceType::King);
  for (int t = 0; t < limit; ++t) {
    if (king_spread(checkable_squares(pos, winner, t), t) & king) return t;
  }
  return limit;
}

bool mate_out_of_reach(const Position& pos, Color winner, int plies) {
  if (plies <= 0) return false;  // the mate, if any, stands already: not this test's business
  const int winner_moves = (plies + (pos.side_to_move() == winner ? 1 : 0)) / 2;
  const int loser_moves = plies - winner_moves;
  if (winner_moves >= 1 && pos.pieces(winner, PieceType::Rook, PieceType::Queen)) return false;
  return !(checkable_squares(pos, winner, winner_moves) & king_reach(pos, ~winner, loser_moves));
}

}  // namespace arbiter::search
