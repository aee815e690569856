#include "analyzer/automatic_draws.hpp"

#include <chrono>

#include "analyzer/position_history.hpp"
#include "analyzer/witness.hpp"
#include "search/board/movegen.hpp"
#include "search/limits.hpp"
#include "search/problems/clock_helpmate.hpp"

namespace arbiter::analyzer {

using namespace board;
using search::Outcome;
using search::Reason;
using search::Verdict;

namespace {
constexpr int kClockLimit = 150;  // 9.6.2: 75 moves by each side
}

const char* to_string(Rules r) { return r == Rules::Plain ? "plain" : "automatic-draws"; }

std::optional<Rules> parse_rules(std::string_view text) {
  if (text == "plain") return Rules::Plain;
  if (text == "automatic-draws") return Rules::AutomaticDraws;
  return std::nullopt;
}

std::optional<std::string> ended_by_automatic_draw(const Position& pos) {
  if (!has_legal_move(pos)) return std::nullopt;  // checkmate or stalemate ended it first
  if (pos.halfmove_clock() >= kClockLimit)
    return "the halfmove clock stands at " + std::to_string(pos.halfmove_clock()) +
           ": the 75-move rule (9.6.2) has ended the game";
  if (stood_at_least(pos, 5))
    return "the position stands for the fifth time: the fivefold repetition (9.6.1) has ended the game";
  return std::nullopt;
}

std::optional<std::string> refused_under_automatic_draws(const Position& root, std::span<const Move> line,
                                                         Color winner) {
  if (auto ended = ended_by_automatic_draw(root)) return "before the first move " + *ended;
  Position pos = root;
  bool next_legal = !line.empty() && is_legal(pos, line[0]);
  for (std::size_t i = 0; i < line.size(); ++i) {
    auto ply = [&] { return "ply " + std::to_string(i + 1); };
    if (!next_legal) return ply() + " is not a legal move";
    pos.do_move(line[i]);
    // The line's next move, legal, shows a legal move; only without one are they counted.
    next_legal = i + 1 < line.size() && is_legal(pos, line[i + 1]);
    if (!next_legal && !has_legal_move(pos)) {
      if (i + 1 == line.size() && pos.in_check() && pos.side_to_move() == ~winner) return std::nullopt;
      return ply() + " ends the game by " + (pos.in_check() ? "checkmate" : "stalemate") + " before the line ends";
    }
    if (pos.halfmove_clock() >= kClockLimit)
      return "the 75-move rule (9.6.2) ends the game at " + ply() + ": the halfmove clock reaches " +
             std::to_string(kClockLimit) + " with no mate";
    if (stood_at_least(pos, 5))
      return "fivefold repetition (9.6.1) at " + ply() + ": the position stands for the fifth time, which ends the game";
  }
  // A line that ran to its end here left the loser a move, so it is no mate; an empty
  // one is a mate when the root is.
  if (line.empty() && replays_to_mate(root, line, winner)) return std::nullopt;
  return "the line does not end in checkmate";
}

namespace {

// Records the rule-aware steps of one question (`analyze --explain`); does nothing without
// a trace.
class RuleTrace {
 public:
  explicit RuleTrace(std::vector<StepRecord>* trace) : trace_(trace) { restart(); }
  void restart() {
    if (trace_) start_ = search::Limits::Clock::now();
  }
  // `note()` gives the words; it is called only when tracing.
  template <class Note>
  void add(const char* name, uint64_t nodes, bool decided, const Note& note) {
    if (!trace_) return;
    const auto micros =
        std::chrono::duration_cast<std::chrono::microseconds>(search::Limits::Clock::now() - start_).count();
    trace_->push_back(StepRecord{Step::GameOver, nodes, uint64_t(micros), decided, name, note()});
    restart();
  }
  bool on() const { return trace_ != nullptr; }

