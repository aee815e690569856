// `arbiter audit FILE.pgn...`: replays every game and prints, per game, the correct
// result under the FIDE ending rules, the ending that decides it and at which ply, the
// recorded result and whether they differ; then a summary (and standings on request).
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <optional>
#include <sstream>

#include <tbb/global_control.h>

#include "analyzer/ordered_batch.hpp"
#include "analyzer/cli/cache_options.hpp"
#include "analyzer/cli/command.hpp"
#include "analyzer/cli/tables_options.hpp"
#include "analyzer/cli/options.hpp"
#include "analyzer/cli/rules_option.hpp"
#include "analyzer/cli/shortening_options.hpp"
#include "analyzer/cli/progress.hpp"
#include "analyzer/game_audit.hpp"
#include "analyzer/pgn_game.hpp"
#include "analyzer/records/records.hpp"
#include "analyzer/rule_endings.hpp"
#include "analyzer/standings.hpp"
#include "diagram/board_svg.hpp"

namespace arbiter::cli {
namespace {

using analyzer::AuditedGame;
using analyzer::GameResult;

struct Job {
  std::string file;
  int game = 0;                      // index in its file; 0 for a file that cannot be read
  std::optional<analyzer::RawGame> raw;
  std::string error;                 // a file, syntax, setup, variant or move error
  std::optional<AuditedGame> audit;
  std::string white, black;
  std::optional<board::Position> start;
  std::vector<board::Move> moves;    // kept for --claims (to print the intended move) and --diagrams
  std::vector<std::string> warnings;
};

std::string tag_or(const analyzer::RawGame& raw, std::string_view name, const char* fallback) {
  const std::string* v = raw.tag(name);
  return v && !v->empty() ? *v : fallback;
}

// Reads the files one after the other, one game at a time.
class GameFeed {
 public:
  explicit GameFeed(std::vector<std::string> files) : files_(std::move(files)) {}

  std::optional<Job> next() {
    while (true) {
      if (reader_) {
        analyzer::RawGame raw;
        if (reader_->next(raw)) {
          Job job;
          job.file = files_[file_ - 1];
          job.game = raw.index;
          job.raw = std::move(raw);
          return job;
        }
        reader_.reset();
      }
      if (file_ == files_.size()) return std::nullopt;
      const std::string& path = files_[file_++];
      auto opened = analyzer::PgnReader::open(path);
      if (!opened) {
        Job job;
        job.file = path;
        job.error = opened.error();
        return job;
      }
      reader_.emplace(std::move(*opened));
    }
  }

 private:
  std::vector<std::string> files_;
  std::size_t file_ = 0;
  std::optional<analyzer::PgnReader> reader_;
};

class AuditCommand : public Command {
 public:
  explicit AuditCommand(CLI::App& parent) {
    app = parent.add_subcommand("audit",
                                "Replays PGN games and checks each recorded result against the FIDE ending rules");
    app->add_option("files", files_, "PGN files (plain, .gz or .zst; '-' reads stdin)")->required();
    app->add_flag("--json", json_,
                  "JSON Lines, one object per game: file, game, white, black, recorded, correct, ending, ply, "
                  "reason, mismatch (and basis, void_plies, claims); the summary goes to stderr");
    app->add_flag("--claims", claims_,
                  "also report the first ply at which a threefold-repetition or 50-move claim would have been "
                  "correct (on the board or by writing the intended move)");
    app->add_flag("--standings", standings_, "per-player totals with the recorded and with the correct results");
    points_option_ = app->add_option("--points", points_, "points for a win, a draw and a loss in the standings "
                                                          "(with --standings)")
                         ->default_str("1,0.5,0");
    app->add_flag("--mismatches", mismatches_only_, "print only the games whose result is wrong, and broken games");
    add_max_nodes(app, options_.max_nodes,
                  "node budget of each winnability question (past it: no correct result for that game)");
    add_threads(app, threads_, "worker threads (default: all cores); games are audited in parallel");
    add_shortening_options(app, options_, "a bounded share, for only the witnesses a reason quotes");
    add_rules_option(app, rules_);
    app->add_option("--diagrams", diagrams_, "write an SVG of the deciding position of each mismatch into this "
                                             "folder (FILE-GAME.svg)");
    add_cache_options(app, cache_);
    add_tables_options(app, tables_options_);
    app->footer(
        "After every move, in this order: checkmate, stalemate, dead position (neither side can\n"
        "mate by any legal sequence; later moves are void), fivefold repetition, the 75-move rule\n"
        "(a mate on the completing move wins). When the moves run out without such an ending, the\n"
        "tags say what happened (Lichess, chess.com and engine-tournament Termination texts): a\n"
        "timeout or a resignation loses only if the opponent can still mate; a draw is an\n"
        "agreement or a claim the moves must support; '*' is unfinished. Each game says which\n"
        "tag the decision rests on. Broken games (syntax, illegal move, variants) are reported\n"
        "with game number, line and move, and the audit goes on.\n"
        "Exit status: 0 every result correct, 1 a broken game or unreadable file (the audit goes\n"
        "on), 2 usage error, 4 the output could not be written, 5 a recorded result differs from the\n"
        "correct one (and nothing broken).\n\n"
        "Examples:\n"
        "  arbiter audit games.pgn\n"
        "  arbiter audit --mismatches --standings big.pgn.gz\n"
        "  arbiter audit --json --claims games.pgn | jq 'select(.mismatch)'\n"
        "  arbiter audit --mismatches --diagrams wrong/ games.pgn");
  }

