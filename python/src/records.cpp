#include "records.hpp"

#include <span>
#include <string>

#include "analyzer/fixtures/fixture_record.hpp"
#include "search/board/notation.hpp"

namespace arbiter::python {

namespace {

Json verdict_json(const board::Position& pos, const TimedVerdict& tv) {
  Json j = analyzer::fixtures::verdict_record(pos, tv.verdict);
  j["micros"] = tv.micros;
  return j;
}

// Problem notation, numbered from 1 whoever moves first: "1.Kh1 Ng3 2.h1=R Nf1#" for
// h#N; for h#N.5 the mating side's first move is "1...", then the pairs.
std::string problem_notation(const board::Position& root, std::span<const board::Move> line, bool half) {
  board::Position pos = root;
  std::string out;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const std::size_t ply = half ? i + 1 : i;
    if (i > 0) out += ' ';
    if (half && i == 0)
      out += "1...";
    else if (ply % 2 == 0)
      out += std::to_string(ply / 2 + 1) + ".";
    out += board::to_san(pos, line[i]);
    pos.do_move(line[i]);
  }
  return out;
}

}  // namespace

Json analysis_record(const board::Position& pos, const std::optional<TimedVerdict>& white,
                     const std::optional<TimedVerdict>& black) {
  Json j;
  j["fen"] = pos.fen();
  if (white) j["white"] = verdict_json(pos, *white);
  if (black) j["black"] = verdict_json(pos, *black);
  if (white && black) {
    const bool dead = white->verdict.outcome == search::Outcome::Unwinnable &&
                      black->verdict.outcome == search::Outcome::Unwinnable;
    const bool live = white->verdict.outcome == search::Outcome::Winnable ||
                      black->verdict.outcome == search::Outcome::Winnable;
    if (dead || live) j["dead"] = dead;
    else j["dead"] = nullptr;  // undetermined: neither proven
  }
  return j;
}

Json loss_record(const board::Position& pos, board::Color loser, analyzer::LossKind kind,
                 const analyzer::Adjudication& a, uint64_t micros) {
  Json j;
  j["fen"] = pos.fen();
  j[kind == analyzer::LossKind::Timeout ? "flagged" : "resigned"] = loser == board::Color::White ? "white" : "black";
  if (a.result) j["result"] = analyzer::to_string(*a.result);
  else j["result"] = nullptr;
  j["reason"] = a.reason;
  if (a.winnability) j["winnability"] = verdict_json(pos, TimedVerdict{*a.winnability, micros});
  return j;
}

Json status_record(const board::Position& pos, const analyzer::Status& s) {
  return Json{{"fen", pos.fen()},
              {"state", analyzer::to_string(s.state)},
              {"in_check", s.in_check},
              {"legal_moves", s.legal_moves},
              {"simple", {{"white", s.simple_white}, {"black", s.simple_black}}}};
}

Json helpmate_record(const board::Position& pos, search::Stipulation stipulation,
                     const search::HelpmateSolutions& result, uint64_t micros) {
  Json j;
  j["fen"] = pos.fen();
  j["stipulation"] = stipulation.to_string();
  auto solutions = Json::array();
  auto san = Json::array();
  for (const auto& line : result.solutions) {
    board::Position replay = pos;
    solutions.push_back(board::uci_line(replay, line));
    san.push_back(problem_notation(pos, line, stipulation.half));
  }
  j["solutions"] = solutions;
  j["san"] = san;
  j["count"] = result.solutions.size();
  j["nodes"] = result.nodes;
  j["micros"] = micros;
  j["complete"] = result.complete;
  if (!result.complete) j["limit"] = search::to_string(result.limit);
  return j;
}

std::optional<Json> conversion_record(const board::Position& pos, const search::Conversion& result) {
  const bool converted = result.kind == search::Conversion::Kind::Converted;
  Json j;
  j["fen"] = pos.fen();
  j["convertible"] = converted;
  if (converted) {
    // Each move is written in the position where the stalemated side has passed.
    if (!search::replays_as_conversion(pos, result.line)) return std::nullopt;
    std::vector<std::string> uci;
    std::string san;
    board::Position current = pos;
    for (std::size_t i = 0; i < result.line.size(); ++i) {
      board::Position mover = *search::pass_stalemated_side(current);
      uci.push_back(board::to_uci(mover, result.line[i]));
      san += (i ? " " : "") + std::to_string(i + 1) + "." + board::to_san(mover, result.line[i]);
      mover.do_move(result.line[i]);
      current = std::move(mover);
    }
    j["line"] = uci;
    j["san"] = san;
  }
  j["length"] = result.line.size();
  j["positions"] = result.positions;
  j["complete"] = result.kind != search::Conversion::Kind::LimitHit;
  return j;
}

}  // namespace arbiter::python
