#include <catch2/catch.hpp>

#include <tuple>

#include "analyzer/witness.hpp"
#include "search/board/position.hpp"
#include "search/explore/helpmate.hpp"
#include "search/mate_in_exactly.hpp"

using namespace arbiter;
using board::Color;
using board::Position;

// Final positions of real time-forfeit games (tests/data/pgn) whose shortest mates (4 to
// 10 plies) take 2,000 to 30,000 nodes to find: the loser's moves transpose, so the last
// ply meets many positions again, and a budget of 50,000 nodes keeps the search's cache of
// last-ply positions small and busy.
TEST_CASE("find_helpmate: its first line is a shortest helpmate, by the exact problem solver", "[helpmate]") {
  const struct {
    const char* fen;
    Color winner;
  } cases[] = {
      {"5qk1/p1p5/7p/6pP/6P1/1PQ5/PKP2r2/3R4 b - - 2 32", Color::White},
      {"r3k3/ppp2pq1/2b5/3Q4/1P3Pp1/P3P1P1/2B5/R4RK1 w - - 1 28", Color::Black},
      {"8/3n4/p6p/1pp5/P1P2k2/6rp/1K6/8 w - - 0 45", Color::Black},
      {"2r5/p5pk/7p/K1p1RP2/2PpP3/1P1P4/P6P/8 b - - 0 51", Color::White},
      {"8/k4P2/5R2/p1PPP3/5r2/2K5/8/8 b - - 2 60", Color::White},
      {"7k/R5p1/2p4p/8/p7/1b2N1P1/5K2/8 b - - 3 45", Color::White},
      {"8/5K2/6R1/5k2/3P4/2P5/p7/r7 w - - 1 59", Color::Black},
      {"8/8/5k2/5p1P/5K2/6P1/8/8 b - - 0 56", Color::White},
      {"8/6k1/5p2/6pK/5PP1/8/8/8 b - - 0 57", Color::White},
      {"8/8/6k1/4P2p/5K1P/8/8/8 b - - 0 59", Color::White},
      {"8/8/7P/3k4/8/4K3/8/8 b - - 0 80", Color::White},
      {"8/3K2k1/8/8/7p/8/8/8 w - - 0 58", Color::Black},
      {"8/3N2k1/2P5/7p/7P/5K2/8/8 b - - 0 51", Color::White},
  };
  for (const auto& c : cases) {
    INFO(c.fen);
    const Position pos = *Position::from_fen(c.fen);
    search::Limits limits(50'000);
    search::TranspositionTable table(16);
    search::HelpmateConfig config;
    config.max_plies = 12;
    const auto r = search::find_helpmate(pos, c.winner, limits, table, config);
    REQUIRE(r.line);
    REQUIRE(analyzer::replays_to_mate(pos, *r.line, c.winner));
    const int length = int(r.line->size());
    CHECK(test::mate_in_exactly(pos, c.winner, length));
    // No mate of the same parity is shorter (the parity is fixed by who moves last).
    for (int shorter = length - 2; shorter >= 1; shorter -= 2) CHECK_FALSE(test::mate_in_exactly(pos, c.winner, shorter));
  }
}

TEST_CASE("find_helpmate: the last-ply memo changes no node count, no line and no depth proven", "[helpmate]") {
  // Final positions of real time-forfeit games whose searches spend most of their nodes at
  // the last ply (a queen or a rook checks from afar): two with no mate within the plies
  // allowed, where the budget runs out in the middle of a depth, and five whose shortest
  // mate is met only after 30,000 to 40,000 nodes, when the memo is full of positions.
  const struct {
    const char* fen;
    Color winner;
    int max_plies;
  } cases[] = {
      {"8/1k2b3/8/5P2/8/8/P1K5/6R1 b - - 2 41", Color::White, 6},
      {"1k1r4/pp4p1/3p2bp/2n5/2Qp2P1/N6P/PP3P2/2R3K1 w - - 3 26", Color::Black, 6},
      {"5rk1/R7/2p4p/2P4n/2P1Pp2/2N5/PP3K1P/8 w - - 1 27", Color::Black, 6},
      {"6r1/pp3p2/2r1pB1k/3pPn2/PP1P2pp/2P5/2R4P/R6K w - - 1 38", Color::Black, 6},
      {"6rk/1b3prp/p7/2pp1P2/5q2/2N2R2/PPP1B1PP/6RK b - - 1 28", Color::White, 4},
      {"r1b2rk1/3q1p2/p3p1p1/1p1p3p/3R4/2N4Q/PPP2PPP/5RK1 w - b6 0 19", Color::Black, 4},
      {"6k1/pp3p1p/1q4pb/r3p3/8/6PP/P4PB1/2R2RK1 b - - 3 29", Color::White, 6},
  };
  for (const auto& c : cases) {
    INFO(c.fen);
    const Position pos = *Position::from_fen(c.fen);
    auto run = [&](bool memo) {
      search::Limits limits(100'000);
      search::TranspositionTable table(16);
      search::HelpmateConfig config;
      config.max_plies = c.max_plies;
      config.last_ply_memo = memo;
      auto r = search::find_helpmate(pos, c.winner, limits, table, config);
      return std::tuple(limits.nodes(), r.depth_completed, r.line);
    };
    const auto with = run(true), without = run(false);
    CHECK(std::get<0>(with) == std::get<0>(without));
    CHECK(std::get<1>(with) == std::get<1>(without));
    CHECK(std::get<2>(with) == std::get<2>(without));
  }
}
