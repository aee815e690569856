// The `analyze` command as a user runs it: the JSON contract of DESIGN.md, asking one
// side, stdin batches with bad lines (order kept, line numbers, exit status 1), text
// output, help.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <sstream>

#include "analyzer/witness.hpp"
#include "search/board/notation.hpp"
#include "support.hpp"

using namespace arbiter;
using test::epd_fens;
using test::lines_of;
using test::walk;
using Json = nlohmann::ordered_json;

namespace {

bool has(const Json& j, const char* key) { return j.is_object() && j.contains(key); }

// The fields every side object carries, and those of a winnable verdict.
void check_side(const Json& s, const std::string& fen, board::Color winner) {
  INFO(s.dump());
  REQUIRE(s.is_object());
  for (const char* key : {"verdict", "reason", "nodes", "micros", "source"}) CHECK(has(s, key));
  CHECK(s["verdict"].is_string());
  CHECK(s["reason"].is_string());
  CHECK(s["nodes"].is_number_unsigned());
  CHECK(s["micros"].is_number_unsigned());
  CHECK(s["source"].is_string());
  if (s.value("verdict", "") != "winnable") return;
  for (const char* key : {"line", "san", "plies"}) REQUIRE(has(s, key));
  CHECK(s["reason"] == "helpmate");
  REQUIRE(s["line"].is_array());
  CHECK(s["san"].is_string());
  CHECK(s["plies"] == s["line"].size());
  // The UCI line replays to mate.
  auto root = test::pos(fen);
  auto p = root;
  std::vector<board::Move> moves;
  for (const auto& uci : s["line"]) {
    REQUIRE(uci.is_string());
    auto m = board::parse_uci(p, uci.get<std::string>());
    REQUIRE(m.has_value());
    moves.push_back(*m);
    p.do_move(*m);
  }
  CHECK(analyzer::replays_to_mate(root, moves, winner));
}

}  // namespace

TEST_CASE("analyze --json: fen, white{...}, black{...}, dead", "[cli][analyze]") {
  // RULES.md §1: White can mate (the pawn blocks its own king), Black can mate (the
  // pawn promotes); so the position is not dead.
  const std::string fen = "8/8/8/4k3/4p3/8/8/KN6 w - - 0 1";
  auto r = test::run_arbiter("analyze --json '" + fen + "'");
  INFO(r.out);
  CHECK(r.status == 0);
  auto lines = lines_of(r.out);
  REQUIRE(lines.size() == 1);
  auto j = Json::parse(lines[0]);
  for (const char* key : {"fen", "white", "black", "dead"}) CHECK(has(j, key));
  CHECK(j["fen"] == fen);
  check_side(j["white"], fen, board::Color::White);
  check_side(j["black"], fen, board::Color::Black);
  CHECK(j["white"]["verdict"] == "winnable");
  CHECK(j["black"]["verdict"] == "winnable");
  CHECK(j["dead"] == false);
}

TEST_CASE("analyze --json --winner white omits black and dead", "[cli][analyze]") {
  const std::string fen = "8/8/8/4k3/8/8/8/KN6 w - - 0 1";
  auto r = test::run_arbiter("analyze --json --winner white '" + fen + "'");
  INFO(r.out);
  CHECK(r.status == 0);
  auto lines = lines_of(r.out);
  REQUIRE(lines.size() == 1);
  auto j = Json::parse(lines[0]);
  CHECK(j["fen"] == fen);
  REQUIRE(has(j, "white"));
  CHECK(j["black"].is_null());
  CHECK(j["dead"].is_null());
  check_side(j["white"], fen, board::Color::White);
  CHECK(j["white"]["verdict"] == "unwinnable");  // K+N cannot mate a lone king
  CHECK(j["white"]["reason"] == "insufficient-material");
}

