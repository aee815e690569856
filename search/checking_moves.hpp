// The legal moves that give check, generated without listing every legal move: only a
// man that can reach a checking square, or that uncovers a line to the enemy king, is
// looked at. Exact: the same set as legal_moves() filtered by gives_check() (rare cases
// -- the mover in check, castling rights, en passant -- take that path itself), in no
// particular order. Used where the last move of a helpmate must mate.
#pragma once

#include <optional>
#include <utility>

#include "search/board/move.hpp"
#include "search/board/position.hpp"

namespace arbiter::search {

// The checking moves of a position (MoveList, which is not cleared on construction).
using CheckingMoves = board::MoveList;

void generate_checking_moves(const board::Position& pos, CheckingMoves& out);

// Whether the enemy king will have a legal step after our legal move `m`, judged without
// making the move. Exact (castling and en passant are made on a copy). A checking move
// that leaves the king a step is no mate, whatever else.
bool king_can_step_after(const board::Position& pos, board::Move m);

// Whether a man of the side to move other than its king has a legal move: in check, one
// that takes the checker or steps between, found from the checking line. Exact; with the
// king's own steps, this is has_legal_move. Where an en-passant capture is possible, and
// out of check, the legal moves are listed.
bool other_man_saves_king(const board::Position& pos);

// Exact mate test for the side to move when it is in check. A king step to a square no
// enemy man attacks is a legal move and refutes the mate at once; only when there is none
// is another man asked to save the king (other_man_saves_king).
bool checked_side_is_mated(const board::Position& pos);

// A move of the side to move that mates at once, if any: checks only, and those that
// leave the king a step are dropped before they are made.
std::optional<board::Move> find_mating_move(board::Position& pos);

// The same, also counting the checks that leave the king no step but are no mate (a man
// can take the checker or step between): `near` is their number when no mate is found.
std::optional<board::Move> find_mating_move(board::Position& pos, int& near);

// A move of the side to move and the other side's mate in one after it, found only where
// the other side threatens mate already (it would mate at once if it were its turn): the
// moves are then tried in generation order, the first that leaves a mate in one is
// returned. A helpmate's loser often only has to wait. Not complete: a move that makes a
// mate possible where none is threatened (a self-block, a guard taken away) is not looked
// for. Nothing when the side to move is in check.
std::optional<std::pair<board::Move, board::Move>> find_pass_and_mate(board::Position& pos);

}  // namespace arbiter::search
