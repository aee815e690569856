// `arbiter status`: checkmate / stalemate / ongoing, check, legal moves, simple table.
#include <iostream>

#include <nlohmann/json.hpp>

#include "analyzer/cli/command.hpp"
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
        "The simple table (docs/rules.md §2) is what many servers use: a side cannot mate with a lone\n"
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
      if (json_) {
        nlohmann::ordered_json j{{"fen", pos->fen()},
                         {"state", analyzer::to_string(s.state)},
                         {"in_check", s.in_check},
                         {"legal_moves", s.legal_moves},
                         {"simple", {{"white", s.simple_white}, {"black", s.simple_black}}}};
        std::cout << j.dump() << '\n';
      } else {
        print_text(*pos, s);
      }
    }
    return exit_code;
  }

 private:
  static void print_text(const board::Position& pos, const analyzer::Status& s) {
    std::string mover = pos.side_to_move() == board::Color::White ? "White" : "Black";
    std::cout << pos.fen() << '\n';
    switch (s.state) {
      case analyzer::GameState::Checkmate: std::cout << "  checkmate: " << mover << " is checkmated\n"; break;
      case analyzer::GameState::Stalemate:
        std::cout << "  stalemate: " << mover << " is not in check and has no legal move\n";
        break;
      default:
        std::cout << "  ongoing: " << mover << " to move" << (s.in_check ? ", in check" : "") << ", "
                  << s.legal_moves << " legal move" << (s.legal_moves == 1 ? "" : "s") << '\n';
    }
    auto verdict = [](bool can) { return can ? "can mate" : "cannot mate"; };
    std::cout << "  simple table: White " << verdict(s.simple_white) << ", Black " << verdict(s.simple_black)
              << '\n';
  }

  std::vector<std::string> fens_;
  bool json_ = false;
};

}  // namespace

std::unique_ptr<Command> make_status_command(CLI::App& parent) { return std::make_unique<StatusCommand>(parent); }

}  // namespace arbiter::cli
