// analyzer::status_of: checkmate and stalemate (docs/rules.md §1) and the simple material
// table for both sides (docs/rules.md §2), which ignores the opponent's men.
#include <catch2/catch.hpp>

#include "analyzer/status.hpp"
#include "support.hpp"

using namespace arbiter;
using analyzer::GameState;

TEST_CASE("docs/rules.md §1: checkmate and stalemate", "[status]") {
  SECTION("k7/1QK5: the queen on b7, defended by the king, mates") {
    auto s = analyzer::status_of(test::pos("k7/1QK5/8/8/8/8/8/8 b - - 0 1"));
    CHECK(s.state == GameState::Checkmate);
    CHECK(s.in_check);
    CHECK(s.legal_moves == 0);
    CHECK(std::string(analyzer::to_string(s.state)) == "checkmate");
  }
  SECTION("k7/8/1QK5: Black is not in check and has no move") {
    auto s = analyzer::status_of(test::pos("k7/8/1QK5/8/8/8/8/8 b - - 0 1"));
    CHECK(s.state == GameState::Stalemate);
    CHECK_FALSE(s.in_check);
    CHECK(s.legal_moves == 0);
    CHECK(std::string(analyzer::to_string(s.state)) == "stalemate");
  }
  SECTION("the start position is ongoing with 20 moves") {
    auto s = analyzer::status_of(board::Position::startpos());
    CHECK(s.state == GameState::Ongoing);
    CHECK_FALSE(s.in_check);
    CHECK(s.legal_moves == 20);
    CHECK(std::string(analyzer::to_string(s.state)) == "ongoing");
  }
  SECTION("check with a way out is ongoing") {
    // Qa1 checks along the a-file; Kb7 and Kb8 escape.
    auto s = analyzer::status_of(test::pos("k7/8/8/8/8/8/8/Q6K b - - 0 1"));
    CHECK(s.in_check);
    CHECK(s.state == GameState::Ongoing);
    CHECK(s.legal_moves == 2);
  }
}

TEST_CASE("docs/rules.md §2: the simple table says cannot mate", "[status][simple]") {
  struct Case {
    const char* what;
    const char* fen;
  };
  // White has the material named; Black has a lone king.
  const Case cases[] = {
      {"lone king", "4k3/8/8/8/8/8/8/4K3 w - - 0 1"},
      {"king and bishop", "4k3/8/8/8/8/8/8/2B1K3 w - - 0 1"},
      {"king and knight", "4k3/8/8/8/8/8/8/1N2K3 w - - 0 1"},
      {"two bishops on dark squares (c1, e3)", "4k3/8/8/8/8/4B3/8/2B1K3 w - - 0 1"},
      {"three bishops on light squares (f1, d3, a6)", "4k3/8/B7/8/8/3B4/8/4KB2 w - - 0 1"},
  };
  for (const auto& c : cases) {
    INFO(c.what << ": " << c.fen);
    auto s = analyzer::status_of(test::pos(c.fen));
    CHECK_FALSE(s.simple_white);
    CHECK_FALSE(s.simple_black);
  }
}

TEST_CASE("docs/rules.md §2: the simple table says can mate", "[status][simple]") {
  struct Case {
    const char* what;
    const char* fen;
  };
  const Case cases[] = {
      {"bishops on opposite colours (c1 dark, f1 light)", "4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1"},
      {"two knights", "4k3/8/8/8/8/8/8/1N2K1N1 w - - 0 1"},
      {"one pawn", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"},
      {"one rook", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1"},
      {"one queen", "4k3/8/8/8/8/8/8/3QK3 w - - 0 1"},
      {"bishop and knight", "4k3/8/8/8/8/8/8/1NB1K3 w - - 0 1"},
  };
  for (const auto& c : cases) {
    INFO(c.what << ": " << c.fen);
    auto s = analyzer::status_of(test::pos(c.fen));
    CHECK(s.simple_white);
    CHECK_FALSE(s.simple_black);
  }
}

TEST_CASE("the simple table judges each side alone and ignores the opponent", "[status][simple]") {
  SECTION("K+N against K+P: White cannot by the table, Black can") {
    auto s = analyzer::status_of(test::pos("8/8/8/4k3/4p3/8/8/KN6 w - - 0 1"));
    CHECK_FALSE(s.simple_white);
    CHECK(s.simple_black);
  }
  SECTION("black pieces are judged the same way") {
    auto bishop = analyzer::status_of(test::pos("4kb2/8/8/8/8/8/8/4K3 b - - 0 1"));
    CHECK_FALSE(bishop.simple_black);
    auto rook = analyzer::status_of(test::pos("r3k3/8/8/8/8/8/8/4K3 b - - 0 1"));
    CHECK(rook.simple_black);
    CHECK_FALSE(rook.simple_white);
  }
  SECTION("opposite-coloured bishops, one each: the table says cannot for both") {
    // docs/rules.md §1: really winnable for both; the table (one bishop each) disagrees.
    auto s = analyzer::status_of(test::pos("8/8/8/4k3/8/8/8/KB2b3 w - - 0 1"));
    CHECK_FALSE(s.simple_white);
    CHECK_FALSE(s.simple_black);
  }
}
