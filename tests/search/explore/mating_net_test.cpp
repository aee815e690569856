// search::find_net_mate, the mating-net search for a king and one minor piece: it finds
// the corner mates with the loser's own men as blockers, every line it returns replays
// to a mate, and it does nothing for other material.
#include <catch2/catch.hpp>

#include "analyzer/witness.hpp"
#include "search/explore/mating_net.hpp"
#include "support.hpp"

using namespace arbiter;
using board::Color;

namespace {

// find_net_mate within `nodes` finds a line of `plies` plies that replays to a mate.
void check_net_line(const char* fen, Color winner, uint64_t nodes, std::size_t plies,
                    search::NetReach reach = search::NetReach::Corners, int max_plies = 80) {
  INFO(fen);
  const auto pos = test::pos(fen);
  search::Limits limits(nodes);
  auto line = search::find_net_mate(pos, winner, limits, reach, max_plies);
  REQUIRE(line);
  CHECK(line->size() == plies);
  CHECK(analyzer::replays_to_mate(pos, *line, winner));
}

}  // namespace

TEST_CASE("the mating-net search walks the king and bishop to a corner net", "[mating-net]") {
  // White: Ke2 h2 Kf2 a4 Bc6# (the pawn blocks h2, the king covers g1 and g2); no mate
  // in 3 plies: the white king needs two steps to cover g1.
  REQUIRE(search::mating_net_applies(test::pos("8/8/8/pB6/8/7p/3K4/7k w - - 0 1"), Color::White));
  check_net_line("8/8/8/pB6/8/7p/3K4/7k w - - 0 1", Color::White, 1'000'000, 5);
}

TEST_CASE("the mating-net search finds the knight's corner mate", "[mating-net]") {
  // Black pushes a2, and Nb3 mates: the pawn blocks a2, the king on c1 covers b1 and b2.
  check_net_line("8/8/8/8/3N4/p7/8/k1K5 b - - 0 1", Color::White, 1'000'000, 2);
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

TEST_CASE("the mating-net search finds nets off the corners", "[mating-net]") {
  // The black king stays on e8: the rook fills d8, the bishop f8, the white king on e6
  // covers d7, e7 and f7, and Bh5 mates along h5-e8 (4 plies). A corner is four king
  // steps away, so no corner net is within 7 plies.
  const auto pos = test::pos("r3k3/8/4K2b/8/6B1/8/8/8 b - - 0 1");
  search::Limits corners(1'000'000);
  CHECK_FALSE(search::find_net_mate(pos, Color::White, corners, search::NetReach::Corners, 7));
  search::Limits anywhere(1'000'000);
  auto line = search::find_net_mate(pos, Color::White, anywhere, search::NetReach::Anywhere, 7);
  REQUIRE(line);
  CHECK(line->size() == 4);
  CHECK(analyzer::replays_to_mate(pos, *line, Color::White));
}

TEST_CASE("the mating-net search finds a net in the middle of the board", "[mating-net]") {
  // E.g. 1. Kg3 Kd4 2. Kg4 Ke5 3. Bg7#: the black king on e5 hemmed in by its own pawns
  // on d5, d6, e4 and e6, the white king on g4 covering f4 and f5, the bishop f6 and d4
  // (no black man can step onto f6). Every edge is three king steps away: no net on an
  // edge within 5 plies.
  check_net_line("8/8/3pp2B/3pk3/4p3/8/7K/8 w - - 0 1", Color::White, 1'000'000, 5, search::NetReach::Anywhere, 5);
}

TEST_CASE("the mating-net search aims at one square at a time, past a loser with men to spare", "[mating-net]") {
  // Two examples of issue #24, a king and bishop against a king with a queen or a rook and
  // pawns. The queen and the rook have a dozen moves a turn that keep some net within
  // reach, and a search over all the nets at once (with four waiting moves a turn) had
  // not found a mate in 250,000 nodes. Aimed at one square at a time, it finds 16 and 18
  // plies within the 80,000 nodes of the schedule's net-anywhere step.
  const struct {
    const char* fen;
    std::size_t plies;
  } cases[] = {
      {"8/q5k1/p5p1/1p1Bp3/5p2/5K2/8/8 b - - 3 43", 16},
      {"8/8/1k4B1/1p2K2p/1r6/8/8/8 b - - 0 50", 18},
  };
  for (const auto& c : cases) check_net_line(c.fen, Color::White, 80'000, c.plies, search::NetReach::Anywhere);
}

TEST_CASE("the mating-net search counts a loser's pawn up its own file", "[mating-net]") {
  // A king and knight against a queen and four pawns (issue #24's held-out endings). A pawn
  // could change file only by taking, and the knight is the one man it could take: then no
  // mate is left. Counted as if captures were offered, the pawns seemed near flights they
  // can never reach, and the corner search needed 170,441 nodes (a 23-ply line). Counted up
  // their files, it finds a 19-ply line within the schedule's 120,000 nodes of the net step.
  check_net_line("4Qk2/8/8/8/2n1P2K/8/PPP5/8 b - - 0 38", Color::Black, 120'000, 19);
}

TEST_CASE("the mating-net search counts a promoted pawn only as a piece that may fill the flight", "[mating-net]") {
  // A king and dark-squared bishop against two pawns (issue #24's held-out endings): White's
  // king is mated on a1, Bb2 giving the check, so a2 must hold a white man that can neither
  // take b2 nor stand between. A queen or a rook there would take the bishop, and a bishop
  // from f8 keeps to the dark squares: only a knight will do, five moves from f8. Counted as
  // a queen (two moves), this net seemed six plies nearer, and the corner search needed
  // 139,023 nodes for a 36-ply line; counting the knight, it finds 32 plies within the
  // 120,000 of the net step.
  check_net_line("8/8/5b2/8/8/2k2P2/5PK1/8 w - - 0 40", Color::Black, 120'000, 32);
}
