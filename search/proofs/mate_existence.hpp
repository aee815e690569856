// A static proof for small pawnless material: enumerate every placement of the men
// (and of every subset of them: men can be captured, never added, when there are no
// pawns) and look for a legal position in which `winner` has checkmated the other side.
// If there is none, no sequence of moves can ever reach one. Exact, no search.
#pragma once

#include <optional>
#include <string>

#include "search/board/position.hpp"

namespace arbiter::search {

// Applies to positions without pawns with at most three men besides the kings, or with
// up to two of the winner's and six of the loser's (one and seven); nothing (no
// conclusion) otherwise. Bishops keep the colour of their squares, and two bishops never
// give check together (impossible without pawns). The argument, when no mate position
// exists.
// `Everywhere` places the loser's men on every square even where placing them beside
// their king is enough (it is then limited to three men): the tests check the reduction
// against it.
enum class Placement { BesideKingWhenSound, Everywhere };
// `Off` leaves out the pruning (mate_existence.cpp: the checker placed where it checks, the
// flights bound), which skips only placements that cannot be mates: the tests check it
// against the enumeration without it.
enum class Pruning { Used, Off };
std::optional<std::string> no_mate_position_exists(const board::Position& pos, board::Color winner,
                                                   Placement placement = Placement::BesideKingWhenSound,
                                                   Pruning pruning = Pruning::Used);

}  // namespace arbiter::search
