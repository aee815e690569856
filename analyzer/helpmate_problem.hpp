// A helpmate problem as the front ends report it: the solutions of the stipulation and,
// unless only the first is asked for, the short solutions (mate in fewer moves), which
// problem solvers report apart as cooks. Every solution is replayed by the move generator
// before it is returned; one that does not replay is dropped and described.
#pragma once

#include <atomic>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "search/board/position.hpp"
#include "search/limits.hpp"
#include "search/problems/problem_helpmate.hpp"

namespace arbiter::analyzer {

// The solutions of a shorter stipulation than the one asked (h#3 under h#4).
struct ShortSolutions {
  search::Stipulation stipulation;
  search::HelpmateSolutions result;
};

struct HelpmateProblemAnswer {
  search::HelpmateSolutions result;
  // Empty when not looked for (first_only).
  std::optional<std::vector<ShortSolutions>> shorter;
  // One line per solution that did not replay to mate in exactly its plies (an internal
  // error: the solution is not in `result` or `shorter`).
  std::vector<std::string> not_replayed;
};

// The limits of each search: the stipulation's, then each shorter one's, gets its own
// node budget; all share the deadline and the interruption flag.
struct ProblemLimits {
  uint64_t max_nodes = std::numeric_limits<uint64_t>::max();
  search::Limits::Clock::time_point deadline = search::Limits::Clock::time_point::max();
  const std::atomic<bool>* interrupt = nullptr;
};

HelpmateProblemAnswer solve_helpmate_problem(const board::Position& pos, search::Stipulation stipulation,
                                             const search::HelpmateProblemOptions& options,
                                             const ProblemLimits& limits);

}  // namespace arbiter::analyzer
