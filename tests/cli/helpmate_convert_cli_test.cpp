// The `helpmate` and `convert` commands as a user runs them: the JSON fields of the
// contract, problem notation, --first, node limits, bad input in a batch, usage errors
// (exit 2) and help texts with their examples.
#include <catch2/catch.hpp>
#include <sstream>

#include <nlohmann/json.hpp>

#include "support.hpp"

using namespace arbiter;
using test::epd_fens;
using test::lines_of;
using test::walk;
using Json = nlohmann::ordered_json;
using Keys = std::vector<std::string>;

namespace {

Keys keys_of(const Json& j) {
  Keys out;
  for (auto it = j.begin(); it != j.end(); ++it) out.push_back(it.key());
  return out;
}

const std::string kStart = "'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'";

}  // namespace

TEST_CASE("helpmate --json: the contract's fields, Fool's mate 8 ways", "[cli][helpmate]") {
  auto r = test::run_arbiter("helpmate --moves 2 --json " + kStart);
  INFO(r.out);
  CHECK(r.status == 0);
  auto lines = lines_of(r.out);
  REQUIRE(lines.size() == 1);
  auto j = Json::parse(lines[0]);
  CHECK(keys_of(j) == Keys{"fen", "stipulation", "solutions", "san", "count", "nodes", "micros", "complete", "limit", "short_solutions", "arbiter"});
  CHECK(j["stipulation"] == "h#2");
  CHECK(j["count"] == 8);
  CHECK(j["complete"] == true);
  REQUIRE(j["solutions"].size() == 8);
  REQUIRE(j["san"].size() == 8);
  CHECK(j["solutions"][0] == Json::array({"f2f3", "e7e5", "g2g4", "d8h4"}));
  CHECK(j["san"][0] == "1. f3 e5 2. g4 Qh4#");
  CHECK(j["san"][7] == "1. g4 e6 2. f4 Qh4#");
  CHECK(j["nodes"].is_number_unsigned());
  CHECK(j["micros"].is_number_unsigned());
}

TEST_CASE("helpmate text: the count, then each solution in problem notation", "[cli][helpmate]") {
  auto r = test::run_arbiter("helpmate --moves 1 'k7/8/1K6/8/8/8/p7/7R b - - 0 1'");
  INFO(r.out);
  CHECK(r.status == 0);
  auto lines = lines_of(r.out);
  REQUIRE(lines.size() == 5);
  CHECK(lines[0] == "k7/8/1K6/8/8/8/p7/7R b - - 0 1");
  CHECK_THAT(lines[1], Catch::StartsWith("  h#1: 3 solutions ("));
  CHECK(lines[2] == "  1. a1=N Rh8#");
  CHECK(lines[3] == "  1. a1=R Rh8#");
  CHECK(lines[4] == "  1. Kb8 Rh8#");

  auto none = test::run_arbiter("helpmate --moves 3 '7k/7p/8/8/8/8/8/K5R1 b - - 0 1'");
  CHECK(none.status == 0);
  CHECK_THAT(none.out, Catch::Contains("h#3: no solution"));
}

TEST_CASE("helpmate h#N.5: the mating side's first move is written 1...", "[cli][helpmate]") {
  auto r = test::run_arbiter("helpmate --moves 1.5 --json 'k7/8/2K5/8/8/8/8/7R w - - 0 1'");
  INFO(r.out);
  auto j = Json::parse(lines_of(r.out).at(0));
  CHECK(j["stipulation"] == "h#1.5");
  CHECK(j["san"] == Json::array({"1... Kb6 2. Kb8 Rh8#", "1... Kc7 2. Ka7 Ra1#"}));
  auto text = test::run_arbiter("helpmate --moves 2.5 'k7/8/2K5/8/8/8/8/7R w - - 0 1'");
  CHECK_THAT(text.out, Catch::Contains("h#2.5: ") && Catch::Contains("  1...") && Catch::Contains(" 3."));
}

