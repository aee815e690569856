// The `status` and `perft` commands as a user runs them: JSON fields, batch input with
// a bad line, unquoted FENs, help with examples, exit statuses (0 ok, 1 bad input,
// 2 usage error).
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <sstream>

#include "support.hpp"

using namespace arbiter;
using test::epd_fens;
using test::lines_of;
using test::walk;
using Json = nlohmann::ordered_json;

namespace {

std::vector<std::string> keys_of(const Json& j) {
  std::vector<std::string> out;
  for (auto it = j.begin(); it != j.end(); ++it) out.push_back(it.key());
  return out;
}

using Keys = std::vector<std::string>;

}  // namespace

TEST_CASE("status --json prints exactly its keys, simple with both server policies", "[cli][status]") {
  auto r = test::run_arbiter("status --json 'k7/1QK5/8/8/8/8/8/8 b - - 0 1'");
  INFO(r.out);
  CHECK(r.status == 0);
  auto lines = lines_of(r.out);
  REQUIRE(lines.size() == 1);
  auto j = Json::parse(lines[0]);
  CHECK(keys_of(j) == Keys{"fen", "state", "in_check", "impossible_check", "legal_moves", "endings", "dead",
                          "seventy_five", "winnability", "simple", "warnings", "arbiter"});
  CHECK(keys_of(j["simple"]) == Keys{"opponent_blind", "opponent_aware"});
  CHECK(keys_of(j["simple"]["opponent_blind"]) == Keys{"white", "black"});
  CHECK(j["fen"] == "k7/1QK5/8/8/8/8/8/8 b - - 0 1");
  CHECK(j["state"] == "checkmate");
  CHECK(j["in_check"] == true);
  CHECK(j["legal_moves"].is_number_integer());
  CHECK(j["legal_moves"] == 0);
  CHECK(j["simple"]["opponent_blind"]["white"] == true);
  CHECK(j["simple"]["opponent_blind"]["black"] == false);
}

