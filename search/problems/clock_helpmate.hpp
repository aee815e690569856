// The helpmate question under the automatic draws of Article 9.6: can `winner` mate before
// the 75-move rule (9.6.2) ends the game? The halfmove clock limits the plies that may pass
// without a capture or a pawn move: from clock c, at most 150 - c of them, and the last may
// reach 150 only if it mates (9.6.2: a mate on that move takes precedence). A capture or a
// pawn move (a reset) sets the clock to 0 and no earlier position can stand again; the
// question at the position after a reset is answered by the caller (the oracle), which may
// run the whole analysis there.
//
// A depth-first search over the non-resetting moves, each position with the plies left
// (a position that failed with n plies left fails with fewer: the lines are a subset).
// Sound for both answers:
// - a mate (or a reset the oracle proves winnable) gives a line, which the caller replays
//   under the rules before trusting it;
// - "no mate" only when every line of non-resetting moves within the plies left was seen
//   without a mate and the oracle proved every reset reached unwinnable. The fivefold
//   repetition (9.6.1) is ignored here, which only adds lines: a proof without it holds
//   with it. A move back to a position on the current line is not followed: a mate after
//   such a cycle is also reached without it, in fewer plies.
// Any limit hit, or any reset the oracle leaves undetermined, keeps the answer open.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "search/board/move.hpp"
#include "search/board/position.hpp"
#include "search/limits.hpp"
#include "search/verdict.hpp"

namespace arbiter::search {

// The question at a position just after a reset, as the oracle answers it.
struct ResetAnswer {
  Outcome outcome = Outcome::Undetermined;
  std::vector<board::Move> line;  // winnable: from the position after the reset to the mate
  uint64_t nodes = 0;             // what answering cost (charged to the search's limits)
  Reason limit = Reason::NodeLimit;
};
// `after`: the position after the reset, its history included; `max_nodes`: the budget left.
using ResetOracle = std::function<ResetAnswer(const board::Position& after, uint64_t max_nodes)>;

struct ClockHelpmateResult {
  Outcome outcome = Outcome::Undetermined;
  std::vector<board::Move> line;  // winnable: from the root to the mate
  Reason limit = Reason::NodeLimit;  // undetermined: the limit hit (or the oracle's)
  uint64_t nodes = 0;                // positions visited here and by the oracle
  uint64_t resets = 0;               // distinct positions after a reset the oracle answered
};

// `root` must not be over (it has a legal move) and its clock must be below 150.
ClockHelpmateResult clock_limited_helpmate(const board::Position& root, board::Color winner, Limits& limits,
                                           const ResetOracle& oracle);

}  // namespace arbiter::search
