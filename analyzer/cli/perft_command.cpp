// `arbiter perft DEPTH [--divide] [FEN]`: move-generator node counts.
#include <chrono>
#include <iostream>

#include "analyzer/cli/command.hpp"
#include "analyzer/records/records.hpp"
#include "search/perft.hpp"

namespace arbiter::cli {
namespace {

class PerftCommand : public Command {
 public:
  explicit PerftCommand(CLI::App& parent) {
    app = parent.add_subcommand("perft", "Count the leaf nodes of the legal move tree (move-generator check)");
    app->add_option("depth", depth_, "depth in plies (0-12)")->required()->check(CLI::Range(0, 12));
    app->add_option("fen", fen_words_, "the position (default: the start position); quoting is optional");
    app->add_flag("--divide", divide_, "also print the count below each legal move");
    app->add_flag("--json", json_, "JSON: {fen, depth, nodes, micros} (and divide: {uci: nodes})");
    app->footer("Example:\n  arbiter perft 5\n  -> 4865609 nodes (the published count for the start position)\n"
                "  arbiter perft 3 --divide 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1'");
  }

  int run() override {
    std::string fen;
    for (const auto& w : fen_words_) fen += (fen.empty() ? "" : " ") + w;
    if (fen.empty()) fen = std::string(board::Position::kStartFen);
    auto pos = board::Position::from_fen(fen);
    if (!pos) {
      report_input_error(InputLine{fen, fen, {}, 0}, pos.error(), json_);
      return 1;
    }
    auto start = std::chrono::steady_clock::now();
    records::Perft p;
    p.depth = depth_;
    p.divide = divide_;
    if (divide_ && depth_ > 0) {
      p.parts = search::perft_divide(*pos, depth_);
      for (auto& [m, n] : p.parts) p.nodes += n;
    } else {
      p.nodes = search::perft(*pos, depth_);
    }
    p.micros = std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() - start).count();
    if (json_) std::cout << records::dump(records::perft(*pos, p)) << '\n';
    else std::cout << records::perft_text(*pos, p);
    return 0;
  }

 private:
  int depth_ = 0;
  std::vector<std::string> fen_words_;
  bool divide_ = false;
  bool json_ = false;
};

}  // namespace

std::unique_ptr<Command> make_perft_command(CLI::App& parent) { return std::make_unique<PerftCommand>(parent); }

}  // namespace arbiter::cli
