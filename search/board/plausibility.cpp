#include "search/board/plausibility.hpp"

#include <algorithm>
#include <optional>

namespace arbiter::board {

namespace {

constexpr Bitboard kDarkSquares = Bitboard(0xAA55AA55AA55AA55ULL);

// "White" or "Black", as a sentence starts.
std::string side(Color c) { return c == Color::White ? "White" : "Black"; }

// Each man beyond the initial set (a third knight, a second queen, a second bishop on
// one colour of squares, ...) was a pawn once: with the pawns still on the board, at
// most eight.
std::optional<std::string> promotion_problem(const Position& pos, Color c) {
  auto n = [&](PieceType t) { return pos.pieces(c, t).count(); };
  int bishops_dark = (pos.pieces(c, PieceType::Bishop) & kDarkSquares).count();
  int bishops_light = n(PieceType::Bishop) - bishops_dark;
  int promoted = std::max(0, n(PieceType::Queen) - 1) + std::max(0, n(PieceType::Rook) - 2) +
                 std::max(0, n(PieceType::Knight) - 2) + std::max(0, bishops_dark - 1) +
                 std::max(0, bishops_light - 1);
  int pawns = n(PieceType::Pawn);
  if (pawns + promoted <= 8) return std::nullopt;
  return side(c) + " has " + std::to_string(promoted) + " promoted men (beyond the initial set) but only " +
         std::to_string(8 - pawns) + " missing pawns to have promoted";
}

// Whether a last move of `mover` explains the checks on the other king: every checker is
// the man that moved (checking from where it stands) or a line piece whose line to the
// king passes a square the move vacated.
bool explains(const Position& pos, Bitboard checkers, Square king, Square moved, Bitboard vacated) {
  for (Square x : checkers) {
    if (x == moved) continue;
    PieceType t = type_of(pos.piece_on(x));
    bool slider = t == PieceType::Bishop || t == PieceType::Rook || t == PieceType::Queen;
    if (!slider || !(between(x, king) & vacated)) return false;
  }
  return true;
}

// Whether some last move of the side not to move can have given the double check that
// the side to move stands in. Moves are taken back on the current board: the origin is
// an empty square from which the man reaches where it stands (a pawn by its own moves,
// a promoted man from the seventh rank, en passant and castling included).
bool double_check_explained(const Position& pos) {
  const Color them = ~pos.side_to_move();
  const Square king = pos.king_square(pos.side_to_move());
  const Bitboard occupied = pos.occupied(), empty = ~occupied, checkers = pos.checkers();
  const int back = -forward(them);
  for (Square to : pos.pieces(them)) {
    PieceType t = type_of(pos.piece_on(to));
    auto try_from = [&](Square from, Bitboard also_vacated = Bitboard()) {
      return is_ok(from) && empty.has(from) &&
             explains(pos, checkers, king, to, Bitboard::of(from) | also_vacated);
    };
    // The diagonal squares behind `to` (for pawn captures and capturing promotions).
    auto behind_diagonals = [&](int rank_back) {
      Bitboard b;
      int r = rank_of(to) + rank_back;
      if (r < 0 || r > 7) return b;
      for (int df : {-1, 1}) {
        int f = file_of(to) + df;
        if (f >= 0 && f <= 7) b |= make_square(f, r);
      }
      return b;
    };
    const int rank_back = back / 8;
    if (t == PieceType::Pawn) {
      int rr = relative_rank(them, to);
      if (rr >= 2 && try_from(offset(to, back))) return true;
      if (rr == 3 && empty.has(offset(to, back)) && try_from(offset(to, 2 * back))) return true;
      for (Square from : rr >= 2 ? behind_diagonals(rank_back) : Bitboard()) {
        if (try_from(from)) return true;
        // En passant: the pawn taken stood beside the origin, behind `to`.
        if (rr == 5 && empty.has(offset(to, back)) && try_from(from, Bitboard::of(offset(to, back))))
          return true;
      }
      continue;
    }
    if (t == PieceType::King) {
      for (Square from : king_attacks(to) & empty)
        if (try_from(from)) return true;
      continue;
    }
    for (Square from : piece_attacks(t, to, occupied) & empty)
      if (try_from(from)) return true;
    if (relative_rank(them, to) == 7) {  // a promotion: from the seventh rank
      if (try_from(offset(to, back))) return true;
      for (Square from : behind_diagonals(rank_back))
        if (try_from(from)) return true;
    }
    // Castling (standard squares): the rook checks from f1 or d1, the king left e1, the
    // rook its corner.
    if (t == PieceType::Rook && !pos.chess960()) {
      for (bool king_side : {true, false}) {
        if (to != Position::castling_rook_target(them, king_side)) continue;
        if (pos.king_square(them) != Position::castling_king_target(them, king_side)) continue;
        Square king_from = relative_square(them, make_square(4, 0));
        Square rook_from = relative_square(them, make_square(king_side ? 7 : 0, 0));
        if (empty.has(king_from) && empty.has(rook_from) &&
            explains(pos, checkers, king, to, Bitboard::of(king_from) | rook_from))
          return true;
      }
    }
  }
  return false;
}

}  // namespace

bool impossible_check(const Position& pos) {
  return pos.checkers().count() == 2 && !double_check_explained(pos);
}

std::vector<std::string> implausibilities(const Position& pos) {
  std::vector<std::string> out;
  for (Color c : {Color::White, Color::Black})
    if (auto p = promotion_problem(pos, c)) out.push_back(*p);
  if (impossible_check(pos)) {
    Square a = pos.checkers().first(), b = pos.checkers().last();
    out.push_back(side(pos.side_to_move()) + " is in double check from " + square_name(a) + " and " +
                  square_name(b) + ", which no last move can give");
  }
  if (pos.halfmove_clock() > 150)
    out.push_back("the halfmove clock is " + std::to_string(pos.halfmove_clock()) +
                  ": the 75-move rule (Article 9.6.2) ends a game when it reaches 150");
  return out;
}

}  // namespace arbiter::board