  int run() override {
    if (points_option_->count() > 0 && !standings_) {
      std::cerr << "arbiter audit: --points sets the points of the standings: add --standings\n";
      return 2;
    }
    auto points = parse_points(points_);
    if (!points) {
      std::cerr << "arbiter audit: --points takes three numbers, win,draw,loss (e.g. 1,0.5,0): '" << points_
                << "'\n";
      return 2;
    }
    unsigned threads = threads_ > 0 ? unsigned(threads_) : std::max(1u, std::thread::hardware_concurrency());
    tbb::global_control control(tbb::global_control::max_allowed_parallelism, threads);
    options_.threads = 1;
    options_.max_nodes = node_budget(options_.max_nodes);
    // A ruling needs only the outcome: the audit shortens just the witnesses it quotes.
    if (options_.shortening == analyzer::Shortening::Bounded) options_.shortening = analyzer::Shortening::WhenQuoted;
    auto cache = open_cache(cache_);  // destroyed last: commits what the analysis kept
    auto tables = open_tables(tables_options_);
    analyzer::WinnabilityAnalyzer analyzer(options_, cache.get(), tables.get());
    analyzer::AuditOptions audit_options{claims_, rules_};
    const bool keep_moves = claims_ || !diagrams_.empty();
    GameFeed feed(files_);
    Progress progress(isatty(STDERR_FILENO), "games");
    analyzer::Standings standings(*points);
    int exit_code = 0;
    analyzer::run_ordered_batch<Job>(
        threads,
        [&]() -> std::optional<Job> {
          auto job = feed.next();
          if (job) progress.add_total(1);
          return job;
        },
        [&](Job& job) { audit(job, audit_options, keep_moves, analyzer); },
        [&](Job& job) {
          if (!job.error.empty()) exit_code = 1;
          progress.clear();
          summary_.add(job);
          if (standings_ && job.audit) standings.add(job.white, job.black, job.audit->recorded, job.audit->correct);
          print(job);
          if (!write_diagram(job)) exit_code = std::max(exit_code, 1);
          progress.done(1);
        });
    progress.finish();  // the summary follows
    std::ostream& out = json_ ? std::cerr : std::cout;
    summary_.print(out);
    if (standings_) print_standings(standings);
    if (exit_code == 0 && summary_.mismatches > 0) exit_code = 5;
    return exit_code;
  }

 private:
  static std::optional<std::array<double, 3>> parse_points(const std::string& text) {
    std::array<double, 3> p{};
    std::istringstream in(text);
    char comma = 0;
    if (!(in >> p[0] >> comma) || comma != ',' || !(in >> p[1] >> comma) || comma != ',' || !(in >> p[2]))
      return std::nullopt;
    if (in >> comma) return std::nullopt;
    return p;
  }

  static void audit(Job& job, const analyzer::AuditOptions& audit_options, bool keep_moves,
                    analyzer::WinnabilityAnalyzer& analyzer) {
    if (!job.raw) return;  // the file could not be read
    job.white = tag_or(*job.raw, "White", "?");
    job.black = tag_or(*job.raw, "Black", "?");
    auto game = analyzer::replay(std::move(*job.raw));
    job.raw.reset();
    if (!game) {
      job.error = game.error().to_string();
      return;
    }
    job.warnings = game->raw.warnings;
    std::optional<GameResult> recorded;
    const std::string* result_tag = game->raw.tag("Result");
    if (result_tag) recorded = analyzer::parse_result(analyzer::normalise_result(*result_tag));
    if (!recorded && !game->raw.termination.empty()) recorded = analyzer::parse_result(game->raw.termination);
    job.audit = analyzer::audit_game(*game, recorded, audit_options, analyzer);
    if (keep_moves) {
      job.start = game->start;
      job.moves = std::move(game->moves);
    }
  }

