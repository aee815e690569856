// `arbiter timeout` and `arbiter resign`: the result of a game lost from outside the
// board — a flag fall (Article 6.9) or a resignation — which is a draw when the
// opponent cannot checkmate by any legal sequence.
#include <unistd.h>

#include <cctype>
#include <chrono>
#include <iostream>
#include <optional>

#include <tbb/global_control.h>

#include "analyzer/cli/fen_form.hpp"
#include "analyzer/ordered_batch.hpp"
#include "analyzer/cli/cache_options.hpp"
#include "analyzer/cli/command.hpp"
#include "analyzer/cli/tables_options.hpp"
#include "analyzer/cli/options.hpp"
#include "analyzer/cli/rules_option.hpp"
#include "analyzer/cli/shortening_options.hpp"
#include "analyzer/cli/time_budget.hpp"
#include "analyzer/cli/progress.hpp"
#include "analyzer/loss_adjudication.hpp"
#include "analyzer/records/records.hpp"

namespace arbiter::cli {
namespace {

using analyzer::LossKind;

std::optional<board::Color> parse_side(std::string word) {
  for (char& c : word) c = char(std::tolower(static_cast<unsigned char>(c)));
  if (word == "white") return board::Color::White;
  if (word == "black") return board::Color::Black;
  return std::nullopt;
}

struct Job {
  InputLine input;
  std::optional<board::Position> pos;
  std::string error;
  board::Color loser = board::Color::White;
  analyzer::Adjudication adjudication;
  uint64_t micros = 0;
};

class LossCommand : public Command {
 public:
  LossCommand(CLI::App& parent, LossKind kind) : kind_(kind) {
    bool timeout = kind == LossKind::Timeout;
    app = parent.add_subcommand(
        timeout ? "timeout" : "resign",
        timeout ? "The result when a player runs out of time (Article 6.9): a loss, or a draw when the "
                  "opponent cannot checkmate by any legal sequence"
                : "The result of a resignation: a loss, or a draw when the opponent cannot checkmate by any "
                  "legal sequence");
    app->add_option("fen", fens_,
                    "FEN positions; none or '-' reads lines 'FEN [white|black]' from stdin (the word names the "
                    "side that " + std::string(timeout ? "flagged" : "resigned") + " on that line)");
    app->add_option(timeout ? "--flagged" : "--resigned", side_,
                    timeout ? "the side whose time ran out (default: the side to move, whose clock was running)"
                            : "the side that resigned (default: the side to move)")
        ->check(CLI::IsMember({"white", "black"}, CLI::ignore_case));
    add_max_nodes(app, options_.max_nodes, "node budget of the winnability search; past it: no result");
    app->add_option("--max-seconds", options_.max_seconds, "time budget of the winnability search (0 = none)")
        ->check(seconds_budget());
    add_threads(app, threads_, "worker threads (default: all cores)");
    add_shortening_options(app, options_);
    add_rules_option(app, rules_);
    add_cache_options(app, cache_);
    add_tables_options(app, tables_options_);
    app->add_flag("--json", json_, "JSON Lines: {\"fen\", \"result\", \"reason\", \"winnability\"} per position");
    app->footer(timeout ? "The test is the strict one: can the opponent checkmate by ANY legal sequence, even with\n"
                          "the worst help from the flagged side? A bare king never wins on time; king and knight\n"
                          "against king and pawn can (the pawn may block its own king). If the search hits a\n"
                          "limit, no result is given (never a guess).\n\n"
                          "Examples:\n"
                          "  arbiter timeout --flagged black '8/8/8/4k3/8/8/8/KN6 w - - 0 1'    -> 1/2-1/2\n"
                          "  arbiter timeout --flagged black '8/8/8/4k3/4p3/8/8/KN6 w - - 0 1'  -> 1-0 (the "
                          "pawn can block its own king)"
                        : "The same test as a timeout: the resigning player loses unless the opponent cannot\n"
                          "checkmate by any legal sequence, in which case the game is drawn.\n\n"
                          "Example:\n"
                          "  arbiter resign --resigned white '2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - - 0 1'"
                          "  -> 1/2-1/2 (locked)");
  }

