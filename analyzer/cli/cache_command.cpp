// `arbiter cache stats|clear`: what the on-disk verdict table holds, and emptying it.
#include <ctime>
#include <iostream>

#include <nlohmann/json.hpp>

#include "analyzer/cli/cache_options.hpp"
#include "analyzer/cli/command.hpp"
#include "analyzer/winnability.hpp"
#include "tablebase/verdict_table.hpp"

namespace arbiter::cli {
namespace {

using tablebase::TableError;
using tablebase::VerdictTable;

std::string local_time(uint64_t unix_micros) {
  std::time_t t = std::time_t(unix_micros / 1'000'000);
  std::tm tm{};
  localtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%d %H:%M:%S", &tm);
  return buf;
}

std::string human_bytes(uint64_t n) {
  const char* units[] = {"bytes", "KiB", "MiB", "GiB", "TiB"};
  double v = double(n);
  int u = 0;
  while (v >= 1024 && u < 4) v /= 1024, ++u;
  char buf[32];
  std::snprintf(buf, sizeof buf, u == 0 ? "%.0f %s" : "%.1f %s", v, units[u]);
  return buf;
}

class CacheCommand : public Command {
 public:
  explicit CacheCommand(CLI::App& parent) {
    app = parent.add_subcommand("cache", "The on-disk verdict table: what it holds (stats), or empty it (clear)");
    app->require_subcommand(1);
    stats_ = app->add_subcommand("stats", "Entries by verdict and reason, file size, hits and misses of the last runs");
    clear_ = app->add_subcommand("clear", "Remove every verdict (a damaged table file is removed whole)");
    for (auto* sub : {stats_, clear_}) {
      sub->add_option("--cache", file_,
                      "the table file (default: $XDG_CACHE_HOME/arbiter/verdicts.lmdb, else "
                      "~/.cache/arbiter/verdicts.lmdb)")
          ->type_name("FILE");
      sub->add_flag("--json", json_, "one JSON object on stdout");
    }
    app->footer(
        "analyze, timeout, resign and audit keep every verdict they prove, winnable or unwinnable,\n"
        "in one LMDB file that many runs and processes share. The key is the exact\n"
        "position (pieces, side to move, castling rights and rooks, a legal en-passant capture) and\n"
        "the side asked about; move counters are not part of it (under --rules automatic-draws, an\n"
        "answer that depends on the clock is keyed by the plies left as well). A verdict found there is printed\n"
        "with \"source\": \"cache\" and its original reason; a witness line is replayed again before\n"
        "it is trusted. Undetermined answers are never kept. Verdicts of an older version of the\n"
        "analysis are recomputed and replaced. A damaged or unreadable file gives one warning and\n"
        "the run goes on without it. `--no-cache` on those commands leaves the table alone.\n\n"
        "Examples:\n"
        "  arbiter cache stats\n"
        "  arbiter cache stats --json --cache /tmp/verdicts.lmdb\n"
        "  arbiter cache clear");
  }

  int run() override {
    auto file = cache_file(CacheOptions{file_, false});
    if (!file) {
      std::cerr << "arbiter: no verdict cache location: neither XDG_CACHE_HOME nor HOME is set; use --cache FILE\n";
      return 2;
    }
    tablebase::TableOptions options;
    options.create = false;
    options.warn = [](const std::string& m) { std::cerr << "arbiter: warning: " << m << '\n'; };
    auto table = VerdictTable::open(*file, analyzer::kAlgorithmVersion, options);
    return stats_->parsed() ? stats(*file, table) : clear(*file, table);
  }

 private:
  using Opened = std::expected<std::unique_ptr<VerdictTable>, TableError>;

