// The men that Position::do_move records as checking the side to move (what in_check,
// move generation and the searches' mate tests read), against a count from scratch, man by
// man, in every position within four plies of the perft positions: the same set.
#include <catch2/catch.hpp>

#include "search/board/attacks.hpp"
#include "search/board/movegen.hpp"
#include "support.hpp"

using namespace arbiter;

namespace {

board::Bitboard checkers_from_scratch(const board::Position& pos) {
  const board::Color us = pos.side_to_move(), them = ~us;
  const board::Square king = pos.king_square(us);
  board::Bitboard found;
  for (board::Square s : pos.pieces(them)) {
    const board::PieceType type = board::type_of(pos.piece_on(s));
    const board::Bitboard attacks = type == board::PieceType::Pawn ? board::pawn_attacks(them, s)
                                                                    : board::piece_attacks(type, s, pos.occupied());
    if (attacks.has(king)) found |= s;
  }
  return found;
}

}  // namespace

TEST_CASE("do_move: the checkers it finds are every man that attacks the king, near the perft positions",
          "[board][check]") {
  uint64_t positions = 0, in_check = 0, double_check = 0;
  for (const std::string& fen : test::epd_fens(test::fixture("perft/perft.epd"))) {
    board::Position pos = test::pos(fen);
    test::walk(pos, 4, [&](board::Position& p) {
      ++positions;
      const board::Bitboard expected = checkers_from_scratch(p);
      in_check += bool(expected);
      double_check += expected.more_than_one();
      if (p.checkers() != expected) FAIL_CHECK(p.fen() << ": checkers differ from a count man by man");
    });
  }
  CHECK(positions > 10000000);
  CHECK(in_check > 100000);
  CHECK(double_check > 1000);
}
