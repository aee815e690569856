// Value types of the chess model: colours, piece types, pieces, squares.
// All are one byte, trivially copyable, and carry only the operations that mean
// something in chess terms.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace arbiter::board {

enum class Color : uint8_t { White, Black };

constexpr Color operator~(Color c) { return Color(uint8_t(c) ^ 1); }
constexpr int index(Color c) { return int(c); }

enum class PieceType : uint8_t { None, Pawn, Knight, Bishop, Rook, Queen, King };

constexpr int index(PieceType t) { return int(t); }

// A coloured piece. Layout: bit 3 = colour, bits 0-2 = piece type; 0 is "no piece".
enum class Piece : uint8_t { None = 0 };

constexpr Piece make_piece(Color c, PieceType t) { return Piece(uint8_t(c) << 3 | uint8_t(t)); }
constexpr PieceType type_of(Piece p) { return PieceType(uint8_t(p) & 7); }
constexpr Color color_of(Piece p) { return Color(uint8_t(p) >> 3); }
constexpr int index(Piece p) { return int(p); }  // 0..14, holes allowed

// Squares a1=0, b1=1, ..., h8=63. NoSquare marks "none" where an optional would cost.
enum class Square : uint8_t { A1 = 0, H1 = 7, A8 = 56, H8 = 63, None = 64 };

constexpr int index(Square s) { return int(s); }
constexpr Square make_square(int file, int rank) { return Square(rank * 8 + file); }
constexpr int file_of(Square s) { return int(s) & 7; }
constexpr int rank_of(Square s) { return int(s) >> 3; }
constexpr bool is_ok(Square s) { return uint8_t(s) < 64; }
// The same square seen from the other side of the board (a1 <-> a8).
constexpr Square flip_rank(Square s) { return Square(int(s) ^ 56); }
// Rank counted from the given side's first rank (0..7).
constexpr int relative_rank(Color c, Square s) { return c == Color::White ? rank_of(s) : 7 - rank_of(s); }
constexpr Square relative_square(Color c, Square s) { return c == Color::White ? s : flip_rank(s); }
constexpr Square offset(Square s, int delta) { return Square(int(s) + delta); }
constexpr int forward(Color c) { return c == Color::White ? 8 : -8; }
// Squares of one colour: a1 is dark.
constexpr bool is_dark(Square s) { return ((file_of(s) + rank_of(s)) & 1) == 0; }
constexpr int distance(Square a, Square b) {
  int df = file_of(a) - file_of(b), dr = rank_of(a) - rank_of(b);
  df = df < 0 ? -df : df;
  dr = dr < 0 ? -dr : dr;
  return df > dr ? df : dr;
}

std::string square_name(Square s);                           // "e4"; "-" for None
inline std::optional<Square> parse_square(std::string_view);  // "e4" -> E4
char piece_char(Piece p);                                     // 'N' white, 'n' black
std::optional<Piece> piece_from_char(char c);
char type_char(PieceType t);                                  // 'N', 'B', ... ('P' for pawn)
std::string_view color_name(Color c);                         // "white" / "black"

// Inline: every move read asks it once or three times.
inline std::optional<Square> parse_square(std::string_view text) {
  if (text.size() != 2 || text[0] < 'a' || text[0] > 'h' || text[1] < '1' || text[1] > '8') return std::nullopt;
  return make_square(text[0] - 'a', text[1] - '1');
}

// Castling rights: one bit per side and wing.
enum class CastlingRight : uint8_t { WhiteKing = 1, WhiteQueen = 2, BlackKing = 4, BlackQueen = 8 };
constexpr int castling_index(Color c, bool king_side) { return int(c) * 2 + (king_side ? 0 : 1); }
constexpr uint8_t castling_bit(Color c, bool king_side) { return uint8_t(1u << castling_index(c, king_side)); }

}  // namespace arbiter::board
