// Audit records: one per game, the errors, the standings.
#include <algorithm>
#include <charconv>
#include <cstdint>
#include <cstring>
#include <iomanip>
#include <sstream>

#include "analyzer/records/records.hpp"
#include "analyzer/version.hpp"
#include "search/board/notation.hpp"

namespace arbiter::records {
namespace {

board::Position position_at(const board::Position& start, std::span<const board::Move> moves, int ply) {
  board::Position p = start;
  for (int i = 0; i < ply; ++i) p.do_move(moves[i]);
  return p;
}

std::string claim_text(const analyzer::ClaimPoint& c, const board::Position& start,
                       std::span<const board::Move> moves) {
  std::string who = c.claimant == board::Color::White ? "White" : "Black";
  std::string out = "ply " + std::to_string(c.ply) + " by " + who;
  if (c.intended) out += " writing " + board::to_san(position_at(start, moves, c.ply), *c.intended);
  return out;
}

Json claim_json(const analyzer::ClaimPoint& c, const board::Position& start, std::span<const board::Move> moves) {
  Json j;
  j["ply"] = c.ply;
  j["claimant"] = c.claimant == board::Color::White ? "white" : "black";
  j["intended"] = c.intended ? Json(board::to_uci(position_at(start, moves, c.ply), *c.intended)) : Json(nullptr);
  return j;
}

std::string result_or_unknown(const std::optional<analyzer::GameResult>& r) {
  return r ? analyzer::to_string(*r) : "?";
}

}  // namespace

Json audited_game(const AuditedGameRecord& g) {
  const analyzer::AuditedGame& a = *g.audit;
  Json j;
  j["file"] = g.file;
  j["game"] = g.game;
  j["white"] = g.white;
  j["black"] = g.black;
  j["recorded"] = a.recorded ? Json(analyzer::to_string(*a.recorded)) : nullptr;
  j["correct"] = a.correct ? Json(analyzer::to_string(*a.correct)) : nullptr;
  j["ending"] = analyzer::to_string(a.ending);
  j["ply"] = a.ply;
  j["reason"] = a.reason;
  j["mismatch"] = a.mismatch;
  j["conflict"] = a.conflict.empty() ? Json(nullptr) : Json(a.conflict);
  j["basis"] = a.basis;
  j["void_plies"] = a.void_plies;
  j["fen"] = a.fen;
  j["rules"] = analyzer::to_string(a.rules);
  // The plain reading's result, when it differs from the strict one under the automatic draws.
  j["plain"] = a.readings_differ ? Json{{"correct", a.plain_correct ? Json(analyzer::to_string(*a.plain_correct)) : Json(nullptr)},
                                        {"reason", a.plain_reason}}
                                 : Json(nullptr);
  if (g.claims) {
    j["claims"]["threefold"] = a.threefold ? claim_json(*a.threefold, *g.start, g.moves) : nullptr;
    j["claims"]["fifty"] = a.fifty ? claim_json(*a.fifty, *g.start, g.moves) : nullptr;
  } else {
    j["claims"] = nullptr;  // asked with --claims only
  }
  j["warnings"] = g.warnings;
  return stamp(j);
}

namespace {

// Whether none of the eight bytes of `w` needs a look of its own: each is printable ASCII
// and neither '"' nor '\\'. Each test below is exact about whether some byte matches (a
// borrow runs only from a byte that does).
bool plain_eight(uint64_t w) {
  constexpr uint64_t kOnes = 0x0101010101010101, kHigh = 0x8080808080808080;
  auto has_zero = [](uint64_t v) { return (v - kOnes) & ~v & kHigh; };
  const uint64_t below_blank = (w - 0x20 * kOnes) & ~w & kHigh;  // a byte under 0x20
  return !(below_blank | (w & kHigh) | has_zero(w ^ ('"' * kOnes)) | has_zero(w ^ ('\\' * kOnes)) |
           has_zero(w ^ (0x7F * kOnes)));
}

// A string as dump() writes it. One of printable ASCII is written as it is, its quotes and
// backslashes escaped as the library escapes them (\" and \\, as in a Termination basis);
// any other goes through the library's own writer, which escapes control bytes and
// replaces invalid UTF-8.
void append_string(std::string& out, std::string_view s) {
  const std::size_t start = out.size();
  out += '"';
  std::size_t from = 0;
  for (std::size_t i = 0; i < s.size();) {
    if (uint64_t w; i + 8 <= s.size() && (std::memcpy(&w, s.data() + i, 8), plain_eight(w))) {
      i += 8;
      continue;
    }
    const auto c = (unsigned char)s[i];
    if (c - 0x20u < 0x5Fu && c != '"' && c != '\\') {  // printable ASCII, written as it is
      ++i;
      continue;
    }
    if (c - 0x20u >= 0x5Fu) {  // a control byte or non-ASCII
      out.resize(start);
      out += dump(Json(s));
      return;
    }
    out.append(s.data() + from, i - from);
    out += '\\';
    out += char(c);
    from = ++i;
  }
  out.append(s.data() + from, s.size() - from);
  out += '"';
}

// A JSON object written as dump() writes it: no spaces, the keys in the order given. The
// keys are the contract's names, plain ASCII, so they are written as they are.
class ObjectWriter {
 public:
  explicit ObjectWriter(std::string& out) : out_(out) { out_ += '{'; }
  ObjectWriter& key(std::string_view k) {
    if (!first_) out_ += ',';
    first_ = false;
    out_ += '"';
    out_.append(k.data(), k.size());
    out_.append("\":", 2);
    return *this;
  }
  void string(std::string_view s) { append_string(out_, s); }
  void string_or_null(const char* s) { s ? string(s) : null(); }
  void number(long long n) {
    char digits[24];
    out_.append(digits, std::size_t(std::to_chars(digits, digits + sizeof digits, n).ptr - digits));
  }
  void boolean(bool b) { out_ += b ? "true" : "false"; }
  void null() { out_ += "null"; }
  void close() { out_ += '}'; }

