#include "analyzer/cli/fen_form.hpp"

#include <sstream>
#include <vector>

namespace arbiter::cli {

bool is_shredder_fen(std::string_view fen_text) {
  std::istringstream in{std::string(fen_text)};
  std::string placement, side, castling;
  if (!(in >> placement >> side >> castling) || castling == "-") return false;
  for (char c : castling)
    if (!((c >= 'A' && c <= 'H') || (c >= 'a' && c <= 'h'))) return false;
  return true;
}

std::string shredder_fen(const board::Position& pos) {
  std::string fen = pos.fen();
  std::string castling;
  for (board::Color c : {board::Color::White, board::Color::Black})
    for (bool king_side : {true, false}) {
      if (!pos.can_castle(c, king_side)) continue;
      char file = char('a' + board::file_of(pos.castling_rook(c, king_side)));
      castling += c == board::Color::White ? char(file - 'a' + 'A') : file;
    }
  if (castling.empty()) return fen;
  // The castling field is the third: after the placement and the side to move.
  std::size_t first = fen.find(' '), second = fen.find(' ', first + 1), third = fen.find(' ', second + 1);
  return fen.substr(0, second + 1) + castling + fen.substr(third);
}

records::Json in_input_form(records::Json record, const board::Position& pos, const InputLine& input) {
  if (is_shredder_fen(input.fen) && record.contains("fen")) record["fen"] = shredder_fen(pos);
  return record;
}

std::string in_input_form(std::string text, const board::Position& pos, const InputLine& input) {
  if (!is_shredder_fen(input.fen)) return text;
  const std::string xfen = pos.fen();
  if (text.starts_with(xfen)) text.replace(0, xfen.size(), shredder_fen(pos));
  return text;
}

}  // namespace arbiter::cli
