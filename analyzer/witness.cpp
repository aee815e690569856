#include "analyzer/witness.hpp"

#include "search/board/movegen.hpp"

namespace arbiter::analyzer {

using namespace board;

bool replays_to_mate(const Position& root, std::span<const Move> line, Color winner) {
  Position pos = root;
  for (Move m : line) {
    if (!is_legal(pos, m)) return false;
    pos.do_move(m);
  }
  return pos.side_to_move() == ~winner && pos.in_check() && !has_legal_move(pos);
}

}  // namespace arbiter::analyzer
