// Whether `winner` mates in exactly `plies` plies, for tests of the pruning bounds: by hand
// for one ply, else the exact problem solver (first solution only), with or without its
// flights cut, so that a test of that cut can use a reference that does not.
#pragma once

#include <catch2/catch.hpp>

#include "search/board/movegen.hpp"
#include "search/checking_moves.hpp"
#include "search/problems/problem_helpmate.hpp"

namespace arbiter::test {

inline bool mate_in_exactly(const board::Position& pos, board::Color winner, int plies, bool flights_cut = true) {
  if (plies == 1) {
    for (board::Move m : board::legal_moves(pos)) {
      board::Position after = pos;
      after.do_move(m);
      if (after.in_check() && search::checked_side_is_mated(after)) return true;
    }
    return false;
  }
  search::Stipulation stipulation;
  stipulation.half = pos.side_to_move() == winner;
  stipulation.moves = plies / 2;
  search::Limits limits;
  search::HelpmateProblemOptions options;
  options.first_only = true;
  options.flights_cut = flights_cut;
  auto found = search::solve_helpmate(pos, stipulation, limits, options);
  REQUIRE(found.complete);
  return !found.solutions.empty();
}

}  // namespace arbiter::test
