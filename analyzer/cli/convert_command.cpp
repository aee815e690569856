// `arbiter convert`: the stalemate-to-checkmate conversion rule (docs/rules.md §4).
#include <iostream>

#include <nlohmann/json.hpp>

#include "analyzer/cli/command.hpp"
#include "search/board/notation.hpp"
#include "search/problems/conversion.hpp"

namespace arbiter::cli {
namespace {

struct ConversionText {
  std::vector<std::string> uci;
  std::string san;  // "1.Qc2 2.Qc1#": the stalemating side's moves, numbered
};

// The line as text; each move is written in the position where the stalemated side has
// passed. Empty when the line does not replay as a conversion (never printed then).
std::optional<ConversionText> conversion_text(const board::Position& stalemate, std::span<const board::Move> line) {
  if (!search::replays_as_conversion(stalemate, line)) return std::nullopt;
  ConversionText text;
  board::Position current = stalemate;
  for (std::size_t i = 0; i < line.size(); ++i) {
    board::Position mover = *search::pass_stalemated_side(current);
    text.uci.push_back(board::to_uci(mover, line[i]));
    text.san += (i ? " " : "") + std::to_string(i + 1) + "." + board::to_san(mover, line[i]);
    mover.do_move(line[i]);
    current = std::move(mover);
  }
  return text;
}

std::string side_name(board::Color c) { return c == board::Color::White ? "White" : "Black"; }

class ConvertCommand : public Command {
 public:
  explicit ConvertCommand(CLI::App& parent) {
    app = parent.add_subcommand("convert",
                                "The stalemate-to-checkmate conversion rule: can the side that gave "
                                "stalemate turn it into mate by moving alone?");
    app->add_option("fen", fens_, "stalemate positions (FEN); none or '-' reads one FEN per line from stdin");
    app->add_option("--max-moves", options_.max_moves, "the most moves the stalemating side may make")
        ->check(CLI::Range(1, 1000))
        ->default_val(options_.max_moves);
    app->add_option("--max-positions", options_.max_positions,
                    "memory bound: distinct stalemates kept (past it the answer is undetermined)")
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
        "  -> White converts in 2 moves: 1.Qc2 2.Qc1# (Qa3 first would free b1 for the king)");
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
      std::optional<ConversionText> text;
      if (result->kind == search::Conversion::Kind::Converted) {
        text = conversion_text(*pos, result->line);
        if (!text) {
          std::cerr << "arbiter: internal error: the conversion found for " << pos->fen()
                    << " does not replay; it is not printed\n";
          exit_code = 3;
          continue;
        }
      }
      print(*pos, *result, text);
    }
    return exit_code;
  }

 private:
  void print(const board::Position& pos, const search::Conversion& result,
             const std::optional<ConversionText>& text) const {
    const bool converted = result.kind == search::Conversion::Kind::Converted;
    const bool complete = result.kind != search::Conversion::Kind::LimitHit;
    if (json_) {
      nlohmann::ordered_json j;
      j["fen"] = pos.fen();
      j["convertible"] = converted;
      if (converted) {
        j["line"] = text->uci;
        j["san"] = text->san;
      }
      j["length"] = result.line.size();
      j["positions"] = result.positions;
      j["complete"] = complete;
      std::cout << j.dump() << '\n';
    } else {
      const std::string stalemating = side_name(~pos.side_to_move());
      const std::string stalemated = side_name(pos.side_to_move());
      std::cout << pos.fen() << "\n  ";
      if (converted) {
        const std::size_t n = result.line.size();
        std::cout << stalemating << " converts in " << n << " move" << (n == 1 ? "" : "s") << ": " << text->san;
        if (n > 1) std::cout << " (" << stalemated << " stays stalemated until the mate)";
      } else if (complete) {
        std::cout << "no conversion: the stalemate stands (draw)";
        if (!result.exhausted)
          std::cout << "; none within " << options_.max_moves << " move" << (options_.max_moves == 1 ? "" : "s");
      } else {
        std::cout << "undetermined: the bound of " << options_.max_positions << " positions was reached";
      }
      std::cout << "\n  " << result.positions << " position" << (result.positions == 1 ? "" : "s") << " searched\n";
    }
    std::cout.flush();
  }

  std::vector<std::string> fens_;
  search::ConversionOptions options_;
  bool json_ = false;
};

}  // namespace

std::unique_ptr<Command> make_convert_command(CLI::App& parent) { return std::make_unique<ConvertCommand>(parent); }

}  // namespace arbiter::cli
