// CheckTest (the check squares of a position found once) against Position::gives_check,
// which makes no precomputation: the same answer for every legal move of every position
// within three plies of the perft positions, move by move and, for the ordinary moves, as
// the checking squares of their man.
#include <catch2/catch.hpp>

#include "search/board/check_test.hpp"
#include "search/board/movegen.hpp"
#include "search/board/notation.hpp"
#include "support.hpp"

using namespace arbiter;

TEST_CASE("CheckTest: the same answer as gives_check for every legal move near the perft positions",
          "[board][check]") {
  uint64_t moves = 0, checks = 0;
  for (const std::string& fen : test::epd_fens(test::fixture("perft/perft.epd"))) {
    board::Position pos = test::pos(fen);
    test::walk(pos, 3, [&](board::Position& p) {
      const board::CheckTest test(p);
      for (board::Move m : board::legal_moves(p)) {
        ++moves;
        const bool expected = p.gives_check(m);
        checks += expected;
        if (test.gives_check(m) != expected) FAIL_CHECK(p.fen() << " move " << board::to_uci(p, m) << " gives check: " << expected);
        // The same for an ordinary move read from the squares of its man.
        if (m.kind() == board::MoveKind::Normal &&
            test.checking_squares(board::type_of(p.piece_on(m.from())), m.from()).has(m.to()) != expected)
          FAIL_CHECK(p.fen() << " move " << board::to_uci(p, m) << " (checking squares) gives check: " << expected);
      }
    });
  }
  CHECK(moves > 10000000);
  CHECK(checks > 1000);
}