  int run() override {
    unsigned threads = threads_ > 0 ? unsigned(threads_) : std::max(1u, std::thread::hardware_concurrency());
    tbb::global_control control(tbb::global_control::max_allowed_parallelism, threads);
    InputSource source(fens_, std::cin);
    options_.max_nodes = node_budget(options_.max_nodes);
    options_.threads = source.from_stdin() ? 1 : int(threads);
    auto cache = open_cache(cache_);  // destroyed last: commits what the analysis kept
    auto tables = open_tables(tables_options_);
    analyzer::WinnabilityAnalyzer analyzer(options_, cache.get(), tables.get());
    const bool show_progress = source.from_stdin() && isatty(STDERR_FILENO);
    Progress progress(show_progress, "positions", show_progress ? stdin_positions_ahead() : std::nullopt);
    BatchCounts counts;
    int exit_code = 0;
    analyzer::run_ordered_batch<Job>(
        threads,
        [&]() -> std::optional<Job> {
          auto input = source.next();
          if (!input) return std::nullopt;
          progress.add_total(1);
          return Job{*input, {}, {}, board::Color::White, {}, 0};
        },
        [&](Job& job) { adjudicate(job, analyzer); },
        [&](Job& job) {
          progress.clear();
          if (!print(job)) exit_code = 1;
          if (!job.pos) ++counts.errors;
          else if (job.adjudication.result) ++counts.decided;
          else ++counts.undetermined;
          progress.done(1);
        });
    progress.finish(counts.summary("positions", progress.seconds()));
    return exit_code;
  }

 private:
  void adjudicate(Job& job, analyzer::WinnabilityAnalyzer& analyzer) const {
    auto pos = board::Position::from_fen(job.input.fen);
    if (!pos) {
      job.error = pos.error();
      return;
    }
    std::optional<board::Color> loser = side_.empty() ? std::nullopt : parse_side(side_);
    if (auto error = extra_words_error(job.input, "white or black")) {
      job.error = *error;
      return;
    }
    if (!job.input.extra.empty()) {
      loser = parse_side(job.input.extra.front());
      if (!loser) {
        job.error = "'" + job.input.extra.front() + "' after the FEN is not white or black";
        return;
      }
    }
    job.pos = std::move(*pos);
    job.loser = loser ? *loser : job.pos->side_to_move();
    auto start = std::chrono::steady_clock::now();
    job.adjudication = analyzer::adjudicate_loss(*job.pos, job.loser, kind_, analyzer, rules_);
    job.micros = uint64_t(
        std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() - start).count());
  }

  bool print(const Job& job) const {
    if (!job.pos) {
      report_input_error(job.input, job.error, json_);
      return false;
    }
    if (json_)
      std::cout << records::dump(in_input_form(records::loss(*job.pos, kind_, job.loser, job.adjudication, job.micros),
                                               *job.pos, job.input))
                << '\n';
    else
      std::cout << in_input_form(records::loss_text(*job.pos, kind_, job.loser, job.adjudication, job.micros), *job.pos,
                                 job.input);
    std::cout.flush();
    return true;
  }

  LossKind kind_;
  std::vector<std::string> fens_;
  std::string side_;
  int threads_ = 0;
  bool json_ = false;
  analyzer::AnalysisOptions options_;
  analyzer::Rules rules_ = analyzer::kDefaultRules;
  CacheOptions cache_;
  TablesOptions tables_options_;
};

}  // namespace

std::unique_ptr<Command> make_timeout_command(CLI::App& parent) {
  return std::make_unique<LossCommand>(parent, LossKind::Timeout);
}
std::unique_ptr<Command> make_resign_command(CLI::App& parent) {
  return std::make_unique<LossCommand>(parent, LossKind::Resignation);
}

}  // namespace arbiter::cli
