// search::material_forbids_mate: the sound material facts of step 2 of the pipeline (README.md). It must
// cover the positions where the men can never mate, and must NOT cover any position
// where a (helpmate) mate exists, however unlikely: K+N against K+P is winnable
// (docs/rules.md §1), so material alone never decides it.
#include <catch2/catch.hpp>

#include "search/proofs/material.hpp"
#include "support.hpp"

using namespace arbiter;
using board::Color;

namespace {

// Both entry points must agree; the explained one must say why.
bool forbids(const std::string& fen, Color winner) {
  auto p = test::pos(fen);
  auto why = search::material_forbids_mate(p, winner);
  bool fast = search::material_forbids_mate_fast(p, winner);
  INFO(fen << (winner == Color::White ? " (White)" : " (Black)"));
  CHECK(fast == why.has_value());
  if (why) CHECK_FALSE(why->empty());
  return why.has_value();
}

}  // namespace

TEST_CASE("material forbids a mate by a lone king, of either colour", "[material]") {
  // White has only its king (Black has a queen): White can never give check.
  CHECK(forbids("4k3/q7/8/8/8/8/8/4K3 w - - 0 1", Color::White));
  CHECK(forbids("4k3/q7/8/8/8/8/8/4K3 b - - 0 1", Color::White));
  // Black has only its king (White has a queen).
  CHECK(forbids("4k3/8/8/8/8/8/Q7/4K3 w - - 0 1", Color::Black));
  CHECK(forbids("4k3/8/8/8/8/8/Q7/4K3 b - - 0 1", Color::Black));
  // Bare kings: neither side.
  CHECK(forbids("4k3/8/8/8/8/8/8/4K3 w - - 0 1", Color::White));
  CHECK(forbids("4k3/8/8/8/8/8/8/4K3 w - - 0 1", Color::Black));
}

TEST_CASE("material forbids a mate by K+N against a lone king", "[material]") {
  CHECK(forbids("8/8/8/4k3/8/8/8/KN6 w - - 0 1", Color::White));  // docs/rules.md §1
  CHECK(forbids("8/8/8/4k3/8/8/8/KN6 b - - 0 1", Color::White));
  CHECK(forbids("kn6/8/8/8/4K3/8/8/8 w - - 0 1", Color::Black));
}

TEST_CASE("material forbids a mate by K+B against a lone king", "[material]") {
  CHECK(forbids("8/8/8/4k3/8/8/8/KB6 w - - 0 1", Color::White));
  CHECK(forbids("kb6/8/8/8/4K3/8/8/8 w - - 0 1", Color::Black));
  // Several bishops, all on light squares (b1, d1), against a lone king.
  CHECK(forbids("8/8/8/4k3/8/8/8/KB1B4 w - - 0 1", Color::White));
}

TEST_CASE("material forbids a mate when the only men are bishops on squares of one colour", "[material]") {
  SECTION("docs/rules.md §1: Bb1 and bf1, both light") {
    CHECK(forbids("8/8/8/4k3/8/8/8/KB3b2 w - - 0 1", Color::White));
    CHECK(forbids("8/8/8/4k3/8/8/8/KB3b2 w - - 0 1", Color::Black));
  }
  SECTION("four light-squared bishops, two a side: ba6, be6, Bb1, Bd1") {
    const std::string fen = "4k3/8/b3b3/8/8/8/8/1B1BK3 w - - 0 1";
    CHECK(forbids(fen, Color::White));
    CHECK(forbids(fen, Color::Black));
  }
  SECTION("four dark-squared bishops, two a side: bf8, bh6, Bc1, Be3") {
    const std::string fen = "k4b2/8/7b/8/8/4B3/8/2B1K3 w - - 0 1";
    CHECK(forbids(fen, Color::White));
    CHECK(forbids(fen, Color::Black));
  }
}

TEST_CASE("material does not forbid K+N against K+P: the pawn can block its own king", "[material]") {
  // docs/rules.md §1: winnable for White (e.g. Black Kh1, pawn h2; White Kf2, Ng3 mate).
  CHECK_FALSE(forbids("8/8/8/4k3/4p3/8/8/KN6 w - - 0 1", Color::White));
  CHECK_FALSE(forbids("8/8/8/4k3/4p3/8/8/KN6 w - - 0 1", Color::Black));  // the pawn promotes
}

TEST_CASE("material does not forbid K+N against K+N", "[material]") {
  // Either knight can block its own king in the corner while the other mates.
  const std::string fen = "8/8/8/4k3/8/8/8/KN5n w - - 0 1";
  CHECK_FALSE(forbids(fen, Color::White));
  CHECK_FALSE(forbids(fen, Color::Black));
}

TEST_CASE("material does not forbid K+B against K+b on the other colour", "[material]") {
  // docs/rules.md §1: Bb1 light, be1 dark; e.g. Black Ka8, Bb8; White Kb6, Bd5 is mate.
  const std::string fen = "8/8/8/4k3/8/8/8/KB2b3 w - - 0 1";
  CHECK_FALSE(forbids(fen, Color::White));
  CHECK_FALSE(forbids(fen, Color::Black));
}

TEST_CASE("material does not forbid K+BB on both colours against a lone king", "[material]") {
  // Bc1 dark, Bf1 light: the two bishops mate in a corner.
  const std::string fen = "8/8/8/4k3/8/8/8/K1B2B2 w - - 0 1";
  CHECK_FALSE(forbids(fen, Color::White));
  CHECK(forbids(fen, Color::Black));  // Black has a lone king
}

TEST_CASE("material does not forbid K+P or K+R against a lone king", "[material]") {
  CHECK_FALSE(forbids("8/8/8/4k3/8/8/4P3/4K3 w - - 0 1", Color::White));  // the pawn promotes
  CHECK_FALSE(forbids("8/8/8/4k3/8/8/4P3/4K3 b - - 0 1", Color::White));
  CHECK_FALSE(forbids("8/8/8/4k3/8/8/8/R3K3 w - - 0 1", Color::White));
  CHECK_FALSE(forbids("r3k3/8/8/8/8/8/8/4K3 w - - 0 1", Color::Black));
}

TEST_CASE("material does not forbid K+B against K+N: the knight can block its own king", "[material]") {
  const std::string fen = "8/8/8/4k3/8/8/8/KB5n w - - 0 1";
  CHECK_FALSE(forbids(fen, Color::White));
  CHECK_FALSE(forbids(fen, Color::Black));
}