TEST_CASE("analyze reads a stdin batch, keeps the order and reports bad lines by number", "[cli][analyze]") {
  const std::vector<std::string> input_lines = {
      "8/8/8/4k3/4p3/8/8/KN6 w - - 0 1",  // the slowest first: order must not follow speed
      "k7/1QK5/8/8/8/8/8/8 b - - 0 1",     // checkmate
      "8/8/8/4k3/8/8/KN6 w - - 0 1",       // malformed: 7 ranks
      "k7/8/1QK5/8/8/8/8/8 b - - 0 1",     // stalemate
      "8/8/8/8/8/8/8/KN6 w - - 0 1",       // illegal: no black king
      "8/8/8/4k3/8/8/8/KB3b2 w - - 0 1",   // dead
  };
  std::string input;
  for (const auto& l : input_lines) input += l + "\n";
  auto r = test::run_arbiter("analyze --json --max-nodes 200000", input);
  INFO(r.out);
  CHECK(r.status == 1);
  auto lines = lines_of(r.out);
  REQUIRE(lines.size() == 6);
  std::vector<Json> js;
  for (const auto& l : lines) js.push_back(Json::parse(l));
  for (int i : {0, 1, 3, 5}) {
    INFO("output line " << i + 1);
    CHECK(js[i]["fen"] == input_lines[i]);
    CHECK_FALSE(has(js[i], "error"));
  }
  for (int i : {2, 4}) {
    INFO("output line " << i + 1);
    CHECK(has(js[i], "input"));
    CHECK(has(js[i], "error"));
    CHECK(js[i].size() == 3);  // input, error, arbiter
    CHECK_FALSE(has(js[i], "fen"));
    CHECK(js[i]["input"] == input_lines[i]);
  }
  CHECK(js[2]["error"].get<std::string>().find("line 3") != std::string::npos);
  CHECK(js[4]["error"].get<std::string>().find("line 5") != std::string::npos);
  // The good lines still carry their verdicts.
  CHECK(js[1]["white"]["verdict"] == "winnable");
  CHECK(js[1]["black"]["verdict"] == "unwinnable");
  CHECK(js[3]["dead"] == false);  // a stalemate ends the game (5.2.1); it is no dead position
  CHECK(js[3]["game_over"] == "stalemate");
  CHECK(js[5]["dead"] == true);
}

TEST_CASE("analyze: a stdin line 'FEN black' asks about Black only", "[cli][analyze]") {
  const std::string fen = "8/8/8/4k3/8/8/8/KB3b2 w - - 0 1";
  auto r = test::run_arbiter("analyze --json", fen + " black\n");
  INFO(r.out);
  CHECK(r.status == 0);
  auto lines = lines_of(r.out);
  REQUIRE(lines.size() == 1);
  auto j = Json::parse(lines[0]);
  CHECK(j["fen"] == fen);
  REQUIRE(has(j, "black"));
  CHECK(j["white"].is_null());
  CHECK(j["dead"].is_null());
  CHECK(j["black"]["verdict"] == "unwinnable");
}

TEST_CASE("analyze: an unknown keyword after the FEN is an error line", "[cli][analyze]") {
  const std::string fen = "8/8/8/4k3/8/8/8/KB3b2 w - - 0 1";
  auto r = test::run_arbiter("analyze --json", fen + " purple\n" + fen + "\n");
  INFO(r.out);
  CHECK(r.status == 1);
  auto lines = lines_of(r.out);
  REQUIRE(lines.size() == 2);
  auto bad = Json::parse(lines[0]);
  CHECK(has(bad, "input"));
  REQUIRE(has(bad, "error"));
  CHECK_FALSE(has(bad, "fen"));
  CHECK(bad["error"].get<std::string>().find("line 1") != std::string::npos);
  CHECK(bad["error"].get<std::string>().find("purple") != std::string::npos);
  auto good = Json::parse(lines[1]);  // the batch goes on
  CHECK(good["fen"] == fen);
  CHECK(good["dead"] == true);
}

TEST_CASE("analyze text output says 'dead: yes' for a dead position", "[cli][analyze]") {
  // Same-coloured bishops (RULES.md §1).
  auto r = test::run_arbiter("analyze '8/8/8/4k3/8/8/8/KB3b2 w - - 0 1'");
  INFO(r.out);
  CHECK(r.status == 0);
  CHECK(r.out.find("dead: yes") != std::string::npos);
  auto live = test::run_arbiter("analyze 'k7/1QK5/8/8/8/8/8/8 b - - 0 1'");
  INFO(live.out);
  CHECK(live.out.find("dead: no") != std::string::npos);
}

TEST_CASE("analyze --help exits 0 and explains the command", "[cli][analyze]") {
  auto r = test::run_arbiter("analyze --help");
  INFO(r.out);
  CHECK(r.status == 0);
  CHECK(r.out.find("analyze") != std::string::npos);
  CHECK(r.out.find("--json") != std::string::npos);
  CHECK(r.out.find("--winner") != std::string::npos);
}