TEST_CASE("helpmate --first: one solution, --all is the default", "[cli][helpmate]") {
  auto first = test::run_arbiter("helpmate --moves 2 --first --json " + kStart);
  auto j = Json::parse(lines_of(first.out).at(0));
  CHECK(j["count"] == 1);
  CHECK(j["complete"] == true);
  auto all = test::run_arbiter("helpmate --moves 2 --all --json --threads 1 " + kStart);
  CHECK(Json::parse(lines_of(all.out).at(0))["count"] == 8);
  CHECK(test::run_arbiter("helpmate --moves 2 --all --first " + kStart).status == 2);
}

TEST_CASE("helpmate --max-nodes: an incomplete answer names the limit, never 'no solution'", "[cli][helpmate]") {
  auto r =
      test::run_arbiter("helpmate --moves 3 --max-nodes 2000 --json 'r3k3/pp3p2/2n5/8/8/2N5/PP3P2/R3K2R b - - 0 1'");
  INFO(r.out);
  CHECK(r.status == 0);
  auto j = Json::parse(lines_of(r.out).at(0));
  CHECK(j["complete"] == false);
  CHECK(j["limit"] == "node-limit");
  auto text = test::run_arbiter("helpmate --moves 3 --max-nodes 2000 'r3k3/pp3p2/2n5/8/8/2N5/PP3P2/R3K2R b - - 0 1'");
  CHECK_THAT(text.out, Catch::Contains("incomplete (node-limit)"));
  CHECK_THAT(text.out, !Catch::Contains("no solution"));
}

TEST_CASE("helpmate: a bad line in a stdin batch is reported by number and the batch goes on", "[cli][helpmate]") {
  const std::string input =
      "7k/8/6K1/8/8/8/8/R7 b - - 0 1\n"
      "7k/8/6K1/8/8/8/8/R7 b - - 0 1 white\n"
      "7k/8/6K1/8/8/8/8/X7 b - - 0 1\n"
      "8/8/8/8/8/8/8/K7 w - - 0 1\n"
      "k7/8/1K6/8/8/8/p7/7R b - - 0 1\n";
  auto r = test::run_arbiter("helpmate --moves 1 --json", input);
  INFO(r.out);
  CHECK(r.status == 1);
  auto lines = lines_of(r.out);
  REQUIRE(lines.size() == 5);
  CHECK(Json::parse(lines[0])["count"] == 1);
  for (int i : {1, 2, 3}) {
    auto bad = Json::parse(lines[i]);
    CHECK(keys_of(bad) == Keys{"input", "error", "arbiter"});
    CHECK_THAT(bad["error"].get<std::string>(), Catch::StartsWith("line " + std::to_string(i + 1) + ": "));
  }
  CHECK(Json::parse(lines[4])["count"] == 3);
}

TEST_CASE("helpmate: a bad number of moves is a usage error (exit 2)", "[cli][helpmate]") {
  for (const char* moves : {"0", "11", "2.3", "abc", "-2", "10.7"}) {
    INFO(moves);
    auto r = test::run_arbiter(std::string("helpmate --moves ") + moves + " " + kStart, "", true);
    CHECK(r.status == 2);
    CHECK_THAT(r.out, Catch::Contains("moves"));
  }
  CHECK(test::run_arbiter("helpmate " + kStart).status == 2);  // --moves is required
  CHECK(test::run_arbiter("helpmate --moves 10.5 --max-nodes 10 " + kStart).status == 0);
}

TEST_CASE("helpmate --help: the notation, distinct move orders, and an example", "[cli][helpmate]") {
  auto r = test::run_arbiter("helpmate --help");
  CHECK(r.status == 0);
  CHECK_THAT(r.out, Catch::Contains("differ only in the order of their moves are distinct"));
  CHECK_THAT(r.out, Catch::Contains("1... Nc3 2. Kh1 Ng3#"));
  CHECK_THAT(r.out, Catch::Contains("Example:"));
  CHECK_THAT(r.out, Catch::Contains("--first"));
  CHECK_THAT(r.out, Catch::Contains("--max-nodes"));
}

