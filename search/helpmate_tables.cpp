#include "search/helpmate_tables.hpp"

#include <algorithm>
#include <array>
#include <utility>

#include "search/board/movegen.hpp"

namespace arbiter::search {

std::optional<std::vector<board::Move>> table_line(const HelpmateTables& tables, const board::Position& pos,
                                                   board::Color winner, ChildOrder order) {
  TableAnswer here = tables.probe(pos, winner);
  if (here.kind != TableAnswer::Kind::Mate) return std::nullopt;
  board::Position p = pos;
  std::vector<board::Move> line;
  // Each step goes to a child whose shortest helpmate is one ply shorter; an exact table
  // always has one. Children after a capture or promotion are probed in their own tables.
  for (int left = here.plies; left > 0; --left) {
    std::optional<board::Move> next;
    board::MoveList moves = board::legal_moves(p);
    if (order) {  // the children by the caller's guess, nearest first (ties in move order)
      std::array<std::pair<int, board::Move>, board::MoveList::kCapacity> keyed;
      for (std::size_t i = 0; i < moves.size(); ++i) {
        p.do_move(moves[i]);
        keyed[i] = {order(p, winner), moves[i]};
        p.undo_move(moves[i]);
      }
      std::stable_sort(keyed.begin(), keyed.begin() + std::ptrdiff_t(moves.size()),
                       [](const auto& a, const auto& b) { return a.first < b.first; });
      for (std::size_t i = 0; i < moves.size(); ++i) moves[i] = keyed[i].second;
    }
    for (board::Move m : moves) {
      p.do_move(m);
      const TableAnswer child = tables.probe(p, winner);
      p.undo_move(m);
      if (child.kind == TableAnswer::Kind::Mate && child.plies == left - 1) {
        next = m;
        break;
      }
    }
    if (!next) return std::nullopt;  // tables that disagree with themselves: no line
    line.push_back(*next);
    p.do_move(*next);
  }
  return line;
}

}  // namespace arbiter::search
