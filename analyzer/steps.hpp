// The steps of the decision pipeline (schedule.hpp) behind one interface: a step gets the
// question (position, side, budget and what earlier steps left), spends part of the
// budget, and answers with a verdict (a replayed witness or a proof) or nothing.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "analyzer/schedule.hpp"
#include "search/board/position.hpp"
#include "search/explore/closure.hpp"
#include "search/explore/transposition.hpp"
#include "search/helpmate_tables.hpp"
#include "search/limits.hpp"
#include "search/verdict.hpp"
#include "search/verdict_store.hpp"

namespace arbiter::analyzer {

// What the steps of one analyzer share across questions.
struct StepServices {
  search::VerdictStore* store = nullptr;
  const search::HelpmateTables* tables = nullptr;
  search::TranspositionTable* table = nullptr;
  uint64_t max_closure_positions = 0;
  int threads = 1;
  bool shorten_fully = false;  // shortening may spend all of the budget that is left
  // Set from outside to stop the searches (AnalysisOptions::interrupt); may be null.
  const std::atomic<bool>* interrupt = nullptr;
  // Small pawnless material with no mate position (remembered per material).
  std::function<std::optional<std::string>(const board::Position&, board::Color)> no_mate_position;
};

// One question as it goes down the schedule: what the steps read and what they leave for
// the steps after them (the explorations go on where they stopped).
struct Question {
  Question(const board::Position& p, board::Color w, uint64_t budget, search::Limits::Clock::time_point until,
           const StepServices& s)
      : pos(p), winner(w), max_nodes(budget), deadline(until), services(s) {}

  const board::Position& pos;
  const board::Color winner;
  const uint64_t max_nodes;
  const search::Limits::Clock::time_point deadline;
  const StepServices& services;

  uint64_t spent = 0;                             // nodes the steps have spent so far
  search::Reason limit = search::Reason::NodeLimit;  // the limit an undetermined answer names
  bool stop = false;                              // a step ended the question without a verdict
  // The explorations, each made when a step first needs it.
  std::optional<search::Exploration> guided, narrow, wide;
  // The race: its budget, set by its first round, and what its rounds have been given.
  bool race_started = false;
  uint64_t race_budget = 0, race_given = 0;
  // The witness a step found, which the shortening steps work on.
  std::optional<search::Verdict> found;
  std::string found_how;  // which search found it: "(focused search)", ...
};

class StepRunner {
 public:
  virtual ~StepRunner() = default;
  virtual std::optional<search::Verdict> run(Question& q, const ScheduleEntry& entry) const = 0;
};

// The runner of each kind of step (stateless; shared by all questions and threads).
const StepRunner& runner_for(Step step);

// Whether a verdict of this step is worth keeping in the verdict store (the cheap
// steps before it are faster than a lookup).
bool kept_in_store(Step step);

// The detail line of a witness: "White mates in 5 moves, a shortest mate (how)" or
// "White mates in 20 moves (how); none shorter than 12 plies".
std::string witness_detail(board::Color winner, const search::Verdict& v, const std::string& how);

}  // namespace arbiter::analyzer
