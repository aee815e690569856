// `arbiter fixtures generate|verify`: verified test data for other implementations —
// positions with verdicts and proofs, timeouts, stalemate conversions and whole games with
// their correct results — and the independent re-check of such a file.
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <memory>
#include <fstream>
#include <iostream>

#include <nlohmann/json.hpp>
#include <tbb/global_control.h>

#include "analyzer/cli/command.hpp"
#include "analyzer/fixtures/epd_record.hpp"
#include "analyzer/fixtures/fixture_generator.hpp"
#include "analyzer/fixtures/fixture_input.hpp"
#include "analyzer/fixtures/fixture_verifier.hpp"
#include "analyzer/fixtures/pgn_writer.hpp"
#include "tablebase/helpmate_table_set.hpp"

namespace arbiter::cli {
namespace {

namespace fx = analyzer::fixtures;

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

std::string fixed(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", v);
  return buf;
}

class FixturesCommand : public Command {
 public:
  explicit FixturesCommand(CLI::App& parent) {
    app = parent.add_subcommand("fixtures",
                                "Verified test data for other implementations: generate fixture files "
                                "(positions with verdicts and proofs, timeouts, conversions, games), or verify one");
    app->require_subcommand(1);
    app->footer(
        "Formats are described in docs/fixtures.md. Run `arbiter fixtures generate --help` or\n"
        "`arbiter fixtures verify --help` for the options.\n\n"
        "Examples:\n"
        "  arbiter fixtures generate --kind winnability --count 100 --seed 7 --out winnability.jsonl\n"
        "  arbiter fixtures verify winnability.jsonl");

    generate_ = app->add_subcommand("generate", "Generate a fixture file of one kind");
    generate_->add_option("--kind", kind_, "winnability | dead | timeout | games | conversion | automatic-draws")
        ->required()
        ->check(CLI::IsMember({"winnability", "dead", "timeout", "games", "conversion", "automatic-draws"}));
    generate_->add_option("--count", options_.count, "entries to write (with --from: at most this many; 0 = all)")
        ->check(CLI::Range(0, 1'000'000));
    generate_->add_option("--seed", options_.seed, "random seed: the same seed gives the same file")
        ->default_val(options_.seed);
    generate_->add_option("--from", from_,
                          "take the positions (one FEN per line; PGN: each game's final position) or the games "
                          "(PGN) from FILE instead of generating them");
    generate_->add_option("--out", out_, "output file ('-' for standard output)")->required();
    generate_->add_option("--format", format_,
                          "jsonl | epd (positions) | pgn (games); default: from the --out name (.epd, .pgn), else "
                          "jsonl for positions and pgn for games")
        ->check(CLI::IsMember({"jsonl", "epd", "pgn"}));
    generate_->add_option("--max-nodes", options_.budget.max_nodes,
                          "node budget of each winnability question; an undetermined candidate is never written")
        ->default_val(options_.budget.max_nodes);
    generate_->add_option("--shorten-nodes", options_.budget.shorten_nodes,
                          "node budget of the re-search for a shorter witness")
        ->default_val(options_.budget.shorten_nodes);
    generate_->add_option("--tables", tables_dir_,
                          "a folder of helpmate tables to answer covered positions from (shortest witnesses); "
                          "none by default, so that the file depends only on the options");
    generate_->add_option("--conversion-moves", options_.budget.conversion_moves,
                          "conversion fixtures: the most moves of the stalemating side")
        ->check(CLI::Range(1, 100))
        ->default_val(options_.budget.conversion_moves);
    generate_->add_option("--threads", threads_, "candidates decided at once (default: all cores); the file is "
                                                 "the same with any number");
    generate_->footer(
        "Kinds:\n"
        "  winnability  both sides' verdicts with proofs: random play-outs, sparse material (2-7 men,\n"
        "               with and without pawns), locked pawn structures, and material where the simple\n"
        "               table and the strict test disagree (two entries in five at least)\n"
        "  dead         dead positions, and nearly-dead ones: live, with a pawn move or capture into a\n"
        "               dead position (written with that move); the dead one written with its origin\n"
        "  timeout      a position, the flagged side and the correct result (Article 6.9)\n"
        "  games        short PGN games for every ending of docs/rules.md §3, claims included, each with\n"
        "               the correct result (Result tag) and FixtureEnding / FixturePly tags\n"
        "  conversion   stalemates with and without a conversion into mate (docs/rules.md §4)\n"
        "  automatic-draws  timeouts at halfmove clocks near 150: both sides' verdicts under the\n"
        "               automatic draws of 9.6, the strict result and the plain reading's (half the\n"
        "               entries where they differ; docs/automatic-draws.md)\n"
        "Witness lines are the shortest found (a short re-search tries shorter depths), not proven\n"
        "shortest. Deterministic: the same kind, count, seed and budgets give the same file with\n"
        "any --threads. Undetermined candidates are dropped, never written.\n\n"
        "Examples:\n"
        "  arbiter fixtures generate --kind dead --count 50 --seed 1 --out dead.jsonl\n"
        "  arbiter fixtures generate --kind games --count 36 --out games.pgn\n"
        "  arbiter fixtures generate --kind timeout --from positions.fen --format epd --out timeout.epd");

    verify_ = app->add_subcommand("verify", "Re-check every entry of a fixture file from scratch");
    verify_->add_option("file", verify_file_, "a fixture file: JSON Lines, EPD or PGN")->required();
    verify_->add_option("--max-nodes", verify_options_.max_nodes,
                        "node budget of each winnability question re-derived; past it the entry does not hold")
        ->default_val(verify_options_.max_nodes);
    verify_->add_option("--threads", verify_threads_, "entries checked at once (default: all cores)");
    verify_->add_flag("--json", json_, "JSON Lines: {\"line\", \"game\", \"id\", \"holds\", \"problems\"} per entry");
    verify_->footer(
        "Witnesses are replayed with the move generator; unwinnable verdicts, dead positions and\n"
        "timeout results are re-derived by a fresh analysis (no verdict cache); conversions are\n"
        "searched again and their lines replayed; games are replayed and audited again. Each entry\n"
        "that does not hold is printed with its line (PGN: its game number and first line) and why.\n"
        "Exit status: 0 when every entry holds, 1 otherwise (also for malformed entries), 2 usage.\n\n"
        "Example:\n"
        "  arbiter fixtures verify tests/data/fixtures/winnability.jsonl\n"
        "  -> 30 entries (JSON Lines): 30 hold");
  }

