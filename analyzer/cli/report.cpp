#include <iostream>

#include <nlohmann/json.hpp>

#include "analyzer/cli/command.hpp"

namespace arbiter::cli {

void report_input_error(const InputLine& input, const std::string& message, bool json) {
  std::string text = input.line > 0 ? "line " + std::to_string(input.line) + ": " + message : message;
  if (json) {
    nlohmann::ordered_json j{{"input", input.text}, {"error", text}};
    std::cout << j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
  } else {
    std::cerr << "arbiter: " << text << "\n  input: " << input.text << '\n';
  }
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
