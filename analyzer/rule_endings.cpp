#include "analyzer/rule_endings.hpp"

#include "analyzer/position_history.hpp"
#include "search/board/movegen.hpp"

namespace arbiter::analyzer {

using board::Position;

std::optional<RuleEnding> detail::rule_ending_at(const Position& pos, int ply, bool game_goes_on) {
  if (!game_goes_on && !board::has_legal_move(pos)) {
    if (pos.in_check()) return RuleEnding{Ending::Checkmate, ply, win_for(~pos.side_to_move())};
    return RuleEnding{Ending::Stalemate, ply, GameResult::Draw};
  }
  if (stood_at_least(pos, 5)) return RuleEnding{Ending::Fivefold, ply, GameResult::Draw};
  // 75 moves by each side: 150 plies without a pawn move or a capture. A checkmate on
  // the completing move was caught above and takes precedence.
  if (pos.halfmove_clock() >= 150) return RuleEnding{Ending::SeventyFive, ply, GameResult::Draw};
  return std::nullopt;
}

std::optional<RuleEnding> first_rule_ending(const Position& start, std::span<const board::Move> moves) {
  Position pos = start;
  if (auto e = rule_ending_at(pos, 0, !moves.empty())) return e;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    pos.do_move(moves[i]);
    if (auto e = rule_ending_at(pos, int(i + 1), i + 1 < moves.size())) return e;
  }
  return std::nullopt;
}

Position position_after(const Position& start, std::span<const board::Move> moves, int plies) {
  Position pos = start;
  for (int i = 0; i < plies; ++i) pos.do_move(moves[i]);
  return pos;
}

}  // namespace arbiter::analyzer
