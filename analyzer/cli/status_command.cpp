// `arbiter status`: checkmate / stalemate / ongoing, check, legal moves, simple table.
#include <iostream>

#include <chrono>

#include "analyzer/cli/fen_form.hpp"
#include "analyzer/cli/cache_options.hpp"
#include "analyzer/cli/command.hpp"
#include "analyzer/cli/tables_options.hpp"
#include "analyzer/cli/options.hpp"
#include "analyzer/records/records.hpp"
#include "analyzer/status.hpp"
#include "analyzer/winnability.hpp"

namespace arbiter::cli {
namespace {

class StatusCommand : public Command {
 public:
  explicit StatusCommand(CLI::App& parent) {
    app = parent.add_subcommand("status", "State of each position: checkmate, stalemate or ongoing; check; "
                                          "legal moves; the simple material table for both sides");
    app->add_option("fen", fens_, "FEN positions (quoted, or unquoted one after another); none or '-' reads "
                                  "one FEN per line from stdin");
    app->add_flag("--json", json_,
                  "JSON Lines: {fen, state, in_check, legal_moves, endings, dead, seventy_five, winnability, "
                  "simple:{opponent_blind, opponent_aware}, arbiter}");
    add_max_nodes(app, options_.max_nodes, "node budget per side of the dead-position test; past it: undetermined");
    add_cache_options(app, cache_);
    add_tables_options(app, tables_options_);
    app->footer(
        "Every ending that holds is shown: checkmate, stalemate, a dead position (5.2.2: neither\n"
        "side can mate by any legal sequence, decided by the winnability analysis with its proof,\n"
        "or undetermined at a limit) and the 75-move rule (9.6.2: halfmove clock 150 or more).\n"
        "Two server policies are shown beside them, neither the FIDE test: the opponent-blind\n"
        "table (docs/rules.md §2: a lone king, K+B, K+N or bishops all on one colour cannot mate) and\n"
        "the opponent-aware rule of python-chess and Lichess (K+N against K+P can mate).\n"
        "Exit status: 0 ok, 1 a bad input (the batch goes on), 2 usage error.\n\n"
        "Example:\n  arbiter status 'k7/1QK5/8/8/8/8/8/8 b - - 0 1'\n"
        "  -> checkmate: Black is checkmated");
  }

  int run() override {
    int exit_code = 0;
    InputSource source(fens_, std::cin);
    options_.max_nodes = node_budget(options_.max_nodes);
    options_.threads = 1;
    auto cache = open_cache(cache_);  // destroyed last: commits what the analysis kept
    auto tables = open_tables(tables_options_);
    analyzer::WinnabilityAnalyzer analyzer(options_, cache.get(), tables.get());
    while (auto input = source.next()) {
      auto pos = read_position(*input, json_);
      if (!pos) {
        exit_code = 1;
        continue;
      }
      auto s = analyzer::status_of(*pos);
      std::optional<records::TimedVerdict> white, black;
      if (s.state == analyzer::GameState::Ongoing) {
        auto timed = [&](board::Color c) {
          auto start = std::chrono::steady_clock::now();
          records::TimedVerdict tv{analyzer.analyze(*pos, c)};
          tv.micros = uint64_t(std::chrono::duration_cast<std::chrono::microseconds>(
                                   std::chrono::steady_clock::now() - start).count());
          return tv;
        };
        white = timed(board::Color::White);
        black = timed(board::Color::Black);
      }
      if (json_) std::cout << records::dump(in_input_form(records::status(*pos, s, white, black), *pos, *input)) << '\n';
      else std::cout << in_input_form(records::status_text(*pos, s, white, black), *pos, *input);
      std::cout.flush();
    }
    return exit_code;
  }

 private:
  std::vector<std::string> fens_;
  bool json_ = false;
  analyzer::AnalysisOptions options_;
  CacheOptions cache_;
  TablesOptions tables_options_;
};

}  // namespace

std::unique_ptr<Command> make_status_command(CLI::App& parent) { return std::make_unique<StatusCommand>(parent); }

}  // namespace arbiter::cli
