// A goal-directed helpmate search for a winner with a king and one minor piece alone.
// Such a winner mates only with the loser's help: its king in a corner, the flights the
// winner's men cannot cover blocked by the loser's own men. The search first lists those
// mating nets (a corner, a square for the winner's king, the checking squares of the
// piece, the one or two flights that loser men must fill), then runs a depth-first search
// with iterative deepening that follows only the moves that keep some net within reach:
// a position is cut when every net needs more plies than are left, counting each man's
// moves to its place on an empty board (king steps; the piece's moves; for the blockers,
// a pawn's steps or its promotion and the new piece's moves). The counts can be wrong
// both ways (the board is not empty), so the search is incomplete: it finds witnesses,
// never proves their absence, and a witness is an ordinary legal line ending in mate.
#pragma once

#include <optional>
#include <vector>

#include "search/board/position.hpp"
#include "search/limits.hpp"

namespace arbiter::search {

// True when the search applies: the winner has its king and exactly one knight or
// bishop, and the loser at least one man besides its king.
bool mating_net_applies(const board::Position& pos, board::Color winner);

// A line from `root` that ends in a mate by `winner`, or nothing (no net within
// `max_plies`, or the limits hit). Each position expanded spends 1 + (number of its
// moves) nodes, as in the explorations.
std::optional<std::vector<board::Move>> find_net_mate(const board::Position& root, board::Color winner,
                                                      Limits& limits, int max_plies = 80);

}  // namespace arbiter::search
