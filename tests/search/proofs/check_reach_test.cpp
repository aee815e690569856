// search::checkable_squares, king_reach and mate_out_of_reach: the sets hold what they
// promise on small cases, and the pruning test never rules out a mate that the exact
// helpmate solver finds, over whole move trees of positions where it fires.
#include "search/proofs/check_reach.hpp"

#include <catch2/catch.hpp>

#include "search/board/movegen.hpp"
#include "search/checking_moves.hpp"
#include "search/mate_in_exactly.hpp"
#include "search/problems/problem_helpmate.hpp"
#include "support.hpp"

using namespace arbiter;
using namespace arbiter::board;
using search::checkable_squares;
using search::king_reach;
using search::mate_out_of_reach;

namespace {

Square sq(const char* name) { return *parse_square(name); }

}  // namespace

TEST_CASE("checkable squares: pawns push, capture, double-step and promote", "[check-reach]") {
  Position pos = test::pos("4k3/8/8/8/4P3/8/3P4/4K3 w - - 0 1");
  Bitboard now = checkable_squares(pos, Color::White, 0);
  CHECK(now == (Bitboard::of(sq("d5")) | sq("f5") | sq("c3") | sq("e3")));
  Bitboard one = checkable_squares(pos, Color::White, 1);
  CHECK(one.has(sq("d6")));  // e4-e5
  CHECK(one.has(sq("g6")));  // e4xf5
  CHECK(one.has(sq("e5")));  // d2-d4, the double step
  CHECK(!one.has(sq("e7")));
  CHECK(checkable_squares(pos, Color::White, 2).has(sq("e7")));
  // A pawn that promotes with a move to spare checks anywhere; one that promotes with its
  // last move checks from its promotion square, as a queen or a knight.
  const Position seventh = test::pos("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
  CHECK(checkable_squares(seventh, Color::White, 2) == kAllSquares);
  const Bitboard last = checkable_squares(seventh, Color::White, 1);
  CHECK(last.has(sq("h8")));  // b8=Q along the rank
  CHECK(last.has(sq("h1")));  // bxa8=Q along the long diagonal
  CHECK(last.has(sq("d7")));  // b8=N
  CHECK(!last.has(sq("d4")));
  CHECK(checkable_squares(test::pos("4k3/8/1P6/8/8/8/8/4K3 w - - 0 1"), Color::White, 1) != kAllSquares);
  // A capture needs a man of the other side on the square: with none that may stand on
  // a8 or c8, the pawn promotes on b8 only.
  const Bitboard b8_only = checkable_squares(seventh, Color::White, 1, Bitboard::of(sq("e1")));
  CHECK(b8_only.has(sq("h8")));
  CHECK(!b8_only.has(sq("h1")));
  CHECK(!checkable_squares(pos, Color::White, 1, Bitboard()).has(sq("g6")));  // e4xf5 is not there
  // Black pawns go down the board.
  CHECK(checkable_squares(test::pos("4k3/8/8/4p3/8/8/8/4K3 b - - 0 1"), Color::Black, 0) ==
        (Bitboard::of(sq("d4")) | sq("f4")));
}

TEST_CASE("checkable squares: pieces, and a rook or queen anywhere after one move", "[check-reach]") {
  Position knight = test::pos("4k3/8/8/8/8/8/8/N3K3 w - - 0 1");
  CHECK(checkable_squares(knight, Color::White, 0) == knight_attacks(sq("a1")));
  CHECK(checkable_squares(knight, Color::White, 1).has(sq("d4")));  // from b3 or c2
  CHECK(!checkable_squares(knight, Color::White, 1).has(sq("h8")));
  Position bishop = test::pos("4k3/8/8/8/8/8/8/B3K3 w - - 0 1");
  CHECK(checkable_squares(bishop, Color::White, 0).has(sq("h8")));
  CHECK(!checkable_squares(bishop, Color::White, 3).has(sq("a2")));  // never a light square
  Position rook = test::pos("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
  CHECK(checkable_squares(rook, Color::White, 0).has(sq("a8")));
  CHECK(!checkable_squares(rook, Color::White, 0).has(sq("b2")));
  CHECK(checkable_squares(rook, Color::White, 1) == kAllSquares);
}

TEST_CASE("king reach: steps through an empty board, castling squares while a right remains", "[check-reach]") {
  Position pos = test::pos("4k2r/8/8/8/8/8/8/K7 b k - 0 1");
  CHECK(king_reach(pos, Color::Black, 0) == Bitboard::of(sq("e8")));
  CHECK(king_reach(pos, Color::Black, 1).has(sq("g8")));
  CHECK(king_reach(pos, Color::Black, 1).count() == 7);  // e8, its five neighbours, g8
  CHECK(king_reach(pos, Color::White, 7) == kAllSquares);
}

TEST_CASE("mate out of reach: never rules out a mate the exact solver finds", "[check-reach]") {
  // Winners with pawns, knights or bishops only (where the test can fire), castling and
  // en passant among the moves.
  const char* roots[] = {
      "8/8/8/4k3/4p3/2N5/8/K7 b - - 1 1",
      "8/8/8/4k3/4p3/8/8/KN6 w - - 0 1",
      "8/p7/8/2k5/8/5K2/P4P1b/8 w - - 0 44",
      "8/1p6/1P6/6k1/P7/6Kp/8/4B3 b - - 1 50",
      "r3k3/8/8/8/8/8/3P2p1/4K3 w q - 0 1",
      "8/8/8/3pP3/8/8/k7/4K3 w - d6 0 1",
      "7k/5K1p/6p1/8/8/8/8/8 b - - 0 1",
      // Pawns that must capture to get on, and promotions that mate with the last move.
      "k7/2P5/1K6/8/8/8/8/8 w - - 0 1",
      "8/5k2/8/p1P5/P1P5/7P/4K3/7R b - - 0 39",
      "8/Pp6/8/1P1p2k1/3P4/6K1/8/8 b - - 0 53",
      "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1",
      "8/8/8/8/1p6/kP6/8/1K6 b - - 0 1",
      "6nk/5Knp/5P2/8/8/8/8/8 w - - 0 1",  // fxg7#: a pawn's capture mates
      "8/8/8/8/8/1p6/N6B/k1K5 b - - 0 1",  // bxa2 Be5#: the loser's pawn fills a flight by a capture
      "8/8/p4p2/P1k2P2/8/P1P4K/8/8 b - - 0 52",
      "8/8/2k5/p1p5/P1P5/4K3/8/8 w - - 0 54",
  };
  int fired = 0, mates = 0;
  for (const char* fen : roots) {
    Position root = test::pos(fen);
    test::walk(root, 2, [&](Position& pos) {
      for (Color winner : {Color::White, Color::Black}) {
        for (int plies = 1; plies <= 6; ++plies) {
          if ((plies % 2 == 1) != (pos.side_to_move() == winner)) continue;  // a mate falls on the loser's turn
          const bool out = mate_out_of_reach(pos, winner, plies);
          if (!out && plies > 2) continue;  // only the cheap cases of "maybe" are solved
          const bool mate = test::mate_in_exactly(pos, winner, plies);
          INFO(pos.fen() << " winner " << color_name(winner) << " plies " << plies);
          if (out) REQUIRE_FALSE(mate);
          fired += out;
          mates += mate;
        }
      }
    });
  }
  CHECK(fired > 500);
  CHECK(mates > 0);
}

TEST_CASE("mate out of reach: false with a rook or queen, and at once when the mate stands", "[check-reach]") {
  CHECK_FALSE(mate_out_of_reach(test::pos("7k/8/8/8/8/8/8/R3K3 w - - 0 1"), Color::White, 1));
  CHECK_FALSE(mate_out_of_reach(test::pos("k7/1QK5/8/8/8/8/8/8 b - - 0 1"), Color::White, 0));
  // A lone pawn on a2 cannot check a king on h8 within three plies.
  CHECK(mate_out_of_reach(test::pos("7k/8/8/8/8/8/P7/K7 w - - 0 1"), Color::White, 3));
  CHECK_FALSE(mate_out_of_reach(test::pos("7k/8/8/8/8/8/P7/K7 w - - 0 1"), Color::White, 15));
}
