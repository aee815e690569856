// Positions that the rules let stand on a board but that no game can reach. They are
// valid input (composers need some of them, and every question about them is still well
// defined), so they are not errors: each is reported as a warning beside the answer.
// Checked here: more promoted men than missing pawns can explain; a double check that no
// last move can give; a halfmove clock past 150 (the 75-move rule ends a game there).
#pragma once

#include <string>
#include <vector>

#include "search/board/position.hpp"

namespace arbiter::board {

// One sentence per fact that shows the position cannot arise in a game; empty when none
// is found (which does not prove that it can: only these facts are looked for).
std::vector<std::string> implausibilities(const Position& pos);

// Whether the side to move stands in a check that no last move can have given (python-chess's
// "impossible check"): e.g. two rooks checking along one rank from either side.
bool impossible_check(const Position& pos);

}  // namespace arbiter::board
