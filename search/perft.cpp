#include "search/perft.hpp"

#include "search/board/movegen.hpp"

namespace arbiter::search {

using namespace board;

uint64_t perft(Position& pos, int depth) {
  if (depth <= 0) return 1;
  if (depth == 1) return uint64_t(count_legal(pos));
  MoveList moves;
  generate_legal(pos, moves);
  uint64_t nodes = 0;
  for (Move m : moves) {
    pos.do_move(m);
    nodes += perft(pos, depth - 1);
    pos.undo_move(m);
  }
  return nodes;
}

std::vector<std::pair<Move, uint64_t>> perft_divide(Position& pos, int depth) {
  std::vector<std::pair<Move, uint64_t>> out;
  for (Move m : legal_moves(pos)) {
    pos.do_move(m);
    out.emplace_back(m, perft(pos, depth - 1));
    pos.undo_move(m);
  }
  return out;
}

}  // namespace arbiter::search
