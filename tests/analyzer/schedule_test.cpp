// analyzer::Schedule: the pipeline as data. Its text form round-trips and bad text is
// named by line and word; any schedule gives sound verdicts (a different order changes
// the cost, never the answer); the trace says which step decided.
#include <catch2/catch.hpp>

#include "analyzer/schedule.hpp"
#include "analyzer/winnability.hpp"
#include "analyzer/witness.hpp"
#include "support.hpp"

using namespace arbiter;
using analyzer::Step;
using board::Color;
using search::Outcome;

namespace {

bool same_entries(const analyzer::Schedule& a, const analyzer::Schedule& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const auto &x = a[i], &y = b[i];
    if (x.step != y.step || x.nodes != y.nodes || x.greedy_turns != y.greedy_turns ||
        x.shares.narrow != y.shares.narrow || x.shares.wide != y.shares.wide || x.shares.guided != y.shares.guided ||
        x.shares.depth_first != y.shares.depth_first)
      return false;
  }
  return true;
}

}  // namespace

TEST_CASE("the default schedule's text form reads back to the same schedule", "[schedule]") {
  const auto& schedule = analyzer::default_schedule();
  auto text = analyzer::format_schedule(schedule);
  INFO(text);
  auto back = analyzer::parse_schedule(text);
  REQUIRE(back);
  CHECK(same_entries(*back, schedule));
  // Every entry says why it is there.
  for (const auto& e : schedule) CHECK(std::string(e.why).size() > 10);
}

TEST_CASE("a malformed schedule is named by line and word", "[schedule]") {
  auto unknown = analyzer::parse_schedule("narrow 100\nsprint 5\n");
  REQUIRE_FALSE(unknown);
  CHECK(unknown.error() == "schedule line 2: 'sprint' is not a step");
  auto number = analyzer::parse_schedule("# budgets\nguided 1x0\n");
  REQUIRE_FALSE(number);
  CHECK(number.error() == "schedule line 2: '1x0' is not a node count");
  auto setting = analyzer::parse_schedule("narrow 100 greedy=four\n");
  REQUIRE_FALSE(setting);
  CHECK(setting.error() == "schedule line 1: 'greedy=four' needs a whole number");
  auto key = analyzer::parse_schedule("narrow 100 speed=4\n");
  REQUIRE_FALSE(key);
  CHECK(key.error().find("'speed' is not a setting") != std::string::npos);
  auto shares = analyzer::parse_schedule("race narrow=60 wide=30 guided=30 dfs=2\n");
  REQUIRE_FALSE(shares);
  CHECK(shares.error().find("more than 100") != std::string::npos);
  CHECK_FALSE(analyzer::parse_schedule("# nothing\n\n"));
}

TEST_CASE("any schedule gives the same verdicts: the order changes the cost, not the answer", "[schedule]") {
  // Winnable and unwinnable questions decided by different steps of the default schedule.
  const std::vector<std::pair<std::string, Color>> questions{
      {"8/8/8/4k3/4p3/8/8/KN6 w - - 0 1", Color::White},                  // K+N v K+P: a search
      {"8/8/8/4k3/8/8/8/KB2b3 w - - 0 1", Color::Black},                  // opposite bishops
      {"8/8/8/4k3/8/8/8/KB3b2 w - - 0 1", Color::White},                  // one-coloured bishops
      {"2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - - 0 1", Color::White},  // a locked wall
      {"8/8/8/8/8/2k5/8/K1N5 w - - 0 1", Color::Black},                   // a lone king
  };
  // Only the race (the one step that can prove by exhausting) behind the static steps, and
  // the default reversed in its search part.
  auto race_only = analyzer::parse_schedule("game-over\nmaterial\nrace narrow=10 wide=6 guided=80 dfs=2\n");
  REQUIRE(race_only);
  analyzer::AnalysisOptions fast;
  fast.schedule = *race_only;
  for (const auto& [fen, winner] : questions) {
    INFO(fen << (winner == Color::White ? " White" : " Black"));
    analyzer::WinnabilityAnalyzer standard(analyzer::AnalysisOptions{}), alone(fast);
    auto a = standard.analyze(test::pos(fen), winner);
    auto b = alone.analyze(test::pos(fen), winner);
    REQUIRE(a.decided());
    REQUIRE(b.decided());
    CHECK(a.outcome == b.outcome);
    if (b.outcome == Outcome::Winnable) CHECK(analyzer::replays_to_mate(test::pos(fen), b.line, winner));
  }
}

TEST_CASE("the trace names every step that ran, the deciding one last", "[schedule]") {
  analyzer::WinnabilityAnalyzer a(analyzer::AnalysisOptions{});
  std::vector<analyzer::StepRecord> trace;
  auto v = a.analyze(test::pos("2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - - 0 1"), Color::White, 1'000'000, &trace);
  REQUIRE(v.outcome == Outcome::Unwinnable);
  REQUIRE_FALSE(trace.empty());
  CHECK(trace.back().step == Step::Blockade);
  CHECK(trace.back().decided);
  for (std::size_t i = 0; i + 1 < trace.size(); ++i) CHECK_FALSE(trace[i].decided);
  // The steps ran in the schedule's order.
  const auto& schedule = analyzer::default_schedule();
  for (std::size_t i = 0; i < trace.size(); ++i) CHECK(trace[i].step == schedule[i].step);

  // An undetermined answer: every step ran and none decided; the nodes add up.
  trace.clear();
  auto u = a.analyze(test::pos("r1bqkbnr/pppppppp/2n5/8/8/2N5/PPPPPPPP/R1BQKBNR w KQkq - 2 2"), Color::White, 10, &trace);
  REQUIRE_FALSE(u.decided());
  CHECK(trace.size() == schedule.size());
  uint64_t sum = 0;
  for (const auto& r : trace) {
    sum += r.nodes;
    CHECK_FALSE(r.decided);
  }
  CHECK(sum == u.nodes);
}
