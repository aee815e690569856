// search::flights_forbid_mate: it fires where a mate is out of reach for want of covered
// or filled flights (where the check-reach bound cannot tell), never rules out a mate that
// the exact solver without it finds, and leaves the helpmate solver's answers unchanged.
#include "search/proofs/flight_cover.hpp"

#include <catch2/catch.hpp>

#include "search/board/movegen.hpp"
#include "search/board/notation.hpp"
#include "search/checking_moves.hpp"
#include "search/mate_in_exactly.hpp"
#include "search/problems/problem_helpmate.hpp"
#include "search/proofs/check_reach.hpp"
#include "support.hpp"

using namespace arbiter;
using namespace arbiter::board;
using search::flights_forbid_mate;

TEST_CASE("flights: a bare king's flights need covering, which the check-reach bound does not see", "[flight-cover]") {
  // The knight checks e5 within two moves, but nothing of Black fills a flight and the
  // white king is far: no mate within three plies.
  Position pos = test::pos("8/8/8/4k3/8/8/8/KN6 w - - 0 1");
  CHECK_FALSE(search::mate_out_of_reach(pos, Color::White, 3));
  CHECK(flights_forbid_mate(pos, Color::White, 3));
  // A mate that stands, or none asked for, is not this test's business.
  CHECK_FALSE(flights_forbid_mate(test::pos("k7/1QK5/8/8/8/8/8/8 b - - 0 1"), Color::White, 0));
  // A rook or a queen covers any flight after one move: the test never fires.
  CHECK_FALSE(flights_forbid_mate(test::pos("8/8/8/4k3/8/8/8/KR6 w - - 0 1"), Color::White, 3));
}

TEST_CASE("flights: mates the bound must allow", "[flight-cover]") {
  // Smothered: every flight is filled by Black's own men, Nf7# at once.
  CHECK_FALSE(flights_forbid_mate(test::pos("6rk/6pp/8/6N1/8/8/8/K7 w - - 0 1"), Color::White, 1));
  // The roots of solved helpmates, at the solution's length (h#8 and h#2.5 of the suite).
  CHECK_FALSE(flights_forbid_mate(test::pos("8/8/8/8/8/1k6/5nB1/2K5 b - - 0 1"), Color::White, 16));
  CHECK_FALSE(flights_forbid_mate(test::pos("8/8/8/8/3k4/8/8/K1B1N3 w - - 0 1"), Color::White, 9));
  // K+N against K+P: the pawn fills the corner's last flight.
  CHECK_FALSE(flights_forbid_mate(test::pos("8/8/8/8/3N4/8/p7/k1K5 w - - 0 1"), Color::White, 1));
}

// Winners without a rook or a queen (where the test can fire), loser men that can fill
// flights, promotions, castling and en passant among the moves.
struct Root {
  const char* fen;
  int depth;  // plies walked from the root
};
const Root roots[] = {
    {"8/8/8/4k3/4p3/2N5/8/K7 b - - 1 1", 2},
    {"8/8/8/8/8/1k6/5nB1/2K5 b - - 0 1", 2},
    {"7k/5K1p/6p1/8/8/8/8/8 b - - 0 1", 2},
    {"r3k3/8/8/8/8/8/3P2p1/4K3 w q - 0 1", 2},
    {"8/8/8/3pP3/8/8/k7/4K3 w - d6 0 1", 2},
    {"8/8/2pbkp2/2pnr3/4p3/8/4PK2/8 b - - 0 1", 1},
    {"1b4b1/N5K1/8/4p3/r7/k3nq2/3p4/8 b - - 0 1", 1},
    {"6rk/5ppp/8/8/8/8/2B5/K3N3 w - - 0 1", 1},
    {"7k/6pp/8/5N2/8/8/1B6/K7 w - - 0 1", 2},  // two checkers, each covering from its square
    {"r1k5/pp6/8/8/8/3N4/2N4P/K7 b - - 0 1", 1},
    // Pawns that must capture to get on, and promotions that mate with the last move.
    {"k7/2P5/1K6/8/8/8/8/8 w - - 0 1", 2},
    {"8/5k2/8/p1P5/P1P5/7P/4K3/7R b - - 0 39", 1},
    {"8/Pp6/8/1P1p2k1/3P4/6K1/8/8 b - - 0 53", 2},
    {"1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1", 2},
    {"8/8/8/8/1p6/kP6/8/1K6 b - - 0 1", 2},
    {"6nk/5Knp/5P2/8/8/8/8/8 w - - 0 1", 2},  // fxg7#: a pawn's capture mates
    {"8/8/8/8/8/1p6/N6B/k1K5 b - - 0 1", 2},  // bxa2 Be5#: the loser's pawn fills a flight by a capture
    {"8/8/p4p2/P1k2P2/8/P1P4K/8/8 b - - 0 52", 2},
    {"8/8/2k5/p1p5/P1P5/4K3/8/8 w - - 0 54", 2},
    {"8/2k5/2B5/3p4/3P1KP1/P4P2/7P/8 b - - 0 45", 1},
};

