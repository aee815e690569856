// `status` and `audit` agree on a halfmove clock of 150 or more (issue #25, item 5): the
// 75-move rule has ended the game at once, unless it is checkmate or stalemate there.
#include <catch2/catch.hpp>
#include <string>

#include "analyzer/rule_endings.hpp"
#include "analyzer/status.hpp"
#include "support.hpp"

using namespace arbiter;
using analyzer::GameState;

TEST_CASE("status says seventy-five where the audit rules the 75-move rule at ply 0", "[status][reliability]") {
  for (const char* fen : {"4k3/8/8/8/8/8/8/4K2R w - - 150 100", "4k3/8/8/8/8/8/8/4K2R w - - 400 300"}) {
    INFO(fen);
    auto p = test::pos(fen);
    CHECK(analyzer::status_of(p).state == GameState::SeventyFive);
    CHECK(std::string(analyzer::to_string(GameState::SeventyFive)) == "seventy-five");
    auto ending = analyzer::first_rule_ending(p, {});
    REQUIRE(ending);
    CHECK(ending->kind == analyzer::Ending::SeventyFive);
    CHECK(ending->ply == 0);
  }
  // Below 150 the game goes on; a checkmate on the 150th ply is a checkmate.
  CHECK(analyzer::status_of(test::pos("4k3/8/8/8/8/8/8/4K2R w - - 149 100")).state == GameState::Ongoing);
  CHECK(analyzer::status_of(test::pos("k7/1QK5/8/8/8/8/8/8 b - - 150 100")).state == GameState::Checkmate);
}
