// `arbiter status`: checkmate / stalemate / ongoing, check, legal moves, simple table.
#include <iostream>

#include "analyzer/cli/command.hpp"
#include "analyzer/records/records.hpp"
#include "analyzer/status.hpp"

namespace arbiter::cli {
namespace {

class StatusCommand : public Command {
 public:
  explicit StatusCommand(CLI::App& parent) {
    app = parent.add_subcommand("status", "State of each position: checkmate, stalemate or ongoing; check; "
                                          "legal moves; the simple material table for both sides");
    app->add_option("fen", fens_, "FEN positions (quoted, or unquoted one after another); none or '-' reads "
                                  "one FEN per line from stdin");
    app->add_flag("--json", json_, "JSON Lines: {fen, state, in_check, legal_moves, simple:{white, black}}");
    app->footer(
        "The simple table (RULES.md §2) is what many servers use: a side cannot mate with a lone\n"
        "king, K+B, K+N, or bishops all on one colour. It is not the FIDE test; see `analyze`.\n\n"
        "Example:\n  arbiter status 'k7/1QK5/8/8/8/8/8/8 b - - 0 1'\n"
        "  -> checkmate: Black is checkmated");
  }

  int run() override {
    int exit_code = 0;
    InputSource source(fens_, std::cin);
    while (auto input = source.next()) {
      auto pos = read_position(*input, json_);
      if (!pos) {
        exit_code = 1;
        continue;
      }
      auto s = analyzer::status_of(*pos);
      if (json_) std::cout << records::dump(records::status(*pos, s)) << '\n';
      else std::cout << records::status_text(*pos, s);
    }
    return exit_code;
  }

 private:
  std::vector<std::string> fens_;
  bool json_ = false;
};

}  // namespace

std::unique_ptr<Command> make_status_command(CLI::App& parent) { return std::make_unique<StatusCommand>(parent); }

}  // namespace arbiter::cli
