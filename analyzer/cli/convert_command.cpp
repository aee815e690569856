// `arbiter convert`: the stalemate-to-checkmate conversion rule (docs/rules.md §4).
#include <iostream>

#include "analyzer/cli/fen_form.hpp"
#include "analyzer/cli/command.hpp"
#include "analyzer/cli/options.hpp"
#include "analyzer/records/records.hpp"
#include "search/problems/conversion.hpp"

namespace arbiter::cli {
namespace {

class ConvertCommand : public Command {
 public:
  explicit ConvertCommand(CLI::App& parent) {
    app = parent.add_subcommand("convert",
                                "The stalemate-to-checkmate conversion rule: can the side that gave "
                                "stalemate turn it into mate by moving alone?");
    app->add_option("fen", fens_, "stalemate positions (FEN); none or '-' reads one FEN per line from stdin");
    app->add_option("--max-moves", options_.max_moves, "the most moves the stalemating side may make")
        ->check(whole_number(1, 1000))
        ->default_val(options_.max_moves);
    app->add_option("--max-positions", options_.max_positions,
                    "memory bound: distinct stalemates kept (past it the answer is undetermined)")
        ->check(whole_number(1, kMaxNodeBudget))
        ->default_val(options_.max_positions);
    app->add_flag("--json", json_, "JSON Lines: {fen, convertible, line, san, length, positions, complete}");
    app->footer(
        "The rule (docs/rules.md §4): when side S has stalemated side L, S moves alone; after each move\n"
        "L must still be stalemated, except after the last, which must checkmate L. The search is\n"
        "breadth-first over S's moves with exact deduplication: the line shown is a shortest one,\n"
        "and 'no conversion' means no line of at most --max-moves moves exists. A position that\n"
        "is not a stalemate is an input error.\n"
        "Exit status: 0 ok, 1 a bad input (the batch goes on), 2 usage error, 3 internal error.\n\n"
        "Example:\n"
        "  arbiter convert '7K/8/8/8/8/1Q6/p7/k7 b - - 0 1'\n"
        "  -> White converts in 2 moves: 1. Qc2 2. Qc1# (Qa3 first would free b1 for the king)");
  }

  int run() override {
    int exit_code = 0;
    InputSource source(fens_, std::cin);
    while (auto input = source.next()) {
      auto pos = read_position(*input, json_);
      if (!pos) {
        exit_code = std::max(exit_code, 1);
        continue;
      }
      auto result = search::find_conversion(*pos, options_);
      if (!result) {
        report_input_error(*input, result.error().message, json_);
        exit_code = std::max(exit_code, 1);
        continue;
      }
      std::optional<records::ConversionText> text;
      if (result->kind == search::Conversion::Kind::Converted) {
        text = records::conversion_text(*pos, result->line);
        if (!text) {
          std::cerr << "arbiter: internal error: the conversion found for " << pos->fen()
                    << " does not replay; it is not printed\n";
          exit_code = 3;
          continue;
        }
      }
      print(*pos, *result, text, *input);
    }
    return exit_code;
  }

 private:
  void print(const board::Position& pos, const search::Conversion& result,
             const std::optional<records::ConversionText>& text, const InputLine& input) const {
    if (json_) std::cout << records::dump(in_input_form(records::convert(pos, result, text, options_), pos, input)) << '\n';
    else std::cout << in_input_form(records::convert_text(pos, result, text, options_), pos, input);
    std::cout.flush();
  }

  std::vector<std::string> fens_;
  search::ConversionOptions options_;
  bool json_ = false;
};

}  // namespace

std::unique_ptr<Command> make_convert_command(CLI::App& parent) { return std::make_unique<ConvertCommand>(parent); }

}  // namespace arbiter::cli