  int stats(const std::filesystem::path& file, Opened& table) {
    if (!table && table.error().kind == TableError::Kind::Missing) {
      if (json_)
        std::cout << nlohmann::ordered_json{{"file", file.string()}, {"exists", false}, {"entries", 0}}.dump() << '\n';
      else
        std::cout << "verdict cache: " << file.string() << "\n  no table yet (the first analysis creates it)\n";
      return 0;
    }
    if (!table) return failed(file, table.error().message);
    auto s = (*table)->stats();
    if (!s.readable) return failed(file, "verdict cache " + file.string() + ": the file is damaged; `arbiter cache clear` removes it");
    uint64_t hits = 0, misses = 0;
    for (const auto& r : s.runs) hits += r.hits, misses += r.misses;
    if (json_) {
      nlohmann::ordered_json j;
      j["file"] = file.string();
      j["exists"] = true;
      j["bytes"] = s.file_bytes;
      j["algorithm_version"] = analyzer::kAlgorithmVersion;
      j["entries"] = s.entries;
      j["current"] = s.current;
      j["stale"] = s.stale;
      j["damaged"] = s.damaged;
      nlohmann::ordered_json by_verdict = nlohmann::ordered_json::object(), by_reason = nlohmann::ordered_json::object();
      for (const auto& [kind, n] : s.by_kind) {
        std::string verdict = search::to_string(kind.first), reason = search::to_string(kind.second);
        by_verdict[verdict] = by_verdict.value(verdict, uint64_t(0)) + n;
        by_reason[reason] = by_reason.value(reason, uint64_t(0)) + n;
      }
      j["by_verdict"] = by_verdict;
      j["by_reason"] = by_reason;
      j["hits"] = hits;
      j["misses"] = misses;
      j["runs"] = nlohmann::ordered_json::array();
      for (const auto& r : s.runs)
        j["runs"].push_back({{"time", local_time(r.unix_micros)}, {"unix_micros", r.unix_micros}, {"pid", r.pid},
                             {"hits", r.hits}, {"misses", r.misses}, {"stale", r.stale}, {"damaged", r.damaged},
                             {"rejected", r.rejected}, {"stored", r.stored}});
      std::cout << j.dump() << '\n';
      return 0;
    }
    std::cout << "verdict cache: " << file.string() << " (" << human_bytes(s.file_bytes) << ")\n";
    std::cout << "  entries: " << s.entries << " (current: " << s.current << ", of other algorithm versions: "
              << s.stale << ", damaged: " << s.damaged << "; algorithm version "
              << analyzer::kAlgorithmVersion << ")\n";
    for (const auto& [kind, n] : s.by_kind) {
      char line[80];
      std::snprintf(line, sizeof line, "    %-11s %-22s %10llu\n", search::to_string(kind.first),
                    search::to_string(kind.second), static_cast<unsigned long long>(n));
      std::cout << line;
    }
    if (s.runs.empty()) {
      std::cout << "  no runs recorded yet\n";
    } else {
      std::cout << "  last runs (newest first; hits " << hits << ", misses " << misses << " in all):\n";
      for (const auto& r : s.runs) {
        std::cout << "    " << local_time(r.unix_micros) << "  hits " << r.hits << "  misses " << r.misses
                  << "  stored " << r.stored;
        if (r.stale) std::cout << "  of other versions " << r.stale;
        if (r.damaged) std::cout << "  damaged " << r.damaged;
        if (r.rejected) std::cout << "  rejected " << r.rejected;
        std::cout << '\n';
      }
    }
    return 0;
  }

  int clear(const std::filesystem::path& file, Opened& table) {
    if (!table && table.error().kind == TableError::Kind::Missing) return cleared(file, "no table there; nothing to clear", 0);
    TableError problem = table ? TableError{} : table.error();
    if (table) {
      uint64_t n = (*table)->stats().entries;
      auto done = (*table)->clear();
      if (done) return cleared(file, "removed " + std::to_string(n) + " verdicts", n);
      problem = done.error();
    }
    if (problem.kind == TableError::Kind::Io) return failed(file, problem.message);
    // A file that is not a usable table: remove it whole, but only where a table belongs.
    if (file != default_cache_file() && file.extension() != ".lmdb")
      return failed(file, problem.message + "; not removed (not named *.lmdb): remove it yourself if it is a table");
    std::error_code ec;
    std::filesystem::remove(file, ec);
    if (ec) return failed(file, "cannot remove it: " + ec.message());
    std::filesystem::remove(file.string() + "-lock", ec);
    return cleared(file, "removed the damaged table file (" + problem.message + ")", 0);
  }

  int cleared(const std::filesystem::path& file, const std::string& what, uint64_t removed) {
    if (json_)
      std::cout << nlohmann::ordered_json{{"file", file.string()}, {"cleared", true}, {"removed", removed}, {"detail", what}}.dump()
                << '\n';
    else
      std::cout << "verdict cache: " << file.string() << "\n  " << what << '\n';
    return 0;
  }

  int failed(const std::filesystem::path& file, const std::string& message) {
    if (json_) std::cout << nlohmann::ordered_json{{"file", file.string()}, {"error", message}}.dump() << '\n';
    std::cerr << "arbiter: " << message << '\n';
    return 1;
  }

  CLI::App* stats_ = nullptr;
  CLI::App* clear_ = nullptr;
  std::string file_;
  bool json_ = false;
};

}  // namespace

std::unique_ptr<Command> make_cache_command(CLI::App& parent) { return std::make_unique<CacheCommand>(parent); }

}  // namespace arbiter::cli
