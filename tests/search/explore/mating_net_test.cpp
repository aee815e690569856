// search::find_net_mate, the mating-net search for a king and one minor piece: it finds
// the corner mates with the loser's own men as blockers, every line it returns replays
// to a mate, and it does nothing for other material.
#include <catch2/catch.hpp>

#include "analyzer/witness.hpp"
#include "search/explore/mating_net.hpp"
#include "support.hpp"

using namespace arbiter;
using board::Color;

TEST_CASE("the mating-net search walks the king and bishop to a corner net", "[mating-net]") {
  // White: Ke2 h2 Kf2 a4 Bc6# (the pawn blocks h2, the king covers g1 and g2); no mate
  // in 3 plies: the white king needs two steps to cover g1.
  const auto pos = test::pos("8/8/8/pB6/8/7p/3K4/7k w - - 0 1");
  REQUIRE(search::mating_net_applies(pos, Color::White));
  search::Limits limits(1'000'000);
  auto line = search::find_net_mate(pos, Color::White, limits);
  REQUIRE(line);
  CHECK(line->size() == 5);
  CHECK(analyzer::replays_to_mate(pos, *line, Color::White));
}

TEST_CASE("the mating-net search finds the knight's corner mate", "[mating-net]") {
  // Black pushes a2, and Nb3 mates: the pawn blocks a2, the king on c1 covers b1 and b2.
  const auto pos = test::pos("8/8/8/8/3N4/p7/8/k1K5 b - - 0 1");
  search::Limits limits(1'000'000);
  auto line = search::find_net_mate(pos, Color::White, limits);
  REQUIRE(line);
  CHECK(line->size() == 2);
  CHECK(analyzer::replays_to_mate(pos, *line, Color::White));
}

TEST_CASE("the mating-net search applies to a king and one minor piece alone", "[mating-net]") {
  // A rook mates a bare king without help: not this search's material.
  CHECK_FALSE(search::mating_net_applies(test::pos("8/8/8/4k3/8/8/p7/R3K3 w - - 0 1"), Color::White));
  // Two minor pieces, or a lone king to mate with no men to block: neither.
  CHECK_FALSE(search::mating_net_applies(test::pos("8/8/8/4k3/8/8/p7/1NB1K3 w - - 0 1"), Color::White));
  CHECK_FALSE(search::mating_net_applies(test::pos("8/8/8/4k3/8/8/8/2B1K3 w - - 0 1"), Color::White));
  search::Limits limits(1'000);
  CHECK_FALSE(search::find_net_mate(test::pos("8/8/8/4k3/8/8/p7/R3K3 w - - 0 1"), Color::White, limits));
  CHECK(limits.nodes() == 0);
}
