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

}  // namespace

CheckableSquares::CheckableSquares(const Position& pos, Color winner, Bitboard capturable)
    : winner_(winner),
      capturable_(capturable),
      pawns_(pos.pieces(winner, PieceType::Pawn)),
      cone_(pawns_),
      knights_(pos.pieces(winner, PieceType::Knight)),
      bishops_(pos.pieces(winner, PieceType::Bishop)),
      rook_or_queen_(bool(pos.pieces(winner, PieceType::Rook, PieceType::Queen))) {
  for (Square s : pos.pieces(winner, PieceType::Rook)) still_ |= rook_attacks(s, Bitboard());
  for (Square s : pos.pieces(winner, PieceType::Queen)) still_ |= queen_attacks(s, Bitboard());
}

// A rook or a queen attacks any square after one move. A pawn gives check from beside the
// square ahead of it; one that promotes with a move to spare may check anywhere, one that
// promotes with its last move checks from the promotion square as a queen or a knight.
// A bishop checks on its colour after one move; a knight from where it spread to.
Bitboard CheckableSquares::squares() const {
  if (moves_ >= 1 && rook_or_queen_) return kAllSquares;
  if (promoted_) return kAllSquares;
  const Bitboard last_rank = rank_bb(winner_ == Color::White ? 7 : 0);
  const Bitboard ahead = cone_.forward(winner_);
  Bitboard reach = still_ | ahead.east() | ahead.west();
  for (Square s : cone_ & last_rank) reach |= queen_attacks(s, Bitboard()) | knight_attacks(s);
  for (Square s : bishops_)
    reach |= moves_ >= 1 ? (is_dark(s) ? kDarkSquares : kLightSquares) : bishop_attacks(s, Bitboard());
  if (knights_) reach |= knight_step_spread(knights_);
  return reach;
}

void CheckableSquares::next() {
  const Bitboard last_rank = rank_bb(winner_ == Color::White ? 7 : 0);
  if (cone_ & last_rank)
    promoted_ = true;
  else if (cone_)
    cone_ = pawn_step(cone_, winner_, capturable_, moves_ == 0 ? pawns_ : Bitboard());
  if (knights_ != kAllSquares) knights_ |= knight_step_spread(knights_);
  ++moves_;
}

Bitboard checkable_squares(const Position& pos, Color winner, int moves, Bitboard capturable) {
  if (moves >= 1 && pos.pieces(winner, PieceType::Rook, PieceType::Queen)) return kAllSquares;
  CheckableSquares spread(pos, winner, capturable);
  for (int i = 0; i < moves; ++i) spread.next();
  return spread.squares();
}

KingReach::KingReach(const Position& pos, Color side) : reach_(Bitboard::of(pos.king_square(side))) {
  for (bool king_side : {true, false})
    if (pos.can_castle(side, king_side)) castled_ |= Position::castling_king_target(side, king_side);
}

// Castling spends one move and puts the king on its target; from there it steps on.
void KingReach::next() {
  if (reach_ != kAllSquares) reach_ = king_step_spread(reach_);
  if (moves_ == 0) reach_ |= castled_;
  ++moves_;
}

Bitboard king_reach(const Position& pos, Color side, int moves) {
  KingReach reach(pos, side);
  for (int i = 0; i < moves && reach.squares() != kAllSquares; ++i) reach.next();
  return reach.squares();
}

int check_steps(const Position& pos, Color winner, int limit) {
  const Bitboard king = pos.pieces(~winner, PieceType::King);
  // One spread taken a move further each time: its squares after t moves are
  // checkable_squares(pos, winner, t).
  CheckableSquares spread(pos, winner);
  for (int t = 0; t < limit; ++t) {
    if (king_spread(spread.squares(), t) & king) return t;
    if (t + 1 < limit) spread.next();
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
