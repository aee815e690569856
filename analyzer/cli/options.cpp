#include "analyzer/cli/options.hpp"

#include <charconv>

namespace arbiter::cli {

CLI::Validator whole_number(uint64_t min, uint64_t max) {
  return CLI::Validator(
      [min, max](std::string& text) -> std::string {
        uint64_t value = 0;
        const char* end = text.data() + text.size();
        auto [ptr, ec] = std::from_chars(text.data(), end, value);
        const bool digits = !text.empty() && text.find_first_not_of("0123456789") == std::string::npos;
        if (!digits || ec == std::errc::invalid_argument || ptr != end)
          return "'" + text + "' is not a whole number";
        if (ec == std::errc::result_out_of_range || value < min || value > max)
          return "'" + text + "' is out of range: " + std::to_string(min) + " to " + std::to_string(max);
        return {};
      },
      "UINT");
}

CLI::Option* add_max_nodes(CLI::App* app, uint64_t& budget, const std::string& description) {
  return app->add_option("--max-nodes", budget, description + " (0 = no limit)")
      ->check(whole_number(0, kMaxNodeBudget))
      ->default_val(budget);
}

CLI::Option* add_threads(CLI::App* app, int& threads, const std::string& description) {
  return app->add_option("--threads", threads, description)->check(whole_number(1, 1024));
}

}  // namespace arbiter::cli
