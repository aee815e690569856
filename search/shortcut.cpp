#include "search/shortcut.hpp"

#include <unordered_map>

#include "search/board/movegen.hpp"
#include "search/board/packed.hpp"

namespace arbiter::search {

using namespace board;

std::vector<Move> shortcut_line(const Position& root, const std::vector<Move>& line) {
  // The positions of the line, exactly, and where each last stands.
  std::vector<PackedPosition> packed{pack(root)};
  std::unordered_multimap<uint64_t, std::size_t> at;
  at.emplace(root.key(), 0);
  Position pos = root;
  for (Move m : line) {
    pos.do_move(m);
    packed.push_back(pack(pos));
    at.emplace(pos.key(), packed.size() - 1);
  }
  std::vector<Move> out;
  std::size_t i = 0;
  while (i + 1 < packed.size()) {
    Position here = unpack(packed[i], root);
    std::size_t best = i + 1;
    Move best_move = line[i];
    for (Move m : legal_moves(here)) {
      here.do_move(m);
      auto [lo, hi] = at.equal_range(here.key());
      PackedPosition p;
      bool have = false;
      for (auto it = lo; it != hi; ++it) {
        if (it->second <= best) continue;
        if (!have) p = pack(here), have = true;
        if (packed[it->second] == p) best = it->second, best_move = m;
      }
      here.undo_move(m);
    }
    out.push_back(best_move);
    i = best;
  }
  return out;
}

}  // namespace arbiter::search