 private:
  std::vector<StepRecord>* trace_;
  search::Limits::Clock::time_point start_{};
};

}  // namespace

std::optional<Verdict> kept_under_automatic_draws(search::VerdictStore& store, const Position& pos, Color winner,
                                                  std::vector<StepRecord>* steps) {
  RuleTrace trace(steps);
  const int plies = kClockLimit - pos.halfmove_clock();
  if (plies < 1) return std::nullopt;
  // An unwinnable answer kept with as many plies left or more holds here: with fewer plies
  // the lines are a subset.
  if (auto u = store.find_clocked_nearest(pos, winner, plies, true); u && u->verdict.outcome == Outcome::Unwinnable) {
    if (u->plies_left != plies)
      u->verdict.detail += " (kept for " + std::to_string(u->plies_left) + " plies left; here fewer are left)";
    trace.add("rules-cache", 0, true, [&] {
      return "unwinnable, kept for " + std::to_string(u->plies_left) + " plies left (" + std::to_string(plies) +
             " here)";
    });
    return std::move(u->verdict);
  }
  // A witness kept with as many plies left or fewer may fit here: the validator decides.
  auto w = store.find_clocked_nearest(pos, winner, plies, false);
  if (!w || w->verdict.outcome != Outcome::Winnable) {
    trace.add("rules-cache", 0, false,
              [&] { return "no answer kept that holds with " + std::to_string(plies) + " plies left"; });
    return std::nullopt;
  }
  std::optional<Verdict> kept = std::move(w->verdict);
  if (auto why = refused_under_automatic_draws(pos, kept->line, winner)) {
    // A line that is no mate at all is a broken entry; one the history refuses (a fifth
    // repetition in this game) may hold in another game, and stays.
    if (!replays_to_mate(pos, kept->line, winner)) store.reject_clocked(pos, winner, w->plies_left);
    trace.add("rules-cache", 0, false, [&] { return std::string("the witness kept is refused: " + *why); });
    return std::nullopt;
  }
  trace.add("rules-cache", 0, true, [&] {
    return "the witness kept for " + std::to_string(w->plies_left) +
           " plies left is accepted under this clock and history";
  });
  return kept;
}

RuledVerdict automatic_draws_from_plain(WinnabilityAnalyzer& analyzer, const Position& pos, Color winner, Verdict plain,
                                        uint64_t max_nodes, std::vector<StepRecord>* steps) {
  RuledVerdict r;
  r.rules = Rules::AutomaticDraws;
  RuleTrace trace(steps);
  if (auto ended = ended_by_automatic_draw(pos)) {
    r.verdict = Verdict::unwinnable(Reason::GameOver, *ended + ": no move follows", plain.nodes);
    trace.add("rules-game-over", 0, true, [&] { return std::string(*ended); });
    if (plain.outcome != Outcome::Unwinnable) r.plain = std::move(plain);
    return r;
  }
  // A proof of the plain reading holds here: the rules only take series away.
  if (plain.outcome == Outcome::Unwinnable || !has_legal_move(pos)) {
    trace.add("rules-plain-proof", 0, true, [&] {
      return std::string(plain.outcome == Outcome::Unwinnable
                             ? "the plain proof holds under the automatic draws (they only take series of moves away)"
                             : "the game is over: the plain verdict stands");
    });
    r.verdict = std::move(plain);
    return r;
  }
  if (plain.outcome == Outcome::Winnable) {
    auto why = refused_under_automatic_draws(pos, plain.line, winner);
    // A first witness, when the analyzer defers shortening: the shortened one may fit.
    if (why && analyzer.options().shortening == Shortening::WhenQuoted) {
      plain = analyzer.quoted(pos, winner, std::move(plain));
      why = refused_under_automatic_draws(pos, plain.line, winner);
    }
    trace.add("rules-witness", 0, !why, [&] {
      return std::string(why ? "the plain witness (" + std::to_string(plain.line.size()) + " plies) is refused: " + *why
                             : "the plain witness (" + std::to_string(plain.line.size()) +
                                   " plies) is accepted under the clock and the history");
    });
    if (!why) {
      r.verdict = std::move(plain);
      return r;
    }
  } else {
    trace.add("rules-plain-proof", 0, false,
              [&] { return std::string("the plain analysis was undetermined: no proof to carry over"); });
  }
  const int plies = kClockLimit - pos.halfmove_clock();
  search::VerdictStore* store = analyzer.store();
  if (store) {
    if (auto kept = kept_under_automatic_draws(*store, pos, winner, steps)) {
      r.verdict = std::move(*kept);
      if (r.verdict.outcome != plain.outcome) r.plain = std::move(plain);
      return r;
    }
  }
  const uint64_t left = max_nodes > plain.nodes ? max_nodes - plain.nodes : 0;
  if (plain.outcome == Outcome::Undetermined && left == 0) {
    trace.add("rules-clock-search", 0, false, [&] { return std::string("not run: no nodes left"); });
    r.verdict = std::move(plain);
    return r;
  }
  // The clock-limited search. Each reset is this same question at clock 0 (no earlier
  // position can stand again after a capture or a pawn move).
  const auto& options = analyzer.options();
  search::Limits limits(left, search::Limits::deadline_after(options.max_seconds), nullptr, options.interrupt);
  const search::ResetOracle oracle = [&](const Position& after, uint64_t budget) {
    RuledVerdict sub = analyze_under_rules(analyzer, after, winner, Rules::AutomaticDraws, budget);
    return search::ResetAnswer{sub.verdict.outcome, std::move(sub.verdict.line), sub.verdict.nodes, sub.verdict.reason};
  };
  trace.restart();
  const search::ClockHelpmateResult found = search::clock_limited_helpmate(pos, winner, limits, oracle);
  trace.add("rules-clock-search", found.nodes, false, [&] {
    return std::string(std::string(search::to_string(found.outcome)) + " within " + std::to_string(plies) + " plies left, " +
                       std::to_string(found.resets) + (found.resets == 1 ? " position" : " positions") +
                       " after a capture or pawn move answered" +
                       (found.outcome == Outcome::Winnable
                            ? ", a line of " + std::to_string(found.line.size()) + " plies"
                            : std::string()));
  });
  const uint64_t nodes = plain.nodes + found.nodes;
  const std::string window = (plies == 1 ? std::string("the 1 ply") : "the " + std::to_string(plies) + " plies") +
                             " the 75-move rule (9.6.2) leaves from halfmove clock " +
                             std::to_string(pos.halfmove_clock());
  switch (found.outcome) {
    case Outcome::Winnable:
      // One validator for every witness: the whole line, replayed under the rules.
      if (auto why = refused_under_automatic_draws(pos, found.line, winner)) {
        trace.add("rules-witness", 0, false, [&] { return std::string("the line found is refused: " + *why); });
        r.verdict = Verdict::undetermined(
            Reason::NodeLimit,
            "the line found is refused under the automatic draws (" + *why + "), and no other was looked for", nodes);
      } else {
        trace.add("rules-witness", 0, true,
                  [&] { return std::string("the line found is accepted under the clock and the history"); });
        r.verdict = Verdict::winnable(found.line, Reason::Helpmate,
                                      "a mate before the automatic draws end the game: within " + window +
                                          ", or after a capture or pawn move in them",
                                      nodes);
        // No shorter helpmate of the plain reading exists; the rules only take lines away.
        if (plain.outcome == Outcome::Winnable) r.verdict.no_shorter_than = plain.no_shorter_than;
        // Kept for this clock; served again only after the validator accepts it there.
        if (store) store->store_clocked(pos, winner, plies, r.verdict);
      }
      break;
    case Outcome::Unwinnable:
      r.verdict = Verdict::unwinnable(Reason::Exhaustive,
                                      "no mate within " + window + ", and none after a capture or pawn move in them (" +
                                          std::to_string(found.resets) + " such positions, each proven unwinnable)",
                                      nodes);
      // The search ignores 9.6.1 and answers each reset from that position alone: the proof
      // holds for every history of the game, so the key needs the plies left only.
      if (store) store->store_clocked(pos, winner, plies, r.verdict);
      break;
    case Outcome::Undetermined:
      r.verdict = Verdict::undetermined(
          found.limit,
          "no mate found and no proof under the automatic draws within " + std::to_string(nodes) + " nodes", nodes);
      break;
  }
  if (r.verdict.outcome != plain.outcome) r.plain = std::move(plain);
  return r;
}

RuledVerdict analyze_under_rules(WinnabilityAnalyzer& analyzer, const Position& pos, Color winner, Rules rules,
                                 uint64_t max_nodes, std::vector<StepRecord>* trace) {
  Verdict plain = analyzer.analyze(pos, winner, max_nodes, trace);
  if (rules == Rules::Plain) return RuledVerdict{std::move(plain), Rules::Plain, std::nullopt};
  return automatic_draws_from_plain(analyzer, pos, winner, std::move(plain), max_nodes, trace);
}

}  // namespace arbiter::analyzer
