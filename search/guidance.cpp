#include "search/guidance.hpp"

#include <algorithm>

namespace arbiter::search {

using namespace board;

int approach_gap(PieceType type, Square s, Square king, Bitboard occupied) {
  const Bitboard zone = king_attacks(king) | king;
  const int d = distance(s, king);
  switch (type) {
    case PieceType::King: return std::max(0, d - 2);
    case PieceType::Knight: return (knight_attacks(s) & zone) ? 0 : (d + 1) / 2;
    case PieceType::Bishop:
      if (bishop_attacks(s, occupied) & zone) return 0;
      return ((is_dark(s) ? kDarkSquares : kLightSquares) & zone) ? 1 + (d > 4) : 3;
    case PieceType::Rook:
    case PieceType::Queen: return (piece_attacks(type, s, occupied) & zone) ? 0 : 1 + (d > 4);
    default: return 0;
  }
}

int mate_distance_estimate(const Position& pos, Color winner) {
  const Color loser = ~winner;
  const Square king = pos.king_square(loser);
  const Bitboard occ_without_king = pos.occupied() ^ king;
  int free_flights = 0;
  for (Square s : king_attacks(king) & ~pos.pieces(loser))
    if (!pos.attacked_by(winner, s, occ_without_king)) ++free_flights;
  const bool check = pos.attacked_by(winner, king, pos.occupied());
  const int edge = std::min({file_of(king), 7 - file_of(king), rank_of(king), 7 - rank_of(king)});

  // The winner's three nearest men (pawns only when nothing else can mate).
  Bitboard men = pos.pieces(winner) & ~pos.pieces(winner, PieceType::Pawn);
  std::array<int, 16> gaps{};
  int n = 0;
  for (Square s : men) gaps[n++] = 2 * approach_gap(type_of(pos.piece_on(s)), s, king, pos.occupied());
  std::sort(gaps.begin(), gaps.begin() + n);
  int approach = 0;
  for (int i = 0; i < std::min(n, 3); ++i) approach += gaps[i];
  int promotion = 0;
  if (men == pos.pieces(winner, PieceType::King)) {
    promotion = 8;
    for (Square s : pos.pieces(winner, PieceType::Pawn))
      promotion = std::min(promotion, 7 - relative_rank(winner, s));
    promotion *= 2;
  }
  // The loser's nearest man, a possible blocker.
  int blocker = 0;
  Bitboard helpers = pos.pieces(loser) ^ king;
  if (helpers) {
    blocker = 7;
    for (Square s : helpers) blocker = std::min(blocker, std::max(0, distance(s, king) - 1));
  }
  return 4 * free_flights + (check ? 0 : 2) + 2 * edge + approach + promotion + blocker / 2;
}

}  // namespace arbiter::search
