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

}  // namespace arbiter::analyzer