  int run() override {
    if (generate_->parsed()) return run_generate();
    return run_verify();
  }

 private:
  static unsigned thread_count(int requested) {
    return requested > 0 ? unsigned(requested) : std::max(1u, std::thread::hardware_concurrency());
  }

  int run_generate() {
    options_.kind = *fx::parse_fixture_kind(kind_);
    const bool games = options_.kind == fx::FixtureKind::Games;
    if (format_.empty()) {  // from the output's name, else the kind's default
      format_ = out_.ends_with(".epd") ? "epd" : out_.ends_with(".pgn") ? "pgn" : out_.ends_with(".jsonl") ? "jsonl" : "";
      if (format_.empty() || (games && format_ != "pgn")) format_ = games ? "pgn" : "jsonl";
    }
    if (games != (format_ == "pgn")) {
      std::cerr << "arbiter fixtures generate: " << (games ? "games are written as PGN (--format pgn)"
                                                           : "position fixtures are written as jsonl or epd")
                << '\n';
      return 2;
    }
    if (!from_.empty() && generate_->count("--count") == 0) options_.count = 0;  // every input
    if (from_.empty() && options_.count == 0) {
      std::cerr << "arbiter fixtures generate: --count must be at least 1 when generating\n";
      return 2;
    }
    const unsigned threads = thread_count(threads_);
    tbb::global_control control(tbb::global_control::max_allowed_parallelism, threads);
    options_.threads = int(threads);
    std::unique_ptr<tablebase::HelpmateTableSet> tables;
    if (!tables_dir_.empty()) {
      if (!std::filesystem::is_directory(tables_dir_)) {
        std::cerr << "arbiter fixtures generate: --tables " << tables_dir_ << " is not a folder\n";
        return 2;
      }
      tables = std::make_unique<tablebase::HelpmateTableSet>(
          tables_dir_, [](const std::string& warning) { std::cerr << "arbiter: warning: " << warning << '\n'; });
      options_.budget.tables = tables.get();
    }

    std::ofstream file;
    if (out_ != "-") {
      file.open(out_);
      if (!file) {
        std::cerr << "arbiter fixtures generate: cannot write " << out_ << '\n';
        return 1;
      }
    }
    std::ostream& out = out_ == "-" ? std::cout : file;
    auto sink = [&](int number, const fx::FixtureEntry& entry) {
      if (entry.game) {
        fx::GameFixture game = *entry.game;
        for (auto& [k, v] : game.tags)
          if (k == "Round") v = std::to_string(number);
        out << fx::write_pgn(game);
      } else {
        fx::Json record = fx::identified(options_.kind, number, entry.record);
        out << (format_ == "epd" ? fx::to_epd(record) : record.dump()) << '\n';
      }
      out.flush();
      if (progress_) std::cerr << "\r" << number << " written" << std::flush;
    };
    progress_ = isatty(STDERR_FILENO);
    const auto start = std::chrono::steady_clock::now();
    fx::GenerateSummary summary;
    bool input_errors = false;
    if (!from_.empty()) {
      auto inputs = fx::read_fixture_inputs(from_, options_.kind);
      if (!inputs) {
        std::cerr << "arbiter fixtures generate: " << inputs.error() << '\n';
        return 1;
      }
      auto skipped = [&](const fx::FixtureInput& input, const std::string& why, bool error) {
        if (progress_) std::cerr << '\r';
        std::cerr << from_ << ": " << input.where() << ": " << (error ? "error: " : "skipped: ") << why << '\n';
        input_errors = input_errors || error;
      };
      summary = fx::fixtures_from_inputs(options_, std::move(*inputs), sink, skipped);
    } else {
      summary = fx::generate_fixtures(options_, sink);
    }
    if (progress_) std::cerr << '\r';
    print_summary(summary, seconds_since(start));
    if (input_errors) return 1;
    if (from_.empty() && summary.written < options_.count) {
      std::cerr << "arbiter fixtures generate: only " << summary.written << " of " << options_.count
                << " entries after " << summary.candidates << " candidates\n";
      return 1;
    }
    return 0;
  }

