// The endings the board itself decides at once, in the order of docs/rules.md §3:
// checkmate, stalemate, fivefold repetition, the 75-move rule. (Dead positions, the
// third rule in that order, need the winnability analysis: see dead_position.hpp.)
#pragma once

#include <optional>
#include <span>

#include "analyzer/game_result.hpp"
#include "analyzer/position_history.hpp"
#include "search/board/position.hpp"

namespace arbiter::analyzer {

struct RuleEnding {
  Ending kind;  // Checkmate, Stalemate, Fivefold or SeventyFive
  int ply;      // plies played from the start position when it happened (0: at the start)
  GameResult result;
};

// The first such ending along the game, looking at the start position and after every
// move. The moves must be legal in sequence (a replayed game).
std::optional<RuleEnding> first_rule_ending(const board::Position& start, std::span<const board::Move> moves);

namespace detail {
std::optional<RuleEnding> rule_ending_at(const board::Position& pos, int ply, bool game_goes_on);
}

// The ending standing in pos, `ply` plies into the game (pos carries the game's moves):
// first_rule_ending one position at a time, for a caller that walks the game anyway.
// `game_goes_on`: a next move is legal in pos, so it is neither checkmate nor stalemate
// (and its legal moves are not generated). Standing five times takes 16 plies without a
// capture or a pawn move, the 75-move rule 150: most positions of a game going on are
// settled here, without a call.
inline std::optional<RuleEnding> rule_ending_at(const board::Position& pos, int ply, bool game_goes_on) {
  if (game_goes_on && pos.halfmove_clock() < plies_to_stand(5)) return std::nullopt;
  return detail::rule_ending_at(pos, ply, game_goes_on);
}

// The position after the first `plies` moves.
board::Position position_after(const board::Position& start, std::span<const board::Move> moves, int plies);

}  // namespace arbiter::analyzer
