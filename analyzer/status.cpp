#include "analyzer/status.hpp"

#include "analyzer/simple_rule.hpp"
#include "search/board/movegen.hpp"

namespace arbiter::analyzer {

const char* to_string(GameState s) {
  switch (s) {
    case GameState::Checkmate: return "checkmate";
    case GameState::Stalemate: return "stalemate";
    case GameState::SeventyFive: return "seventy-five";
    default: return "ongoing";
  }
}

Status status_of(const board::Position& pos) {
  Status s;
  s.in_check = pos.in_check();
  s.legal_moves = board::count_legal(pos);
  // A checkmate or stalemate ends the game first; else 150 plies without a capture or a
  // pawn move end it by the 75-move rule (Article 9.6.2), as first_rule_ending rules.
  if (s.legal_moves == 0) s.state = s.in_check ? GameState::Checkmate : GameState::Stalemate;
  else if (pos.halfmove_clock() >= 150) s.state = GameState::SeventyFive;
  s.simple_white = simple_can_mate(pos, board::Color::White);
  s.simple_black = simple_can_mate(pos, board::Color::Black);
  s.aware_white = aware_can_mate(pos, board::Color::White);
  s.aware_black = aware_can_mate(pos, board::Color::Black);
  s.seventy_five = s.state != GameState::Checkmate && pos.halfmove_clock() >= 150;
  return s;
}

}  // namespace arbiter::analyzer
