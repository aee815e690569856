#include "analyzer/loss_adjudication.hpp"

#include "search/board/movegen.hpp"

namespace arbiter::analyzer {

using board::Color;

namespace {

std::string name(Color c) { return c == Color::White ? "White" : "Black"; }

std::string event(Color loser, LossKind kind) {
  return name(loser) + (kind == LossKind::Timeout ? " ran out of time" : " resigned");
}

}  // namespace

Adjudication adjudicate_from_verdict(Color loser, LossKind kind, search::Verdict opponent) {
  Color winner = ~loser;
  Adjudication a;
  switch (opponent.outcome) {
    case search::Outcome::Winnable:
      a.result = win_for(winner);
      a.reason = event(loser, kind) + " and " + name(winner) + " can still checkmate by a legal sequence: " +
                 name(winner) + " wins";
      break;
    case search::Outcome::Unwinnable:
      a.result = GameResult::Draw;
      a.reason = event(loser, kind) + ", but " + name(winner) +
                 " cannot checkmate by any legal sequence (" + opponent.detail + "): draw";
      break;
    case search::Outcome::Undetermined:
      a.reason = event(loser, kind) + "; whether " + name(winner) +
                 " can still checkmate was not determined (" + opponent.detail + "): no result";
      break;
  }
  a.winnability = std::move(opponent);
  return a;
}

Adjudication adjudicate_from_ruled(Color loser, LossKind kind, RuledVerdict opponent) {
  Adjudication a = adjudicate_from_verdict(loser, kind, std::move(opponent.verdict));
  a.rules = opponent.rules;
  if (opponent.plain) {
    Adjudication p = adjudicate_from_verdict(loser, kind, std::move(*opponent.plain));
    a.plain = Adjudication::Reading{p.result, std::move(p.reason), std::move(*p.winnability)};
  }
  return a;
}

Adjudication adjudicate_loss(const board::Position& pos, Color loser, LossKind kind, WinnabilityAnalyzer& analyzer,
                             Rules rules) {
  Adjudication a;
  const Color mover = pos.side_to_move();
  if (!board::has_legal_move(pos)) {
    // The board ended the game before the clock or the resignation could.
    if (pos.in_check()) {
      a.result = win_for(~mover);
      a.ended_by = Ending::Checkmate;
      a.reason = name(mover) + " is checkmated: the game ended by checkmate before " + event(loser, kind);
    } else {
      a.result = GameResult::Draw;
      a.ended_by = Ending::Stalemate;
      a.reason = name(mover) + " is stalemated: the game ended in a draw before " + event(loser, kind);
    }
  } else if (pos.halfmove_clock() >= 150) {
    // 9.6.2: 75 moves by each side without a capture or a pawn move end the game at once
    // (a mate on the last of them would have come first, above).
    a.result = GameResult::Draw;
    a.ended_by = Ending::SeventyFive;
    a.reason = "the halfmove clock stands at " + std::to_string(pos.halfmove_clock()) +
               ": the 75-move rule (9.6.2) had ended the game in a draw before " + event(loser, kind);
  } else {
    a = adjudicate_from_ruled(loser, kind, analyze_under_rules(analyzer, pos, ~loser, rules));
  }
  a.rules = rules;
  if (kind == LossKind::Timeout && loser != mover)
    a.note = name(loser) + " flagged with " + name(mover) + " to move: only the clock of the side to move runs, "
             "so the flag was seen after " + name(loser) + "'s move; the position given is judged";
  return a;
}

}  // namespace arbiter::analyzer