TEST_CASE("flights: never rules out a mate the exact solver finds", "[flight-cover]") {
  int fired = 0, mates = 0;
  for (const Root& root : roots) {
    Position start = test::pos(root.fen);
    test::walk(start, root.depth, [&](Position& pos) {
      for (Color winner : {Color::White, Color::Black}) {
        for (int plies = 1; plies <= 5; ++plies) {
          if (!flights_forbid_mate(pos, winner, plies)) continue;
          ++fired;
          // No mate of any length up to `plies` (a mate falls on the loser's turn).
          for (int length = plies; length >= 1; --length) {
            if ((length % 2 == 1) != (pos.side_to_move() == winner)) continue;
            INFO(pos.fen() << " winner " << color_name(winner) << " plies " << plies << " length " << length);
            REQUIRE_FALSE(test::mate_in_exactly(pos, winner, length, false));
          }
        }
        // Where the test is silent, some mates must exist, or it would prove nothing.
        if (!flights_forbid_mate(pos, winner, 3))
          for (int length : {1, 2, 3})
            if ((length % 2 == 1) == (pos.side_to_move() == winner))
              mates += test::mate_in_exactly(pos, winner, length, false);
      }
    });
  }
  CHECK(fired > 1000);
  CHECK(mates > 0);
}

TEST_CASE("flights: the test of the loser's quiet moves is the test of each child", "[flight-cover]") {
  // The roots above, and losers to move whose bishops, knights and pawns stand near their
  // king, where each man's reach decides whether a flight can be filled.
  std::vector<Root> all(std::begin(roots), std::end(roots));
  for (Root extra : {Root{"k7/2b5/1p6/1N6/8/8/8/K1B5 b - - 0 1", 2}, Root{"7k/4b1p1/6n1/8/8/8/1B6/K5N1 b - - 0 1", 2},
                     Root{"8/8/8/8/8/2n5/2k1p3/K1N5 b - - 0 1", 2}, Root{"7k/8/8/8/b7/8/8/K5NB b - - 0 1", 2},
                     Root{"7k/6p1/8/8/8/8/8/K5NB b - - 0 1", 2}})
    all.push_back(extra);
  int tested = 0, fired = 0, castling = 0;
  for (const Root& root : all) {
    Position start = test::pos(root.fen);
    test::walk(start, root.depth, [&](Position& pos) {
      const Color winner = ~pos.side_to_move();
      const Color loser = pos.side_to_move();
      for (int plies = 3; plies <= 7; ++plies) {
        search::QuietMoveFlights quiet;
        const bool applies = quiet.reset(pos, winner, plies, plies % 2 ? 0 : 100);  // direct, and compiled
        for (Move m : board::legal_moves(pos)) {
          if (m.from() == pos.king_square(loser) || m.kind() == board::MoveKind::EnPassant ||
              m.kind() == board::MoveKind::Castling || pos.piece_on(m.to()) != board::Piece::None)
            continue;
          const board::PieceType becomes =
              m.kind() == board::MoveKind::Promotion ? m.promotion() : board::type_of(pos.piece_on(m.from()));
          const bool before = quiet.forbids(m.from(), m.to(), becomes);
          Position child = pos;
          child.do_move(m);
          const bool after = flights_forbid_mate(child, winner, plies - 1);
          INFO(pos.fen() << " " << board::to_uci(pos, m) << " plies " << plies);
          if (!applies) REQUIRE_FALSE((before || after));
          // A castling right lost widens the king's reach the parent counts, and the
          // winner's pawns capture wherever the loser's men may stand a move later than in
          // the parent: the parent's test may then allow what the child's rules out, never
          // the reverse.
          const bool same_rights = child.can_castle(loser, true) == pos.can_castle(loser, true) &&
                                   child.can_castle(loser, false) == pos.can_castle(loser, false);
          if (same_rights && !pos.pieces(winner, board::PieceType::Pawn)) {
            REQUIRE(before == after);
          } else {
            REQUIRE((!before || after));
            castling += !same_rights;
          }
          ++tested;
          fired += before;
        }
      }
    });
  }
  CHECK(tested > 10000);
  CHECK(fired > 1000);
  CHECK(castling > 0);
}

TEST_CASE("flights: the helpmate solver's solutions are the same with and without the cut", "[flight-cover]") {
  struct Problem {
    const char* fen;
    const char* moves;
  };
  const Problem problems[] = {
      {"8/8/8/8/3p4/K1Bk4/1R6/8 w - - 0 1", "3"},
      {"8/8/8/8/3k4/8/8/K1B1N3 w - - 0 1", "4.5"},
      {"1K6/8/8/2pR4/7B/8/8/1k6 b - - 0 1", "3"},
      {"8/8/8/4k3/4p3/2N5/8/K7 b - - 1 1", "3"},
  };
  for (const Problem& p : problems) {
    const Position root = test::pos(p.fen);
    const auto stipulation = search::parse_stipulation(p.moves);
    REQUIRE(stipulation);
    search::HelpmateProblemOptions with, without;
    without.flights_cut = false;
    search::Limits a, b;
    const auto cut = search::solve_helpmate(root, *stipulation, a, with);
    const auto plain = search::solve_helpmate(root, *stipulation, b, without);
    INFO(p.fen << " h#" << p.moves);
    REQUIRE(cut.complete);
    REQUIRE(plain.complete);
    CHECK(cut.solutions == plain.solutions);
  }
}
