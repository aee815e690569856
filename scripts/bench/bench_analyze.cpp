// Benchmark of the winnability analysis over a file of positions, checking answers.
// Input lines: "XY FEN" (the test-vector format: X = 'W' or '-', Y = 'B' or '-'), a plain
// FEN (both sides asked, no expected answer), or a FEN and one word after a space or a tab,
// white, black or both (the side asked: e.g. the opponent of a player who flagged).
// Per-question times are the analysing thread's CPU time with one thread, wall time with
// more (a question's race then runs on several). Prints decided / undetermined / wrong counts, rates and
// per-query times, with the given number of threads. Exit status 1 on any wrong verdict.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <sstream>
#include <mutex>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include <time.h>

#include <tbb/global_control.h>
#include <tbb/parallel_for.h>

#include "analyzer/winnability.hpp"
#include "search/board/notation.hpp"
#include "search/proofs/blockade.hpp"
#include "tablebase/helpmate_table_set.hpp"

using namespace arbiter;

struct Query {
  std::string fen;
  int line;
  board::Color winner;
  int expected;  // 1 winnable, 0 unwinnable, -1 unknown
};

namespace {

// The calling thread's CPU time (with one thread it is the question's cost whatever else
// the machine runs), or the monotonic clock, in microseconds.
uint64_t clock_micros(bool cpu) {
  timespec t{};
  clock_gettime(cpu ? CLOCK_THREAD_CPUTIME_ID : CLOCK_MONOTONIC, &t);
  return uint64_t(t.tv_sec) * 1'000'000 + uint64_t(t.tv_nsec) / 1'000;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << "usage: bench_analyze FILE [--threads N] [--max-nodes N] [--list-undetermined] [--per-query OUT]\n"
                 "                     [--schedule SCHEDULE-FILE] [--steps] [--shortening first|bounded|full]\n"
                 "                     [--tables DIR]\n";
    return 2;
  }
  std::string file = argv[1];
  int threads = 1;
  uint64_t max_nodes = 10'000'000;
  bool list = false;
  std::string per_query;  // a file with one row per question: line, side, nodes, micros, verdict, plies, detail
  std::string schedule_file;  // another schedule than the default (analyzer/schedule.hpp text form)
  bool steps = false;         // count which step of the schedule decided each question
  analyzer::Shortening shortening = analyzer::Shortening::Bounded;
  std::string tables_dir;  // the helpmate tables to consult (none by default)
  for (int i = 2; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--threads" && i + 1 < argc) threads = std::stoi(argv[++i]);
    else if (a == "--max-nodes" && i + 1 < argc) max_nodes = std::stoull(argv[++i]);
    else if (a == "--list-undetermined") list = true;
    else if (a == "--per-query" && i + 1 < argc) per_query = argv[++i];
    else if (a == "--schedule" && i + 1 < argc) schedule_file = argv[++i];
    else if (a == "--steps") steps = true;
    else if (a == "--tables" && i + 1 < argc) tables_dir = argv[++i];
    else if (a == "--shortening" && i + 1 < argc) {
      const std::string how = argv[++i];
      if (how == "first") shortening = analyzer::Shortening::FirstWitness;
      else if (how == "bounded") shortening = analyzer::Shortening::Bounded;
      else if (how == "full") shortening = analyzer::Shortening::Full;
      else {
        std::cerr << "bench_analyze: --shortening first|bounded|full\n";
        return 2;
      }
    } else {
      std::cerr << "bench_analyze: unknown argument " << a
                << " (FILE [--threads N] [--max-nodes N] [--per-query OUT] [--schedule FILE] [--steps]"
                   " [--tables DIR] [--shortening first|bounded|full] [--list-undetermined])\n";
      return 2;
    }
  }
  std::ifstream in(file);
  if (!in) {
    std::cerr << "bench_analyze: cannot read " << file << '\n';
    return 2;
  }
  std::vector<Query> queries;
  std::string text;
  int n = 0;
  while (std::getline(in, text)) {
    ++n;
    if (text.empty() || text[0] == '#') continue;
    if (text.size() > 3 && (text[0] == 'W' || text[0] == '-') && (text[1] == 'B' || text[1] == '-') && text[2] == ' ') {
      std::string fen = text.substr(3);
      queries.push_back({fen, n, board::Color::White, text[0] == 'W' ? 1 : 0});
      queries.push_back({fen, n, board::Color::Black, text[1] == 'B' ? 1 : 0});
    } else if (auto cut = text.find_last_of(" \t"); cut != std::string::npos &&
               (text.substr(cut + 1) == "white" || text.substr(cut + 1) == "black")) {
      const board::Color side = text.substr(cut + 1) == "white" ? board::Color::White : board::Color::Black;
      queries.push_back({text.substr(0, cut), n, side, -1});
    } else {
      bool white = true, black = true;
      for (auto [word, w, b] : {std::tuple{" white", true, false}, {" black", false, true}, {" both", true, true}}) {
        const std::string_view suffix = word;
        if (text.size() > suffix.size() && text.ends_with(suffix)) {
          text.resize(text.size() - suffix.size());
          white = w, black = b;
          break;
        }
      }
      if (white) queries.push_back({text, n, board::Color::White, -1});
      if (black) queries.push_back({text, n, board::Color::Black, -1});
    }
  }
  {
    // The static blockade analysis alone, on every query, one thread: its mean cost.
    std::vector<std::pair<board::Position, board::Color>> parsed;
    for (const Query& q : queries)
      if (auto pos = board::Position::from_fen(q.fen)) parsed.emplace_back(*pos, q.winner);
    std::size_t proved = 0;
    auto t0 = std::chrono::steady_clock::now();
    for (int round = 0; round < 5; ++round)
      for (auto& [pos, winner] : parsed) proved += search::blockade_forbids_mate(pos, winner).has_value();
    double micros = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count();
    std::printf("blockade analysis alone: mean %.2f us per query over %zu queries (x5), %zu proved unwinnable\n",
                micros / double(5 * parsed.size()), parsed.size(), proved / 5);
  }
  tbb::global_control control(tbb::global_control::max_allowed_parallelism, std::size_t(threads));
  analyzer::AnalysisOptions options;
  options.max_nodes = max_nodes;
  if (!schedule_file.empty()) {
    std::ifstream sin(schedule_file);
    std::stringstream schedule_text;
    schedule_text << sin.rdbuf();
    auto schedule = analyzer::parse_schedule(schedule_text.str());
    if (!sin || !schedule) {
      std::cerr << "bench_analyze: " << schedule_file << ": " << (sin ? schedule.error() : "cannot read") << '\n';
      return 2;
    }
    options.schedule = std::move(*schedule);
  }
  // Per step of the schedule: questions it decided, and their nodes.
  std::map<std::string, std::pair<uint64_t, uint64_t>> by_step;
  options.shortening = shortening;
  std::unique_ptr<tablebase::HelpmateTableSet> tables;
  if (!tables_dir.empty()) tables = std::make_unique<tablebase::HelpmateTableSet>(tables_dir);
  analyzer::WinnabilityAnalyzer analyzer(options, nullptr, tables.get());
  std::atomic<uint64_t> decided{0}, undetermined{0}, wrong{0}, bad{0}, nodes{0}, cpu_micros{0}, max_micros{0};
  std::mutex mutex;
  std::vector<std::string> undetermined_list, wrong_list, rows(queries.size());
  std::vector<uint64_t> query_micros(queries.size(), 0), query_nodes(queries.size(), 0);
  auto start = std::chrono::steady_clock::now();
  tbb::parallel_for(std::size_t(0), queries.size(), [&](std::size_t i) {
    const Query& q = queries[i];
    auto pos = board::Position::from_fen(q.fen);
    if (!pos) {
      ++bad;
      return;
    }
    const uint64_t t0 = clock_micros(threads == 1);
    std::vector<analyzer::StepRecord> trace;
    auto v = analyzer.analyze(*pos, q.winner, max_nodes, steps ? &trace : nullptr);
    if (steps) {
      std::lock_guard lock(mutex);
      for (const auto& r : trace)
        if (r.decided) {
          auto& [count, step_nodes] = by_step[analyzer::step_name(r.step)];
          ++count;
          step_nodes += v.nodes;
        }
      if (v.outcome == search::Outcome::Winnable) {
        ++by_step["(winnable)"].first;
        if (v.shortest) ++by_step["(shortest)"].first;
      }
    }
    const uint64_t us = clock_micros(threads == 1) - t0;
    cpu_micros += us;
    query_micros[i] = us;
    uint64_t prev = max_micros.load();
    while (us > prev && !max_micros.compare_exchange_weak(prev, us)) {}
    nodes += v.nodes;
    query_nodes[i] = v.nodes;
    rows[i] = std::to_string(q.line) + '\t' + (q.winner == board::Color::White ? "white" : "black") + '\t' +
              std::to_string(v.nodes) + '\t' + std::to_string(us) + '\t' + search::to_string(v.outcome) + '\t' +
              std::to_string(v.line.size()) + '\t' + v.detail + '\t' + q.fen + '\t' + (v.shortest ? "shortest" : "-") +
              '\t' + std::to_string(v.no_shorter_than);
    std::string tag = "line " + std::to_string(q.line) + " " + (q.winner == board::Color::White ? "white" : "black") + ": " + q.fen;
    if (!v.decided()) {
      ++undetermined;
      std::lock_guard lock(mutex);
      undetermined_list.push_back(tag + " (expected " + (q.expected == 1 ? "winnable" : q.expected == 0 ? "unwinnable" : "?") + ")");
      return;
    }
    ++decided;
    int got = v.outcome == search::Outcome::Winnable ? 1 : 0;
    if (q.expected >= 0 && got != q.expected) {
      ++wrong;
      std::lock_guard lock(mutex);
      wrong_list.push_back(tag + " got " + search::to_string(v.outcome) + " (" + search::to_string(v.reason) + ")");
    }
  });
  double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::sort(undetermined_list.begin(), undetermined_list.end());
  std::printf("file %s, %zu queries, %d thread(s), max %llu nodes per query\n", file.c_str(), queries.size(), threads,
              (unsigned long long)max_nodes);
  std::printf("decided %llu  undetermined %llu  wrong %llu  bad input %llu\n", (unsigned long long)decided.load(),
              (unsigned long long)undetermined.load(), (unsigned long long)wrong.load(), (unsigned long long)bad.load());
  std::printf("wall %.2f s  query time sum %.2f s  %.0f queries/s  %.0f nodes/s (per thread)\n", wall,
              double(cpu_micros) / 1e6, double(queries.size()) / wall, double(nodes) / (double(cpu_micros) / 1e6));
  std::sort(query_micros.begin(), query_micros.end());
  auto percentile = [&](std::size_t p) { return query_micros.empty() ? 0.0 : double(query_micros[(query_micros.size() - 1) * p / 100]); };
  std::printf("mean %.1f us/query  median %.1f us  p90 %.1f us  p99 %.1f ms  max %.1f ms/query\n",
              double(cpu_micros) / double(queries.size()), percentile(50), percentile(90), percentile(99) / 1e3,
              double(max_micros) / 1e3);
  // Node counts do not depend on the machine's load: the figures to compare between runs.
  std::sort(query_nodes.begin(), query_nodes.end());
  auto node_percentile = [&](std::size_t p) { return query_nodes.empty() ? 0ull : (unsigned long long)query_nodes[(query_nodes.size() - 1) * p / 100]; };
  std::printf("nodes: mean %.0f  median %llu  p90 %llu  p99 %llu  max %llu\n", double(nodes) / double(queries.size()),
              node_percentile(50), node_percentile(90), node_percentile(99), node_percentile(100));
  for (auto& [step, figures] : by_step)
    std::printf("decided by %-14s %7llu questions, mean %.0f nodes\n", step.c_str(), (unsigned long long)figures.first,
                double(figures.second) / double(figures.first));
  if (!per_query.empty()) {
    std::ofstream out(per_query);
    for (auto& r : rows) out << r << '\n';
  }
  for (auto& w : wrong_list) std::printf("WRONG %s\n", w.c_str());
  if (list)
    for (auto& u : undetermined_list) std::printf("undetermined %s\n", u.c_str());
  return wrong ? 1 : 0;
}
