#include "analyzer/cli/verdict_output.hpp"

#include "search/board/notation.hpp"

namespace arbiter::cli {

nlohmann::ordered_json verdict_json(const board::Position& pos, const TimedVerdict& tv) {
  const auto& v = tv.verdict;
  nlohmann::ordered_json j;
  j["verdict"] = search::to_string(v.outcome);
  if (v.outcome == search::Outcome::Winnable) {
    board::Position p = pos;
    j["line"] = board::uci_line(p, v.line);
    j["san"] = board::san_line(p, v.line);
    j["plies"] = v.line.size();
  }
  j["reason"] = search::to_string(v.reason);
  j["detail"] = v.detail;
  j["nodes"] = v.nodes;
  j["micros"] = tv.micros;
  j["source"] = v.source == search::Source::Cache ? std::string("cache") : tv.source;
  return j;
}

std::string verdict_text(const board::Position& pos, const TimedVerdict& tv) {
  const auto& v = tv.verdict;
  std::string out = search::to_string(v.outcome);
  if (v.outcome == search::Outcome::Winnable) {
    board::Position p = pos;
    out += v.line.empty() ? std::string(": already checkmate") : ": " + board::san_line(p, v.line);
    out += " (" + std::string(search::to_string(v.reason)) + ", " + std::to_string(v.line.size()) + " plies)";
  } else {
    out += ": " + v.detail + " (" + search::to_string(v.reason) + ")";
  }
  return out;
}

}  // namespace arbiter::cli
