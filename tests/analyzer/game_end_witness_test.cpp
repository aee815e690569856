// Final positions of real games (timeouts and resignations) where the side that must
// mate has little material or must walk the other king into its few men: each is
// decided winnable within a node budget far below what it took before the searches
// were guided towards checks (the figure beside each row, one thread), its witness
// replays to mate, and the depth-first search's check-reach cut never fires along it.
#include <catch2/catch.hpp>

#include "analyzer/winnability.hpp"
#include "analyzer/witness.hpp"
#include "search/proofs/check_reach.hpp"
#include "support.hpp"

using namespace arbiter;
using board::Color;

namespace {

struct GameEnd {
  const char* fen;
  Color winner;
  uint64_t budget;  // nodes
  const char* before;
};

// clang-format off
const GameEnd kGameEnds[] = {
    // K+N against K+P, the headline example, after 1.Nc3 and with White to move.
    {"8/8/8/4k3/4p3/2N5/8/K7 b - - 1 1", Color::White, 250'000, "1.49M nodes"},
    {"8/8/8/4k3/4p3/8/8/KN6 w - - 0 1", Color::White, 100'000, "undetermined at 1M"},
    // Black mates with pawns: Kf1 f4 Kg1 g5 Kg2 f3+ Kh3 g4#.
    {"8/7p/1p4p1/p4p1k/8/4Q1P1/PP3P1P/4K2R w K - 1 33", Color::Black, 20'000, "7.27M nodes"},
    // Needs ~25K nodes at larger budgets since the greedy queue has three turns in four
    // (closure.cpp); at 20K its steps are too short.
    {"6R1/7p/5p2/4pk2/2p2n1K/8/1r5P/8 b - - 9 51", Color::White, 100'000, "2.34M nodes"},
    // Bishop against two pawns, ply 104 of a fixture game (the audit asks it before the
    // stalemate): the race's explorations must take turns one by one (winnability.cpp).
    {"8/8/8/8/p1K5/k7/1p6/1B6 w - - 0 53", Color::White, 1'000'000, "undetermined at 1M with three greedy turns"},
    // Bishop and pawn: Ke2 Kc4 Kd1 Kc3 Kc1 Bf4+ Kb1 Be5 Ka1 Kc2# is one way.
    {"8/p7/8/2k5/8/5K2/P4P1b/8 w - - 0 44", Color::Black, 600'000, "8.01M nodes"},
    {"8/2p4R/kp6/p5N1/8/6PK/P4P2/2R5 w - - 3 47", Color::Black, 20'000, "undetermined at 10M"},
    {"8/1p6/1P6/6k1/P7/6Kp/8/4B3 b - - 1 50", Color::White, 20'000, "undetermined at 10M"},
    {"8/8/8/1p3kp1/1R6/P1P5/1P6/K7 b - - 1 48", Color::White, 1'000'000, "1.40M nodes, 38 plies"},
    // Many men, and the side with less must promote or take the other's men first: found
    // by the focused explorations (search/explore/focus.hpp).
    {"6k1/1p3p1p/p3pp2/3p4/1b1P4/3BP3/PP3PPP/2R3K1 b - - 0 19", Color::Black, 1'000'000, "undetermined at 1M"},
    {"R4bk1/p1pb1p1p/1p4p1/8/8/1P2PN1P/P1P2PP1/6K1 b - - 0 20", Color::Black, 1'000'000, "undetermined at 1M"},
    {"8/1k2b3/8/5P2/8/8/P1K5/6R1 b - - 2 41", Color::Black, 1'000'000, "undetermined at 1M"},
    {"3R3k/R5b1/6Bp/7P/8/3K1P2/P4r2/8 b - - 1 47", Color::Black, 1'000'000, "undetermined at 1M"},
    {"2k5/ppp1n2p/3p4/4p1P1/4P1n1/3P4/PPP2P2/R4R1K w - - 1 19", Color::Black, 1'000'000, "undetermined at 1M"},
};
// clang-format on

}  // namespace

TEST_CASE("game ends with little mating material: decided winnable within a small budget", "[winnability]") {
  for (const GameEnd& g : kGameEnds) {
    analyzer::AnalysisOptions options;
    options.max_nodes = g.budget;
    options.threads = 1;
    analyzer::WinnabilityAnalyzer analyzer(options);
    const board::Position root = test::pos(g.fen);
    const auto v = analyzer.analyze(root, g.winner);
    INFO(g.fen << " (before: " << g.before << "): " << search::to_string(v.outcome) << ", " << v.detail << ", "
                << v.nodes << " nodes");
    REQUIRE(v.outcome == search::Outcome::Winnable);
    CHECK(v.nodes <= g.budget + 4096);  // spent in batches
    REQUIRE(analyzer::replays_to_mate(root, v.line, g.winner));

    board::Position pos = root;
    for (std::size_t i = 0; i < v.line.size(); ++i) {
      INFO("after " << i << " plies: " << pos.fen());
      CHECK_FALSE(search::mate_out_of_reach(pos, g.winner, int(v.line.size() - i)));
      pos.do_move(v.line[i]);
    }
  }
}
