// Rule 5.2.2 along a game: the first ply at which neither side can checkmate by any
// legal sequence. Deadness only spreads forwards — every position reached from a dead
// one is dead, since a mate from the later position would also be a mate from the
// earlier — so the dead plies of a game are a suffix. One analysis of the last position
// clears an ordinary game (some side can still mate there, so no earlier position was
// dead); only when the last position is dead does a binary search look for the first.
#pragma once

#include <optional>
#include <span>

#include "analyzer/winnability.hpp"
#include "search/board/position.hpp"
#include "search/verdict.hpp"

namespace arbiter::analyzer {

struct DeadPositionCheck {
  enum class Kind : uint8_t {
    Live,          // some side can still mate at the last position: no ply was dead
    Dead,          // `ply` is the first dead ply (or, if !exact, a dead ply: the first is at most there)
    Undetermined,  // the analysis of the last position hit a limit
  } kind = Kind::Undetermined;
  int ply = 0;
  bool exact = true;
  // The verdicts computed at the last position (a side is absent when it was not needed:
  // once `first` is winnable, the other side is not asked).
  std::optional<search::Verdict> white, black;
  // The reasons that proved the first dead position (Dead only).
  std::string why;
};

// Looks at the positions after 0..last plies of the game. `first` is the side whose
// verdict at the last position the caller needs (asked first, with the full budget);
// without one, either side's mate will do, and each side is first given a twentieth of
// the budget (an easy mate for one side is then not found only after a hard one for the
// other), the side with more force first. Earlier plies (the binary search) are probed
// that way too.
DeadPositionCheck find_dead_position(const board::Position& start, std::span<const board::Move> moves, int last,
                                     std::optional<board::Color> first, WinnabilityAnalyzer& analyzer);
// The same, given the position after `last` plies (saves replaying the game to it).
DeadPositionCheck find_dead_position(const board::Position& start, std::span<const board::Move> moves, int last,
                                     const board::Position& last_position, std::optional<board::Color> first,
                                     WinnabilityAnalyzer& analyzer);

}  // namespace arbiter::analyzer
