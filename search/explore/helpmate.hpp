// The cooperative (helpmate) search: is there a sequence of legal moves, both sides
// cooperating, that ends with `winner` checkmating the other side?
// Iterative deepening over plies with move ordering aimed at mate and a shared
// transposition table. Sound: a returned line is legal from the root and ends in mate.
// Complete only up to the depth it finished; it never proves unwinnability.
#pragma once

#include <optional>
#include <vector>

#include "search/board/position.hpp"
#include "search/helpmate_tables.hpp"
#include "search/limits.hpp"
#include "search/explore/transposition.hpp"

namespace arbiter::search {

struct HelpmateConfig {
  int max_plies = 120;
  // Diversifies move ordering between parallel searchers: which corner the losing
  // king is steered to (0 = nearest, 1 = second nearest, ...).
  int variant = 0;
  // Exact tables, when given: a position they cover is a leaf (its shortest helpmate read,
  // not searched). Lines found stay shortest for the depth reached.
  const HelpmateTables* tables = nullptr;
  // Cut positions whose losing king's flights cannot all be covered or filled in time
  // (search/proofs/flight_cover.hpp). Exact; where the winner has few men it proves far
  // more in the same nodes, but each node costs more, so it is for proving (shortening).
  bool flights_cut = false;
  // Remember the last-ply positions without a mating move, so that a position met again
  // is not looked at again. Changes no node count and no result; off only to check that.
  bool last_ply_memo = true;
};

struct HelpmateResult {
  std::optional<std::vector<board::Move>> line;  // the witness, when found
  int depth_completed = 0;                       // no mate exists within this many plies
  // Iterative deepening: a line found is a shortest one (every shorter depth was complete).
};

HelpmateResult find_helpmate(const board::Position& root, board::Color winner, Limits& limits,
                             TranspositionTable& table, const HelpmateConfig& config = {});

}  // namespace arbiter::search
