// Sound material facts: positions where the men on the board can never produce a
// checkmate by `winner`, whatever moves follow. Never claims more than is proven:
// K+N against K+P is NOT covered (the pawn can block its own king).
#pragma once

#include <optional>
#include <string>

#include "search/board/position.hpp"

namespace arbiter::search {

// The argument when material alone forbids a mate by `winner`, else nothing.
// Covered: a lone king; K+N or K+bishops-on-one-colour against a lone king; and any
// position whose only men besides the kings are bishops all on squares of one colour.
std::optional<std::string> material_forbids_mate(const board::Position& pos, board::Color winner);

// The same test without the explanation, for use inside searches (no allocation).
bool material_forbids_mate_fast(const board::Position& pos, board::Color winner);

}  // namespace arbiter::search
