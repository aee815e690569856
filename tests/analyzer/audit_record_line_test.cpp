// records::audited_game_line, the audit's JSON line written without building the document,
// against the library's dump of records::audited_game: byte for byte, on records that take
// every branch (null and present fields, the plain reading, warnings, claims) and strings
// that need escaping (quotes, backslashes, control bytes, non-ASCII, invalid UTF-8), also at
// every place of a longer string, and on the records of audited games.
#include <catch2/catch.hpp>

#include "analyzer/game_audit.hpp"
#include "analyzer/records/records.hpp"
#include "game_line.hpp"

using namespace arbiter;
using analyzer::AuditedGame;
using analyzer::GameResult;

namespace {

void check_same(const records::AuditedGameRecord& r) {
  const std::string library = records::dump(records::audited_game(r));
  INFO("the library writes " << library);
  CHECK(records::audited_game_line(r) == library);
}

}  // namespace

TEST_CASE("audit JSON line: the same bytes as the library's dump, on every kind of field", "[audit][records]") {
  AuditedGame a;
  records::AuditedGameRecord r{"games.pgn", 7, "White", "Black", &a, {}, false, nullptr, {}};
  check_same(r);  // a default game: results null, no conflict, no plain reading, no warnings

  a.recorded = GameResult::WhiteWins;
  a.correct = GameResult::Draw;
  a.ending = analyzer::Ending::Timeout;
  a.ply = 81;
  a.void_plies = 2;
  a.fen = "8/8/8/8/8/5k2/8/5K1q b - - 0 1";
  a.reason = "Black ran out of time and White cannot checkmate by any legal sequence: a draw";
  a.basis = "Termination \"Time forfeit\"";
  a.mismatch = true;
  a.conflict = "the Result says White won, the tag says \\ nothing";
  a.rules = analyzer::Rules::AutomaticDraws;
  a.readings_differ = true;
  a.plain_correct = GameResult::WhiteWins;
  a.plain_reason = "plain: White mates in 3";
  r.warnings = {"a warning", "another, with \"quotes\""};
  check_same(r);

  a.plain_correct.reset();  // the plain reading undetermined
  a.correct.reset();
  check_same(r);

  SECTION("strings the library escapes or replaces") {
    for (const std::string& s : {std::string("tab\there"), std::string("new\nline"), std::string("bell\x07"),
                                std::string("del\x7f"), std::string("M\xc3\xbcller"), std::string("bad \xff\xfe utf-8"),
                                std::string("cut \xc3"), std::string("back\\slash"), std::string(""),
                                std::string("\""), std::string("\\"), std::string("\"both\\\" \\\\ ends\""),
                                std::string("\"quoted\" M\xc3\xbcller")}) {
      r.file = s;
      r.white = s;
      a.reason = s;
      a.fen = s;
      r.warnings = {s};
      check_same(r);
    }
  }
  SECTION("a byte to escape or replace at every place of a long string (eight bytes are read at once)") {
    for (const std::string& odd : {std::string("\""), std::string("\\"), std::string("\t"), std::string("\x1f"),
                                   std::string("\x7f"), std::string("\xc3\xbc"), std::string("\xff"), std::string(" "),
                                   std::string("~"), std::string("!#")}) {
      for (std::size_t at = 0; at <= 20; ++at) {
        std::string s(20, 'a');
        s.insert(at, odd);
        r.white = s;
        a.reason = s + s;
        r.warnings = {s};
        check_same(r);
      }
    }
  }
  SECTION("with --claims the nested claims are there too") {
    const test::GameLine g = test::game("e4 e5 Nf3 Nc6 Ng1 Nb8 Nf3 Nc6 Ng1 Nb8");
    r.claims = true;
    r.start = &g.start;
    r.moves = g.moves;
    a.threefold = analyzer::ClaimPoint{8, board::Color::White, std::nullopt};
    check_same(r);
    a.fifty = analyzer::ClaimPoint{7, board::Color::Black, g.moves[7]};  // by an intended move
    check_same(r);
  }
}

TEST_CASE("audit JSON line: the same bytes as the library's dump on audited games", "[audit][records]") {
  analyzer::WinnabilityAnalyzer analyzer;
  const struct {
    const char* sans;
    analyzer::Tags tags;
    std::optional<GameResult> recorded;
  } games[] = {
      {"f3 e5 g4 Qh4#", {}, GameResult::BlackWins},
      {"e4 e5 Qh5 Nc6", {{"Termination", "Time forfeit"}}, GameResult::WhiteWins},
      {"e4 e5", {{"Termination", "Normal"}}, GameResult::Draw},
      {"d4", {}, std::nullopt},
  };
  for (const auto& game : games) {
    const test::GameLine g = test::game(game.sans);
    const AuditedGame a = audit_game(g.start, g.moves, game.tags, game.recorded, {}, analyzer);
    records::AuditedGameRecord r{"fixture.pgn", 1, "Anna \"A\" B", "Bo", &a, {}, false, nullptr, {}};
    INFO(game.sans);
    check_same(r);
  }
}
