#include <iostream>

#include "analyzer/cli/command.hpp"
#include "analyzer/records/records.hpp"

namespace arbiter::cli {

void report_input_error(const InputLine& input, const std::string& message, bool json) {
  std::string text = input.line > 0 ? "line " + std::to_string(input.line) + ": " + message : message;
  if (json) std::cout << records::dump(records::input_error(input.text, text)) << '\n';
  else std::cerr << records::input_error_text(input.text, text);
}

std::optional<board::Position> read_position(const InputLine& input, bool json) {
  if (!input.extra.empty()) {
    report_input_error(input, "'" + input.extra.front() + "' is not part of a FEN", json);
    return std::nullopt;
  }
  auto pos = board::Position::from_fen(input.fen);
  if (!pos) {
    report_input_error(input, pos.error(), json);
    return std::nullopt;
  }
  return std::move(*pos);
}

}  // namespace arbiter::cli
