// A goal-directed helpmate search for a winner with a king and one minor piece alone.
// Such a winner mates only with the loser's help: the flights the winner's men cannot
// cover are blocked by the loser's own men, most often in a corner, but on an edge or in
// the middle too. The search first lists those mating nets (a square for the losing king,
// a square for the winner's king two steps away or none, the checking squares of the
// piece, the flights left that loser men must fill), then, for each square of the losing
// king whose nets are within reach, a depth-first search with iterative deepening that
// follows only the moves that keep a net of that square within reach (the searches of all
// squares deepen together, nearest first; each follows at most two waiting moves a turn,
// so that a loser with men to spare does not multiply the lines): a position is cut when
// every net of the square needs more plies than are left, counting each man's moves to
// its place on an empty board (king steps; the piece's moves; for the blockers, the
// cheapest assignment of distinct men to the flights, a pawn moving up its own file (it
// could leave it only by taking the mating piece) or promoting there and moving on; a
// piece, or a pawn's new piece, only on a flight from which, for some checking square of
// the net, it could neither take the checker nor step between it and the king, or the
// check would be no mate). The counts can be wrong both ways (the board is not empty,
// another man may interpose or take the checker), so the search is
// incomplete: it finds witnesses, never proves their absence, and a witness is an
// ordinary legal line ending in mate.
#pragma once

#include <optional>
#include <vector>

#include "search/board/position.hpp"
#include "search/limits.hpp"

namespace arbiter::search {

// True when the search applies: the winner has its king and exactly one knight or
// bishop, and the loser at least one man besides its king.
bool mating_net_applies(const board::Position& pos, board::Color winner);

// Which nets the search aims at: the losing king in a corner with at most two flights
// for its men to fill, or on any square with at most four.
enum class NetReach { Corners, Anywhere };

// A line from `root` that ends in a mate by `winner`, or nothing (no net of `reach`
// within `max_plies`, or the limits hit). Each position expanded spends 1 + (number of its
// moves) nodes, as in the explorations.
std::optional<std::vector<board::Move>> find_net_mate(const board::Position& root, board::Color winner,
                                                      Limits& limits, NetReach reach = NetReach::Corners,
                                                      int max_plies = 80);

}  // namespace arbiter::search
