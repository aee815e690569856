#include "analyzer/position_history.hpp"

namespace arbiter::analyzer {

void PositionHistory::push(const board::Position& pos) {
  if (pos.halfmove_clock() == 0) window_.clear();
  window_.push_back({pos.key(), board::pack(pos)});
}

int PositionHistory::occurrences(const board::Position& pos) const {
  int n = 0;
  board::PackedPosition packed;
  bool packed_ready = false;
  for (const Entry& e : window_) {
    if (e.key != pos.key()) continue;
    if (!packed_ready) packed = board::pack(pos), packed_ready = true;
    if (e.packed == packed) ++n;
  }
  return n;
}

}  // namespace arbiter::analyzer
