#include "search/guidance.hpp"

#include <algorithm>

namespace arbiter::search {

using namespace board;

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
  for (Square s : men) gaps[n++] = std::max(0, distance(s, king) - 2);
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
