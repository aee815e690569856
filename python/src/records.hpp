// The JSON records the Python module returns, field for field those the CLI prints with
// --json (DESIGN.md), so that a script gets from `arbiter.analyze` what `arbiter analyze
// --json` prints for the same position.
#pragma once

#include <cstdint>
#include <optional>

#include <nlohmann/json.hpp>

#include "analyzer/loss_adjudication.hpp"
#include "analyzer/status.hpp"
#include "search/board/position.hpp"
#include "search/problems/conversion.hpp"
#include "search/problems/problem_helpmate.hpp"
#include "search/verdict.hpp"

namespace arbiter::python {

using Json = nlohmann::ordered_json;

struct TimedVerdict {
  search::Verdict verdict;
  uint64_t micros = 0;
};

// `analyze --json`: fen, white, black (each side asked), dead (both asked).
Json analysis_record(const board::Position& pos, const std::optional<TimedVerdict>& white,
                     const std::optional<TimedVerdict>& black);

// `timeout --json` / `resign --json`: fen, flagged|resigned, result, reason, winnability.
Json loss_record(const board::Position& pos, board::Color loser, analyzer::LossKind kind,
                 const analyzer::Adjudication& adjudication, uint64_t micros);

// `status --json`: fen, state, in_check, legal_moves, simple.
Json status_record(const board::Position& pos, const analyzer::Status& status);

// `helpmate --json`: fen, stipulation, solutions, san, count, nodes, micros, complete
// (and limit when incomplete). The solutions must have been replayed.
Json helpmate_record(const board::Position& pos, search::Stipulation stipulation,
                     const search::HelpmateSolutions& result, uint64_t micros);

// `convert --json`: fen, convertible, line and san (when convertible), length, positions,
// complete. Nothing when a conversion line does not replay (never reported then).
std::optional<Json> conversion_record(const board::Position& pos, const search::Conversion& result);

}  // namespace arbiter::python
