// Perft: the number of leaf nodes of the legal move tree to a fixed depth. The
// regression signature of the move generator (see tests/data and perft.epd).
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "search/board/position.hpp"

namespace arbiter::search {

// Leaves at `depth` plies (bulk-counted at the last ply). depth 0 is 1.
uint64_t perft(board::Position& pos, int depth);

// The count below each legal root move, in generation order.
std::vector<std::pair<board::Move, uint64_t>> perft_divide(board::Position& pos, int depth);

}  // namespace arbiter::search
