// `arbiter analyze`: can each side still mate? A verdict with proof for each side asked.
#include <unistd.h>

#include <cctype>
#include <chrono>
#include <fstream>
#include <iostream>
#include <optional>
#include <sstream>

#include <tbb/global_control.h>

#include "analyzer/cli/fen_form.hpp"
#include "analyzer/cli/cache_options.hpp"
#include "analyzer/cli/command.hpp"
#include "analyzer/cli/tables_options.hpp"
#include "analyzer/cli/options.hpp"
#include "analyzer/cli/rules_option.hpp"
#include "analyzer/cli/shortening_options.hpp"
#include "analyzer/cli/time_budget.hpp"
#include "analyzer/cli/progress.hpp"
#include "analyzer/ordered_batch.hpp"
#include "analyzer/records/records.hpp"
#include "analyzer/winnability.hpp"
#include "search/board/plausibility.hpp"

namespace arbiter::cli {
namespace {

enum class Sides { White, Black, Both };

std::optional<Sides> parse_sides(std::string word) {
  for (char& c : word) c = char(std::tolower(static_cast<unsigned char>(c)));
  if (word == "white") return Sides::White;
  if (word == "black") return Sides::Black;
  if (word == "both") return Sides::Both;
  return std::nullopt;
}

struct Job {
  InputLine input;
  std::optional<board::Position> pos;
  std::string error;
  Sides sides = Sides::Both;
  std::optional<records::TimedVerdict> white, black;
  std::vector<analyzer::StepRecord> white_steps, black_steps;  // with --explain
};

// A step's name: the schedule's, or a rule-aware step's own (`rules-...`).
std::string step_label(const analyzer::StepRecord& s) {
  return s.rule_step.empty() ? std::string(analyzer::step_name(s.step)) : s.rule_step;
}

// The steps a question went through, one line each (--explain).
std::string steps_text(const std::vector<analyzer::StepRecord>& steps) {
  std::ostringstream out;
  for (const auto& s : steps) {
    out << "    " << (s.decided ? "* " : "  ") << step_label(s) << ": " << s.nodes << " nodes, " << s.micros << " us"
        << (s.decided ? " (decided)" : "");
    if (!s.note.empty()) out << ": " << s.note;
    out << '\n';
  }
  return out.str();
}

nlohmann::ordered_json steps_json(const std::vector<analyzer::StepRecord>& steps) {
  nlohmann::ordered_json list = nlohmann::ordered_json::array();
  for (const auto& s : steps) {
    nlohmann::ordered_json step{{"step", step_label(s)}, {"nodes", s.nodes}, {"micros", s.micros},
                                {"decided", s.decided}};
    if (!s.note.empty()) step["note"] = s.note;
    list.push_back(std::move(step));
  }
  return list;
}

class AnalyzeCommand : public Command {
 public:
  explicit AnalyzeCommand(CLI::App& parent) {
    app = parent.add_subcommand("analyze", "Can each side still checkmate by some sequence of legal moves? "
                                           "A verdict with proof for each side, and whether the position is dead");
    app->add_option("fen", fens_, "FEN positions; none or '-' reads lines 'FEN [white|black|both]' from stdin");
    app->add_option("--winner", winner_, "the side(s) whose mating chances are asked")
        ->check(CLI::IsMember({"white", "black", "both"}, CLI::ignore_case))
        ->default_str("both");
    add_max_nodes(app, options_.max_nodes, "node budget per side and position; past it: undetermined");
    app->add_option("--max-seconds", options_.max_seconds, "time budget per side and position (0 = none)")
        ->check(seconds_budget());
    add_threads(app, threads_, "worker threads (default: all cores); a batch analyses positions in "
                               "parallel, a single position races searchers");
    app->add_flag("--json", json_, "JSON Lines, one object per position (fields in docs/output.md)");
    app->add_flag("--explain", explain_, "show the steps of the schedule each question went through: which "
                                         "step decided, and the nodes and time of each (docs/schedule.md)");
    app->add_option("--schedule", schedule_file_, "follow the schedule in this file instead of the default "
                                                  "(text form in docs/schedule.md)")
        ->check(CLI::ExistingFile);
    app->add_flag("--print-schedule", print_schedule_, "print the schedule in its text form and exit");
    add_shortening_options(app, options_);
    add_rules_option(app, rules_);
    add_cache_options(app, cache_);
    add_tables_options(app, tables_options_);
    app->footer(
        "Verdicts: winnable (with a witness line that replays to mate), unwinnable (with the argument\n"
        "that proves it: insufficient-material, exhaustive, game-over, ...), or undetermined (a limit\n"
        "was hit; never a guess). A position is dead when neither side can mate.\n\n"
        "Every decided verdict is kept in an on-disk table and looked up before searching: a verdict\n"
        "found there says \"source\": \"cache\" (its witness replayed again) and costs microseconds.\n"
        "`arbiter cache stats` shows the table; --no-cache leaves it alone.\n\n"
        "Example:\n"
        "  arbiter analyze '8/8/8/4k3/4p3/8/8/KN6 w - - 0 1'\n"
        "  -> White: winnable (the black pawn blocks its own king); Black: winnable\n"
        "  echo '8/8/8/4k3/8/8/8/KB3b2 w - - 0 1 white' | arbiter analyze --json");
  }

