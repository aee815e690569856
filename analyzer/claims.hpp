// The draws a player must claim (docs/rules.md §3): threefold repetition (9.2) and the
// 50-move rule (9.3). For the audit's --claims: the first moment in a game at which a
// claim would have been correct, either on the position on the board or by writing an
// intended move that completes the repetition or the fifty moves.
#pragma once

#include <optional>
#include <span>

#include "search/board/position.hpp"

namespace arbiter::analyzer {

struct ClaimPoint {
  int ply;                // plies played when the claim could be made (before the next move)
  board::Color claimant;  // the player to move there
  // Set when the claim rests on an intended move rather than on the position on the board.
  std::optional<board::Move> intended;
};

// Looks at the start position and after each of the first `last` moves.
std::optional<ClaimPoint> first_threefold_claim(const board::Position& start, std::span<const board::Move> moves,
                                                int last);
std::optional<ClaimPoint> first_fifty_move_claim(const board::Position& start, std::span<const board::Move> moves,
                                                 int last);

// Whether the player to move after `last` plies could claim (on the board or with an
// intended move): used to confirm the draws that tags say were claimed.
bool threefold_claim_valid_at(const board::Position& start, std::span<const board::Move> moves, int last);
bool fifty_move_claim_valid_at(const board::Position& start, std::span<const board::Move> moves, int last);

}  // namespace arbiter::analyzer
