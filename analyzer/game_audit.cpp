#include "analyzer/game_audit.hpp"

#include <algorithm>
#include <optional>

#include "analyzer/dead_position.hpp"
#include "analyzer/loss_adjudication.hpp"
#include "analyzer/pgn_game.hpp"
#include "analyzer/rule_endings.hpp"
#include "search/board/notation.hpp"

namespace arbiter::analyzer {

using board::Color;
using board::Move;
using board::Position;
using Kind = TagEnding::Kind;

namespace {

std::string name(Color c) { return c == Color::White ? "White" : "Black"; }

std::string rule_reason(const RuleEnding& e, const Position& at) {
  switch (e.kind) {
    case Ending::Checkmate: return name(at.side_to_move()) + " is checkmated";
    case Ending::Stalemate: return name(at.side_to_move()) + " is stalemated: draw";
    case Ending::Fivefold: return "the same position stood for the fifth time: draw";
    case Ending::SeventyFive: return "75 moves by each side without a pawn move or a capture: draw";
    default: return "";
  }
}

std::string dead_reason(const DeadPositionCheck& d) {
  return std::string("neither side can checkmate by any legal sequence") + (d.exact ? "" : " (by this ply at the latest)") +
         " — " + d.why + ": draw";
}

// The tag-based ending of a game whose moves ran out with no ending on the board.
struct TagDecision {
  Ending ending = Ending::Unfinished;
  std::optional<Color> loser;  // timeout and resignation: who flagged or resigned
  LossKind loss = LossKind::Resignation;
  std::string basis;
  std::string note;            // how the tags were read
  std::string conflict;        // the evidence on who flagged disagrees (AuditedGame::conflict)
};

TagDecision decide_from_tags(const TagEnding& tag, std::optional<GameResult> recorded, Color to_move) {
  TagDecision d;
  d.basis = !tag.source.empty() ? tag.source
            : recorded        ? "Result \"" + std::string(to_string(*recorded)) + "\""
                              : std::string("no result recorded");
  auto recorded_loser = recorded ? loser_of(*recorded) : std::nullopt;
  // The Result's loser as a plain value (GCC 12 misreads optionals read in two branches).
  const bool result_names_loser = recorded_loser.has_value();
  const Color result_loser = recorded_loser.value_or(Color::White);
  switch (tag.kind) {
    case Kind::Timeout:
    case Kind::TimeoutVsInsufficient:
      d.ending = Ending::Timeout;
      d.loss = LossKind::Timeout;
      // Who flagged: the side the tag names, else the Result's loser, else the side to
      // move (only its clock was running). Evidence that disagrees is reported.
      if (tag.loser) {
        d.loser = *tag.loser;
        d.note = "the tag names the side that ran out of time";
        if (result_names_loser && result_loser != *tag.loser)
          d.conflict = "the tag says " + name(*tag.loser) + " ran out of time, but the Result scores " +
                       name(result_loser) + " as the loser; the tag is followed";
      } else if (result_names_loser) {
        d.loser = result_loser;
        d.note = "the Result names the side that ran out of time";
        if (result_loser != to_move)
          d.conflict = "the Result scores " + name(result_loser) + " as the loser on time, but " + name(to_move) +
                       " was to move at the end, and only the clock of the side to move runs; the Result is followed";
      } else {
        d.loser = to_move;
        d.note = "the side to move at the end ran out of time";
      }
      return d;
    case Kind::Resignation:
    case Kind::Abandoned:
    case Kind::RulesInfraction:
    case Kind::Adjudication:
    case Kind::Checkmate:  // a mate the moves do not show: scored like a resignation
    case Kind::Normal:
    case Kind::Unknown:
    case Kind::Stalemate:
    case Kind::Repetition:
    case Kind::FiftyMove:
    case Kind::InsufficientMaterial:
    case Kind::Agreement:
    case Kind::Unterminated:
      break;
  }
  if (!recorded || *recorded == GameResult::Unfinished) {
    d.ending = Ending::Unfinished;
    return d;
  }
  if (recorded_loser) {
    d.ending = Ending::Resignation;
    d.loss = LossKind::Resignation;
    d.loser = tag.loser ? *tag.loser : *recorded_loser;
    if (tag.kind == Kind::Resignation) d.note = "the tag says resignation";
    else if (tag.kind == Kind::Abandoned) d.note = "a player abandoned the game, scored like a resignation";
    else if (tag.kind == Kind::RulesInfraction) d.note = "a forfeit for a rules infraction, scored like a resignation";
    else if (tag.kind == Kind::Adjudication) d.note = "an adjudicated loss, scored like a resignation";
    else if (tag.kind == Kind::Checkmate) d.note = "the tag says checkmate but the moves end without one; scored like a resignation";
    else {
      d.note = "a decisive result with no mate on the board: a resignation";
      d.basis = "Result \"" + std::string(to_string(*recorded)) + "\"";
    }
    return d;
  }
  // A recorded draw.
  if (tag.kind == Kind::Repetition) d.ending = Ending::Threefold;
  else if (tag.kind == Kind::FiftyMove) d.ending = Ending::FiftyMove;
  else d.ending = Ending::Agreement;
  if (tag.kind == Kind::Normal || tag.kind == Kind::Unknown) d.basis = "Result \"1/2-1/2\"";
  return d;
}

// audit_game, given the game's first rule ending (first_rule_ending(start, moves)).
AuditedGame audit_moves(const Position& start, std::span<const Move> moves, const Tags& tags,
                        std::optional<GameResult> recorded, const AuditOptions& options, WinnabilityAnalyzer& analyzer,
                        const Position* end, const std::optional<RuleEnding>& rule) {
  AuditedGame a;
  a.recorded = recorded;
  a.rules = options.rules;
  const int n = int(moves.size());
  // The position the audit last replayed the game to, and after how many plies.
  std::optional<Position> reached;
  int reached_ply = -1;
  auto replay_to = [&](int ply) -> const Position& {
    if (end && ply == n) return *end;
    if (!reached || reached_ply != ply) reached = position_after(start, moves, ply), reached_ply = ply;
    return *reached;
  };
  auto finish = [&](AuditedGame& g) -> AuditedGame& {
    g.void_plies = n - g.ply;
    g.fen = replay_to(g.ply).fen();
    g.mismatch = g.recorded && g.correct && *g.recorded != *g.correct;
    if (options.claims) {
      g.threefold = first_threefold_claim(start, moves, g.ply);
      g.fifty = first_fifty_move_claim(start, moves, g.ply);
    }
    return g;
  };

  // 1. The board: checkmate, stalemate, (dead position), fivefold, 75 moves.
  if (rule) {
    const Position at = replay_to(rule->ply);
    a.ending = rule->kind;
    a.ply = rule->ply;
    a.correct = rule->result;
    a.basis = "moves";
    a.reason = rule_reason(*rule, at);
    if (rule->kind == Ending::Checkmate) {
      a.reason += ": " + name(~at.side_to_move()) + " wins";
      return finish(a);  // a mate follows, so no earlier position was dead
    }
    // A dead position before (or, for fivefold and 75 moves, at) this ply comes first.
    int last = rule->kind == Ending::Stalemate ? rule->ply - 1 : rule->ply;
    if (last >= 0) {
      auto dead = find_dead_position(start, moves, last, replay_to(last), std::nullopt, analyzer);
      if (dead.kind == DeadPositionCheck::Kind::Dead) {
        a.ending = Ending::DeadPosition;
        a.ply = dead.ply;
        a.reason = dead_reason(dead);
      } else if (dead.kind == DeadPositionCheck::Kind::Undetermined) {
        a.reason += " (a dead position before it was not ruled out; the result is a draw either way)";
      }
    }
    return finish(a);
  }

  // 2. The moves ran out. A dead position may have ended the game; else the tags say.
  const TagEnding tag = read_termination(tags);
  const TagDecision decision = decide_from_tags(tag, recorded, replay_to(n).side_to_move());
  // A timeout or a resignation needs the opponent's verdict; otherwise either side's mate
  // shows the position live. (The last position is borrowed from replay_to only for this
  // call: a later replay_to would overwrite it.)
  const std::optional<Color> first = decision.loser ? std::optional(~*decision.loser) : std::nullopt;
  const DeadPositionCheck dead = find_dead_position(start, moves, n, replay_to(n), first, analyzer);
  if (dead.kind == DeadPositionCheck::Kind::Dead) {
    a.ending = Ending::DeadPosition;
    a.ply = dead.ply;
    a.correct = GameResult::Draw;
    a.basis = "moves";
    a.reason = dead_reason(dead);
    return finish(a);
  }
  a.ending = decision.ending;
  a.ply = n;
  a.basis = decision.basis;
  a.conflict = decision.conflict;
  std::string note = decision.note.empty() ? "" : " (" + decision.note + ")";
  bool dead_open = dead.kind == DeadPositionCheck::Kind::Undetermined;

  if (decision.ending == Ending::Timeout || decision.ending == Ending::Resignation) {
    Color loser = *decision.loser;
    const auto& opponent = loser == Color::White ? dead.black : dead.white;
    // Under the automatic draws the witness is replayed with the game's history (the
    // position after n plies carries it); the plain verdict is the first step of that.
    RuledVerdict ruled =
        options.rules == Rules::AutomaticDraws
            ? automatic_draws_from_plain(analyzer, replay_to(n), ~loser, *opponent, analyzer.options().max_nodes)
            : RuledVerdict{*opponent, Rules::Plain, std::nullopt};
    auto adj = adjudicate_from_ruled(loser, decision.loss, std::move(ruled));
    a.correct = adj.result;
    a.reason = adj.reason + note;
    if (adj.plain) {
      a.readings_differ = true;
      a.plain_correct = adj.plain->result;
      a.plain_reason = adj.plain->reason + note;
    }
    // Unwinnable for the opponent: a draw whether or not the position was also dead.
    return finish(a);
  }
  if (decision.ending == Ending::Unfinished) {
    if (dead_open) {
      a.reason = "the game is unfinished, unless the position is dead, which was not determined";
    } else {
      a.correct = GameResult::Unfinished;
      a.reason = "the game is unfinished: no ending on the board and no result";
    }
    return finish(a);
  }
  // A recorded draw: by a claim the moves must support, or by agreement.
  a.correct = GameResult::Draw;
  if (decision.ending == Ending::Threefold && !threefold_claim_valid_at(start, moves, n)) {
    a.ending = Ending::Agreement;
    a.reason = "the tag says repetition, but no threefold claim was valid at the end; a draw by agreement";
  } else if (decision.ending == Ending::FiftyMove && !fifty_move_claim_valid_at(start, moves, n)) {
    a.ending = Ending::Agreement;
    a.reason = "the tag says 50-move rule, but no such claim was valid at the end; a draw by agreement";
  } else if (decision.ending == Ending::Threefold) {
    a.reason = "a valid threefold repetition claim at the end: draw";
  } else if (decision.ending == Ending::FiftyMove) {
    a.reason = "a valid 50-move claim at the end: draw";
  } else if (tag.kind == Kind::InsufficientMaterial || tag.kind == Kind::Stalemate) {
    // The server drew a position that is not over under the FIDE rules.
    const std::string claimed = tag.kind == Kind::Stalemate ? "stalemate" : "insufficient material";
    if (dead_open) {
      a.reason = "the tag says " + claimed + "; whether the position is dead was not determined";
      a.correct.reset();
    } else {
      // The server ended a game the Laws had not ended: name it, with the witness.
      a.ending = Ending::NotOver;
      a.correct = GameResult::Unfinished;
      // The check above stopped at the first side that can mate. The reason quotes the
      // shorter of the two sides' witnesses (White's on a tie), so a side it did not ask
      // gets a look no dearer than the one that found the first witness. Each is quoted,
      // so shortened as analyze shortens it.
      Position last = replay_to(n);
      const bool white_found = dead.white && dead.white->outcome == search::Outcome::Winnable;
      const uint64_t look = std::max<uint64_t>(1, (white_found ? *dead.white : *dead.black).nodes);
      std::optional<search::Verdict> quotes[2];
      for (Color c : {Color::White, Color::Black}) {
        const auto& known = c == Color::White ? dead.white : dead.black;
        search::Verdict v = known ? *known : analyzer.analyze(last, c, look);
        if (v.outcome == search::Outcome::Winnable) quotes[index(c)] = analyzer.quoted(last, c, std::move(v));
      }
      const bool white_quoted =
          quotes[0] && (!quotes[1] || quotes[0]->line.size() <= quotes[1]->line.size());
      const Color side = white_quoted ? Color::White : Color::Black;
      const search::Verdict& w = *quotes[index(side)];
      a.reason = "the server drew the game by " + claimed + ", but the Laws had not ended it: the position is " +
                 "neither stalemate nor dead, " + name(side) + " can still checkmate" +
                 (w.line.empty() ? " (" + w.detail + ")" : ": " + board::san_line(last, w.line)) + "; the game goes on";
    }
  } else if (tag.kind == Kind::Agreement) {
    // The players agreed a draw; a claim the moves would also support does not change that.
    a.reason = "the tag says the players agreed a draw: draw";
    if (threefold_claim_valid_at(start, moves, n)) a.reason += " (a threefold repetition claim was also valid)";
  } else if (threefold_claim_valid_at(start, moves, n)) {
    a.ending = Ending::Threefold;
    a.reason = "a threefold repetition claim was valid at the end (the tags do not name the ending): draw";
  } else if (fifty_move_claim_valid_at(start, moves, n)) {
    a.ending = Ending::FiftyMove;
    a.reason = "a 50-move claim was valid at the end (the tags do not name the ending): draw";
  } else {
    a.reason = "a draw with no rule on the board: agreement";
  }
  if (dead_open && a.correct) a.reason += " (whether the position was dead was not determined; a draw either way)";
  return finish(a);
}

}  // namespace

AuditedGame audit_game(const Position& start, std::span<const Move> moves, const Tags& tags,
                       std::optional<GameResult> recorded, const AuditOptions& options, WinnabilityAnalyzer& analyzer,
                       const Position* end) {
  return audit_moves(start, moves, tags, recorded, options, analyzer, end, first_rule_ending(start, moves));
}

}  // namespace arbiter::analyzer

namespace arbiter::analyzer {

AuditedGame audit_game(const Game& game, std::optional<GameResult> recorded, const AuditOptions& options,
                       WinnabilityAnalyzer& analyzer) {
  AuditedGame a =
      audit_moves(game.start, game.moves, game.raw.tags, recorded, options, analyzer, &game.end, game.rule_ending);
  a.void_plies += game.moves_after_end;
  return a;
}

}  // namespace arbiter::analyzer
