// The options that say how much of the budget goes to shortening a witness, shared by the
// commands that analyse positions (analyze, timeout, resign, audit).
#pragma once

#include <string>

#include <CLI/CLI.hpp>

#include "analyzer/winnability.hpp"

namespace arbiter::cli {

// `by_default`: what the command does without either option.
inline void add_shortening_options(CLI::App* app, analyzer::AnalysisOptions& options,
                                   const std::string& by_default = "a bounded share") {
  auto* full = app->add_flag_callback(
      "--shortest", [&options] { options.shortening = analyzer::Shortening::Full; },
      "spend all of the budget left after a witness is found on proving it shortest or finding a shorter one "
      "(default: " + by_default + "; the verdict says \"shortest\" only when it is proven)");
  auto* first = app->add_flag_callback(
      "--first-witness", [&options] { options.shortening = analyzer::Shortening::FirstWitness; },
      "the fastest verdict: no shortening; the first witness found is printed");
  full->excludes(first);
  first->excludes(full);
}

}  // namespace arbiter::cli
