#include "search/explore/flight_blockers.hpp"

#include <algorithm>
#include <array>

#include "search/board/attacks.hpp"

namespace arbiter::search {

using namespace board;

namespace {

// A pawn that can neither push nor capture now (its way is barred by a pawn).
bool immobile_pawn(const Position& pos, Square s, Color us) {
  const Bitboard ahead = Bitboard::of(s).forward(us);
  return (ahead & pos.pieces(PieceType::Pawn)) && !(pawn_attacks(us, s) & pos.pieces(~us));
}

// Roughly how many moves the man on `from` needs to stand on `to` (kNoBlocker: never).
int moves_to(const Position& pos, Square from, Square to, Color us) {
  if (from == to) return 0;
  const PieceType type = type_of(pos.piece_on(from));
  const int d = distance(from, to);
  switch (type) {
    case PieceType::Bishop:
      if (!squares_of_colour(from).has(to)) return kNoBlocker;
      return bishop_attacks(from, pos.occupied()).has(to) ? 1 : 2 + (d > 3);
    case PieceType::Knight: return knight_attacks(from).has(to) ? 1 : std::max(2, (d + 1) / 2);
    case PieceType::Rook:
    case PieceType::Queen: return piece_attacks(type, from, pos.occupied()).has(to) ? 1 : 2;
    case PieceType::Pawn: {
      const int ahead = relative_rank(us, to) - relative_rank(us, from);
      if (immobile_pawn(pos, from, us)) return kNoBlocker;
      if (file_of(from) == file_of(to) && ahead > 0) return ahead;
      // Otherwise by promotion, then a move or two of the new piece.
      const int promotion = 7 - relative_rank(us, from);
      return std::min(kNoBlocker, promotion + 1 + (relative_rank(us, to) != 7));
    }
    default: return kNoBlocker;
  }
}

}  // namespace

Bitboard coverable_squares(const Position& pos, Color winner) {
  const Bitboard knights = pos.pieces(winner, PieceType::Knight);
  if (pos.pieces(winner, PieceType::Rook, PieceType::Queen)) return kAllSquares;
  if (knights && (knights.more_than_one() || pos.pieces(winner, PieceType::Bishop))) return kAllSquares;
  Bitboard reach;
  for (Square s : pos.pieces(winner, PieceType::Bishop)) reach |= squares_of_colour(s);
  for (Square s : pos.pieces(winner, PieceType::Pawn)) {
    if (!immobile_pawn(pos, s, winner)) return kAllSquares;
    reach |= pawn_attacks(winner, s);
  }
  return reach;
}

int blocking_moves(const Position& pos, Color loser, Bitboard needs) {
  const Bitboard men = pos.pieces(loser) ^ pos.king_square(loser);
  const Square winner_king = pos.king_square(~loser);
  std::array<Square, 16> free_men{};
  int n = 0;
  for (Square s : men) free_men[n++] = s;
  int total = 0;
  for (Square need : needs) {
    int best = kNoBlocker, at = -1;
    for (int i = 0; i < n; ++i) {
      const int m = moves_to(pos, free_men[i], need, loser);
      if (m < best) best = m, at = i;
    }
    // Or the winner's king covers it (it may cover several at once).
    const int by_king = std::max(1, distance(winner_king, need) - 1);
    if (by_king < best) best = by_king, at = -1;
    if (at >= 0) free_men[at] = free_men[--n];
    total += best;
  }
  return total;
}

std::optional<int> flight_blocking_estimate(const Position& pos, Color winner) {
  const Bitboard coverable = coverable_squares(pos, winner);
  if (coverable == kAllSquares) return std::nullopt;
  const Color loser = ~winner;
  const Square king = pos.king_square(loser);
  const Bitboard occ_without_king = pos.occupied() ^ king;
  Bitboard needs;
  for (Square s : king_attacks(king) & ~pos.pieces(loser) & ~coverable)
    if (!pos.attacked_by(winner, s, occ_without_king)) needs |= s;
  return needs ? 2 * blocking_moves(pos, loser, needs) : 0;
}

}  // namespace arbiter::search
