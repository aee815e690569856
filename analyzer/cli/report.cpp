#include <iostream>

#include "analyzer/cli/command.hpp"
#include "analyzer/records/records.hpp"

namespace arbiter::cli {

namespace {

bool ends_with(const std::string& text, std::string_view suffix) {
  return text.size() >= suffix.size() && text.compare(text.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// A PGN file named where a FEN belongs: point to the command that reads it.
std::string hint(const InputLine& input) {
  for (std::string_view suffix : {".pgn", ".pgn.gz", ".pgn.zst", ".PGN"})
    if (ends_with(input.text, suffix))
      return " ('" + input.text + "' looks like a PGN file: `arbiter audit " + input.text +
             "` checks its games; positions are FEN arguments or FEN lines on stdin)";
  return "";
}

}  // namespace

std::optional<std::string> extra_words_error(const InputLine& input, const std::string& expected) {
  if (input.extra.size() <= 1) return std::nullopt;
  std::string words;
  for (const auto& w : input.extra) words += (words.empty() ? "" : " ") + w;
  return "one word may follow the FEN (" + expected + "), not '" + words + "'";
}

void report_input_error(const InputLine& input, const std::string& message, bool json) {
  std::string text = (input.line > 0 ? "line " + std::to_string(input.line) + ": " + message : message) + hint(input);
  if (json) std::cout << records::dump(records::input_error(input.text, text)) << '\n';
  else std::cerr << records::input_error_text(input.text, text);
}

std::optional<board::Position> read_position(const InputLine& input, bool json) {
  auto pos = board::Position::from_fen(input.fen);
  if (!pos) {
    report_input_error(input, pos.error(), json);
    return std::nullopt;
  }
  if (!input.extra.empty()) {
    report_input_error(input, "'" + input.extra.front() + "' is not part of a FEN", json);
    return std::nullopt;
  }
  return std::move(*pos);
}

}  // namespace arbiter::cli
