// Verdict, analyze and error records.
#include "analyzer/records/records.hpp"

#include "analyzer/version.hpp"
#include "search/board/movegen.hpp"
#include "search/board/notation.hpp"
#include "search/board/plausibility.hpp"

namespace arbiter::records {

std::string dump(const Json& record) { return record.dump(-1, ' ', false, Json::error_handler_t::replace); }

Json& stamp(Json& record) {
  record["arbiter"] = kVersion;
  return record;
}

void add_shortness(Json& j, const search::Verdict& v) {
  // Proven facts only, for a winnable verdict: shortest when no shorter helpmate exists;
  // otherwise the length below which none exists (null when nothing was ruled out).
  if (v.outcome != search::Outcome::Winnable) {
    j["shortest"] = nullptr;
    j["no_shorter_than"] = nullptr;
    return;
  }
  j["shortest"] = v.shortest;
  if (v.shortest) j["no_shorter_than"] = v.line.size();
  else if (v.no_shorter_than > 0) j["no_shorter_than"] = v.no_shorter_than;
  else j["no_shorter_than"] = nullptr;
}

Json verdict(const board::Position& pos, const TimedVerdict& tv) {
  const search::Verdict& v = tv.verdict;
  Json j;
  j["verdict"] = search::to_string(v.outcome);
  if (v.outcome == search::Outcome::Winnable) {
    board::Position p = pos;
    j["line"] = board::uci_line(p, v.line);
    j["san"] = board::san_line(p, v.line);
    j["plies"] = v.line.size();
  } else {
    j["line"] = nullptr;
    j["san"] = nullptr;
    j["plies"] = nullptr;
  }
  j["reason"] = search::to_string(v.reason);
  j["detail"] = v.detail;
  j["nodes"] = v.nodes;
  j["source"] = v.source == search::Source::Cache ? "cache" : "search";
  j["micros"] = tv.micros;
  add_shortness(j, v);
  // "plain": the draws of Article 9.6 ignored inside the witness; "automatic-draws": a
  // witness ends where they would end the game (docs/automatic-draws.md).
  j["rules"] = analyzer::to_string(tv.rules);
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

namespace {

struct Deadness {
  bool both = false, dead = false, live = false;
  analyzer::GameState over = analyzer::GameState::Ongoing;  // checkmate or stalemate on the board
};

// A checkmate or stalemate on the board has already ended the game (5.1.1, 5.2.1): it is
// reported as that ending, never as a dead position (5.2.2), though neither side can
// mate from a stalemate.
Deadness deadness(const board::Position& pos, const std::optional<TimedVerdict>& white,
                  const std::optional<TimedVerdict>& black) {
  Deadness d;
  if (!board::has_legal_move(pos))
    d.over = pos.in_check() ? analyzer::GameState::Checkmate : analyzer::GameState::Stalemate;
  if (d.over != analyzer::GameState::Ongoing) {
    d.both = white && black;
    d.live = true;
    return d;
  }
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
  const Deadness d = deadness(pos, white, black);
  Json j;
  j["fen"] = pos.fen();
  j["white"] = white ? verdict(pos, *white) : Json(nullptr);
  j["black"] = black ? verdict(pos, *black) : Json(nullptr);
  // Null when a side was not asked or neither verdict proves it (undetermined).
  j["dead"] = d.both && (d.dead || d.live) ? Json(d.dead) : Json(nullptr);
  j["game_over"] = d.over == analyzer::GameState::Ongoing ? Json(nullptr) : Json(analyzer::to_string(d.over));
  j["warnings"] = board::implausibilities(pos);
  return stamp(j);
}

std::string analyze_text(const board::Position& pos, const std::optional<TimedVerdict>& white,
                         const std::optional<TimedVerdict>& black) {
  const Deadness d = deadness(pos, white, black);
  std::string out = pos.fen() + '\n';
  for (const auto& w : board::implausibilities(pos)) out += "  warning: cannot arise in a game: " + w + '\n';
  if (white) out += "  White: " + verdict_text(pos, *white) + '\n';
  if (black) out += "  Black: " + verdict_text(pos, *black) + '\n';
  if (d.over != analyzer::GameState::Ongoing)
    out += std::string("  dead: no, the game is already over: ") +
           (d.over == analyzer::GameState::Checkmate ? "checkmate (5.1.1)" : "stalemate (5.2.1)") + '\n';
  else if (d.both)
    out += std::string("  dead: ") + (d.dead ? "yes, neither side can mate" : d.live ? "no" : "undetermined") + '\n';
  return out;
}

namespace {

// The input as echoed in a message: at most kEchoed bytes (an input may be megabytes).
constexpr std::size_t kEchoed = 200;
std::string echoed(const std::string& text) {
  if (text.size() <= kEchoed) return text;
  return text.substr(0, kEchoed) + "... (" + std::to_string(text.size()) + " bytes in all)";
}

}  // namespace

Json input_error(const std::string& input, const std::string& message) {
  Json j{{"input", echoed(input)}, {"error", message}};
  return stamp(j);
}

std::string input_error_text(const std::string& input, const std::string& message) {
  return "arbiter: " + message + "\n  input: " + echoed(input) + '\n';
}

}  // namespace arbiter::records
