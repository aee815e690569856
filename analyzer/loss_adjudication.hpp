// A game lost from outside the board — a flag fall (Article 6.9) or a resignation — is
// a loss only if the opponent could still checkmate by some legal sequence; otherwise
// it is a draw. This file applies that test to a position.
#pragma once

#include <optional>
#include <string>

#include "analyzer/game_result.hpp"
#include "analyzer/winnability.hpp"
#include "search/board/position.hpp"
#include "search/verdict.hpp"

namespace arbiter::analyzer {

enum class LossKind : uint8_t { Timeout, Resignation };

struct Adjudication {
  // Empty when the opponent's winnability stayed undetermined: never a guessed result.
  std::optional<GameResult> result;
  std::string reason;  // one sentence: what happened and why it gives that result
  // The opponent's winnability, which the result rests on (absent when the board had
  // already ended the game by checkmate or stalemate).
  std::optional<search::Verdict> winnability;
  // Set when a rule had ended the game on the board before the loss: checkmate,
  // stalemate or the 75-move rule; the result is then that rule's.
  std::optional<Ending> ended_by;
  // A remark that does not change the result (e.g. the flagged side was not to move).
  std::string note;
};

// `loser` ran out of time or resigned in `pos`. Sound: a draw only when the opponent is
// proven unable to mate, a win only with a witness.
Adjudication adjudicate_loss(const board::Position& pos, board::Color loser, LossKind kind,
                             WinnabilityAnalyzer& analyzer);

// Completes the sentence from the opponent's verdict, e.g. "Black ran out of time, but
// White cannot checkmate by any legal sequence: draw". Used by adjudicate_loss and by
// the audit, which has the verdict already.
Adjudication adjudicate_from_verdict(board::Color loser, LossKind kind, search::Verdict opponent);

}  // namespace arbiter::analyzer
