// `fixtures generate --kind automatic-draws` and `verify` (#23): entries at halfmove clocks
// near 150 with the strict and the plain result, re-checked from scratch; a wrong strict
// result, a wrong plain result and a witness that runs past the clock are each named.
#include <catch2/catch.hpp>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "support.hpp"

using namespace arbiter;
using test::lines_of;
using Json = nlohmann::ordered_json;

namespace {

std::string read(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// The problems `verify --json` names per entry line (only the entries that do not hold).
std::map<int, std::string> problems(const std::string& file) {
  auto r = test::run_arbiter("fixtures verify --json --threads 2 '" + file + "'");
  std::map<int, std::string> out;
  for (const auto& line : lines_of(r.out)) {
    Json j = Json::parse(line);
    if (j["holds"].get<bool>()) continue;
    std::string why;
    for (const auto& p : j["problems"]) why += p.get<std::string>() + " | ";
    out[j["line"].get<int>()] = why;
  }
  return out;
}

}  // namespace

TEST_CASE("fixtures: automatic-draws entries are generated, hold, and wrong ones are named",
          "[cli][fixtures][automatic-draws]") {
  test::TempDir dir;
  const std::string file = dir.file("ad.jsonl");
  auto g = test::run_arbiter("fixtures generate --kind automatic-draws --count 6 --seed 1 --max-nodes 200000 "
                             "--threads 2 --out '" + file + "'");
  REQUIRE(g.status == 0);
  auto lines = lines_of(read(file));
  REQUIRE(lines.size() == 6);
  int differ = 0;
  for (const auto& line : lines) {
    Json j = Json::parse(line);
    CHECK(j["kind"] == "automatic-draws");
    CHECK(j["rules"] == "automatic-draws");
    CHECK(j["halfmove_clock"].get<int>() < 150);
    if (j["result"] != j["plain_result"]) ++differ;
  }
  CHECK(differ == 3);  // half the entries, by the generator's buckets
  CHECK(problems(file).empty());

  // One entry where the readings differ: its strict result replaced by the plain one.
  std::vector<std::string> broken = lines;
  int at = 0;
  for (std::size_t i = 0; i < lines.size() && !at; ++i) {
    Json j = Json::parse(lines[i]);
    if (j["result"] == j["plain_result"]) continue;
    j["result"] = j["plain_result"];
    broken[i] = j.dump();
    at = int(i + 1);
  }
  REQUIRE(at > 0);
  // Another: its plain result swapped for the strict one of a differing entry (or a win).
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (int(i + 1) == at) continue;
    Json j = Json::parse(lines[i]);
    j["plain_result"] = j["plain_result"] == "1/2-1/2" ? (j["flagged"] == "white" ? "0-1" : "1-0") : "1/2-1/2";
    broken[i] = j.dump();
    std::string text;
    for (const auto& l : broken) text += l + "\n";
    std::ofstream(file) << text;
    auto named = problems(file);
    REQUIRE(named.size() == 2);
    CHECK(named[at].find("result is") != std::string::npos);
    CHECK(named[int(i + 1)].find("plain_result is") != std::string::npos);
    break;
  }
}

TEST_CASE("fixtures verify: a witness past the 75-move limit is refused in an automatic-draws entry",
          "[cli][fixtures][automatic-draws]") {
  // K+R v K at clock 148: the record claims 1. Kg6 Kg8 2. Rb8#, which the plain reading
  // accepts but the clock ends after ply 2.
  test::TempDir dir;
  const std::string file = dir.file("ad.jsonl");
  Json j = {{"kind", "automatic-draws"},
            {"id", "automatic-draws-1"},
            {"fen", "7k/8/5K2/8/8/8/8/1R6 w - - 148 90"},
            {"white", {{"verdict", "winnable"}, {"line", {"f6g6", "h8g8", "b1b8"}}, {"reason", "helpmate"}}},
            {"black", {{"verdict", "unwinnable"}, {"reason", "insufficient-material"}}},
            {"dead", false},
            {"simple", {{"white", true}, {"black", false}}},
            {"rules", "automatic-draws"},
            {"halfmove_clock", 148},
            {"flagged", "black"},
            {"result", "1-0"},
            {"plain_result", "1-0"}};
  std::ofstream(file) << j.dump() << "\n";
  auto named = problems(file);
  REQUIRE(named.size() == 1);
  CHECK(named[1].find("refused under the automatic draws") != std::string::npos);
}

TEST_CASE("fixtures: the shipped automatic-draws set holds, half of it where the readings differ",
          "[cli][fixtures][automatic-draws]") {
  const std::string file = test::data("fixtures/automatic-draws.jsonl");
  auto lines = lines_of(read(file));
  CHECK(lines.size() >= 10);
  int differ = 0;
  for (const auto& line : lines) {
    Json j = Json::parse(line);
    if (j["result"] != j["plain_result"]) ++differ;
  }
  CHECK(2 * differ == int(lines.size()));
  CHECK(problems(file).empty());
}
