// Positions legal in form that no game can reach (issue #25, item 5): flagged with a
// sentence each, never rejected; positions a game can reach are not flagged.
#include <catch2/catch.hpp>
#include <string>

#include "search/board/plausibility.hpp"
#include "support.hpp"

using arbiter::board::implausibilities;
using arbiter::test::pos;

namespace {

std::string joined(const std::string& fen) {
  std::string out;
  for (const auto& w : implausibilities(pos(fen))) out += w + "\n";
  return out;
}

}  // namespace

TEST_CASE("promoted men beyond the missing pawns are flagged", "[plausibility][reliability]") {
  // Nine queens and six pawns: eight promotions from two missing pawns.
  CHECK_THAT(joined("7k/6pp/8/8/8/QQQQQQQQ/PPPPPP1Q/4K3 w - - 0 1"),
             Catch::Contains("White has 8 promoted men") && Catch::Contains("only 2 missing pawns"));
  // Two bishops on light squares with eight pawns; a third knight with all pawns.
  CHECK_THAT(joined("4k3/pppppppp/8/8/8/8/PPPPPPPP/1B1BK3 w - - 0 1"), Catch::Contains("White has 1 promoted"));
  CHECK_THAT(joined("nnn1k3/pppppppp/8/8/8/8/8/4K3 w - - 0 1"), Catch::Contains("Black has 1 promoted"));
  // What a game can reach is not flagged: the initial set, and a second queen for a pawn.
  CHECK(joined(std::string(arbiter::board::Position::kStartFen)).empty());
  CHECK(joined("4k3/8/8/8/8/8/PPPPPPP1/QQ2K3 w - - 0 1").empty());
  CHECK(joined("4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1").empty());  // one bishop on each colour
}

TEST_CASE("double checks that no last move gives are flagged", "[plausibility][reliability]") {
  // Bishop a4 and rook e1 on the black king: neither can have uncovered the other.
  CHECK_THAT(joined("4k3/8/8/8/B7/8/8/4R1K1 b - - 0 1"),
             Catch::Contains("double check from e1 and a4") && Catch::Contains("no last move"));
  // Two bishops never check together.
  CHECK_THAT(joined("4k3/8/8/7B/B7/8/8/6K1 b - - 0 1"), Catch::Contains("double check"));
}

TEST_CASE("double checks a last move explains are not flagged", "[plausibility][reliability]") {
  for (const char* fen : {
           "4k3/8/8/1B6/8/8/8/4R1K1 b - - 0 1",   // Be2-b5 uncovers the rook
           "4k3/8/3N4/8/8/8/8/4R1K1 b - - 0 1",   // Ne4-d6 uncovers the rook
           "4kR2/8/8/7B/8/8/8/6K1 b - - 0 1",     // Rf7-f8 uncovers the bishop
           "4k3/8/5N2/8/8/8/8/4Q1K1 b - - 0 1",   // Ne4-f6 uncovers the queen
           "8/8/3Pk3/8/2B5/8/8/4R1K1 b - - 0 1",  // exd6 en passant uncovers the rook and the bishop
       }) {
    INFO(fen);
    REQUIRE(pos(fen).checkers().count() == 2);
    CHECK(implausibilities(pos(fen)).empty());
  }
  // The pawn on the seventh rank and the bishop on a2: no last move explains it then.
  CHECK_THAT(joined("8/3P4/4k3/8/8/8/B7/4R1K1 b - - 0 1"), Catch::Contains("double check"));
}

TEST_CASE("a halfmove clock past 150 is flagged", "[plausibility][reliability]") {
  CHECK(joined("4k3/8/8/8/8/8/8/4K2R w - - 150 90").empty());
  CHECK_THAT(joined("4k3/8/8/8/8/8/8/4K2R w - - 151 90"), Catch::Contains("halfmove clock is 151"));
}
