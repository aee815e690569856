// Helpmate problems: every solution of h#N (or h#N.5), as composers and solvers mean it.
// h#N: the side to move moves first and is the side mated; both sides cooperate, and the
// other side mates with its Nth move (2N plies). h#N.5: the mating side moves first,
// then N full move pairs (2N+1 plies). A solution is a sequence of moves; two that differ
// only in move order are distinct solutions. Draw rules (repetition, 75 moves) are not
// applied, as in problem practice.
// Not to be confused with search/explore/helpmate.hpp, which asks whether any mate exists at all.
#pragma once

#include <expected>
#include <string>
#include <string_view>
#include <vector>

#include "search/board/position.hpp"
#include "search/helpmate_tables.hpp"
#include "search/limits.hpp"

namespace arbiter::search {

// The stipulation "h#N" or "h#N.5".
struct Stipulation {
  static constexpr int kMinMoves = 1, kMaxMoves = 10;
  int moves = 2;      // N
  bool half = false;  // N.5: one move of the mating side comes first
  int plies() const { return 2 * moves + (half ? 1 : 0); }
  std::string to_string() const;  // "h#2", "h#2.5"
};

// Reads "N" or "N.5" (optionally prefixed "h#"), N from 1 to 10. The error says why not.
std::expected<Stipulation, std::string> parse_stipulation(std::string_view text);

struct HelpmateProblemOptions {
  bool first_only = false;  // stop at one solution (the same one with any thread count)
  // Size of the exact no-solution table as a power of two entries (32 bytes each);
  // 0 chooses from the number of plies.
  unsigned table_log2 = 0;
  // Exact helpmate tables, when given: a position they cover whose shortest helpmate is
  // longer than the plies left (or that has none) holds no solution, and is cut.
  const HelpmateTables* tables = nullptr;
  // Cut positions whose losing king cannot be mated for want of flights filled or covered
  // in time (search/proofs/flight_cover.hpp). Exact; off only to measure it or to check it
  // against the solver without it.
  bool flights_cut = true;
  // 1: the calling thread alone, without starting oneTBB's scheduler (whose start-up costs
  // a short problem's process more than its search). 0: as many threads as oneTBB allows
  // (one when a global_control allows one). The answer is the same.
  unsigned threads = 0;
};

struct HelpmateSolutions {
  // Each a line of exactly plies() legal moves from the root ending in checkmate of the
  // side that moved first in h#N. Sorted by the UCI text of the moves, so the list is
  // the same with 1 or N threads.
  std::vector<std::vector<board::Move>> solutions;
  // True when the search finished: the list is every solution (or, with first_only, one
  // solution or a proof that there is none). False when a limit stopped it: the list holds
  // those found so far, and others may exist.
  bool complete = true;
  Reason limit = Reason::NodeLimit;  // the limit hit, when not complete
  uint64_t nodes = 0;                // positions visited
};

// Exhaustive and exact: prunes only subtrees proven to hold no solution (the last move
// must give check; material that can never mate; a losing king out of the reach of any
// check in time, or whose flights cannot all be filled or covered in time; the helpmate
// tables' shortest length; an exact table of positions with no solution in d plies),
// and splices in the solutions below a position met again by
// another move order (an exact memo). Parallel with oneTBB over the first two plies;
// thread-safe; `limits` is spent in batches of 1024 nodes per task.
HelpmateSolutions solve_helpmate(const board::Position& root, Stipulation stipulation, Limits& limits,
                                 const HelpmateProblemOptions& options = {});

}  // namespace arbiter::search
