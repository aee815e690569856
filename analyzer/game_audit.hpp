// The audit of one game (docs/rules.md §3): the correct result under the FIDE ending rules,
// the ending that decides it and at which ply, compared with the recorded result.
// The board decides first (checkmate, stalemate, dead position, fivefold, 75 moves, in
// that order after every move; later moves are void); when the moves run out without
// such an ending, the tags say what happened (timeout, resignation, agreement, a claim)
// and the winnability test applies to timeouts and resignations.
#pragma once

#include <optional>
#include <span>
#include <string>

#include "analyzer/automatic_draws.hpp"
#include "analyzer/claims.hpp"
#include "analyzer/game_result.hpp"
#include "analyzer/termination_tags.hpp"
#include "analyzer/winnability.hpp"
#include "search/board/position.hpp"

namespace arbiter::analyzer {

struct AuditOptions {
  bool claims = false;  // also find the first correct threefold and 50-move claims
  // The reading of "any possible series of legal moves" for timeouts and resignations
  // (6.9); the dead-position check along the game (5.2.2) stays plain, see
  // docs/automatic-draws.md: the result is the same, only the ending named may differ.
  Rules rules = Rules::Plain;
};

struct AuditedGame {
  std::optional<GameResult> recorded;  // the Result tag, else the movetext's result
  std::optional<GameResult> correct;   // empty: a winnability question stayed undetermined
  Ending ending = Ending::Unfinished;
  int ply = 0;          // when the deciding ending happened (plies from the start position)
  int void_plies = 0;   // moves played after the game had already ended
  std::string fen;      // the position at `ply`
  std::string reason;   // one or two sentences: the ending and why it gives this result
  std::string basis;    // "moves" or the tag the decision rests on
  bool mismatch = false;  // recorded and correct results both known and different
  // When the evidence disagrees about who lost on time (the Result against the side to
  // move, or against the tag naming the side): one sentence saying so and what was
  // followed; else empty.
  std::string conflict;
  std::optional<ClaimPoint> threefold, fifty;  // with AuditOptions::claims
  Rules rules = Rules::Plain;  // the reading `correct` follows
  // Under the automatic draws, when a timeout's or resignation's verdict has another
  // outcome in the plain reading: that reading's result and sentence.
  bool readings_differ = false;
  std::optional<GameResult> plain_correct;
  std::string plain_reason;
};

// The moves must be legal in sequence from start (a replayed game). `end`, when given, is
// the position after all the moves, reached from start (its history is the game's): the
// audit then does not replay the game to reach it.
AuditedGame audit_game(const board::Position& start, std::span<const board::Move> moves, const Tags& tags,
                       std::optional<GameResult> recorded, const AuditOptions& options,
                       WinnabilityAnalyzer& analyzer, const board::Position* end = nullptr);

// A replayed game (pgn_game.hpp): the same, and the moves written after a checkmate or a
// stalemate (which no legal move can match) are counted as void plies. The rule ending
// the replay found (Game::rule_ending) is taken as it is, not looked for again.
struct Game;
AuditedGame audit_game(const Game& game, std::optional<GameResult> recorded, const AuditOptions& options,
                       WinnabilityAnalyzer& analyzer);

}  // namespace arbiter::analyzer