TEST_CASE("status reads a stdin batch, reports a bad line by number and goes on", "[cli][status]") {
  const std::string input =
      "# positions to check\n"
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n"
      "\n"
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1\n"
      "k7/8/1QK5/8/8/8/8/8 b - - 0 1\n"
      "8/8/8/8/8/8/8/K7 w - - 0 1\n"
      "k7/1QK5/8/8/8/8/8/8 b - - 0 1\n";
  SECTION("JSON Lines") {
    auto r = test::run_arbiter("status --json", input);
    INFO(r.out);
    CHECK(r.status == 1);
    auto lines = lines_of(r.out);
    REQUIRE(lines.size() == 5);
    auto start = Json::parse(lines[0]);
    CHECK(start["state"] == "ongoing");
    CHECK(start["legal_moves"] == 20);

    auto bad = Json::parse(lines[1]);
    CHECK(keys_of(bad) == Keys{"input", "error", "arbiter"});
    CHECK(bad["input"] == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1");
    CHECK_THAT(bad["error"].get<std::string>(), Catch::StartsWith("line 4: "));
    CHECK_THAT(bad["error"].get<std::string>(), Catch::Contains("'X'"));

    CHECK(Json::parse(lines[2])["state"] == "stalemate");

    auto illegal = Json::parse(lines[3]);
    CHECK(keys_of(illegal) == Keys{"input", "error", "arbiter"});
    CHECK_THAT(illegal["error"].get<std::string>(), Catch::StartsWith("line 6: "));
    CHECK_THAT(illegal["error"].get<std::string>(), Catch::Contains("black has no king"));

    CHECK(Json::parse(lines[4])["state"] == "checkmate");
  }
  SECTION("text: the error goes to stderr, the other positions to stdout") {
    auto out = test::run_arbiter("status", input);
    CHECK(out.status == 1);
    CHECK(out.out.find("line 4") == std::string::npos);
    CHECK_THAT(out.out, Catch::Contains("stalemate"));
    CHECK_THAT(out.out, Catch::Contains("checkmate"));
    auto both = test::run_arbiter("status", input, true);
    CHECK_THAT(both.out, Catch::Contains("line 4"));
    CHECK_THAT(both.out, Catch::Contains("line 6"));
  }
}

TEST_CASE("status takes FENs unquoted, one after another", "[cli][status]") {
  auto r = test::run_arbiter("status --json k7/1QK5/8/8/8/8/8/8 b - - 0 1 k7/8/1QK5/8/8/8/8/8 b - - 0 1");
  INFO(r.out);
  CHECK(r.status == 0);
  auto lines = lines_of(r.out);
  REQUIRE(lines.size() == 2);
  CHECK(Json::parse(lines[0])["state"] == "checkmate");
  CHECK(Json::parse(lines[1])["state"] == "stalemate");
  CHECK(Json::parse(lines[1])["fen"] == "k7/8/1QK5/8/8/8/8/8 b - - 0 1");
}

TEST_CASE("perft --json counts the start position: 8902 nodes at depth 3", "[cli][perft]") {
  auto r = test::run_arbiter("perft 3 --json");
  INFO(r.out);
  CHECK(r.status == 0);
  auto lines = lines_of(r.out);
  REQUIRE(lines.size() == 1);
  auto j = Json::parse(lines[0]);
  CHECK(keys_of(j) == Keys{"fen", "depth", "nodes", "micros", "divide", "arbiter"});
  CHECK(j["fen"] == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  CHECK(j["depth"] == 3);
  CHECK(j["nodes"] == 8902);
}

TEST_CASE("perft takes an unquoted FEN", "[cli][perft]") {
  // Kiwipete, depth 2: 2039 (published).
  auto r = test::run_arbiter("perft 2 --json r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
  INFO(r.out);
  CHECK(r.status == 0);
  CHECK(Json::parse(r.out)["nodes"] == 2039);
}

TEST_CASE("perft --divide lists the count below each move", "[cli][perft]") {
  SECTION("JSON: 20 moves with 20 replies each from the start position") {
    auto r = test::run_arbiter("perft 2 --divide --json");
    INFO(r.out);
    CHECK(r.status == 0);
    auto j = Json::parse(r.out);
    CHECK(j["nodes"] == 400);
    REQUIRE(j["divide"].size() == 20);
    for (auto& [move, nodes] : j["divide"].items()) {
      INFO(move);
      CHECK(nodes == 20);
    }
    CHECK(j["divide"].contains("e2e4"));
    CHECK(j["divide"].contains("g1f3"));
  }
  SECTION("text: one 'move: count' line per move, castling in UCI") {
    auto r = test::run_arbiter("perft 1 --divide r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    INFO(r.out);
    CHECK(r.status == 0);
    int move_lines = 0;
    for (const auto& line : lines_of(r.out))
      if (line.size() > 4 && line.find(": 1") == line.size() - 3) ++move_lines;
    CHECK(move_lines == 26);
    CHECK_THAT(r.out, Catch::Contains("e1g1: 1"));
    CHECK_THAT(r.out, Catch::Contains("e1c1: 1"));
    CHECK_THAT(r.out, Catch::Contains("nodes 26"));
  }
}

TEST_CASE("perft with a bad FEN is an input error", "[cli][perft]") {
  auto r = test::run_arbiter("perft 1 --json '8/8/8/8/8/8/8/8 w - - 0 1'");
  INFO(r.out);
  CHECK(r.status == 1);
  auto j = Json::parse(r.out);
  CHECK(keys_of(j) == Keys{"input", "error", "arbiter"});
  CHECK_THAT(j["error"].get<std::string>(), Catch::Contains("no king"));
}

TEST_CASE("--help on the program and on each command exits 0 and shows an example", "[cli][help]") {
  struct Case {
    const char* args;
    const char* example;
  };
  for (const Case& c : {Case{"--help", "arbiter status '"}, Case{"status --help", "arbiter status '"},
                        Case{"perft --help", "arbiter perft 5"}}) {
    INFO(c.args);
    auto r = test::run_arbiter(c.args);
    INFO(r.out);
    CHECK(r.status == 0);
    CHECK_THAT(r.out, Catch::Contains("Example"));
    CHECK_THAT(r.out, Catch::Contains(c.example));
  }
}

// main.cpp registers only the command named first (the others' options are not built);
// its table of names must match the names the commands register, or `X --help` would fail.
TEST_CASE("each command named first parses alone: its --help, and the program's lists it", "[cli][help]") {
  const auto all = test::run_arbiter("--help");
  for (const char* name : {"analyze", "status", "perft", "helpmate", "convert", "cache", "timeout", "resign", "audit",
                           "fixtures", "tables", "diagram", "serve"}) {
    INFO(name);
    auto r = test::run_arbiter(std::string(name) + " --help");
    CHECK(r.status == 0);
    CHECK_THAT(r.out, Catch::Contains(std::string("Usage: arbiter ") + name));
    CHECK_THAT(all.out, Catch::Contains(std::string("\n  ") + name + " "));
  }
}

TEST_CASE("a bad depth is a usage error: exit status 2", "[cli][perft]") {
  for (const char* args : {"perft 13", "perft x", "perft -1", "perft", "perft 2.5"}) {
    INFO(args);
    auto r = test::run_arbiter(args, "", true);
    INFO(r.out);
    CHECK(r.status == 2);
    CHECK_THAT(r.out, Catch::Contains("depth"));
  }
  CHECK(test::run_arbiter("").status == 2);          // no command
  CHECK(test::run_arbiter("frobnicate").status == 2);  // unknown command
}
