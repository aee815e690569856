// The state of a position as the rules see it at once: checkmate, stalemate, drawn by
// the 75-move rule (a halfmove clock of 150 or more, as `audit` rules at ply 0) or
// ongoing, check, mobility, and the simple material table for both sides.
#pragma once

#include "search/board/position.hpp"

namespace arbiter::analyzer {

enum class GameState { Ongoing, Checkmate, Stalemate, SeventyFive };
const char* to_string(GameState s);

struct Status {
  GameState state = GameState::Ongoing;
  bool in_check = false;
  int legal_moves = 0;
  bool simple_white = false;  // can White mate by the simple table?
  bool simple_black = false;
  bool aware_white = false;  // can White mate by the opponent-aware rule (python-chess, Lichess)?
  bool aware_black = false;
  bool seventy_five = false;  // the halfmove clock has reached 150: drawn by 9.6.2 (unless mate)
};

Status status_of(const board::Position& pos);

}  // namespace arbiter::analyzer
