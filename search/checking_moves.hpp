// The legal moves that give check, generated without listing every legal move: only a
// man that can reach a checking square, or that uncovers a line to the enemy king, is
// looked at. Exact: the same set as legal_moves() filtered by gives_check() (rare cases
// -- the mover in check, castling rights, en passant -- take that path itself), in no
// particular order. Used where the last move of a helpmate must mate.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>

#include "search/board/move.hpp"
#include "search/board/position.hpp"

namespace arbiter::search {

// A list of moves that is not cleared on construction (MoveList zeroes 512 bytes, a cost
// that shows at the millions of last-ply positions of a helpmate search).
class CheckingMoves {
 public:
  void push(board::Move m) { raw_[size_++] = m.raw(); }
  std::size_t size() const { return size_; }
  board::Move operator[](std::size_t i) const { return board::Move::from_raw(raw_[i]); }

 private:
  std::array<uint16_t, board::MoveList::kCapacity> raw_;  // no legal position has more moves
  std::size_t size_ = 0;
};

void generate_checking_moves(const board::Position& pos, CheckingMoves& out);

// Whether the enemy king will have a legal step after our legal move `m`, judged without
// making the move. Exact (castling and en passant are made on a copy). A checking move
// that leaves the king a step is no mate, whatever else.
bool king_can_step_after(const board::Position& pos, board::Move m);

// Exact mate test for the side to move when it is in check. A king step to a square no
// enemy man attacks is a legal move and refutes the mate at once; only when there is none
// are all the legal moves counted.
bool checked_side_is_mated(const board::Position& pos);

// A move of the side to move that mates at once, if any: checks only, and those that
// leave the king a step are dropped before they are made.
std::optional<board::Move> find_mating_move(board::Position& pos);

// The same, also counting the checks that leave the king no step but are no mate (a man
// can take the checker or step between): `near` is their number when no mate is found.
std::optional<board::Move> find_mating_move(board::Position& pos, int& near);

}  // namespace arbiter::search
