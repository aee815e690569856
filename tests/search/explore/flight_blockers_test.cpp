// search::coverable_squares, blocking_moves and flight_blocking_estimate: which squares
// a winner bound to one colour can cover, how far the loser's men are from blocking the
// others; and the guided exploration, which counts them, finds witnesses where the
// loser's own men must block the flights of the colour the winner can never cover.
#include <catch2/catch.hpp>

#include "analyzer/witness.hpp"
#include "search/explore/closure.hpp"
#include "search/explore/flight_blockers.hpp"
#include "support.hpp"

using namespace arbiter;
using namespace arbiter::board;

namespace {

Square sq(const char* name) { return *parse_square(name); }

}  // namespace

TEST_CASE("coverable_squares: bishops of one colour and locked pawns cover one colour only", "[flight_blockers]") {
  // Light white bishops and dark black ones; the pawns are locked and their attack
  // squares are of the colour of the bishops on their side.
  const auto pos = test::pos("3k4/4b3/3bB3/p1pBp1p1/P1PbP1P1/4b3/4B3/3K1B2 b - - 0 1");
  CHECK(search::coverable_squares(pos, Color::White) == kLightSquares);
  CHECK(search::coverable_squares(pos, Color::Black) == kDarkSquares);
}

TEST_CASE("coverable_squares: a rook, a pawn that can move, or a knight beside a bishop covers all", "[flight_blockers]") {
  CHECK(search::coverable_squares(test::pos("k7/8/8/8/8/8/8/KR6 w - - 0 1"), Color::White) == kAllSquares);
  CHECK(search::coverable_squares(test::pos("k7/8/8/8/8/8/P7/KB6 w - - 0 1"), Color::White) == kAllSquares);
  CHECK(search::coverable_squares(test::pos("k7/8/8/8/8/8/8/KBN5 w - - 0 1"), Color::White) == kAllSquares);
  // A lone knight covers nothing for good: the flights of a smothered king are blocked.
  CHECK(search::coverable_squares(test::pos("k7/8/8/8/8/8/8/KN6 w - - 0 1"), Color::White).empty());
}

TEST_CASE("blocking_moves: a man of the right colour that reaches the square, else the winner's king", "[flight_blockers]") {
  // The dark black bishop on c5 reaches a7 in one move; nothing else black can ever
  // stand on b8 (dark) or b7 (light): the white king on h1 would need six and five moves
  // to cover them.
  const auto pos = test::pos("k7/8/8/2b5/4B3/8/8/7K b - - 0 1");
  CHECK(search::blocking_moves(pos, Color::Black, Bitboard::of(sq("a7"))) == 1);
  CHECK(search::blocking_moves(pos, Color::Black, Bitboard::of(sq("a7")) | sq("b8")) == 1 + 6);
  CHECK(search::blocking_moves(pos, Color::Black, Bitboard::of(sq("b7"))) == 5);
  // The light bishop on e4 covers b7; a7 and b8 are dark, free, and wait for blockers.
  CHECK(search::flight_blocking_estimate(pos, Color::White) == 2 * (1 + 6));
  CHECK_FALSE(search::flight_blocking_estimate(test::pos("k7/8/8/2b5/4B3/8/8/6RK b - - 0 1"), Color::White));
  // A pawn free to advance reaches the squares ahead on its file; a locked one none (a5
  // is left to the white king on h1, six moves away).
  const auto pawns = test::pos("k7/p7/P7/8/8/8/1p6/7K w - - 0 1");
  CHECK(search::blocking_moves(pawns, Color::Black, Bitboard::of(sq("b1"))) == 1);
  CHECK(search::blocking_moves(test::pos("k7/p7/P7/8/8/8/8/7K w - - 0 1"), Color::Black, Bitboard::of(sq("a5"))) == 6);
}

TEST_CASE("guided exploration: the loser's men block the flights the winner's bishops never cover", "[flight_blockers][closure]") {
  // White's bishops are light and its pawns locked; the black king needs its own men on
  // the dark squares around it (the bishop from g1, pawns promoted). Within a million nodes.
  for (const char* fen : {"4k3/8/8/8/1p6/1Pp3p1/2P2pP1/1B1K1Bb1 w - - 0 1",
                          "8/5k2/8/7p/p1p1pB1P/P1P1P1B1/1B1B1B2/B1B1B1K1 w - - 0 1"}) {
    search::Limits limits(1'000'000);
    auto r = search::explore_all(test::pos(fen), Color::White, limits, 4'000'000, search::Order::Guided);
    INFO(fen << ": " << r.positions << " positions, " << limits.nodes() << " nodes");
    REQUIRE(r.kind == search::ClosureResult::Kind::MateFound);
    CHECK(analyzer::replays_to_mate(test::pos(fen), r.line, Color::White));
  }
}
