// The winnability question (RULES.md §1) for one position and one side, with proof:
// the decision pipeline of DESIGN.md. Sound: "unwinnable" only with an argument that
// proves it, "winnable" only with a witness that has been replayed; otherwise
// "undetermined" with the limit hit. Thread-safe: many threads may call analyze().
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include "search/board/position.hpp"
#include "search/transposition.hpp"
#include "search/verdict.hpp"

namespace arbiter::analyzer {

struct AnalysisOptions {
  uint64_t max_nodes = 10'000'000;       // per question, all phases together
  uint64_t max_closure_positions = 4'000'000;  // memory bound of the exhaustive phase
  int threads = 1;                       // searchers racing on one question
  double max_seconds = 0;                // 0: no time limit
};

class WinnabilityAnalyzer {
 public:
  explicit WinnabilityAnalyzer(AnalysisOptions options = {});
  search::Verdict analyze(const board::Position& pos, board::Color winner);
  const AnalysisOptions& options() const { return options_; }

 private:
  // search::no_mate_position_exists, remembered per material (it takes milliseconds).
  std::optional<std::string> no_mate_position(const board::Position& pos, board::Color winner);

  AnalysisOptions options_;
  std::unique_ptr<search::TranspositionTable> table_;
  std::mutex material_mutex_;
  std::map<std::string, std::optional<std::string>> material_answers_;
};

}  // namespace arbiter::analyzer