  // With --diagrams: the picture of a mismatch at its deciding ply (the move that led
  // there marked), as DIR/FILE-GAME.svg. False, after a message, when it cannot be written.
  bool write_diagram(const Job& job) const {
    if (diagrams_.empty() || !job.audit || !job.audit->mismatch || !job.start) return true;
    board::Position pos = *job.start;
    for (int i = 0; i < job.audit->ply && i < int(job.moves.size()); ++i) pos.do_move(job.moves[size_t(i)]);
    std::filesystem::path dir(diagrams_);
    std::string stem = job.file == "-" ? "stdin" : std::filesystem::path(job.file).stem().string();
    std::filesystem::path out = dir / (stem + "-" + std::to_string(job.game) + ".svg");
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    std::ofstream file(out, std::ios::binary);
    file << diagram::render_svg(pos);
    file.close();
    if (!file) {
      std::cerr << "arbiter: cannot write " << out.string() << '\n';
      return false;
    }
    return true;
  }

  void print(const Job& job) const {
    if (!job.error.empty()) {
      if (json_) std::cout << records::dump(records::audit_error(job.file, job.game, job.error)) << '\n';
      else std::cout << records::audit_error_text(job.file, job.game, job.error);
      return;
    }
    if (mismatches_only_ && !job.audit->mismatch) return;
    records::AuditedGameRecord record{job.file, job.game, job.white, job.black, &*job.audit, job.warnings,
                                      claims_,  job.start ? &*job.start : nullptr, job.moves};
    if (json_) std::cout << records::audited_game_line(record) << '\n';
    else std::cout << records::audited_game_text(record);
  }

  void print_standings(const analyzer::Standings& standings) const {
    if (json_) std::cout << records::dump(records::standings(standings.rows())) << '\n';
    else std::cout << records::standings_text(standings.rows(), points_);
  }

  // Counts for the closing summary.
  struct Summary {
    uint64_t games = 0, audited = 0, errors = 0, mismatches = 0, undetermined = 0, void_games = 0;
    uint64_t unreadable_files = 0;
    std::map<std::string, uint64_t> endings, mismatches_by_ending, errors_by_file;

    void add(const Job& job) {
      if (job.game == 0) {  // a file that could not be opened holds no game
        ++unreadable_files;
        return;
      }
      ++games;
      if (!job.error.empty()) {
        ++errors;
        return;
      }
      ++audited;
      const auto& a = *job.audit;
      ++endings[analyzer::to_string(a.ending)];
      if (a.mismatch) ++mismatches, ++mismatches_by_ending[analyzer::to_string(a.ending)];
      if (!a.correct) ++undetermined;
      if (a.void_plies > 0) ++void_games;
    }

    void print(std::ostream& out) const {
      auto list = [&](const std::map<std::string, uint64_t>& m) {
        std::string s;
        for (const auto& [k, n] : m) s += (s.empty() ? "" : ", ") + k + " " + std::to_string(n);
        return s.empty() ? std::string("none") : s;
      };
      out << "games read: " << games << "  audited: " << audited << "  errors: " << errors
          << "  undetermined: " << undetermined << "  with void moves: " << void_games << '\n';
      if (unreadable_files) out << "files that could not be read: " << unreadable_files << '\n';
      out << "endings: " << list(endings) << '\n'
          << "mismatches: " << mismatches << " (" << list(mismatches_by_ending) << ")\n";
    }
  };

  std::vector<std::string> files_;
  bool json_ = false, claims_ = false, standings_ = false, mismatches_only_ = false;
  std::string diagrams_;
  std::string points_ = "1,0.5,0";
  CLI::Option* points_option_ = nullptr;
  int threads_ = 0;
  // A reason may quote a mate ("White mates in 9 moves"), so the witness is shortened as in
  // analyze and timeout, and one question gets the same answer in every command (#17);
  // --first-witness trades that for speed.
  analyzer::AnalysisOptions options_{.max_nodes = 1'000'000};
  Summary summary_;
  CacheOptions cache_;
  TablesOptions tables_options_;
  analyzer::Rules rules_ = analyzer::kDefaultRules;
};

}  // namespace

std::unique_ptr<Command> make_audit_command(CLI::App& parent) { return std::make_unique<AuditCommand>(parent); }

}  // namespace arbiter::cli
