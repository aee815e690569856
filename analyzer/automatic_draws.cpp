#include "analyzer/automatic_draws.hpp"

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
  if (stood_at_least(pos, 5)) return "the position stands for the fifth time: the fivefold repetition (9.6.1) has ended the game";
  return std::nullopt;
}

std::optional<std::string> refused_under_automatic_draws(const Position& root, std::span<const Move> line,
                                                         Color winner) {
  if (auto ended = ended_by_automatic_draw(root)) return "before the first move " + *ended;
  Position pos = root;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const std::string ply = "ply " + std::to_string(i + 1);
    if (!legal_moves(pos).contains(line[i])) return ply + " is not a legal move";
    pos.do_move(line[i]);
    if (!has_legal_move(pos)) {
      if (i + 1 == line.size() && pos.in_check() && pos.side_to_move() == ~winner) return std::nullopt;
      return ply + " ends the game by " + (pos.in_check() ? "checkmate" : "stalemate") + " before the line ends";
    }
    if (pos.halfmove_clock() >= kClockLimit)
      return "after " + ply + " the halfmove clock reaches " + std::to_string(kClockLimit) +
             " with no mate: the 75-move rule (9.6.2) ends the game";
    if (stood_at_least(pos, 5))
      return "after " + ply + " the position stands for the fifth time: the fivefold repetition (9.6.1) ends the game";
  }
  if (replays_to_mate(root, line, winner)) return std::nullopt;  // an empty line at a mate
  return "the line does not end in checkmate";
}

RuledVerdict automatic_draws_from_plain(WinnabilityAnalyzer& analyzer, const Position& pos, Color winner,
                                        Verdict plain, uint64_t max_nodes) {
  RuledVerdict r;
  r.rules = Rules::AutomaticDraws;
  if (auto ended = ended_by_automatic_draw(pos)) {
    r.verdict = Verdict::unwinnable(Reason::GameOver, *ended + ": no move follows", plain.nodes);
    if (plain.outcome != Outcome::Unwinnable) r.plain = std::move(plain);
    return r;
  }
  // A proof of the plain reading holds here: the rules only take series away.
  if (plain.outcome == Outcome::Unwinnable || !has_legal_move(pos)) {
    r.verdict = std::move(plain);
    return r;
  }
  if (plain.outcome == Outcome::Winnable && !refused_under_automatic_draws(pos, plain.line, winner)) {
    r.verdict = std::move(plain);
    return r;
  }
  const uint64_t left = max_nodes > plain.nodes ? max_nodes - plain.nodes : 0;
  if (plain.outcome == Outcome::Undetermined && left == 0) {
    r.verdict = std::move(plain);
    return r;
  }
  // The clock-limited search. Each reset is this same question at clock 0 (no earlier
  // position can stand again after a capture or a pawn move).
  const auto& options = analyzer.options();
  search::Limits limits(left, search::Limits::deadline_after(options.max_seconds), nullptr, options.interrupt);
  const search::ResetOracle oracle = [&](const Position& after, uint64_t budget) {
    RuledVerdict sub = analyze_under_rules(analyzer, after, winner, Rules::AutomaticDraws, budget);
    return search::ResetAnswer{sub.verdict.outcome, std::move(sub.verdict.line), sub.verdict.nodes,
                               sub.verdict.reason};
  };
  const search::ClockHelpmateResult found = search::clock_limited_helpmate(pos, winner, limits, oracle);
  const uint64_t nodes = plain.nodes + found.nodes;
  const int plies = kClockLimit - pos.halfmove_clock();
  const std::string window = (plies == 1 ? std::string("the 1 ply") : "the " + std::to_string(plies) + " plies") +
                             " the 75-move rule (9.6.2) leaves from halfmove clock " +
                             std::to_string(pos.halfmove_clock());
  switch (found.outcome) {
    case Outcome::Winnable:
      // One validator for every witness: the whole line, replayed under the rules.
      if (auto why = refused_under_automatic_draws(pos, found.line, winner)) {
        r.verdict = Verdict::undetermined(Reason::NodeLimit, "the line found is refused under the automatic draws (" +
                                                                 *why + "), and no other was looked for",
                                          nodes);
      } else {
        r.verdict = Verdict::winnable(found.line, Reason::Helpmate,
                                      "a mate before the automatic draws end the game: within " + window +
                                          ", or after a capture or pawn move in them",
                                      nodes);
        // No shorter helpmate of the plain reading exists; the rules only take lines away.
        if (plain.outcome == Outcome::Winnable) r.verdict.no_shorter_than = plain.no_shorter_than;
      }
      break;
    case Outcome::Unwinnable:
      r.verdict = Verdict::unwinnable(Reason::Exhaustive,
                                      "no mate within " + window + ", and none after a capture or pawn move in them (" +
                                          std::to_string(found.resets) + " such positions, each proven unwinnable)",
                                      nodes);
      break;
    case Outcome::Undetermined:
      r.verdict = Verdict::undetermined(found.limit,
                                        "no mate found and no proof under the automatic draws within " +
                                            std::to_string(nodes) + " nodes",
                                        nodes);
      break;
  }
  if (r.verdict.outcome != plain.outcome) r.plain = std::move(plain);
  return r;
}

RuledVerdict analyze_under_rules(WinnabilityAnalyzer& analyzer, const Position& pos, Color winner, Rules rules,
                                 uint64_t max_nodes, std::vector<StepRecord>* trace) {
  Verdict plain = analyzer.analyze(pos, winner, max_nodes, trace);
  if (rules == Rules::Plain) return RuledVerdict{std::move(plain), Rules::Plain, std::nullopt};
  return automatic_draws_from_plain(analyzer, pos, winner, std::move(plain), max_nodes);
}

}  // namespace arbiter::analyzer
