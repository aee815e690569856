#include <iostream>

#include <nlohmann/json.hpp>

#include "analyzer/cli/command.hpp"

namespace arbiter::cli {

namespace {

// The input as echoed in a message: at most kEchoed bytes (an input may be megabytes).
constexpr std::size_t kEchoed = 200;
std::string echoed(const std::string& text) {
  if (text.size() <= kEchoed) return text;
  return text.substr(0, kEchoed) + "... (" + std::to_string(text.size()) + " bytes in all)";
}

}  // namespace

void report_input_error(const InputLine& input, const std::string& message, bool json) {
  std::string text = input.line > 0 ? "line " + std::to_string(input.line) + ": " + message : message;
  if (json) {
    nlohmann::ordered_json j{{"input", echoed(input.text)}, {"error", text}};
    std::cout << j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
  } else {
    std::cerr << "arbiter: " << text << "\n  input: " << echoed(input.text) << '\n';
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
