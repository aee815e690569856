// The winnability question under the automatic draws of Article 9.6 (docs/automatic-draws.md):
// can `winner` mate before the game ends by the fivefold repetition (9.6.1) or by 75 moves
// of each side without a capture or a pawn move (9.6.2)? The halfmove clock comes from the
// position, the history of positions from the moves made on it (a game replayed by the
// audit; a FEN alone has none).
//
// Built around the plain analysis (winnability.hpp), never inside it:
// - plain unwinnable => unwinnable: every series the rules allow is a series of the plain
//   reading;
// - a plain witness the validator accepts under the rules => winnable;
// - otherwise the clock-limited search (search/problems/clock_helpmate.hpp), whose resets
//   are answered by this same question after the capture or pawn move, and whose line is
//   replayed by the validator before it is trusted;
// - any limit => undetermined.
// The verdict table keeps the plain verdicts as before (the schedule stores them, keyed by
// the position alone) and, apart from them, the answers of the clock-limited search keyed
// by the position and the plies left before 9.6.2 (VerdictStore::find_clocked_nearest): an
// unwinnable one holds for every history and with fewer plies left, a witness is served
// only after the validator accepts it under the query's clock and history.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "analyzer/winnability.hpp"
#include "search/board/position.hpp"
#include "search/verdict.hpp"
#include "search/verdict_store.hpp"

namespace arbiter::analyzer {

enum class Rules : uint8_t {
  Plain,           // any series of legal moves, the draws of Article 9.6 ignored inside it
  AutomaticDraws,  // a series ends where 9.6.1 or 9.6.2 would end the game (the strict reading)
};
inline constexpr Rules kDefaultRules = Rules::AutomaticDraws;

// "plain", "automatic-draws".
const char* to_string(Rules r);
std::optional<Rules> parse_rules(std::string_view text);

// Why `line` from `root` is not a series of moves of the game that ends in `winner`'s mate
// under the automatic draws; nullopt when it is one. Every move must be legal in turn; after
// each, a checkmate of the loser ends the line (also on the move that completes 150 plies
// without a capture or pawn move); else a halfmove clock of 150 or a position standing for
// the fifth time (the root's history counted) has ended the game.
std::optional<std::string> refused_under_automatic_draws(const board::Position& root, std::span<const board::Move> line,
                                                         board::Color winner);

// Why the game at `pos` has already ended by 9.6 (the clock at 150 or more with a move to
// make, or the fifth time the position stands); nullopt when it has not.
std::optional<std::string> ended_by_automatic_draw(const board::Position& pos);

// The verdict table's answer under the automatic draws at `pos` (its clock and its history),
// when one may be served: an unwinnable answer kept for as many plies left or more holds
// for every history (the clock-limited search that proved it ignores 9.6.1 and answers each
// reset from that position alone) and with fewer plies (a subset of the series); a witness
// kept for as many plies left or fewer is served only when the validator accepts it from
// `pos`, with its clock and history. A kept line that does not even replay to mate is
// removed; one refused by this game's history stays for other games. Served verdicts have
// source Cache.
std::optional<search::Verdict> kept_under_automatic_draws(search::VerdictStore& store, const board::Position& pos,
                                                          board::Color winner,
                                                          std::vector<StepRecord>* trace = nullptr);

struct RuledVerdict {
  search::Verdict verdict;  // under `rules`
  Rules rules = Rules::Plain;
  // Under the automatic draws: the plain reading's verdict when its outcome differs.
  std::optional<search::Verdict> plain;
};

// The question under `rules` (Plain: the analyzer's own answer). `trace` records the steps
// of the plain analysis of `pos`, then the rule-aware ones (StepRecord::rule_step).
RuledVerdict analyze_under_rules(WinnabilityAnalyzer& analyzer, const board::Position& pos, board::Color winner,
                                 Rules rules, uint64_t max_nodes, std::vector<StepRecord>* trace = nullptr);
inline RuledVerdict analyze_under_rules(WinnabilityAnalyzer& analyzer, const board::Position& pos, board::Color winner,
                                        Rules rules) {
  return analyze_under_rules(analyzer, pos, winner, rules, analyzer.options().max_nodes);
}
// The same, given the plain verdict already computed for `pos` (the audit has it).
RuledVerdict automatic_draws_from_plain(WinnabilityAnalyzer& analyzer, const board::Position& pos, board::Color winner,
                                        search::Verdict plain, uint64_t max_nodes,
                                        std::vector<StepRecord>* trace = nullptr);

}  // namespace arbiter::analyzer
