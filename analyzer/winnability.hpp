// The winnability question (docs/rules.md §1) for one position and one side, with proof: the
// decision pipeline, run as the schedule of schedule.hpp. Sound: "unwinnable" only with an
// argument that proves it, "winnable" only with a witness that has been replayed;
// otherwise "undetermined" with the limit hit. Thread-safe: many threads may call analyze().
#pragma once

#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "analyzer/schedule.hpp"
#include "search/board/position.hpp"
#include "search/explore/transposition.hpp"
#include "search/helpmate_tables.hpp"
#include "search/verdict.hpp"
#include "search/verdict_store.hpp"

namespace arbiter::analyzer {

struct StepServices;

// The version of the analysis, kept with every verdict in the on-disk table. Raise it
// when a change could make a stored verdict wrong (a bug fixed in a proof or a witness):
// verdicts of another version are then recomputed and replaced, never served.
inline constexpr uint32_t kAlgorithmVersion = 2;

// How much of the budget goes to shortening a witness once one is found.
enum class Shortening : uint8_t {
  FirstWitness,  // none: the first witness found is the answer
  Bounded,       // the schedule's shortening steps, within their budgets (the default)
  Full,          // all of the budget that is left, to prove the shortest
  // None in analyze(), and the Bounded shortening in quoted(), for the witnesses a caller
  // shows: a ruling needs only the outcome (the audit quotes a witness in few games).
  WhenQuoted,
};

struct AnalysisOptions {
  uint64_t max_nodes = 10'000'000;       // per question, all phases together
  uint64_t max_closure_positions = 4'000'000;  // memory bound of the exhaustive phase
  int threads = 1;                       // searchers racing on one question
  double max_seconds = 0;                // 0: no time limit
  // Set from outside (another thread) to stop every question under way: they end
  // undetermined with reason Cancelled, which is never stored. Must outlive the analyzer.
  const std::atomic<bool>* interrupt = nullptr;
  Schedule schedule = default_schedule();  // the steps a question goes through (schedule.hpp)
  Shortening shortening = Shortening::Bounded;
  // The analyzer answers request after request (a server): its transposition table takes
  // all its pages when made, so that memory does not creep up as searches touch them. A
  // command's analyzer takes them as they are used: an answer touches a few of its 8 MiB.
  bool long_lived = false;
};

// What one step of the schedule did for a question (`analyze --explain`).
struct StepRecord {
  Step step;
  uint64_t nodes = 0;   // nodes the step spent
  uint64_t micros = 0;  // its wall time
  bool decided = false;
  // A step of the answer under the automatic draws (automatic_draws.hpp), which is no step
  // of the schedule: its name (`step` is then unused) and what it found, in words.
  std::string rule_step;
  std::string note;
};

class WinnabilityAnalyzer {
 public:
  // With a store, decided verdicts are looked up (pipeline step 3) and kept there; the
  // store must outlive the analyzer.
  // With tables, positions they cover are answered from them; they must outlive the analyzer.
  explicit WinnabilityAnalyzer(AnalysisOptions options = {}, search::VerdictStore* store = nullptr,
                               const search::HelpmateTables* tables = nullptr);
  search::Verdict analyze(const board::Position& pos, board::Color winner);
  // The same with another node budget than the options' (a quick first look); with a
  // trace, each step that ran is recorded there in order.
  search::Verdict analyze(const board::Position& pos, board::Color winner, uint64_t max_nodes,
                          std::vector<StepRecord>* trace = nullptr);
  // A witness about to be shown, shortened as a Bounded analysis with the options' budget
  // shortens it once found (its share of the nodes that found it, the same words), when
  // this analyzer defers shortening (Shortening::WhenQuoted) and the witness was never
  // shortened; else `found` as it is. An improvement is kept in the store.
  search::Verdict quoted(const board::Position& pos, board::Color winner, search::Verdict found);
  const AnalysisOptions& options() const { return options_; }
  search::VerdictStore* store() const { return store_; }  // null: none

 private:

  StepServices services();
  // search::no_mate_position_exists, remembered per material (it takes milliseconds).
  std::optional<std::string> no_mate_position(const board::Position& pos, board::Color winner);

  AnalysisOptions options_;
  search::VerdictStore* store_ = nullptr;
  const search::HelpmateTables* tables_ = nullptr;
  std::unique_ptr<search::TranspositionTable> table_;
  std::mutex material_mutex_;
  std::map<std::string, std::optional<std::string>> material_answers_;
};

}  // namespace arbiter::analyzer
