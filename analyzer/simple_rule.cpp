#include "analyzer/simple_rule.hpp"

namespace arbiter::analyzer {

using namespace board;

bool simple_can_mate(const Position& pos, Color c) {
  Bitboard men = pos.pieces(c) ^ pos.pieces(c, PieceType::King);
  if (men.empty()) return false;
  Bitboard knights = pos.pieces(c, PieceType::Knight), bishops = pos.pieces(c, PieceType::Bishop);
  if (men == knights && knights.count() == 1) return false;
  if (men == bishops && (!(bishops & kDarkSquares) || !(bishops & kLightSquares))) return false;
  return true;
}

bool aware_can_mate(const Position& pos, Color c) {
  const Bitboard own = pos.pieces(c) ^ pos.pieces(c, PieceType::King);
  if (own.empty()) return false;
  if (!(pos.pieces(c, PieceType::Pawn) | pos.pieces(c, PieceType::Rook) | pos.pieces(c, PieceType::Queen)).empty())
    return true;
  const Bitboard knights = pos.pieces(c, PieceType::Knight);
  if (!knights.empty()) {
    if (own != knights || knights.count() > 1) return true;
    // One knight: a mate needs an opponent's man (not the king, not a queen) on a flight square.
    const Color o = ~c;
    const Bitboard blockers = pos.pieces(o) ^ pos.pieces(o, PieceType::King) ^ pos.pieces(o, PieceType::Queen);
    return !blockers.empty();
  }
  // Only bishops: a mate needs bishops of both colours on the board, or a knight or pawn.
  const Bitboard all_bishops = pos.pieces(Color::White, PieceType::Bishop) | pos.pieces(Color::Black, PieceType::Bishop);
  const bool one_colour = (all_bishops & kDarkSquares).empty() || (all_bishops & kLightSquares).empty();
  const Bitboard knights_pawns = pos.pieces(Color::White, PieceType::Knight) | pos.pieces(Color::Black, PieceType::Knight) |
                                 pos.pieces(Color::White, PieceType::Pawn) | pos.pieces(Color::Black, PieceType::Pawn);
  return !(one_colour && knights_pawns.empty());
}

}  // namespace arbiter::analyzer
