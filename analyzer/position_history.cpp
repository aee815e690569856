#include "analyzer/position_history.hpp"

#include "search/board/packed.hpp"

namespace arbiter::analyzer {

bool stood_at_least(const board::Position& pos, int times) {
  if (times <= 1) return true;
  // Most windows are too short to hold plies_to_stand(times).
  const int window = std::min(pos.halfmove_clock(), pos.ply());
  if (window < plies_to_stand(times)) return false;
  // Earlier positions with the same key (same side to move, within the window): an
  // upper bound of the equal ones.
  if (pos.repetitions() + 1 < times) return false;
  // Walk back through the game, comparing the packed positions two plies apart.
  const board::PackedPosition here = board::pack(pos);
  board::Position back = pos;
  int stood = 1;
  for (int plies = 2; plies <= window; plies += 2) {
    back.undo_move(back.last_move());
    back.undo_move(back.last_move());
    if (back.key() == pos.key() && board::pack(back) == here && ++stood >= times) return true;
  }
  return false;
}

}  // namespace arbiter::analyzer
