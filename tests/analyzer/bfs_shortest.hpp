// The length of the shortest helpmate by breadth-first search, for tests: an independent
// check of what the analysis and the fixtures claim.
#pragma once

#include <set>
#include <string>
#include <vector>

#include "search/board/movegen.hpp"
#include "search/board/position.hpp"

namespace arbiter::test {

// The length in plies of the shortest helpmate by `winner`, by breadth-first search over
// the legal moves (positions told apart by FEN without the move counters); -1 when none
// exists within `max_plies`. Shares no code with the analysis but the move generator.
inline int bfs_shortest(const board::Position& root, board::Color winner, int max_plies) {
  auto key = [](const board::Position& p) {
    std::string fen = p.fen();
    return fen.substr(0, fen.rfind(' ', fen.rfind(' ') - 1));
  };
  std::vector<board::Position> layer{root};
  std::set<std::string> seen{key(root)};
  for (int plies = 0; plies <= max_plies; ++plies) {
    std::vector<board::Position> next;
    for (board::Position& p : layer) {
      auto moves = board::legal_moves(p);
      if (moves.size() == 0) {
        if (p.in_check() && p.side_to_move() != winner) return plies;
        continue;
      }
      for (board::Move m : moves) {
        board::Position child = p;
        child.do_move(m);
        if (seen.insert(key(child)).second) next.push_back(std::move(child));
      }
    }
    layer = std::move(next);
  }
  return -1;
}

}  // namespace arbiter::test
