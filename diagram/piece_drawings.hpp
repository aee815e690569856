// The project's own piece drawings: simple shapes in a 45 x 45 box (the square), filled
// light for White and dark for Black. Drawn for this project; no other piece set is used.
#pragma once

#include <string>

#include "search/board/types.hpp"

namespace arbiter::diagram {

// SVG elements (no enclosing group) drawing the piece in the box (0,0)-(45,45).
std::string piece_drawing(board::Piece piece);

}  // namespace arbiter::diagram
