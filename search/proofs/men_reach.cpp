#include "search/proofs/men_reach.hpp"

#include "search/board/attacks.hpp"

namespace arbiter::search {

using namespace board;

Bitboard pawn_cone(Bitboard pawns, Color side, int moves, Bitboard capturable) {
  const Bitboard last_rank = rank_bb(side == Color::White ? 7 : 0);
  Bitboard cone = pawns, promoted;
  for (int i = 0; i < moves; ++i) {
    const Bitboard next = pawn_step(cone, side, capturable, i == 0 ? pawns : Bitboard());
    // Promoted on this move: with two more, a queen may stand anywhere; with one, the
    // new piece stands where a queen or a knight steps from its square.
    const int left = moves - i - 1;
    if (left >= 2 && (next & last_rank)) return kAllSquares;
    const Bitboard promoting = next & last_rank & ~cone;
    if (left == 1)
      for (Square s : promoting) promoted |= queen_attacks(s, Bitboard()) | knight_attacks(s);
    cone = next;
  }
  return cone | promoted;
}

Bitboard fill_reach(const Position& pos, Color side, int moves, Bitboard capturable) {
  const Bitboard men = pos.pieces(side) ^ pos.king_square(side);
  Bitboard reach = men;
  if (moves <= 0) return reach;
  if (pos.pieces(side, PieceType::Rook, PieceType::Queen)) {
    if (moves >= 2) return kAllSquares;
    for (Square s : pos.pieces(side, PieceType::Rook)) reach |= rook_attacks(s, Bitboard());
    for (Square s : pos.pieces(side, PieceType::Queen)) reach |= queen_attacks(s, Bitboard());
  }
  for (Square s : pos.pieces(side, PieceType::Bishop))
    reach |= moves >= 2 ? squares_of_colour(s) : bishop_attacks(s, Bitboard());
  if (Bitboard knights = pos.pieces(side, PieceType::Knight)) {
    for (int i = 0; i < moves && knights != kAllSquares; ++i) knights |= knight_step_spread(knights);
    reach |= knights;
  }
  if (Bitboard pawns = pos.pieces(side, PieceType::Pawn)) reach |= pawn_cone(pawns, side, moves, capturable);
  return reach;
}

Bitboard man_fill_reach(Color side, PieceType type, Square s, int moves, Bitboard capturable) {
  const Bitboard at = Bitboard::of(s);
  if (moves <= 0) return at;
  switch (type) {
    case PieceType::Rook:
      return moves >= 2 ? kAllSquares : at | rook_attacks(s, Bitboard());
    case PieceType::Queen:
      return moves >= 2 ? kAllSquares : at | queen_attacks(s, Bitboard());
    case PieceType::Bishop:
      return at | (moves >= 2 ? squares_of_colour(s) : bishop_attacks(s, Bitboard()));
    case PieceType::Knight: {
      Bitboard knights = at;
      for (int i = 0; i < moves && knights != kAllSquares; ++i) knights |= knight_step_spread(knights);
      return knights;
    }
    case PieceType::Pawn:
      return at | pawn_cone(at, side, moves, capturable);
    default:
      return at;
  }
}

}  // namespace arbiter::search
