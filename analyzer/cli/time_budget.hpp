// The --max-seconds option: a time budget in seconds, 0 (none) or more. Negative and
// NaN budgets are refused with a message; `inf` and huge values mean no time limit
// (search::Limits::deadline_after saturates instead of overflowing).
#pragma once

#include <cmath>
#include <string>

#include <CLI/CLI.hpp>

namespace arbiter::cli {

inline CLI::Validator seconds_budget() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        double value = 0;
        if (!CLI::detail::lexical_cast(text, value)) return "'" + text + "' is not a number of seconds";
        if (std::isnan(value) || value < 0)
          return "'" + text + "' is not a time budget: give 0 (no limit) or a positive number of seconds";
        return {};
      },
      "SECONDS>=0", "seconds budget");
}

}  // namespace arbiter::cli
