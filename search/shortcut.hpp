// Shortens a witness line by shortcuts: wherever one legal move leads from a position
// of the line to a later position of the line, the detour between them is dropped.
// The result is a legal line from the same root to the same final mate, never longer.
#pragma once

#include <vector>

#include "search/board/position.hpp"

namespace arbiter::search {

std::vector<board::Move> shortcut_line(const board::Position& root, const std::vector<board::Move>& line);

}  // namespace arbiter::search
