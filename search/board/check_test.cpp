#include "search/board/check_test.hpp"

#include "search/board/attacks.hpp"

namespace arbiter::board {

CheckTest::CheckTest(const Position& pos) : pos_(pos) {
  const Color us = pos.side_to_move(), them = ~us;
  king_ = pos.king_square(them);
  uncovering_ = pos.king_blockers(them) & pos.pieces(us);
  const Bitboard occ = pos.occupied();
  const Bitboard diagonal = bishop_attacks(king_, occ), straight = rook_attacks(king_, occ);
  squares_[index(PieceType::Pawn)] = pawn_attacks(them, king_);
  squares_[index(PieceType::Knight)] = knight_attacks(king_);
  squares_[index(PieceType::Bishop)] = diagonal;
  squares_[index(PieceType::Rook)] = straight;
  squares_[index(PieceType::Queen)] = diagonal | straight;
  squares_[index(PieceType::King)] = Bitboard();
}

bool CheckTest::gives_check(Move m) const {
  if (m.kind() != MoveKind::Normal) return pos_.gives_check(m);
  const Square from = m.from(), to = m.to();
  if (squares_[index(type_of(pos_.piece_on(from)))].has(to)) return true;
  return uncovering_.has(from) && !line_through(king_, from).has(to);
}

}  // namespace arbiter::board
