// Status, perft and timeout/resign records.
#include <iomanip>
#include <sstream>

#include "analyzer/records/records.hpp"
#include "search/board/plausibility.hpp"
#include "search/board/notation.hpp"

namespace arbiter::records {

namespace {

// Dead (5.2.2) when both sides are proven unable to mate; live when one can; else
// undetermined (empty). A game the board has already ended is not dead.
std::optional<bool> dead_of(const analyzer::Status& s, const std::optional<TimedVerdict>& white,
                            const std::optional<TimedVerdict>& black) {
  if (s.state != analyzer::GameState::Ongoing) return false;
  if (!white || !black) return std::nullopt;
  auto is = [](const std::optional<TimedVerdict>& v, search::Outcome o) { return v->verdict.outcome == o; };
  if (is(white, search::Outcome::Winnable) || is(black, search::Outcome::Winnable)) return false;
  if (is(white, search::Outcome::Unwinnable) && is(black, search::Outcome::Unwinnable)) return true;
  return std::nullopt;
}

// Every ending that holds in the position, in the order of docs/rules.md §3.
std::vector<std::string> endings_of(const analyzer::Status& s, std::optional<bool> dead) {
  std::vector<std::string> out;
  if (s.state == analyzer::GameState::Checkmate) out.push_back("checkmate");
  if (s.state == analyzer::GameState::Stalemate) out.push_back("stalemate");
  if (dead == true) out.push_back("dead-position");
  if (s.seventy_five) out.push_back("seventy-five");
  return out;
}

}  // namespace

Json status(const board::Position& pos, const analyzer::Status& s, const std::optional<TimedVerdict>& white,
            const std::optional<TimedVerdict>& black) {
  const std::optional<bool> dead = dead_of(s, white, black);
  Json j{{"fen", pos.fen()},
         {"state", analyzer::to_string(s.state)},
         {"in_check", s.in_check},
         {"impossible_check", board::impossible_check(pos)},
         {"legal_moves", s.legal_moves},
         {"endings", endings_of(s, dead)},
         {"dead", dead ? Json(*dead) : Json(nullptr)},
         {"seventy_five", s.seventy_five},
         {"winnability", nullptr},
         {"simple",
          {{"opponent_blind", {{"white", s.simple_white}, {"black", s.simple_black}}},
           {"opponent_aware", {{"white", s.aware_white}, {"black", s.aware_black}}}}},
         {"warnings", board::implausibilities(pos)}};
  if (white && black) j["winnability"] = Json{{"white", verdict(pos, *white)}, {"black", verdict(pos, *black)}};
  return stamp(j);
}

std::string status_text(const board::Position& pos, const analyzer::Status& s, const std::optional<TimedVerdict>& white,
                        const std::optional<TimedVerdict>& black) {
  std::ostringstream out;
  std::string mover = pos.side_to_move() == board::Color::White ? "White" : "Black";
  out << pos.fen() << '\n';
  switch (s.state) {
    case analyzer::GameState::Checkmate: out << "  checkmate: " << mover << " is checkmated\n"; break;
    case analyzer::GameState::Stalemate:
      out << "  stalemate: " << mover << " is not in check and has no legal move\n";
      break;
    case analyzer::GameState::SeventyFive:
      out << "  seventy-five: drawn by the 75-move rule (halfmove clock " << pos.halfmove_clock()
          << ", Article 9.6.2)\n";
      break;
    default:
      out << "  ongoing: " << mover << " to move" << (s.in_check ? ", in check" : "") << ", " << s.legal_moves
          << " legal move" << (s.legal_moves == 1 ? "" : "s") << '\n';
  }
  for (const auto& w : board::implausibilities(pos)) out << "  warning: cannot arise in a game: " << w << '\n';
  const std::optional<bool> dead = dead_of(s, white, black);
  if (s.state == analyzer::GameState::Ongoing && white && black) {
    out << "  dead position: "
        << (dead == true ? "yes (5.2.2), neither side can mate" : dead == false ? "no" : "undetermined") << '\n';
    out << "    White: " << verdict_text(pos, *white) << "\n    Black: " << verdict_text(pos, *black) << '\n';
  }
  if (s.seventy_five)
    out << "  75-move rule: drawn (9.6.2), the halfmove clock stands at " << pos.halfmove_clock() << '\n';
  auto verdict = [](bool can) { return can ? "can mate" : "cannot mate"; };
  out << "  opponent-blind table (some servers, docs/rules.md §2): White " << verdict(s.simple_white) << ", Black "
      << verdict(s.simple_black) << '\n';
  out << "  opponent-aware rule (python-chess, Lichess): White " << verdict(s.aware_white) << ", Black "
      << verdict(s.aware_black) << '\n';
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
  // Microseconds as fixed decimals: "0.000042 s", never "4.2e-05 s".
  out << "nodes " << p.nodes << "  depth " << p.depth << "  time " << std::fixed << std::setprecision(6) << secs
      << " s";
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
  j["winnability"] = a.winnability ? verdict(pos, TimedVerdict{*a.winnability, micros, a.rules}) : Json(nullptr);
  j["ended_by"] = a.ended_by ? Json(analyzer::to_string(*a.ended_by)) : Json(nullptr);
  j["note"] = a.note.empty() ? Json(nullptr) : Json(a.note);
  j["rules"] = analyzer::to_string(a.rules);
  // The plain reading, when it differs from the strict one under the automatic draws.
  j["plain"] = a.plain ? Json{{"result", a.plain->result ? Json(analyzer::to_string(*a.plain->result)) : Json(nullptr)},
                              {"reason", a.plain->reason},
                              {"winnability", verdict(pos, TimedVerdict{a.plain->winnability, micros})}}
                       : Json(nullptr);
  return stamp(j);
}

std::string loss_text(const board::Position& pos, analyzer::LossKind, board::Color loser,
                      const analyzer::Adjudication& a, uint64_t micros) {
  std::string out = pos.fen() + '\n' + "  result: " + (a.result ? analyzer::to_string(*a.result) : "undetermined") +
                    " — " + a.reason + '\n';
  if (a.winnability)
    out += std::string("  ") + (loser == board::Color::White ? "Black" : "White") + ": " +
           verdict_text(pos, TimedVerdict{*a.winnability, micros}) + '\n';
  if (a.plain) {
    out += "  the result above is the strict FIDE reading (the automatic draws of 9.6 end any series); without them,\n"
           "  plain: " + std::string(a.plain->result ? analyzer::to_string(*a.plain->result) : "undetermined") + " — " +
           a.plain->reason + '\n';
    out += std::string("  ") + (loser == board::Color::White ? "Black" : "White") + " (plain): " +
           verdict_text(pos, TimedVerdict{a.plain->winnability, micros}) + '\n';
  }
  if (!a.note.empty()) out += "  note: " + a.note + '\n';
  return out;
}

}  // namespace arbiter::records
