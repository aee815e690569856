// The decision pipeline as data: the steps one question (position, side) goes through, in
// order, each with its budget. WinnabilityAnalyzer::analyze runs them one by one until a
// step decides. The default schedule and the reason for each entry are in schedule.cpp;
// a schedule can also be read from text, so that benchmarks can compare two.
#pragma once

#include <cstdint>
#include <expected>
#include <string>
#include <string_view>
#include <vector>

namespace arbiter::analyzer {

enum class Step : uint8_t {
  GameOver,     // checkmate or stalemate already
  Material,     // sound material facts (a lone king; K+N or K+B against a lone king, ...)
  Tables,       // the exact helpmate tables (small material), when plugged in
  Cache,        // the verdict store: a verdict proved before (a witness is replayed again)
  Enumeration,  // small pawnless material: no placement of the men is a mate
  Blockade,     // locked pawn walls keep the winner away for ever
  WideIfBoxed,  // the wide exploration, only when the losing king has no empty square beside it
  Narrow,       // the narrow focused exploration (witnesses only)
  Wide,         // the wide focused exploration (witnesses only)
  Guided,       // the guided exploration (a witness, or the proof that none exists)
  DepthFirst,   // the depth-first helpmate search with check-reach cuts
  Net,          // a winner with a king and one minor piece: the loser walked into a corner net
  NetAnywhere,  // the same, the nets on any square (after the corners failed)
  MateSquares,  // steer the explorations to the squares the losing king can be mated on
  Race,         // a round of the race between all searchers (parallel with threads)
  Shorten,      // after a witness: a complete search below its length, for a shorter one or
                // the proof that none exists (runs only on a witness that is not known shortest)
};

// A race round's nodes, in percent, for each searcher.
struct RaceShares {
  int narrow = 0, wide = 0, guided = 0, depth_first = 0;
};

struct ScheduleEntry {
  Step step;
  // A search: at most this many nodes (and at most max_nodes / kSearchShare). A race
  // round: its nodes, at most what is left (0: all that is left).
  uint64_t nodes = 0;
  // Explorations: the greedy queue's turns for this run only (0: as the exploration stands).
  unsigned greedy_turns = 0;
  RaceShares shares{};
  const char* why = "";
  // Shortening (unless told to prove the shortest): at most this percentage of the nodes
  // the question has spent so far, at least `floor` nodes (0: no such bound).
  unsigned spent_percent = 0;
  uint64_t floor = 0;
};

using Schedule = std::vector<ScheduleEntry>;

// A search step before the race takes at most this fraction of the question's budget
// (1 / kSearchShare), so that a small budget still leaves the race its share.
inline constexpr uint64_t kSearchShare = 20;

// The schedule analyze() follows unless told otherwise.
const Schedule& default_schedule();

// The step's name as the text form and `--explain` write it ("narrow", "race", ...).
const char* step_name(Step step);

// Text form: one entry a line, `STEP [NODES] [greedy=N] [narrow=P wide=P guided=P dfs=P]
// [spent=P floor=N]`;
// `#` starts a comment. parse_schedule(format_schedule(s)) == s (reasons aside).
std::string format_schedule(const Schedule& schedule);
// A schedule read from its text form, or what is wrong with it (line and word).
std::expected<Schedule, std::string> parse_schedule(std::string_view text);

}  // namespace arbiter::analyzer
