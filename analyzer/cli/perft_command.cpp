// `arbiter perft DEPTH [--divide] [FEN]`: move-generator node counts.
#include <unistd.h>

#include <chrono>
#include <iostream>

#include "analyzer/cli/command.hpp"
#include "analyzer/cli/fen_form.hpp"
#include "analyzer/records/records.hpp"
#include "search/perft.hpp"

namespace arbiter::cli {
namespace {

class PerftCommand : public Command {
 public:
  explicit PerftCommand(CLI::App& parent) {
    app = parent.add_subcommand("perft", "Count the leaf nodes of the legal move tree (move-generator check)");
    app->add_option("depth", depth_, "depth in plies (0-12)")->required()->check(CLI::Range(0, 12));
    app->add_option("fen", fen_words_,
                    "FEN positions (quoting is optional); none or '-' reads one FEN per line from stdin, and "
                    "with no position there (a terminal, or empty input) counts the start position");
    app->add_flag("--divide", divide_, "also print the count below each legal move");
    app->add_flag("--json", json_, "JSON: {fen, depth, nodes, micros} (and divide: {uci: nodes})");
    app->footer("Example:\n  arbiter perft 5\n  -> 4865609 nodes (the published count for the start position)\n"
                "  arbiter perft 3 --divide 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1'");
  }

  int run() override {
    int exit_code = 0;
    bool any = false;
    if (!fen_words_.empty() || !isatty(STDIN_FILENO)) {
      InputSource source(fen_words_, std::cin);
      while (auto input = source.next()) {
        any = true;
        auto pos = read_position(*input, json_);
        if (!pos) exit_code = 1;
        else count(*pos, &*input);
      }
    }
    if (!any) count(board::Position::startpos());
    return exit_code;
  }

 private:
  // `input`, when the position was read: the JSON echoes its FEN form (Shredder-FEN stays so).
  void count(board::Position position, const InputLine* input = nullptr) const {
    board::Position* pos = &position;
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
    if (json_) {
      records::Json record = records::perft(*pos, p);
      if (input) record = in_input_form(std::move(record), *pos, *input);
      std::cout << records::dump(record) << '\n';
    }
    else std::cout << records::perft_text(*pos, p);
    std::cout.flush();
  }

  int depth_ = 0;
  std::vector<std::string> fen_words_;
  bool divide_ = false;
  bool json_ = false;
};

}  // namespace

std::unique_ptr<Command> make_perft_command(CLI::App& parent) { return std::make_unique<PerftCommand>(parent); }

}  // namespace arbiter::cli
