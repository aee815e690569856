#include "analyzer/winnability.hpp"

#include <atomic>
#include <mutex>

#include <tbb/task_group.h>

#include "analyzer/witness.hpp"
#include "search/board/movegen.hpp"
#include "search/closure.hpp"
#include "search/helpmate.hpp"
#include "search/material.hpp"

namespace arbiter::analyzer {

using namespace board;
using search::Limits;
using search::Reason;
using search::Verdict;

namespace {

std::string name(Color c) { return c == Color::White ? "White" : "Black"; }

// Races `threads` differently ordered helpmate searchers on a shared table; the first
// witness cancels the others. Returns the witness, if any.
std::optional<std::vector<Move>> race_helpmate(const Position& pos, Color winner, Limits& limits,
                                               search::TranspositionTable& table, int threads) {
  if (threads <= 1) return search::find_helpmate(pos, winner, limits, table).line;
  std::mutex mutex;
  std::optional<std::vector<Move>> found;
  tbb::task_group group;
  for (int v = 0; v < threads; ++v) {
    group.run([&, v] {
      search::HelpmateConfig config;
      config.variant = v;
      auto r = search::find_helpmate(pos, winner, limits, table, config);
      if (r.line) {
        std::lock_guard lock(mutex);
        if (!found) found = std::move(r.line);
        limits.cancel();
      }
    });
  }
  group.wait();
  return found;
}

}  // namespace

WinnabilityAnalyzer::WinnabilityAnalyzer(AnalysisOptions options)
    : options_(options), table_(std::make_unique<search::TranspositionTable>(22)) {}

Verdict WinnabilityAnalyzer::analyze(const Position& pos, Color winner) {
  const Color loser = ~winner;
  // 1. The game may be over already.
  if (!has_legal_move(pos)) {
    if (pos.in_check() && pos.side_to_move() == loser)
      return Verdict::winnable({}, Reason::Helpmate, name(loser) + " is already checkmated", 0);
    if (pos.in_check())
      return Verdict::unwinnable(Reason::GameOver, name(winner) + " is checkmated: the game is over");
    return Verdict::unwinnable(Reason::GameOver, "stalemate: the game is over");
  }
  // 2. Sound material facts.
  if (auto why = search::material_forbids_mate(pos, winner)) return Verdict::unwinnable(Reason::InsufficientMaterial, *why);

  auto deadline = Limits::Clock::time_point::max();
  if (options_.max_seconds > 0)
    deadline = Limits::Clock::now() + std::chrono::duration_cast<Limits::Clock::duration>(
                                          std::chrono::duration<double>(options_.max_seconds));
  uint64_t spent = 0;
  auto accept = [&](std::vector<Move> line, const char* how) -> std::optional<Verdict> {
    if (!replays_to_mate(pos, line, winner)) return std::nullopt;  // never report an unverified mate
    std::string detail = name(winner) + " mates in " + std::to_string((line.size() + 1) / 2) + " moves " + how;
    return Verdict::winnable(std::move(line), Reason::Helpmate, detail, spent);
  };

  // 3. A first, short helpmate search: most positions with mating material fall here.
  {
    Limits quick(std::min<uint64_t>(options_.max_nodes / 20, 50'000), deadline);
    auto line = race_helpmate(pos, winner, quick, *table_, 1);
    spent += quick.nodes();
    if (line)
      if (auto v = accept(std::move(*line), "(cooperative search)")) return *v;
  }
  // 4. Exhaustive closure while the reachable space is small.
  {
    uint64_t budget = options_.max_nodes > spent ? (options_.max_nodes - spent) / 4 : 0;
    Limits closure_limits(budget, deadline);
    auto r = search::explore_all(pos, winner, closure_limits, options_.max_closure_positions);
    spent += closure_limits.nodes();
    if (r.kind == search::ClosureResult::Kind::Exhausted)
      return Verdict::unwinnable(Reason::Exhaustive,
                                 "all " + std::to_string(r.positions) + " reachable positions visited; none is a mate by " +
                                     name(winner),
                                 spent);
    if (r.kind == search::ClosureResult::Kind::MateFound)
      if (auto v = accept(std::move(r.line), "(shortest, by exhaustive search)")) return *v;
  }
  // 5. The long helpmate search with what is left of the budget.
  Reason limit = Reason::NodeLimit;
  if (options_.max_nodes > spent) {
    Limits deep(options_.max_nodes - spent, deadline);
    auto line = race_helpmate(pos, winner, deep, *table_, options_.threads);
    spent += deep.nodes();
    if (line)
      if (auto v = accept(std::move(*line), "(cooperative search)")) return *v;
    limit = deep.limit_hit();
  }
  return Verdict::undetermined(limit,
                               "no mate found and no proof within " + std::to_string(spent) + " nodes", spent);
}

}  // namespace arbiter::analyzer