  void print_summary(const fx::GenerateSummary& s, double seconds) const {
    std::cerr << "wrote " << s.written << " " << kind_ << " fixture" << (s.written == 1 ? "" : "s") << " to " << out_
              << " in " << fixed(seconds) << " s (" << s.candidates << (from_.empty() ? " candidates" : " inputs")
              << ", " << s.undetermined << " undetermined and dropped";
    if (s.skipped) std::cerr << ", " << s.skipped << " skipped";
    std::cerr << ")\n";
    if (options_.kind == fx::FixtureKind::Winnability)
      std::cerr << "  simple table vs strict test: " << s.disagreements << " disagreement"
                << (s.disagreements == 1 ? "" : "s") << '\n';
    if (!s.written_by_category.empty()) {
      std::cerr << " ";
      for (std::size_t i = 0; i < s.written_by_category.size(); ++i) {
        const auto& [name, n] = s.written_by_category[i];
        std::cerr << (i ? ", " : " ") << name << " " << n;
        if (i < s.quotas.size() && s.quotas[i].second != n) std::cerr << "/" << s.quotas[i].second;
      }
      std::cerr << '\n';
    }
  }

  int run_verify() {
    const unsigned threads = thread_count(verify_threads_);
    tbb::global_control control(tbb::global_control::max_allowed_parallelism, threads);
    verify_options_.threads = int(threads);
    int entries = 0, failed = 0;
    const auto start = std::chrono::steady_clock::now();
    auto report = [&](const fx::EntryCheck& c) {
      ++entries;
      if (!c.holds()) ++failed;
      const std::string where = c.game ? "game " + std::to_string(c.game) + " (line " + std::to_string(c.line) + ")"
                                       : "line " + std::to_string(c.line);
      if (json_) {
        nlohmann::ordered_json j;
        j["line"] = c.line;
        if (c.game) j["game"] = c.game;
        if (!c.id.empty()) j["id"] = c.id;
        j["holds"] = c.holds();
        if (c.malformed) j["malformed"] = true;
        j["problems"] = c.problems;
        std::cout << j.dump() << '\n';
      } else if (!c.holds()) {
        std::cout << verify_file_ << ": " << where << (c.id.empty() ? "" : " (" + c.id + ")")
                  << (c.malformed ? ": malformed: " : ": does not hold: ");
        for (std::size_t i = 0; i < c.problems.size(); ++i) std::cout << (i ? "; " : "") << c.problems[i];
        std::cout << '\n';
      }
      std::cout.flush();
    };
    auto format = fx::verify_fixture_file(verify_file_, verify_options_, report);
    if (!format) {
      std::cerr << "arbiter fixtures verify: " << format.error() << '\n';
      return 1;
    }
    std::ostream& summary = json_ ? std::cerr : std::cout;
    summary << entries << " entr" << (entries == 1 ? "y" : "ies") << " (" << fx::to_string(*format) << "): "
            << entries - failed << " hold";
    if (failed) summary << ", " << failed << " do" << (failed == 1 ? "es" : "") << " not hold";
    summary << " (" << fixed(seconds_since(start)) << " s)\n";
    if (entries == 0) {
      std::cerr << "arbiter fixtures verify: " << verify_file_ << " holds no entries\n";
      return 1;
    }
    return failed ? 1 : 0;
  }

  CLI::App* generate_ = nullptr;
  CLI::App* verify_ = nullptr;
  std::string kind_, from_, out_, format_;
  std::string tables_dir_;  // --tables: empty for none
  fx::GenerateOptions options_;
  int threads_ = 0;
  bool progress_ = false;
  std::string verify_file_;
  fx::VerifyOptions verify_options_;
  int verify_threads_ = 0;
  bool json_ = false;
};

}  // namespace

std::unique_ptr<Command> make_fixtures_command(CLI::App& parent) { return std::make_unique<FixturesCommand>(parent); }

}  // namespace arbiter::cli
