// search::pawn_cone and fill_reach: where pawns, and what they promote to, may stand within
// a number of moves. Each fact is worked out by hand from the rules in men_reach.hpp; the
// bounds built on them are cross-checked against the exact solver in check_reach_test and
// flight_cover_test.
#include "search/proofs/men_reach.hpp"

#include <catch2/catch.hpp>

#include "support.hpp"

using namespace arbiter;
using namespace arbiter::board;
using search::fill_reach;
using search::pawn_cone;

namespace {

Square sq(const char* name) { return *parse_square(name); }

}  // namespace

TEST_CASE("pawn cone: steps, the double step, and captures only onto the squares given", "[men-reach]") {
  const Bitboard e2 = Bitboard::of(sq("e2"));
  const Bitboard one = pawn_cone(e2, Color::White, 1);
  CHECK(one == (e2 | sq("e3") | sq("e4") | sq("d3") | sq("f3")));
  // No man of the other side may stand on d3 or f3: the pawn only goes straight on.
  CHECK(pawn_cone(e2, Color::White, 1, Bitboard()) == (e2 | sq("e3") | sq("e4")));
  CHECK(pawn_cone(e2, Color::White, 2, Bitboard::of(sq("f4"))) ==
        (e2 | sq("e3") | sq("e4") | sq("e5") | sq("f4")));  // e3xf4, and no other capture
  // Black pawns go down the board.
  CHECK(pawn_cone(Bitboard::of(sq("d5")), Color::Black, 1, Bitboard()) == (Bitboard::of(sq("d5")) | sq("d4")));
}

TEST_CASE("pawn cone: a promotion with two moves to spare stands anywhere, with one a queen's or knight's step",
          "[men-reach]") {
  const Bitboard b7 = Bitboard::of(sq("b7"));
  // Promoted with the last move: on the eighth rank only (a8 and c8 by captures).
  CHECK(pawn_cone(b7, Color::White, 1) == (b7 | sq("a8") | sq("b8") | sq("c8")));
  // With one move left: where a queen or a knight steps from a8, b8 or c8.
  const Bitboard two = pawn_cone(b7, Color::White, 2, Bitboard());
  CHECK(two.has(sq("b1")));   // b8=Q-b1
  CHECK(two.has(sq("h2")));   // b8=Q-h2, along the diagonal
  CHECK(two.has(sq("d7")));   // b8=N-d7
  CHECK(!two.has(sq("c5")));  // neither a queen's nor a knight's step from b8
  CHECK(pawn_cone(b7, Color::White, 3, Bitboard()) == kAllSquares);
}

TEST_CASE("fill reach: pieces on an empty board, pawns by their cones", "[men-reach]") {
  const Position pos = test::pos("4k3/8/8/8/8/8/4P3/1N2K3 w - - 0 1");
  CHECK(fill_reach(pos, Color::White, 0) == (Bitboard::of(sq("e2")) | sq("b1")));  // not the king
  const Bitboard one = fill_reach(pos, Color::White, 1);
  CHECK(one.has(sq("c3")));   // Nc3
  CHECK(one.has(sq("e4")));   // e2-e4
  CHECK(!one.has(sq("e1")));  // the king is not counted
  // With a rook, two moves reach every square.
  CHECK(fill_reach(test::pos("4k3/8/8/8/8/8/8/R3K3 w - - 0 1"), Color::White, 2) == kAllSquares);
}
