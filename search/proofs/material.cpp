#include "search/proofs/material.hpp"

namespace arbiter::search {

using namespace board;

namespace {

enum class Fact { None, LoneKing, MinorAgainstLoneKing, SameColourBishops };

Fact material_fact(const Position& pos, Color winner) {
  Color loser = ~winner;
  Bitboard kings = pos.pieces(PieceType::King);
  Bitboard w_men = pos.pieces(winner) & ~kings, l_men = pos.pieces(loser) & ~kings;
  if (w_men.empty()) return Fact::LoneKing;
  Bitboard bishops = pos.pieces(PieceType::Bishop);
  // Only bishops on the board, all on one colour: no net of one colour can mate.
  if (((w_men | l_men) & ~bishops).empty() && (!(bishops & kDarkSquares) || !(bishops & kLightSquares)))
    return Fact::SameColourBishops;
  if (l_men.empty()) {
    Bitboard w_knights = pos.pieces(winner, PieceType::Knight);
    if (w_men == w_knights && w_knights.count() == 1) return Fact::MinorAgainstLoneKing;
    // winner's bishops all on one colour against a lone king: covered by the rule above.
  }
  return Fact::None;
}

}  // namespace

bool material_forbids_mate_fast(const Position& pos, Color winner) { return material_fact(pos, winner) != Fact::None; }

std::optional<std::string> material_forbids_mate(const Position& pos, Color winner) {
  std::string w = winner == Color::White ? "White" : "Black";
  std::string l = winner == Color::White ? "Black" : "White";
  switch (material_fact(pos, winner)) {
    case Fact::LoneKing: return w + " has a lone king, which can never give check";
    case Fact::MinorAgainstLoneKing: return "king and knight cannot mate a lone king";
    case Fact::SameColourBishops:
      return "the only men besides the kings are bishops on squares of one colour, which cannot build a mating net";
    default: return std::nullopt;
  }
}

}  // namespace arbiter::search
