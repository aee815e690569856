// `arbiter helpmate --moves N`: every solution of the helpmate problem h#N (or h#N.5).
#include <chrono>
#include <iostream>
#include <limits>
#include <optional>
#include <thread>

#include <tbb/global_control.h>

#include "analyzer/cli/fen_form.hpp"
#include "analyzer/cli/command.hpp"
#include "analyzer/cli/options.hpp"
#include "analyzer/cli/tables_options.hpp"
#include "analyzer/helpmate_problem.hpp"
#include "analyzer/records/records.hpp"
#include "search/problems/problem_helpmate.hpp"

namespace arbiter::cli {
namespace {

class HelpmateCommand : public Command {
 public:
  explicit HelpmateCommand(CLI::App& parent) {
    app = parent.add_subcommand("helpmate", "Solve helpmate problems: every solution of h#N or h#N.5");
    app->add_option("fen", fens_, "FEN positions; none or '-' reads one FEN per line from stdin");
    app->add_option("--moves", moves_, "the stipulation: N for h#N, N.5 for h#N.5 (N from 1 to 10)")
        ->required()
        ->check(CLI::Validator(
            [](std::string& text) {
              auto s = search::parse_stipulation(text);
              return s ? std::string() : s.error();
            },
            "N|N.5"));
    auto all = app->add_flag("--all", all_, "print every solution (the default)");
    auto first = app->add_flag("--first", first_, "stop at one solution (the same one with any thread count)");
    all->excludes(first);
    add_max_nodes(app, max_nodes_,
                  "node budget per position; past it the answer is marked incomplete, never 'no solution'");
    add_threads(app, threads_, "worker threads (default: all cores)");
    add_tables_options(app, tables_options_);
    app->add_flag("--json", json_, "JSON Lines: {fen, stipulation, solutions, san, count, nodes, micros, complete}");
    app->footer(
        "h#N: the side to move in the FEN moves first and is mated; the other side mates with\n"
        "its Nth move; both sides cooperate. h#N.5: the mating side moves first, then N move pairs.\n"
        "Solutions that differ only in the order of their moves are distinct solutions, as in\n"
        "problem practice. Draw rules (repetition, 75 moves) do not apply. Every solution is\n"
        "replayed with the move generator before it is printed. With helpmate tables (see\n"
        "`arbiter tables build`), a position of few men whose shortest helpmate is longer than\n"
        "the moves left is cut at once; the solutions are the same.\n"
        "Notation: moves are numbered from 1 whoever moves first, as composers do:\n"
        "  h#2    1. Kh1 Ng3 2. h1=R Nf1#\n"
        "  h#1.5  1... Nc3 2. Kh1 Ng3#   (the mating side's first move stands alone as 1...)\n"
        "Exit status: 0 ok, 1 a bad input (the batch goes on), 2 usage error, 3 internal error.\n\n"
        "Example:\n"
        "  arbiter helpmate --moves 2 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'\n"
        "  -> h#2: 8 solutions, among them 1.f3 e5 2.g4 Qh4# (Fool's mate)");
  }

  int run() override {
    unsigned threads = threads_ > 0 ? unsigned(threads_) : std::max(1u, std::thread::hardware_concurrency());
    // One thread needs no scheduler: not even a global_control, which would start oneTBB.
    std::optional<tbb::global_control> control;
    if (threads > 1) control.emplace(tbb::global_control::max_allowed_parallelism, threads);
    const search::Stipulation stipulation = *search::parse_stipulation(moves_);
    search::HelpmateProblemOptions options;
    options.first_only = first_;
    options.threads = threads == 1 ? 1 : 0;
    auto tables = open_tables(tables_options_);
    options.tables = tables.get();
    int exit_code = 0;
    InputSource source(fens_, std::cin);
    while (auto input = source.next()) {
      auto pos = read_position(*input, json_);
      if (!pos) {
        exit_code = std::max(exit_code, 1);
        continue;
      }
      auto start = std::chrono::steady_clock::now();
      analyzer::HelpmateProblemAnswer answer =
          analyzer::solve_helpmate_problem(*pos, stipulation, options, {.max_nodes = node_budget(max_nodes_)});
      auto micros = uint64_t(
          std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() - start).count());
      for (const auto& problem : answer.not_replayed) {
        std::cerr << "arbiter: internal error: " << problem << "; it is not printed\n";
        exit_code = 3;
      }
      const auto& result = answer.result;
      const auto& shorter = answer.shorter;
      if (json_)
        std::cout << records::dump(
                         in_input_form(records::helpmate(*pos, stipulation, result, micros, shorter), *pos, *input))
                  << '\n';
      else
        std::cout << in_input_form(records::helpmate_text(*pos, stipulation, result, micros, first_, shorter), *pos,
                                   *input);
      std::cout.flush();
    }
    return exit_code;
  }

 private:
  std::vector<std::string> fens_;
  std::string moves_;
  bool all_ = false;
  bool first_ = false;
  uint64_t max_nodes_ = 0;
  int threads_ = 0;
  bool json_ = false;
  TablesOptions tables_options_;
};

}  // namespace

std::unique_ptr<Command> make_helpmate_command(CLI::App& parent) { return std::make_unique<HelpmateCommand>(parent); }

}  // namespace arbiter::cli
