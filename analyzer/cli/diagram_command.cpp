// `arbiter diagram`: an SVG picture of a position, or of the position K plies into a line.
#include <fstream>
#include <iostream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "analyzer/cli/command.hpp"
#include "diagram/board_svg.hpp"

namespace arbiter::cli {
namespace {

class DiagramCommand : public Command {
 public:
  explicit DiagramCommand(CLI::App& parent) {
    app = parent.add_subcommand("diagram", "An SVG picture of a position, or of the position after K plies of a "
                                           "line, with the last move and a check marked");
    app->add_option("fen", fens_, "the FEN (quoted, or unquoted); none or '-' reads it from stdin");
    app->add_option("--line", line_, "UCI moves from the position (separate words, or one quoted string)")
        ->expected(1, -1);
    app->add_option("--ply", ply_, "picture the position after this many plies of the line (default: all)");
    app->add_option("--out", out_, "the SVG file to write; '-' writes to stdout")->required();
    app->add_option("--size", size_, "pixels per square")->default_val(size_)->check(CLI::Range(16, 200));
    app->add_flag("--flip", flip_, "Black at the bottom");
    app->add_flag("--json", json_, "print {fen, ply, last_move, check, out} of the picture");
    app->footer(
        "Example:\n"
        "  arbiter diagram '8/8/8/4k3/4p3/8/8/KN6 w - - 0 1' --line b1d2 e5d4 d2f3 --ply 3 --out board.svg\n"
        "  -> board.svg: the position after 2. Nf3+, the move marked, the black king in check");
  }

  int run() override {
    std::vector<std::string> fens = fens_;
    InputSource source(fens, std::cin);
    auto input = source.next();
    if (!input) {
      std::cerr << "arbiter: no FEN given\n";
      return 1;
    }
    auto start = read_position(*input, json_);
    if (!start) return 1;
    std::vector<std::string> moves;
    for (const auto& word : line_) {
      std::istringstream in(word);
      for (std::string m; in >> m;) moves.push_back(m);
    }
    int ply = ply_ ? *ply_ : int(moves.size());
    auto pos = diagram::position_after(*start, moves, ply);
    if (!pos) {
      report_input_error(*input, pos.error(), json_);
      return 1;
    }
    diagram::DiagramOptions options;
    options.square_size = size_;
    options.flipped = flip_;
    std::string svg = diagram::render_svg(*pos, options);
    if (out_ == "-") {
      std::cout << svg;
    } else {
      std::ofstream file(out_, std::ios::binary);
      file << svg;
      file.close();
      if (!file) {
        std::cerr << "arbiter: cannot write " << out_ << '\n';
        return 1;
      }
    }
    if (json_ && out_ != "-") {
      nlohmann::ordered_json j{{"fen", pos->fen()},
                               {"ply", ply},
                               {"last_move", ply > 0 ? nlohmann::ordered_json(moves[size_t(ply) - 1]) : nullptr},
                               {"check", pos->in_check()},
                               {"out", out_}};
      std::cout << j.dump() << '\n';
    }
    return 0;
  }

 private:
  std::vector<std::string> fens_;
  std::vector<std::string> line_;
  std::optional<int> ply_;
  std::string out_;
  int size_ = 45;
  bool flip_ = false;
  bool json_ = false;
};

}  // namespace

std::unique_ptr<Command> make_diagram_command(CLI::App& parent) { return std::make_unique<DiagramCommand>(parent); }

}  // namespace arbiter::cli
