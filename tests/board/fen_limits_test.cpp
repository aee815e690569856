// The FEN reader's limits (issue #25): move counters are bounded so that counting moves
// on from them cannot overflow, malformed placements are refused, and a bad byte is
// named even when it hides the field separators.
#include <catch2/catch.hpp>
#include <climits>
#include <string>
#include <utility>

#include "search/board/movegen.hpp"
#include "search/board/notation.hpp"
#include "search/board/position.hpp"
#include "search/board/setup.hpp"

using namespace arbiter::board;

namespace {

FenError text_error(const std::string& fen) {
  auto s = parse_fen(fen);
  REQUIRE_FALSE(s.has_value());
  return s.error();
}

}  // namespace

TEST_CASE("move counters past the bound are refused, naming the field", "[fen][reliability]") {
  const std::string base = "4k3/8/8/8/8/8/8/4K2R w - - ";
  for (const char* counters : {"0 2147483647", "0 2147483648", "2147483647 1", "0 99999999999999999999",
                               "100001 1", "0 100001"}) {
    INFO(counters);
    FenError e = text_error(base + counters);
    CHECK(e.field == (std::string(counters).starts_with("0 ") ? 6 : 5));
    CHECK_THAT(e.message, Catch::Contains("too large: at most 100000"));
    CHECK_FALSE(Position::from_fen(base + counters).has_value());
  }
}

TEST_CASE("counters at the bound count on without overflow", "[fen][reliability]") {
  auto p = Position::from_fen("4k3/8/8/8/8/8/8/4K2R w - - 100000 100000");
  REQUIRE(p.has_value());
  CHECK(p->fullmove_number() == kMaxMoveCounter);
  // Many plies on: the counters only grow (the do/undo of a king shuffle).
  Position q = *p;
  for (int i = 0; i < 400; ++i) {
    auto moves = legal_moves(q);
    REQUIRE_FALSE(moves.empty());
    Move m = moves[0];
    for (Move x : moves)
      if (q.piece_on(x.from()) == make_piece(q.side_to_move(), PieceType::King)) m = x;
    q.do_move(m);
  }
  CHECK(q.fullmove_number() == kMaxMoveCounter + 200);
  CHECK(q.halfmove_clock() > kMaxMoveCounter);
  CHECK(q.fen().ends_with(std::to_string(kMaxMoveCounter + 200)));
}

TEST_CASE("a setup with counters outside the bounds is illegal", "[fen][reliability]") {
  auto s = parse_fen("4k3/8/8/8/8/8/8/4K2R w - - 0 1");
  REQUIRE(s.has_value());
  const std::pair<int, int> counters[] = {{INT_MAX, 1}, {-1, 1}, {0, INT_MAX}, {0, 0}, {0, -5}};
  for (auto [half, full] : counters) {
    Setup bad = *s;
    bad.halfmove_clock = half;
    bad.fullmove_number = full;
    auto p = Position::from_setup(bad);
    REQUIRE_FALSE(p.has_value());
    CHECK(p.error().front().kind == SetupError::Kind::BadCounter);
  }
}

TEST_CASE("two digits in a row inside a rank are malformed", "[fen][reliability]") {
  FenError e = text_error("4k3/8/8/8/44/8/8/4K3 w - - 0 1");
  CHECK(e.field == 1);
  CHECK(e.offset == 11);
  CHECK_THAT(e.message, Catch::Contains("two digits in a row"));
  CHECK(text_error("4k3/8/8/8/8/8/8/4K12 w - - 0 1").field == 1);
}

TEST_CASE("a bad byte in the placement is named before missing fields", "[fen][reliability]") {
  // Non-breaking spaces (UTF-8 C2 A0) between the fields.
  FenError nbsp = text_error("4k3/8/8/8/8/8/8/4K3\xC2\xA0w\xC2\xA0-\xC2\xA0-");
  CHECK(nbsp.field == 1);
  CHECK(nbsp.offset == 19);
  CHECK_THAT(nbsp.message, Catch::Contains("0xC2") && Catch::Contains("not ASCII"));
  // A megabyte of one letter: the first byte is named, and the message stays short.
  FenError big = text_error(std::string(1 << 20, 'x'));
  CHECK(big.field == 1);
  CHECK(big.offset == 0);
  CHECK_THAT(big.message, Catch::Contains("'x' is not a piece letter"));
  CHECK(big.to_string().size() < 200);
  FenError side = text_error("4k3/8/8/8/8/8/8/4K3 " + std::string(1 << 20, 'w'));
  CHECK(side.field == 2);
  CHECK(side.to_string().size() < 200);
}
