// The enumeration of mate positions for small pawnless material.
#include <catch2/catch.hpp>

#include "analyzer/status.hpp"
#include "search/mate_existence.hpp"
#include "support.hpp"

using namespace arbiter;
using board::Color;

TEST_CASE("mate positions: none for K+N against K+Q (test vector line 1440: White cannot mate)",
          "[mate-existence]") {
  auto why = search::no_mate_position_exists(test::pos("3kq3/8/8/8/8/8/3KN3/8 w - - 0 1"), Color::White);
  REQUIRE(why);
  CHECK(why->find("Nq") != std::string::npos);
}

TEST_CASE("mate positions: none for K+B against K+R (test vector lines 1455-1456)", "[mate-existence]") {
  CHECK(search::no_mate_position_exists(test::pos("3kr3/8/8/8/8/3KB3/8/8 w - - 0 1"), Color::White));
}

TEST_CASE("mate positions: none for a lone knight or bishop against a lone king", "[mate-existence]") {
  CHECK(search::no_mate_position_exists(test::pos("8/8/8/4k3/8/8/8/KN6 w - - 0 1"), Color::White));
  CHECK(search::no_mate_position_exists(test::pos("8/8/8/4k3/8/8/8/KB6 w - - 0 1"), Color::White));
}

TEST_CASE("mate positions exist where a helpmate is known", "[mate-existence]") {
  // K+N against K+N: Black Kh8, Nh7; White Kf7, Ng6 is mate.
  auto mate = analyzer::status_of(test::pos("7k/5K1n/6N1/8/8/8/8/8 b - - 0 1"));
  REQUIRE(mate.state == analyzer::GameState::Checkmate);
  CHECK_FALSE(search::no_mate_position_exists(test::pos("n2k4/8/8/8/8/8/8/3N3K w - - 0 1"), Color::White));
  // K+R, K+Q, K+B+N, K+N+N (a mate exists, though it cannot be forced) and K+B vs K+N.
  for (const char* fen : {"4k3/8/8/8/8/8/8/K1R5 w - - 0 1", "4k3/8/8/8/8/8/8/K1Q5 w - - 0 1",
                          "7k/8/8/8/8/8/8/KBN5 w - - 0 1", "7k/8/8/8/8/8/8/KNN5 w - - 0 1",
                          "4k3/8/8/8/8/8/8/KB2n3 w - - 0 1"}) {
    INFO(fen);
    CHECK_FALSE(search::no_mate_position_exists(test::pos(fen), Color::White));
  }
}

TEST_CASE("mate positions: none for K+B against K+RRR (test vector line 1002), the rooks placed beside their king",
          "[mate-existence]") {
  // Whatever the rooks block, one of them can always take the bishop or step between.
  CHECK(search::no_mate_position_exists(test::pos("rr6/rk6/8/8/8/2K5/2B5/8 b - - 0 1"), Color::White));
  CHECK(search::no_mate_position_exists(test::pos("1q1q1q2/1k6/8/8/8/2K5/2N5/8 b - - 0 1"), Color::White));
}

TEST_CASE("mate positions: no conclusion with pawns or beyond the enumeration's limits", "[mate-existence]") {
  CHECK_FALSE(search::no_mate_position_exists(test::pos("8/8/8/4k3/4p3/8/8/KN6 w - - 0 1"), Color::White));
  // Eight rooks on the losing side; three men on the winning side.
  CHECK_FALSE(search::no_mate_position_exists(test::pos("rr1r4/rk1r4/rr5r/8/8/2K5/2B5/8 b - - 0 1"), Color::White));
  CHECK_FALSE(search::no_mate_position_exists(test::pos("k7/8/8/8/8/8/8/KBNR4 w - - 0 1"), Color::White));
}

TEST_CASE("mate positions: none for K+B against K+7R (test vector line 1003), the rooks placed beside their king",
          "[mate-existence]") {
  CHECK(search::no_mate_position_exists(test::pos("rr1r4/rk1r4/rr6/8/8/2K5/2B5/8 b - - 0 1"), Color::White));
}

TEST_CASE("mate positions: bishops keep the colour of their squares (test vector lines 1408, 1459)",
          "[mate-existence]") {
  // Two light-squared bishops against a queen: the only mates need a dark-squared one.
  auto why = search::no_mate_position_exists(test::pos("k7/q7/8/8/8/2KB4/2B5/8 w - - 0 1"), Color::White);
  REQUIRE(why);
  CHECK(why->find("colour") != std::string::npos);
  CHECK(search::no_mate_position_exists(test::pos("3kqb2/8/8/8/8/3KB3/8/8 w - - 0 1"), Color::White));
  // With bishops on both colours the queen can be taken and K+B+B mates.
  CHECK_FALSE(search::no_mate_position_exists(test::pos("k7/q7/8/8/8/2KB4/1B6/8 w - - 0 1"), Color::White));
}

TEST_CASE("mate positions: two bishops never give check together without pawns (test vector lines 1077, 1079)",
          "[mate-existence]") {
  // The only mates of K+RR by K+BB (both dark-squared) are double checks by the bishops.
  CHECK(search::no_mate_position_exists(test::pos("5b2/4bk2/8/8/8/8/3KR3/3R4 w - - 0 1"), Color::Black));
  CHECK(search::no_mate_position_exists(test::pos("8/8/8/8/8/2b1k1b1/3R4/4KR2 w - - 0 1"), Color::Black));
}

TEST_CASE("mate positions: none for K+N against K+QQ, the queens placed beside their king", "[mate-existence]") {
  // A final position of the fixture games (chess.com, timeout vs insufficient material).
  CHECK(search::no_mate_position_exists(test::pos("k7/8/8/8/8/8/1q6/K1N2q2 w - - 0 1"), Color::White));
}
