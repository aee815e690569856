// A game lost from outside the board — a flag fall (Article 6.9) or a resignation — is
// a loss only if the opponent could still checkmate by some legal sequence; otherwise
// it is a draw. This file applies that test to a position.
#pragma once

#include <optional>
#include <string>

#include "analyzer/automatic_draws.hpp"
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
  Rules rules = Rules::Plain;  // the reading of "any possible series of legal moves" followed
  // Under the automatic draws, when the plain reading's verdict has another outcome: its
  // result, sentence and verdict (shown beside the strict one, never instead of it).
  struct Reading {
    std::optional<GameResult> result;
    std::string reason;
    search::Verdict winnability;
  };
  std::optional<Reading> plain;
};

// `loser` ran out of time or resigned in `pos`. Sound: a draw only when the opponent is
// proven unable to mate, a win only with a witness.
Adjudication adjudicate_loss(const board::Position& pos, board::Color loser, LossKind kind,
                             WinnabilityAnalyzer& analyzer, Rules rules = Rules::Plain);

// Completes the sentence from the opponent's verdict, e.g. "Black ran out of time, but
// White cannot checkmate by any legal sequence: draw". Used by adjudicate_loss and by
// the audit, which has the verdict already.
Adjudication adjudicate_from_verdict(board::Color loser, LossKind kind, search::Verdict opponent);
// The same from a verdict under some rules, with the plain reading beside it when it differs.
Adjudication adjudicate_from_ruled(board::Color loser, LossKind kind, RuledVerdict opponent);

}  // namespace arbiter::analyzer
