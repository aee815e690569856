// A heuristic estimate of how far a position is from a mate by `winner`, used only to
// order searches (never to prove anything). Small is close: the losing king hemmed in
// (flight squares blocked by its own men or covered), in check, near an edge, and the
// winner's men near it.
#pragma once

#include "search/board/position.hpp"

namespace arbiter::search {

int mate_distance_estimate(const board::Position& pos, board::Color winner);

}  // namespace arbiter::search
