// Issue #18 (rulings users can trust at a glance) and #25 items 6-7: each test names the
// item it checks and fails on the behaviour the issue reported.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "analyzer/version.hpp"
#include "support.hpp"

using namespace arbiter;
using test::lines_of;
using Json = nlohmann::ordered_json;

namespace {

using Keys = std::vector<std::string>;

Keys keys_of(const Json& j) {
  Keys out;
  for (auto it = j.begin(); it != j.end(); ++it) out.push_back(it.key());
  return out;
}

// The one JSON line a command printed.
Json only_record(const test::RunResult& r) {
  auto lines = lines_of(r.out);
  REQUIRE(lines.size() == 1);
  return Json::parse(lines[0]);
}

const Keys kVerdictKeys{"verdict", "line",   "san",      "plies",    "reason",          "detail",
                        "nodes",   "source", "micros",   "shortest", "no_shorter_than", "rules"};

}  // namespace

TEST_CASE("#18.11 analyze --json: every key always present, null when it does not apply", "[cli][rulings]") {
  auto r = test::run_arbiter("analyze --json --no-cache --winner white '2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - - 0 1'");
  INFO(r.out);
  Json j = only_record(r);
  CHECK(keys_of(j) == Keys{"fen", "white", "black", "dead", "game_over", "arbiter"});
  CHECK(j["arbiter"] == kVersion);
  CHECK(j["black"].is_null());
  CHECK(j["dead"].is_null());
  CHECK(keys_of(j["white"]) == kVerdictKeys);
  CHECK(j["white"]["verdict"] == "unwinnable");
  CHECK(j["white"]["line"].is_null());
  CHECK(j["white"]["san"].is_null());
  CHECK(j["white"]["plies"].is_null());
  CHECK(j["white"]["shortest"].is_null());
  CHECK(j["white"]["rules"] == "plain");
}

TEST_CASE("#18.11 a winnable verdict carries shortest and no_shorter_than, every verdict rules", "[cli][rulings]") {
  auto r = test::run_arbiter("analyze --json --no-cache '8/8/8/4k3/4p3/8/8/KN6 w - - 0 1'");
  INFO(r.out);
  Json j = only_record(r);
  for (const char* side : {"white", "black"}) {
    CHECK(keys_of(j[side]) == kVerdictKeys);
    CHECK(j[side]["verdict"] == "winnable");
    CHECK(j[side]["rules"] == "plain");
  }
  CHECK(j["dead"] == false);
}

TEST_CASE("#18.11 every command's record carries the version and all its keys", "[cli][rulings]") {
  SECTION("status") {
    Json j = only_record(test::run_arbiter("status --json 'k7/1QK5/8/8/8/8/8/8 b - - 0 1'"));
    CHECK(j["arbiter"] == kVersion);
  }
  SECTION("perft without --divide") {
    Json j = only_record(test::run_arbiter("perft --json 1"));
    CHECK(keys_of(j) == Keys{"fen", "depth", "nodes", "micros", "divide", "arbiter"});
    CHECK(j["divide"].is_null());
  }
  SECTION("timeout on a finished board") {
    Json j = only_record(test::run_arbiter("timeout --json --no-cache 'k7/1QK5/8/8/8/8/8/8 b - - 0 1'"));
    CHECK(j["winnability"].is_null());
    CHECK(j["arbiter"] == kVersion);
  }
  SECTION("helpmate, complete") {
    Json j = only_record(test::run_arbiter("helpmate --json --moves 1 '7k/8/6K1/8/8/8/8/R7 b - - 0 1'"));
    CHECK(j.contains("limit"));
    CHECK(j["limit"].is_null());
    CHECK(j["arbiter"] == kVersion);
  }
  SECTION("convert, no conversion") {
    Json j = only_record(test::run_arbiter("convert --json --max-moves 1 '7K/8/8/8/8/1Q6/p7/k7 b - - 0 1'"));
    CHECK(j.contains("line"));
    CHECK(j["line"].is_null());
    CHECK(j["san"].is_null());
    CHECK(j["arbiter"] == kVersion);
  }
  SECTION("an input error") {
    Json j = only_record(test::run_arbiter("status --json 'not/a fen'"));
    CHECK(keys_of(j) == Keys{"input", "error", "arbiter"});
  }
}

TEST_CASE("#18.3 a stalemate is reported as a stalemate, not as a dead position", "[cli][rulings]") {
  const std::string fen = "'k7/8/1QK5/8/8/8/8/8 b - - 0 1'";
  Json j = only_record(test::run_arbiter("analyze --json --no-cache " + fen));
  CHECK(j["game_over"] == "stalemate");
  CHECK(j["dead"] == false);
  auto text = test::run_arbiter("analyze --no-cache " + fen);
  CHECK(text.out.find("dead: yes") == std::string::npos);
  CHECK(text.out.find("stalemate (5.2.1)") != std::string::npos);
}

TEST_CASE("#18.2 timeout and resign: a game the 75-move rule had ended is drawn", "[cli][rulings]") {
  Json j = only_record(test::run_arbiter("timeout --json --no-cache --flagged black '8/8/8/4k3/8/3R4/8/K7 b - - 150 100'"));
  CHECK(j["result"] == "1/2-1/2");
  CHECK(j["ended_by"] == "seventy-five");
  Json r = only_record(test::run_arbiter("resign --json --no-cache --resigned black '8/8/8/4k3/8/3R4/8/K7 b - - 151 100'"));
  CHECK(r["result"] == "1/2-1/2");
  // Below 150 plies the loss stands: White can mate.
  Json live = only_record(test::run_arbiter("timeout --json --no-cache --flagged black '8/8/8/4k3/8/3R4/8/K7 b - - 149 100'"));
  CHECK(live["result"] == "1-0");
  CHECK(live["ended_by"].is_null());
}

TEST_CASE("#18.4 timeout: a flag of the side not to move is noted, not rejected", "[cli][rulings]") {
  Json j = only_record(test::run_arbiter("timeout --json --no-cache --flagged black '8/8/8/4k3/4p3/8/8/KN6 w - - 0 1'"));
  CHECK(j["result"] == "1-0");
  REQUIRE(j["note"].is_string());
  CHECK(j["note"].get<std::string>().find("to move") != std::string::npos);
  Json mover = only_record(test::run_arbiter("timeout --json --no-cache --flagged white '8/8/8/4k3/4p3/8/8/KN6 w - - 0 1'"));
  CHECK(mover["note"].is_null());
  auto text = test::run_arbiter("timeout --no-cache --flagged black '8/8/8/4k3/4p3/8/8/KN6 w - - 0 1'");
  CHECK(text.out.find("note: ") != std::string::npos);
}
