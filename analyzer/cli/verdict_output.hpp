// How a verdict is shown: the JSON object of the contract (docs/output.md) and a text line.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "search/board/position.hpp"
#include "search/verdict.hpp"

namespace arbiter::cli {

struct TimedVerdict {
  search::Verdict verdict;
  uint64_t micros = 0;
};

// The verdict's record as fixtures write it (analyzer::fixtures::verdict_record: "verdict", "line",
// "san", "plies", "reason", "detail", "nodes", "source") plus "micros";
// line/san/plies only for winnable.
nlohmann::ordered_json verdict_json(const board::Position& pos, const TimedVerdict& v);

// "winnable: 1. Nc3 Kd4 ... (helpmate, 9 plies)" or "unwinnable: <detail> (reason)".
std::string verdict_text(const board::Position& pos, const TimedVerdict& v);

}  // namespace arbiter::cli
