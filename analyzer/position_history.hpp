// The positions of a game so far, for the repetition rules: how many times a position
// has stood, under the FIDE notion of "same position" (9.2.3: side to move, men on the
// same squares, castling rights, and en passant only when a capture is legal — which is
// what PackedPosition encodes). Exact: keys pick candidates, packed bytes decide.
#pragma once

#include <cstdint>
#include <vector>

#include "search/board/packed.hpp"
#include "search/board/position.hpp"

namespace arbiter::analyzer {

class PositionHistory {
 public:
  // Records the position just reached. After a pawn move or a capture no earlier
  // position can return, so the window restarts there.
  void push(const board::Position& pos);
  // How many recorded positions equal pos (pos itself counts if it was pushed).
  int occurrences(const board::Position& pos) const;

 private:
  struct Entry {
    uint64_t key;
    board::PackedPosition packed;
  };
  std::vector<Entry> window_;
};

}  // namespace arbiter::analyzer
