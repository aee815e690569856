// --rules automatic-draws|plain: the reading of "any possible series of legal moves"
// (docs/automatic-draws.md). The default is the strict one, with the automatic draws.
#pragma once

#include <cctype>
#include <string>

#include <CLI/CLI.hpp>

#include "analyzer/automatic_draws.hpp"

namespace arbiter::cli {

inline CLI::Option* add_rules_option(CLI::App* app, analyzer::Rules& rules) {
  return app
      ->add_option_function<std::string>(
          "--rules",
          [&rules](std::string name) {
            for (char& c : name) c = char(std::tolower(static_cast<unsigned char>(c)));
            rules = analyzer::parse_rules(name).value_or(analyzer::kDefaultRules);  // checked below
          },
          "automatic-draws (default): a mating series must end before the fivefold repetition (9.6.1) "
          "or the 75-move rule (9.6.2) would end the game, counted from the FEN's halfmove clock "
          "(and, in audit, the game's positions); plain: those draws ignored inside the series")
      ->transform(CLI::IsMember({"automatic-draws", "plain"}, CLI::ignore_case))
      ->default_str("automatic-draws");
}

}  // namespace arbiter::cli
