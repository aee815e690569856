// The JSON records the Python module returns: those of analyzer/records/, the same
// functions the CLI prints with --json, so that a script gets from `arbiter.analyze` what
// `arbiter analyze --json` prints for the same position.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "analyzer/loss_adjudication.hpp"
#include "analyzer/records/records.hpp"
#include "analyzer/status.hpp"
#include "search/board/position.hpp"
#include "search/problems/conversion.hpp"
#include "search/problems/problem_helpmate.hpp"
#include "search/verdict.hpp"

namespace arbiter::python {

using Json = records::Json;
using TimedVerdict = records::TimedVerdict;

// `analyze --json`.
Json analysis_record(const board::Position& pos, const std::optional<TimedVerdict>& white,
                     const std::optional<TimedVerdict>& black);

// `timeout --json` / `resign --json`.
Json loss_record(const board::Position& pos, board::Color loser, analyzer::LossKind kind,
                 const analyzer::Adjudication& adjudication, uint64_t micros);

// `status --json`: the verdicts of both sides when the game goes on.
Json status_record(const board::Position& pos, const analyzer::Status& status, const std::optional<TimedVerdict>& white,
                   const std::optional<TimedVerdict>& black);

// `helpmate --json`; the solutions (and short solutions) must have been replayed.
Json helpmate_record(const board::Position& pos, search::Stipulation stipulation,
                     const search::HelpmateSolutions& result, uint64_t micros,
                     const std::optional<std::vector<records::ShortSolutions>>& shorter);

// `convert --json`. Nothing when a conversion line does not replay (never reported then).
std::optional<Json> conversion_record(const board::Position& pos, const search::Conversion& result,
                                      const search::ConversionOptions& options);

}  // namespace arbiter::python