 private:
  std::string& out_;
  bool first_ = true;
};

const char* result_name(const std::optional<analyzer::GameResult>& r) {
  return r ? analyzer::to_string(*r) : nullptr;
}

}  // namespace

std::string audited_game_line(const AuditedGameRecord& g) {
  if (g.claims) return dump(audited_game(g));  // --claims only: the nested claims as the library writes them
  const analyzer::AuditedGame& a = *g.audit;
  std::string out;
  out.reserve(1024);  // most lines are shorter
  ObjectWriter j(out);
  j.key("file").string(g.file);
  j.key("game").number(g.game);
  j.key("white").string(g.white);
  j.key("black").string(g.black);
  j.key("recorded").string_or_null(result_name(a.recorded));
  j.key("correct").string_or_null(result_name(a.correct));
  j.key("ending").string(analyzer::to_string(a.ending));
  j.key("ply").number(a.ply);
  j.key("reason").string(a.reason);
  j.key("mismatch").boolean(a.mismatch);
  if (a.conflict.empty()) j.key("conflict").null();
  else j.key("conflict").string(a.conflict);
  j.key("basis").string(a.basis);
  j.key("void_plies").number(a.void_plies);
  j.key("fen").string(a.fen);
  j.key("rules").string(analyzer::to_string(a.rules));
  if (a.readings_differ) {
    j.key("plain");
    ObjectWriter plain(out);
    plain.key("correct").string_or_null(result_name(a.plain_correct));
    plain.key("reason").string(a.plain_reason);
    plain.close();
  } else {
    j.key("plain").null();
  }
  j.key("claims").null();
  j.key("warnings");
  out += '[';
  for (std::size_t i = 0; i < g.warnings.size(); ++i) {
    if (i) out += ',';
    append_string(out, g.warnings[i]);
  }
  out += ']';
  j.key("arbiter").string(kVersion);
  j.close();
  return out;
}

std::string audited_game_text(const AuditedGameRecord& g) {
  const analyzer::AuditedGame& a = *g.audit;
  std::ostringstream out;
  // A game the server ended where the Laws had not has no correct result: it goes on.
  const std::string correct = a.ending == analyzer::Ending::NotOver ? "none, the game goes on"
                              : a.correct                           ? result_or_unknown(a.correct)
                                                                    : "undetermined";
  out << g.file << " #" << g.game << "  " << g.white << " - " << g.black << "  recorded "
      << result_or_unknown(a.recorded) << ", correct " << correct << ": " << analyzer::to_string(a.ending)
      << " at ply " << a.ply << (a.mismatch ? "  MISMATCH" : "") << '\n'
      << "  " << a.reason << (a.basis == "moves" ? "" : " [" + a.basis + "]") << '\n';
  if (!a.conflict.empty()) out << "  conflict: " << a.conflict << '\n';
  if (a.readings_differ)
    out << "  (the strict FIDE reading, the automatic draws of 9.6 ending any series; without them, plain: "
        << (a.plain_correct ? result_or_unknown(a.plain_correct) : "undetermined") << " — " << a.plain_reason << ")\n";
  if (a.void_plies > 0)
    out << "  " << a.void_plies << (a.void_plies == 1 ? " ply" : " plies") << " played after the end "
        << (a.void_plies == 1 ? "is" : "are") << " void\n";
  if (a.mismatch || !a.correct) out << "  position: " << a.fen << '\n';
  if (g.claims) {
    out << "  threefold claim: " << (a.threefold ? claim_text(*a.threefold, *g.start, g.moves) : "never")
        << "; 50-move claim: " << (a.fifty ? claim_text(*a.fifty, *g.start, g.moves) : "never") << '\n';
  }
  return out.str();
}

Json audit_error(const std::string& file, int game, const std::string& error) {
  Json j;
  j["file"] = file;
  j["game"] = game;
  j["error"] = error;
  return stamp(j);
}

std::string audit_error_text(const std::string& file, int game, const std::string& error) {
  return file + (game ? " #" + std::to_string(game) : "") + ": error: " + error + '\n';
}

Json standings(const std::vector<analyzer::Standings::Row>& rows) {
  Json j = Json::array();
  for (const auto& r : rows)
    j.push_back({{"player", r.player}, {"games", r.games}, {"recorded", r.recorded}, {"correct", r.correct},
                 {"unscored_recorded", r.unscored_recorded}, {"unscored_correct", r.unscored_correct}});
  Json record{{"standings", j}};
  return stamp(record);
}

std::string standings_text(const std::vector<analyzer::Standings::Row>& rows, const std::string& points) {
  std::ostringstream out;
  // Columns aligned: names padded to the longest (in bytes), numbers right-aligned.
  std::size_t name_width = 6;
  for (const auto& r : rows) name_width = std::max(name_width, r.player.size());
  auto number = [](double v) {
    std::ostringstream s;
    s << v;
    return s.str();
  };
  out << "standings (points " << points << ")\n  " << std::left << std::setw(int(name_width)) << "player"
      << std::right << std::setw(7) << "games" << std::setw(10) << "recorded" << std::setw(9) << "correct" << '\n';
  for (const auto& r : rows) {
    out << "  " << std::left << std::setw(int(name_width)) << r.player << std::right << std::setw(7) << r.games
        << std::setw(10) << number(r.recorded) << std::setw(9) << number(r.correct);
    if (r.recorded != r.correct) out << "  (differs)";
    if (r.unscored_correct > r.unscored_recorded)
      out << "  (" << r.unscored_correct - r.unscored_recorded << " undetermined)";
    out << '\n';
  }
  return out.str();
}

}  // namespace arbiter::records
