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

}  // namespace arbiter::cli
