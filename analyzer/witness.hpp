// Independent replay of a witness: every move must be legal in turn (checked against
// the move generator's list) and the final position must be checkmate of the loser.
#pragma once

#include <span>

#include "search/board/position.hpp"

namespace arbiter::analyzer {

bool replays_to_mate(const board::Position& root, std::span<const board::Move> line, board::Color winner);

}  // namespace arbiter::analyzer
