// The winnability question (RULES.md §1) for one position and one side, with proof:
// the decision pipeline of DESIGN.md. Sound: "unwinnable" only with an argument that
// proves it, "winnable" only with a witness that has been replayed; otherwise
// "undetermined" with the limit hit. Thread-safe: many threads may call analyze().
#pragma once

#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include "search/board/position.hpp"
#include "search/explore/transposition.hpp"
#include "search/verdict.hpp"
#include "search/verdict_store.hpp"

namespace arbiter::analyzer {

// The version of the analysis, kept with every verdict in the on-disk table. Raise it
// when a change could make a stored verdict wrong (a bug fixed in a proof or a witness):
// verdicts of another version are then recomputed and replaced, never served.
inline constexpr uint32_t kAlgorithmVersion = 1;

struct AnalysisOptions {
  uint64_t max_nodes = 10'000'000;       // per question, all phases together
  uint64_t max_closure_positions = 4'000'000;  // memory bound of the exhaustive phase
  int threads = 1;                       // searchers racing on one question
  double max_seconds = 0;                // 0: no time limit
  // Set from outside (another thread) to stop every question under way: they end
  // undetermined with reason Cancelled, which is never stored. Must outlive the analyzer.
  const std::atomic<bool>* interrupt = nullptr;
};

class WinnabilityAnalyzer {
 public:
  // With a store, decided verdicts are looked up (pipeline step 3) and kept there; the
  // store must outlive the analyzer.
  explicit WinnabilityAnalyzer(AnalysisOptions options = {}, search::VerdictStore* store = nullptr);
  search::Verdict analyze(const board::Position& pos, board::Color winner);
  // The same with another node budget than the options' (a quick first look).
  search::Verdict analyze(const board::Position& pos, board::Color winner, uint64_t max_nodes);
  const AnalysisOptions& options() const { return options_; }

 private:
  // Steps 5 to 8 of the pipeline: the blockade, the searches and the race.
  search::Verdict decide(const board::Position& pos, board::Color winner, uint64_t max_nodes);

  // search::no_mate_position_exists, remembered per material (it takes milliseconds).
  std::optional<std::string> no_mate_position(const board::Position& pos, board::Color winner);

  AnalysisOptions options_;
  search::VerdictStore* store_ = nullptr;
  std::unique_ptr<search::TranspositionTable> table_;
  std::mutex material_mutex_;
  std::map<std::string, std::optional<std::string>> material_answers_;
};

}  // namespace arbiter::analyzer
