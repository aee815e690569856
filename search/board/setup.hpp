// An unvalidated description of a position, as read from text. It may break any rule;
// only Position::from_setup turns it into a Position, after checking every rule.
#pragma once

#include <array>
#include <cstddef>
#include <expected>
#include <string>
#include <string_view>

#include "search/board/types.hpp"

namespace arbiter::board {

// The largest halfmove clock and fullmove number read. The longest game the 75-move rule
// allows has fewer than 9000 moves; a larger value is a typing error, and the bound keeps
// every counter sum far from int overflow however many moves are made after it.
inline constexpr int kMaxMoveCounter = 100000;

struct Setup {
  std::array<Piece, 64> board{};
  Color side_to_move = Color::White;
  // Square of the rook for each castling right (index castling_index(c, king_side)),
  // Square::None where the right is absent.
  std::array<Square, 4> castling_rooks{Square::None, Square::None, Square::None, Square::None};
  Square en_passant = Square::None;
  int halfmove_clock = 0;   // 0..kMaxMoveCounter
  int fullmove_number = 1;  // 1..kMaxMoveCounter
  // Castling moves are written king-takes-rook in UCI (set when the castling field or the
  // king and rook placement is that of Chess960).
  bool chess960 = false;
};

// Why a FEN text could not be read: the field (1-6), the character offset in the whole
// text, and what is wrong there.
struct FenError {
  int field = 0;
  std::size_t offset = 0;
  std::string message;
  std::string to_string() const;
};

// Reads FEN, X-FEN and Shredder-FEN. Trailing fields may be missing (EPD style and the
// short forms of published test sets): castling and en passant then default to '-', the
// counters to 0 and 1. Never throws; text-level errors only (rules are checked later).
std::expected<Setup, FenError> parse_fen(std::string_view text);

// Field names used in messages: "piece placement", "side to move", ...
std::string_view fen_field_name(int field);

}  // namespace arbiter::board
