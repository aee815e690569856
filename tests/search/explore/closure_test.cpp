// search::explore_all, the exhaustive closure: it proves unwinnability only by visiting
// every reachable position, returns the SHORTEST witness when a mate is reachable, and
// reports a limit (never "exhausted") when it had to stop early.
#include <catch2/catch.hpp>

#include "analyzer/witness.hpp"
#include "search/explore/closure.hpp"
#include "support.hpp"

using namespace arbiter;
using board::Color;
using Kind = search::ClosureResult::Kind;

namespace {

constexpr uint64_t kPositions = 4'000'000;

search::ClosureResult explore(const std::string& fen, Color winner, uint64_t max_nodes = 200'000'000,
                              uint64_t max_positions = kPositions) {
  search::Limits limits(max_nodes);
  return search::explore_all(test::pos(fen), winner, limits, max_positions);
}

const char* name(Kind k) {
  switch (k) {
    case Kind::MateFound: return "MateFound";
    case Kind::Exhausted: return "Exhausted";
    default: return "LimitHit";
  }
}

}  // namespace

TEST_CASE("closure: the locked pawn wall of docs/rules.md §1 is exhausted for both colours", "[closure]") {
  // The pawns can never move, the kings stay behind their walls, the bishops cannot
  // capture a defended pawn: no mate by either side is reachable.
  const std::string fen = "2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - - 0 1";
  for (Color winner : {Color::White, Color::Black}) {
    auto r = explore(fen, winner);
    INFO((winner == Color::White ? "White" : "Black") << ": " << name(r.kind) << ", " << r.positions << " positions");
    CHECK(r.kind == Kind::Exhausted);
    CHECK(r.line.empty());
    CHECK(r.positions > 1);
  }
}

TEST_CASE("closure: a mate in 1 is found with a 1-ply line that replays to mate", "[closure]") {
  // Kb6 covers a7 and b7; Rh8 checks along the eighth rank and covers b8.
  const std::string fen = "k7/8/1K6/8/8/8/8/7R w - - 0 1";
  auto r = explore(fen, Color::White);
  REQUIRE(r.kind == Kind::MateFound);
  CHECK(r.line.size() == 1);
  CHECK(analyzer::replays_to_mate(test::pos(fen), r.line, Color::White));
}

TEST_CASE("closure: a mate in 2 (no mate in 1) is found with a shortest, 3-ply, line", "[closure]") {
  SECTION("White: Kc6, Rh1 against Ka8") {
    // No mate in 1 (Ra1+ Kb8, Rh8+ Ka7); cooperatively 1. Kb6 Kb8 2. Rh8# mates.
    const std::string fen = "k7/8/2K5/8/8/8/8/7R w - - 0 1";
    auto r = explore(fen, Color::White);
    REQUIRE(r.kind == Kind::MateFound);
    CHECK(r.line.size() == 3);
    CHECK(analyzer::replays_to_mate(test::pos(fen), r.line, Color::White));
  }
  SECTION("Black: Kc3, Rh8 against Ka1") {
    // No mate in 1 (Rh1+ Ka2, Ra8+ Kb1); cooperatively 1... Kb3 2. Kb1 Rh1# mates.
    const std::string fen = "7r/8/8/8/8/2k5/8/K7 b - - 0 1";
    auto r = explore(fen, Color::Black);
    REQUIRE(r.kind == Kind::MateFound);
    CHECK(r.line.size() == 3);
    CHECK(analyzer::replays_to_mate(test::pos(fen), r.line, Color::Black));
  }
}

TEST_CASE("closure: a root that is already checkmate is a mate with an empty line", "[closure]") {
  const std::string fen = "k7/1QK5/8/8/8/8/8/8 b - - 0 1";
  auto r = explore(fen, Color::White);
  REQUIRE(r.kind == Kind::MateFound);
  CHECK(r.line.empty());
  CHECK(analyzer::replays_to_mate(test::pos(fen), r.line, Color::White));
}

TEST_CASE("closure: a tiny node limit gives LimitHit, never Exhausted", "[closure]") {
  SECTION("the locked wall, which a full run exhausts, stopped after 100 nodes") {
    for (Color winner : {Color::White, Color::Black}) {
      auto r = explore("2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - - 0 1", winner, 100);
      INFO(name(r.kind));
      CHECK(r.kind == Kind::LimitHit);
    }
  }
  SECTION("the start position, stopped after 100 nodes") {
    search::Limits limits(100);
    auto r = search::explore_all(board::Position::startpos(), Color::White, limits, kPositions);
    INFO(name(r.kind));
    CHECK(r.kind == Kind::LimitHit);
    CHECK(limits.stopped());
  }
  SECTION("the locked wall with room for only 50 positions") {
    auto r = explore("2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - - 0 1", Color::White, 200'000'000, 50);
    INFO(name(r.kind));
    CHECK(r.kind == Kind::LimitHit);
  }
}

TEST_CASE("closure: an exploration taken up run after run ends as one run does", "[closure]") {
  // A mate found in guided order, and a proof by exhaustion, each reached in slices of
  // 500 nodes: the same line, the same positions, no work lost between runs.
  struct Case {
    const char* fen;
    Color winner;
    Kind kind;
  };
  for (const Case& c : {Case{"8/8/8/4k3/4p3/2N5/8/K7 b - - 1 1", Color::White, Kind::MateFound},
                        Case{"2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - - 0 1", Color::Black, Kind::Exhausted}}) {
    INFO(c.fen);
    const auto pos = test::pos(c.fen);
    search::Limits whole;
    auto once = search::explore_all(pos, c.winner, whole, kPositions, search::Order::Guided);
    REQUIRE(once.kind == c.kind);
    search::Exploration exploration(pos, c.winner, kPositions, search::Order::Guided);
    search::ClosureResult sliced;
    int runs = 0;
    uint64_t nodes = 0;
    do {
      search::Limits slice(500);
      sliced = exploration.run(slice);
      nodes += slice.nodes();
      ++runs;
    } while (sliced.kind == Kind::LimitHit && runs < 100'000);
    CHECK(runs > 2);
    CHECK(sliced.kind == once.kind);
    CHECK(sliced.line == once.line);
    CHECK(sliced.positions == once.positions);
    // A run stopped by its limit counts the expansion it could not make again next time.
    CHECK(nodes <= whole.nodes() + uint64_t(runs) * 256);
    search::Limits again;
    CHECK(exploration.run(again).kind == once.kind);  // the end is kept
  }
}
