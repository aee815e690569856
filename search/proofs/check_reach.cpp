#include "search/proofs/check_reach.hpp"

#include "search/board/attacks.hpp"
#include "search/proofs/men_reach.hpp"

namespace arbiter::search {

using namespace board;

namespace {

// `b` and the squares up to `steps` king steps away from it.
Bitboard king_spread(Bitboard b, int steps = 1) {
  for (int i = 0; i < steps && b != kAllSquares; ++i) b = king_step_spread(b);
  return b;
}

// Squares where the winner's pawns give check after at most `moves` moves of theirs,
// capturing only onto `capturable`. A pawn that promotes with a move to spare may check
// anywhere (a queen attacks any square after one move); one that promotes with its last
// move checks from the promotion square, as a queen or a knight.
Bitboard pawn_checks(Bitboard pawns, Color us, int moves, Bitboard capturable) {
  const Bitboard last_rank = rank_bb(us == Color::White ? 7 : 0);
  Bitboard cone = pawns;
  for (int i = 0; i < moves && cone; ++i) {
    if (cone & last_rank) return kAllSquares;
    cone = pawn_step(cone, us, capturable, i == 0 ? pawns : Bitboard());
  }
  const Bitboard ahead = cone.forward(us);
  Bitboard checks = ahead.east() | ahead.west();
  for (Square s : cone& last_rank) checks |= queen_attacks(s, Bitboard()) | knight_attacks(s);
  return checks;
}

}  // namespace

Bitboard checkable_squares(const Position& pos, Color winner, int moves, Bitboard capturable) {
  if (moves >= 1 && pos.pieces(winner, PieceType::Rook, PieceType::Queen)) return kAllSquares;
  Bitboard reach = pawn_checks(pos.pieces(winner, PieceType::Pawn), winner, moves, capturable);
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
  // The winner's pawns capture only where the loser's men may stand.
  const Bitboard capturable = pos.pieces(winner, PieceType::Pawn) ? fill_reach(pos, ~winner, loser_moves) : kAllSquares;
  return !(checkable_squares(pos, winner, winner_moves, capturable) & king_reach(pos, ~winner, loser_moves));
}

}  // namespace arbiter::search
