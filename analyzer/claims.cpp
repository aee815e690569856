#include "analyzer/claims.hpp"

#include "analyzer/position_history.hpp"
#include "analyzer/rule_endings.hpp"
#include "search/board/movegen.hpp"

namespace arbiter::analyzer {

using board::Move;
using board::Position;

namespace {

// A threefold claim at pos (which carries the game's moves): the position stands for the
// third time, or some legal move would bring a position about to stand for the third time.
std::optional<ClaimPoint> threefold_here(Position& pos) {
  if (stood_at_least(pos, 3)) return ClaimPoint{pos.ply(), pos.side_to_move(), std::nullopt};
  for (Move m : board::legal_moves(pos)) {
    pos.do_move(m);
    bool third = pos.halfmove_clock() != 0 && stood_at_least(pos, 3);
    pos.undo_move(m);
    if (third) return ClaimPoint{pos.ply(), pos.side_to_move(), m};
  }
  return std::nullopt;
}

// A 50-move claim at pos: 100 plies without pawn move or capture, or a legal move that
// completes them.
std::optional<ClaimPoint> fifty_here(Position& pos) {
  if (pos.halfmove_clock() >= 100) return ClaimPoint{pos.ply(), pos.side_to_move(), std::nullopt};
  if (pos.halfmove_clock() == 99)
    for (Move m : board::legal_moves(pos)) {
      pos.do_move(m);
      bool completes = pos.halfmove_clock() == 100;
      pos.undo_move(m);
      if (completes) return ClaimPoint{pos.ply(), pos.side_to_move(), m};
    }
  return std::nullopt;
}

}  // namespace

std::optional<ClaimPoint> first_threefold_claim(const Position& start, std::span<const Move> moves, int last) {
  Position pos = start;
  for (int i = 0;; ++i) {
    if (auto c = threefold_here(pos)) return c;
    if (i == last) return std::nullopt;
    pos.do_move(moves[i]);
  }
}

std::optional<ClaimPoint> first_fifty_move_claim(const Position& start, std::span<const Move> moves, int last) {
  Position pos = start;
  for (int i = 0;; ++i) {
    if (auto c = fifty_here(pos)) return c;
    if (i == last) return std::nullopt;
    pos.do_move(moves[i]);
  }
}

bool threefold_claim_valid_at(const Position& start, std::span<const Move> moves, int last) {
  Position pos = position_after(start, moves, last);
  return threefold_here(pos).has_value();
}

bool fifty_move_claim_valid_at(const Position& start, std::span<const Move> moves, int last) {
  Position pos = position_after(start, moves, last);
  return fifty_here(pos).has_value();
}

}  // namespace arbiter::analyzer
