#include "analyzer/status.hpp"

#include "analyzer/simple_rule.hpp"
#include "search/board/movegen.hpp"

namespace arbiter::analyzer {

const char* to_string(GameState s) {
  switch (s) {
    case GameState::Checkmate: return "checkmate";
    case GameState::Stalemate: return "stalemate";
    default: return "ongoing";
  }
}

Status status_of(const board::Position& pos) {
  Status s;
  s.in_check = pos.in_check();
  s.legal_moves = board::count_legal(pos);
  if (s.legal_moves == 0) s.state = s.in_check ? GameState::Checkmate : GameState::Stalemate;
  s.simple_white = simple_can_mate(pos, board::Color::White);
  s.simple_black = simple_can_mate(pos, board::Color::Black);
  s.aware_white = aware_can_mate(pos, board::Color::White);
  s.aware_black = aware_can_mate(pos, board::Color::Black);
  s.seventy_five = s.state != GameState::Checkmate && pos.halfmove_clock() >= 150;
  return s;
}

}  // namespace arbiter::analyzer