TEST_CASE("convert --json: the contract's fields for the three examples of docs/rules.md §4", "[cli][convert]") {
  auto r = test::run_arbiter(
      "convert --json '7k/5Q2/6K1/8/8/8/8/8 b - - 0 1' '5k2/5P2/5K2/8/8/8/8/8 b - - 0 1' "
      "'7K/8/8/8/8/1Q6/p7/k7 b - - 0 1'");
  INFO(r.out);
  CHECK(r.status == 0);
  auto lines = lines_of(r.out);
  REQUIRE(lines.size() == 3);
  auto at_once = Json::parse(lines[0]);
  CHECK(keys_of(at_once) == Keys{"fen", "convertible", "line", "san", "length", "positions", "complete", "stopped_by", "arbiter"});
  CHECK(at_once["convertible"] == true);
  CHECK(at_once["line"] == Json::array({"f7g7"}));
  CHECK(at_once["san"] == "1. Qg7#");
  CHECK(at_once["length"] == 1);

  auto stands = Json::parse(lines[1]);
  CHECK(keys_of(stands) == Keys{"fen", "convertible", "line", "san", "length", "positions", "complete", "stopped_by", "arbiter"});
  CHECK(stands["convertible"] == false);
  CHECK(stands["length"] == 0);
  CHECK(stands["positions"] == 1);

  auto two = Json::parse(lines[2]);
  CHECK(two["line"] == Json::array({"b3c2", "c2c1"}));
  CHECK(two["san"] == "1. Qc2 2. Qc1#");
  CHECK(two["length"] == 2);
  CHECK(two["positions"].get<int>() > 1);
}

TEST_CASE("convert text: the conversion in SAN, or the stalemate stands", "[cli][convert]") {
  auto r = test::run_arbiter("convert '7K/8/8/8/8/1Q6/p7/k7 b - - 0 1' '5k2/5P2/5K2/8/8/8/8/8 b - - 0 1'");
  INFO(r.out);
  CHECK(r.status == 0);
  CHECK_THAT(r.out, Catch::Contains("White converts in 2 moves: 1. Qc2 2. Qc1#"));
  CHECK_THAT(r.out, Catch::Contains("no conversion: the stalemate stands (draw)"));
  CHECK_THAT(r.out, Catch::Contains("positions searched") || Catch::Contains("position searched"));
  auto bounded = test::run_arbiter("convert --max-moves 1 '7K/8/8/8/8/1Q6/p7/k7 b - - 0 1'");
  CHECK_THAT(bounded.out, Catch::Contains("no conversion within 1 move"));
}

TEST_CASE("convert: a position that is not a stalemate is an input error, the batch goes on", "[cli][convert]") {
  const std::string input =
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n"
      "k7/1QK5/8/8/8/8/8/8 b - - 0 1\n"
      "7k/5Q2/6K1/8/8/8/8/X7 b - - 0 1\n"
      "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1\n";
  auto r = test::run_arbiter("convert --json", input);
  INFO(r.out);
  CHECK(r.status == 1);
  auto lines = lines_of(r.out);
  REQUIRE(lines.size() == 4);
  auto start = Json::parse(lines[0]);
  CHECK(keys_of(start) == Keys{"input", "error", "arbiter"});
  CHECK_THAT(start["error"].get<std::string>(), Catch::StartsWith("line 1: not a stalemate"));
  CHECK_THAT(Json::parse(lines[1])["error"].get<std::string>(), Catch::Contains("checkmated"));
  CHECK_THAT(Json::parse(lines[2])["error"].get<std::string>(), Catch::StartsWith("line 3: "));
  CHECK(Json::parse(lines[3])["convertible"] == true);

  auto text = test::run_arbiter("convert " + kStart, "", true);
  CHECK(text.status == 1);
  CHECK_THAT(text.out, Catch::Contains("not a stalemate"));
}

TEST_CASE("convert: usage errors and help", "[cli][convert]") {
  CHECK(test::run_arbiter("convert --max-moves 0 '7k/5Q2/6K1/8/8/8/8/8 b - - 0 1'").status == 2);
  CHECK(test::run_arbiter("convert --max-moves x '7k/5Q2/6K1/8/8/8/8/8 b - - 0 1'").status == 2);
  auto help = test::run_arbiter("convert --help");
  CHECK(help.status == 0);
  CHECK_THAT(help.out, Catch::Contains("Example:") && Catch::Contains("--max-moves"));
  CHECK_THAT(help.out, Catch::Contains("stalemate"));
}
