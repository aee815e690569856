// The simple material table most servers apply (docs/rules.md §2). It is NOT the FIDE test:
// it ignores the opponent's men and the structure; offered so users can compare.
#pragma once

#include "search/board/position.hpp"

namespace arbiter::analyzer {

// True unless c has only: the king; king and one bishop; king and one knight; or
// king and any number of bishops all on squares of one colour.
bool simple_can_mate(const board::Position& pos, board::Color c);

}  // namespace arbiter::analyzer
