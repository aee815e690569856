// Legal move generation. Complete and exact: every legal move once, nothing else
// (checked against published perft counts). Pure functions of the position.
#pragma once

#include "search/board/move.hpp"
#include "search/board/position.hpp"

namespace arbiter::board {

// All legal moves of the side to move.
void generate_legal(const Position& pos, MoveList& out);
MoveList legal_moves(const Position& pos);
// The legal castling moves alone (a part of generate_legal's).
void generate_castling(const Position& pos, MoveList& out);
// The number of legal moves, counted without listing them (faster).
int count_legal(const Position& pos);
bool has_legal_move(const Position& pos);
// Whether `m` is one of the legal moves (legal_moves(pos).contains(m), without the list).
bool is_legal(const Position& pos, Move m);
// is_legal for an ordinary move or a promotion that the man of `type` on its origin makes
// by its reach (a caller that found the origin from the target square): what is left to
// ask, the king's safety, the check and the pin.
bool legal_once_reached(const Position& pos, Move m, PieceType type);

}  // namespace arbiter::board