  int run() override {
    if (!schedule_file_.empty()) {
      std::ifstream in(schedule_file_);
      std::stringstream text;
      text << in.rdbuf();
      auto schedule = analyzer::parse_schedule(text.str());
      if (!schedule) {
        std::cerr << "arbiter analyze: " << schedule_file_ << ": " << schedule.error() << '\n';
        return 2;
      }
      options_.schedule = std::move(*schedule);
    }
    if (print_schedule_) {
      std::cout << analyzer::format_schedule(options_.schedule);
      return 0;
    }
    unsigned threads = threads_ > 0 ? unsigned(threads_) : std::max(1u, std::thread::hardware_concurrency());
    tbb::global_control control(tbb::global_control::max_allowed_parallelism, threads);
    InputSource source(fens_, std::cin);
    Sides default_sides = *parse_sides(winner_);
    options_.max_nodes = node_budget(options_.max_nodes);
    // One position: race searchers on it. A batch: one searcher per position.
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
          Job job;
          job.input = *input;
          job.sides = default_sides;
          progress.add_total(1);
          return job;
        },
        [&](Job& job) { analyze_job(job, analyzer, explain_, rules_); },
        [&](Job& job) {
          progress.clear();
          if (!print(job)) exit_code = 1;
          count(job, counts);
          progress.done(1);
        });
    progress.finish(counts.summary("positions", progress.seconds()));
    return exit_code;
  }

 private:
  static void analyze_job(Job& job, analyzer::WinnabilityAnalyzer& analyzer, bool explain, analyzer::Rules rules) {
    // The FEN is judged first: a bad FEN is named as such, not by the words after it.
    auto pos = board::Position::from_fen(job.input.fen);
    if (!pos) {
      job.error = pos.error();
      return;
    }
    if (auto error = extra_words_error(job.input, "white, black or both")) {
      job.error = *error;
      return;
    }
    if (!job.input.extra.empty()) {
      auto s = parse_sides(job.input.extra.front());
      if (!s) {
        job.error = "'" + job.input.extra.front() + "' after the FEN is not white, black or both";
        return;
      }
      job.sides = *s;
    }
    job.pos = std::move(*pos);
    auto timed = [&](board::Color c) {
      auto start = std::chrono::steady_clock::now();
      auto* trace = !explain ? nullptr : c == board::Color::White ? &job.white_steps : &job.black_steps;
      analyzer::RuledVerdict ruled =
          analyzer::analyze_under_rules(analyzer, *job.pos, c, rules, analyzer.options().max_nodes, trace);
      records::TimedVerdict tv{std::move(ruled.verdict), 0, rules};
      tv.micros = uint64_t(
          std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() - start).count());
      return tv;
    };
    if (job.sides != Sides::Black) job.white = timed(board::Color::White);
    if (job.sides != Sides::White) job.black = timed(board::Color::Black);
  }

  static void count(const Job& job, BatchCounts& counts) {
    if (!job.pos) ++counts.errors;
    else if ((job.white && !job.white->verdict.decided()) || (job.black && !job.black->verdict.decided()))
      ++counts.undetermined;
    else ++counts.decided;
  }

  // Prints one result; false when the input was bad.
  bool print(const Job& job) const {
    if (!job.pos) {
      report_input_error(job.input, job.error, json_);
      return false;
    }
    if (json_) {
      auto j = in_input_form(records::analyze(*job.pos, job.white, job.black), *job.pos, job.input);
      if (explain_ && job.white) j["white"]["steps"] = steps_json(job.white_steps);
      if (explain_ && job.black) j["black"]["steps"] = steps_json(job.black_steps);
      std::cout << records::dump(j) << '\n';
    } else {
      std::cout << in_input_form(records::analyze_text(*job.pos, job.white, job.black), *job.pos, job.input);
      if (explain_ && job.white) std::cout << "  White's steps:\n" << steps_text(job.white_steps);
      if (explain_ && job.black) std::cout << "  Black's steps:\n" << steps_text(job.black_steps);
    }
    std::cout.flush();
    return true;
  }

  std::vector<std::string> fens_;
  std::string winner_ = "both";
  int threads_ = 0;
  bool json_ = false;
  bool explain_ = false;
  bool print_schedule_ = false;
  std::string schedule_file_;
  analyzer::AnalysisOptions options_;
  analyzer::Rules rules_ = analyzer::kDefaultRules;
  CacheOptions cache_;
  TablesOptions tables_options_;
};

}  // namespace

std::unique_ptr<Command> make_analyze_command(CLI::App& parent) { return std::make_unique<AnalyzeCommand>(parent); }

}  // namespace arbiter::cli
