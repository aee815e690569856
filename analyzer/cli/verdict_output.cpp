#include "analyzer/cli/verdict_output.hpp"

#include "analyzer/fixtures/fixture_record.hpp"

#include "search/board/notation.hpp"

namespace arbiter::cli {

nlohmann::ordered_json verdict_json(const board::Position& pos, const TimedVerdict& tv) {
  nlohmann::ordered_json j = analyzer::fixtures::verdict_record(pos, tv.verdict);
  j["micros"] = tv.micros;
  return j;
}

std::string verdict_text(const board::Position& pos, const TimedVerdict& tv) {
  const auto& v = tv.verdict;
  std::string out = search::to_string(v.outcome);
  if (v.outcome == search::Outcome::Winnable) {
    board::Position p = pos;
    out += v.line.empty() ? std::string(": already checkmate") : ": " + board::san_line(p, v.line);
    out += " (" + std::string(search::to_string(v.reason)) + ", " + std::to_string(v.line.size()) + " plies";
    if (v.shortest) out += ", a shortest mate";
    else if (v.no_shorter_than > 1) out += ", none shorter than " + std::to_string(v.no_shorter_than) + " plies";
    out += ")";
  } else {
    out += ": " + v.detail + " (" + search::to_string(v.reason) + ")";
  }
  return out;
}

}  // namespace arbiter::cli
