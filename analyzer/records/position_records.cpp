// Status, perft and timeout/resign records.
#include <sstream>

#include "analyzer/records/records.hpp"
#include "search/board/notation.hpp"

namespace arbiter::records {

Json status(const board::Position& pos, const analyzer::Status& s) {
  Json j{{"fen", pos.fen()},
         {"state", analyzer::to_string(s.state)},
         {"in_check", s.in_check},
         {"legal_moves", s.legal_moves},
         {"simple", {{"white", s.simple_white}, {"black", s.simple_black}}}};
  return stamp(j);
}

std::string status_text(const board::Position& pos, const analyzer::Status& s) {
  std::ostringstream out;
  std::string mover = pos.side_to_move() == board::Color::White ? "White" : "Black";
  out << pos.fen() << '\n';
  switch (s.state) {
    case analyzer::GameState::Checkmate: out << "  checkmate: " << mover << " is checkmated\n"; break;
    case analyzer::GameState::Stalemate:
      out << "  stalemate: " << mover << " is not in check and has no legal move\n";
      break;
    default:
      out << "  ongoing: " << mover << " to move" << (s.in_check ? ", in check" : "") << ", " << s.legal_moves
          << " legal move" << (s.legal_moves == 1 ? "" : "s") << '\n';
  }
  auto verdict = [](bool can) { return can ? "can mate" : "cannot mate"; };
  out << "  simple table: White " << verdict(s.simple_white) << ", Black " << verdict(s.simple_black) << '\n';
  return out.str();
}

Json perft(const board::Position& pos, const Perft& p) {
  Json j{{"fen", pos.fen()}, {"depth", p.depth}, {"nodes", p.nodes}, {"micros", p.micros}};
  if (p.divide) {
    Json d = Json::object();
    for (auto& [m, n] : p.parts) d[board::to_uci(pos, m)] = n;
    j["divide"] = d;
  } else {
    j["divide"] = nullptr;
  }
  return stamp(j);
}

std::string perft_text(const board::Position& pos, const Perft& p) {
  std::ostringstream out;
  for (auto& [m, n] : p.parts) out << board::to_uci(pos, m) << ": " << n << '\n';
  if (p.divide) out << '\n';
  double secs = double(p.micros) / 1e6;
  out << "nodes " << p.nodes << "  depth " << p.depth << "  time " << secs << " s";
  if (p.micros > 0) out << "  " << uint64_t(double(p.nodes) / secs) << " nodes/s";
  out << '\n';
  return out.str();
}

namespace {
const char* loser_role(analyzer::LossKind kind) { return kind == analyzer::LossKind::Timeout ? "flagged" : "resigned"; }
}  // namespace

Json loss(const board::Position& pos, analyzer::LossKind kind, board::Color loser, const analyzer::Adjudication& a,
          uint64_t micros) {
  Json j;
  j["fen"] = pos.fen();
  j[loser_role(kind)] = loser == board::Color::White ? "white" : "black";
  if (a.result) j["result"] = analyzer::to_string(*a.result);
  else j["result"] = nullptr;
  j["reason"] = a.reason;
  j["winnability"] = a.winnability ? verdict(pos, TimedVerdict{*a.winnability, micros}) : Json(nullptr);
  j["ended_by"] = a.ended_by ? Json(analyzer::to_string(*a.ended_by)) : Json(nullptr);
  j["note"] = a.note.empty() ? Json(nullptr) : Json(a.note);
  return stamp(j);
}

std::string loss_text(const board::Position& pos, analyzer::LossKind, board::Color loser,
                      const analyzer::Adjudication& a, uint64_t micros) {
  std::string out = pos.fen() + '\n' + "  result: " + (a.result ? analyzer::to_string(*a.result) : "undetermined") +
                    " — " + a.reason + '\n';
  if (a.winnability)
    out += std::string("  ") + (loser == board::Color::White ? "Black" : "White") + ": " +
           verdict_text(pos, TimedVerdict{*a.winnability, micros}) + '\n';
  if (!a.note.empty()) out += "  note: " + a.note + '\n';
  return out;
}

}  // namespace arbiter::records
