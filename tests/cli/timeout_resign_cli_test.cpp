// `timeout` and `resign` as a user runs them: the JSON of docs/output.md, the default side,
// per-line sides on stdin, bad lines, and the winnability behind the result.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "analyzer/witness.hpp"
#include "search/board/notation.hpp"
#include "support.hpp"

using namespace arbiter;
using test::lines_of;
using Json = nlohmann::ordered_json;

TEST_CASE("timeout --json: a bare king never wins on time, K+N against K+P does", "[cli][timeout]") {
  auto r = test::run_arbiter("timeout --json --flagged white '8/8/8/4k3/8/8/8/KN6 w - - 0 1' "
                             "'8/8/8/4k3/4p3/8/8/KN6 w - - 0 1'");
  CHECK(r.status == 0);
  auto lines = lines_of(r.out);
  REQUIRE(lines.size() == 2);
  auto bare = Json::parse(lines[0]);
  CHECK(bare["flagged"] == "white");
  CHECK(bare["result"] == "1/2-1/2");
  CHECK(bare["winnability"]["verdict"] == "unwinnable");
  CHECK(bare["reason"].get<std::string>().find("White ran out of time, but Black cannot checkmate") == 0);
  // White flags with K+N against K+P: Black's pawn can promote, Black wins.
  auto pawn = Json::parse(lines[1]);
  CHECK(pawn["result"] == "0-1");
  REQUIRE(pawn["winnability"]["verdict"] == "winnable");
  // The witness replays to a black mate.
  auto root = test::pos("8/8/8/4k3/4p3/8/8/KN6 w - - 0 1");
  std::vector<board::Move> line;
  auto p = root;
  for (const auto& uci : pawn["winnability"]["line"]) {
    auto m = board::parse_uci(p, uci.get<std::string>());
    REQUIRE(m);
    line.push_back(*m);
    p.do_move(*m);
  }
  CHECK(analyzer::replays_to_mate(root, line, board::Color::Black));
}

TEST_CASE("timeout: the flagged side defaults to the side to move", "[cli][timeout]") {
  auto r = test::run_arbiter("timeout --json '8/8/8/4k3/4p3/8/8/KN6 b - - 0 1'");
  auto j = Json::parse(lines_of(r.out).at(0));
  CHECK(j["flagged"] == "black");
  CHECK(j["result"] == "1-0");  // K+N can mate: the pawn may block its own king
}

TEST_CASE("resign: a resignation in a locked dead position is a draw", "[cli][resign]") {
  auto r = test::run_arbiter("resign --resigned black '2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - - 0 1'");
  CHECK(r.status == 0);
  CHECK(r.out.find("result: 1/2-1/2") != std::string::npos);
  CHECK(r.out.find("Black resigned, but White cannot checkmate") != std::string::npos);
  CHECK(r.out.find("(blocked)") != std::string::npos);
}

TEST_CASE("timeout over stdin: per-line sides, bad lines reported in order, exit status 1", "[cli][timeout]") {
  auto r = test::run_arbiter("timeout --json",
                             "8/8/8/4k3/8/8/8/KN6 w - - 0 1 black\n"
                             "not a fen\n"
                             "8/8/8/4k3/8/8/8/KN6 w - - 0 1 purple\n"
                             "8/8/8/4k3/8/8/8/KN6 w - - 0 1 white\n");
  CHECK(r.status == 1);
  auto lines = lines_of(r.out);
  REQUIRE(lines.size() == 4);
  auto first = Json::parse(lines[0]);
  CHECK(first["flagged"] == "black");
  CHECK(first["result"] == "1/2-1/2");  // K+N cannot mate a lone king
  auto bad = Json::parse(lines[1]);
  CHECK(bad["error"].get<std::string>().find("line 2") != std::string::npos);
  auto word = Json::parse(lines[2]);
  CHECK(word["error"].get<std::string>().find("purple") != std::string::npos);
  auto last = Json::parse(lines[3]);
  CHECK(last["flagged"] == "white");
  CHECK(last["result"] == "1/2-1/2");  // a lone black king cannot mate either
}

TEST_CASE("timeout: a limit gives no result, never a guess", "[cli][timeout]") {
  // A long composed helpmate position with a tiny node budget.
  auto r = test::run_arbiter("timeout --json --max-nodes 10 --flagged black "
                             "'r1bqkbnr/pppppppp/2n5/8/8/2N5/PPPPPPPP/R1BQKBNR w KQkq - 0 1'");
  auto j = Json::parse(lines_of(r.out).at(0));
  CHECK(j["result"].is_null());
  CHECK(j["winnability"]["verdict"] == "undetermined");
}

TEST_CASE("timeout and resign --help teach the strict test", "[cli][timeout][resign]") {
  auto t = test::run_arbiter("timeout --help");
  CHECK(t.status == 0);
  CHECK(t.out.find("--flagged") != std::string::npos);
  CHECK(t.out.find("ANY legal sequence") != std::string::npos);
  auto r = test::run_arbiter("resign --help");
  CHECK(r.out.find("--resigned") != std::string::npos);
}
