#include "search/board/types.hpp"

namespace arbiter::board {

std::string square_name(Square s) {
  if (!is_ok(s)) return "-";
  return {char('a' + file_of(s)), char('1' + rank_of(s))};
}

char type_char(PieceType t) {
  constexpr char chars[] = " PNBRQK";
  return chars[index(t)];
}

char piece_char(Piece p) {
  char c = type_char(type_of(p));
  return color_of(p) == Color::Black ? char(c - 'A' + 'a') : c;
}

std::optional<Piece> piece_from_char(char c) {
  constexpr std::string_view chars = "PNBRQK";
  bool black = c >= 'a' && c <= 'z';
  char upper = black ? char(c - 'a' + 'A') : c;
  auto pos = chars.find(upper);
  if (pos == std::string_view::npos) return std::nullopt;
  return make_piece(black ? Color::Black : Color::White, PieceType(pos + 1));
}

std::string_view color_name(Color c) { return c == Color::White ? "white" : "black"; }

}  // namespace arbiter::board
