// Verdict, analyze and error records.
#include "analyzer/records/records.hpp"

#include "search/board/notation.hpp"

namespace arbiter::records {

std::string dump(const Json& record) { return record.dump(-1, ' ', false, Json::error_handler_t::replace); }

Json verdict(const board::Position& pos, const TimedVerdict& tv) {
  const search::Verdict& v = tv.verdict;
  Json j;
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
  j["source"] = v.source == search::Source::Cache ? "cache" : "search";
  j["micros"] = tv.micros;
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

namespace {

struct Deadness {
  bool both = false, dead = false, live = false;
};

Deadness deadness(const std::optional<TimedVerdict>& white, const std::optional<TimedVerdict>& black) {
  Deadness d;
  d.both = white && black;
  d.dead = d.both && white->verdict.outcome == search::Outcome::Unwinnable &&
           black->verdict.outcome == search::Outcome::Unwinnable;
  d.live = (white && white->verdict.outcome == search::Outcome::Winnable) ||
           (black && black->verdict.outcome == search::Outcome::Winnable);
  return d;
}

}  // namespace

Json analyze(const board::Position& pos, const std::optional<TimedVerdict>& white,
             const std::optional<TimedVerdict>& black) {
  const Deadness d = deadness(white, black);
  Json j;
  j["fen"] = pos.fen();
  if (white) j["white"] = verdict(pos, *white);
  if (black) j["black"] = verdict(pos, *black);
  if (d.both) {
    if (d.dead || d.live) j["dead"] = d.dead;
    else j["dead"] = nullptr;  // undetermined: neither proven
  }
  return j;
}

std::string analyze_text(const board::Position& pos, const std::optional<TimedVerdict>& white,
                         const std::optional<TimedVerdict>& black) {
  const Deadness d = deadness(white, black);
  std::string out = pos.fen() + '\n';
  if (white) out += "  White: " + verdict_text(pos, *white) + '\n';
  if (black) out += "  Black: " + verdict_text(pos, *black) + '\n';
  if (d.both)
    out += std::string("  dead: ") + (d.dead ? "yes, neither side can mate" : d.live ? "no" : "undetermined") + '\n';
  return out;
}

Json input_error(const std::string& input, const std::string& message) {
  return Json{{"input", input}, {"error", message}};
}

std::string input_error_text(const std::string& input, const std::string& message) {
  return "arbiter: " + message + "\n  input: " + input + '\n';
}

}  // namespace arbiter::records
