// The verdict cache as a user meets it: a second run answers from the table with
// "source": "cache", the default location, --no-cache, a damaged file (one warning, the
// run goes on, the same verdicts), `cache stats` and `cache clear`, two processes writing
// one table at once, and a run killed with SIGKILL.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <map>
#include <random>

#include "analyzer/winnability.hpp"
#include "analyzer/witness.hpp"
#include "support.hpp"
#include "tablebase/verdict_table.hpp"

using namespace arbiter;
using Json = nlohmann::json;
using test::lines_of;

namespace {

const std::string kKnight = "8/8/8/4k3/4p3/8/8/KN6 w - - 0 1";            // both sides winnable
const std::string kLocked = "2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - - 0 1";  // both blocked

// The first n positions of the test vector, one FEN per line.
std::string test_vector(std::size_t n) {
  std::ifstream in(test::fixture("test-vector/cha-test-vector.txt"));
  std::string out;
  std::size_t count = 0;
  for (std::string line; std::getline(in, line) && count < n;) {
    if (line.size() < 4 || line[0] == '#') continue;
    out += line.substr(3) + "\n";
    ++count;
  }
  return out;
}

std::vector<Json> json_lines(const std::string& text) {
  std::vector<Json> out;
  for (const auto& line : lines_of(text)) out.push_back(Json::parse(line));
  return out;
}

// Verdicts keyed by "FEN side": outcome, reason, line (not nodes, micros or source).
std::map<std::string, std::string> verdicts(const std::string& jsonl) {
  std::map<std::string, std::string> out;
  for (const auto& j : json_lines(jsonl))
    for (const char* side : {"white", "black"})
      if (!j[side].is_null()) out[j["fen"].get<std::string>() + " " + side] = j[side]["verdict"].get<std::string>();
  return out;
}

// No question has a decided verdict in one and the opposite one in the other, and each
// has the same questions. (Where one says undetermined, the other may have decided: a
// search's budget goes differently with a different history of shared tables.)
bool compatible(const std::map<std::string, std::string>& a, const std::map<std::string, std::string>& b) {
  if (a.size() != b.size()) return false;
  for (const auto& [question, verdict] : a) {
    auto it = b.find(question);
    if (it == b.end()) return false;
    if (verdict != it->second && verdict != "undetermined" && it->second != "undetermined") return false;
  }
  return true;
}

// Runs a shell command; its stdout.
std::string shell(const std::string& cmd) {
  std::string out;
  FILE* pipe = popen(cmd.c_str(), "r");
  if (!pipe) throw std::runtime_error("popen failed");
  std::array<char, 4096> buf;
  size_t n;
  while ((n = fread(buf.data(), 1, buf.size(), pipe)) > 0) out.append(buf.data(), n);
  pclose(pipe);
  return out;
}

// Every entry of the table decodes and is right: witnesses replay to mate, the outcome
// is the one the analysis without the table gives (`reference`, keyed as verdicts()).
std::size_t check_table(const std::string& file, const std::map<std::string, std::string>& reference) {
  auto table = tablebase::VerdictTable::open(file, analyzer::kAlgorithmVersion);
  REQUIRE(table.has_value());
  std::size_t n = 0;
  (*table)->for_each([&](const tablebase::TableEntry& e) {
    ++n;
    REQUIRE(e.key.has_value());
    REQUIRE(e.value.has_value());
    const auto& v = e.value->verdict;
    if (v.outcome == search::Outcome::Winnable) CHECK(analyzer::replays_to_mate(e.key->position, v.line, e.key->winner));
    auto it = reference.find(e.key->position.fen() + " " + std::string(board::color_name(e.key->winner)));
    REQUIRE(it != reference.end());
    if (it->second != "undetermined") CHECK(it->second == search::to_string(v.outcome));
  });
  return n;
}

}  // namespace

TEST_CASE("cache: a second run answers from the table, with source cache", "[cli][cache]") {
  test::TempDir dir;
  const std::string file = dir.file("verdicts.lmdb");
  const std::string args = "analyze --json --cache '" + file + "' '" + kKnight + "' '" + kLocked + "'";
  auto first = test::run_arbiter(args);
  REQUIRE(first.status == 0);
  auto second = test::run_arbiter(args);
  REQUIRE(second.status == 0);
  auto a = json_lines(first.out), b = json_lines(second.out);
  REQUIRE(a.size() == 2);
  REQUIRE(b.size() == 2);
  for (int i = 0; i < 2; ++i)
    for (const char* side : {"white", "black"}) {
      INFO(a[i].dump() << "\n" << b[i].dump());
      CHECK(a[i][side]["source"] == "search");
      CHECK(b[i][side]["source"] == "cache");
      for (const char* field : {"verdict", "reason", "detail", "nodes"}) CHECK(a[i][side][field] == b[i][side][field]);
      if (a[i][side]["verdict"] == "winnable") {
        CHECK(a[i][side]["line"] == b[i][side]["line"]);
        CHECK(a[i][side]["san"] == b[i][side]["san"]);
      }
    }
  CHECK(b[1]["white"]["reason"] == "blocked");  // the reason that proved it, not "cache"
  CHECK(b[1]["dead"] == true);
  // A different question about a known position is not a hit.
  auto other = test::run_arbiter("analyze --json --cache '" + file + "' '8/8/8/4k3/4p3/8/8/KN6 b - - 0 1'");
  CHECK(json_lines(other.out).at(0)["white"]["source"] == "search");
}

TEST_CASE("cache: the default location under XDG_CACHE_HOME, created on first use", "[cli][cache]") {
  test::TempDir dir;
  const std::string home = dir.file("not/yet/there");
  auto first = test::run_arbiter_in(home, "analyze --json '" + kLocked + "'");
  REQUIRE(first.status == 0);
  CHECK(std::filesystem::is_regular_file(home + "/arbiter/verdicts.lmdb"));
  auto second = test::run_arbiter_in(home, "analyze --json '" + kLocked + "'");
  CHECK(json_lines(second.out).at(0)["white"]["source"] == "cache");
  // --no-cache neither reads it nor writes it.
  auto off = test::run_arbiter_in(home, "analyze --json --no-cache '" + kLocked + "'");
  CHECK(json_lines(off.out).at(0)["white"]["source"] == "search");
  test::TempDir empty;
  test::run_arbiter_in(empty.path(), "analyze --json --no-cache '" + kLocked + "'");
  CHECK(std::filesystem::is_empty(empty.path()));
  // Both at once is a usage error.
  CHECK(test::run_arbiter("analyze --cache x.lmdb --no-cache '" + kLocked + "'").status == 2);
}

TEST_CASE("cache: a damaged file gives one warning, the run goes on with the same verdicts", "[cli][cache]") {
  test::TempDir dir;
  const std::string input = test_vector(20);
  // The plain reading: under the automatic draws the table also keeps the plain verdicts of
  // positions after a capture or pawn move inside a witness, which are not in the reference.
  auto reference = test::run_arbiter("analyze --json --rules plain --no-cache --max-nodes 100000", input);
  REQUIRE(reference.status == 0);

  // Garbage from the first byte.
  const std::string garbage = dir.file("garbage.lmdb");
  {
    std::mt19937_64 rng(6);
    std::ofstream out(garbage, std::ios::binary);
    for (int i = 0; i < 200'000; ++i) out.put(char(rng()));
  }
  auto r = test::run_arbiter("analyze --json --cache '" + garbage + "' --max-nodes 100000", input, true);
  CHECK(r.status == 0);
  std::vector<std::string> warnings, results;
  for (const auto& line : lines_of(r.out)) (line.rfind("arbiter: warning:", 0) == 0 ? warnings : results).push_back(line);
  INFO(r.out);
  CHECK(warnings.size() == 1);
  std::string joined;
  for (const auto& line : results) joined += line + "\n";
  CHECK(compatible(verdicts(joined), verdicts(reference.out)));

  // A real table with damaged pages: whatever happens, the same verdicts.
  const std::string table = dir.file("table.lmdb");
  test::run_arbiter("analyze --json --cache '" + table + "' --max-nodes 100000", input);
  const auto size = std::filesystem::file_size(table);
  std::mt19937_64 rng(7);
  for (uint64_t page = 2; page * 4096 < size; page += 3) {
    const std::string damaged = dir.file("damaged-" + std::to_string(page) + ".lmdb");
    std::filesystem::copy_file(table, damaged);
    {
      std::fstream f(damaged, std::ios::in | std::ios::out | std::ios::binary);
      f.seekp(std::streamoff(page * 4096));
      for (int i = 0; i < 4096; ++i) f.put(char(rng()));
    }
    auto d = test::run_arbiter("analyze --json --cache '" + damaged + "' --max-nodes 100000", input);
    INFO("page " << page);
    CHECK(d.status == 0);
    CHECK(compatible(verdicts(d.out), verdicts(reference.out)));
  }
  // `cache clear` removes a damaged file whole; then the default table works again.
  auto cleared = test::run_arbiter("cache clear --json --cache '" + garbage + "'");
  CHECK(cleared.status == 0);
  CHECK_FALSE(std::filesystem::exists(garbage));
}

TEST_CASE("cache stats and cache clear", "[cli][cache]") {
  test::TempDir dir;
  const std::string file = dir.file("verdicts.lmdb");
  auto none = test::run_arbiter("cache stats --json --cache '" + file + "'");
  CHECK(none.status == 0);
  CHECK(Json::parse(none.out)["exists"] == false);
  CHECK_FALSE(std::filesystem::exists(file));  // stats does not create the table

  const std::string args = "analyze --json --cache '" + file + "' '" + kKnight + "' '" + kLocked + "'";
  test::run_arbiter(args);
  test::run_arbiter(args);
  auto stats = test::run_arbiter("cache stats --json --cache '" + file + "'");
  REQUIRE(stats.status == 0);
  auto j = Json::parse(stats.out);
  INFO(j.dump());
  CHECK(j["entries"] == 4);
  CHECK(j["current"] == 4);
  CHECK(j["by_verdict"]["winnable"] == 2);
  CHECK(j["by_verdict"]["unwinnable"] == 2);
  CHECK(j["by_reason"]["helpmate"] == 2);
  CHECK(j["by_reason"]["blocked"] == 2);
  CHECK(j["bytes"].get<uint64_t>() > 0);
  REQUIRE(j["runs"].size() == 2);
  CHECK(j["runs"][0]["hits"] == 4);    // newest first
  CHECK(j["runs"][1]["misses"] == 4);
  CHECK(j["runs"][1]["stored"] == 4);
  CHECK(j["hits"] == 4);
  CHECK(j["misses"] == 4);
  auto text = test::run_arbiter("cache stats --cache '" + file + "'");
  CHECK(text.out.find("entries: 4") != std::string::npos);
  CHECK(text.out.find("blocked") != std::string::npos);

  auto clear = test::run_arbiter("cache clear --json --cache '" + file + "'");
  CHECK(clear.status == 0);
  CHECK(Json::parse(clear.out)["removed"] == 4);
  CHECK(Json::parse(test::run_arbiter("cache stats --json --cache '" + file + "'").out)["entries"] == 0);
  auto again = test::run_arbiter(args);
  CHECK(json_lines(again.out).at(0)["white"]["source"] == "search");
}

TEST_CASE("cache: help teaches the options and the command", "[cli][cache]") {
  auto analyze = test::run_arbiter("analyze --help");
  CHECK(analyze.out.find("--cache") != std::string::npos);
  CHECK(analyze.out.find("--no-cache") != std::string::npos);
  auto cache = test::run_arbiter("cache --help");
  CHECK(cache.status == 0);
  for (const char* word : {"stats", "clear", "source", "Example"}) CHECK(cache.out.find(word) != std::string::npos);
  CHECK(test::run_arbiter("cache").status == 2);
}

TEST_CASE("cache: two processes analysing and writing one table at once", "[cli][cache]") {
  test::TempDir dir;
  const std::string file = dir.file("verdicts.lmdb");
  const std::string input = test_vector(80);
  { std::ofstream(dir.file("in.txt")) << input; }
  // The plain reading: under the automatic draws the table also keeps the plain verdicts of
  // positions after a capture or pawn move inside a witness, which are not in the reference.
  auto reference = test::run_arbiter("analyze --json --rules plain --no-cache --max-nodes 100000", input);
  const auto expected = verdicts(reference.out);
  const std::string run = "XDG_CACHE_HOME='" + dir.path() + "' '" + ARBITER_EXE + "' analyze --json --rules plain --threads 2 --max-nodes 100000 --cache '" +
                          file + "' < '" + dir.file("in.txt") + "'";
  shell("(" + run + " > '" + dir.file("a.out") + "' & " + run + " > '" + dir.file("b.out") + "' & wait)");
  auto read = [&](const std::string& name) {
    std::ifstream in(dir.file(name));
    return std::string(std::istreambuf_iterator<char>(in), {});
  };
  CHECK(compatible(verdicts(read("a.out")), expected));
  CHECK(compatible(verdicts(read("b.out")), expected));
  CHECK(check_table(file, expected) > 50);
  // A third run finds every decided verdict the searches kept.
  auto third = test::run_arbiter("analyze --json --rules plain --max-nodes 100000 --cache '" + file + "'", input);
  CHECK(compatible(verdicts(third.out), expected));
  auto j = Json::parse(test::run_arbiter("cache stats --json --cache '" + file + "'").out);
  CHECK(j["runs"].size() == 3);
  CHECK(j["runs"][0]["hits"].get<uint64_t>() > 50);
}

TEST_CASE("cache: a run killed with SIGKILL leaves a table that is whole and right", "[cli][cache]") {
  test::TempDir dir;
  const std::string file = dir.file("verdicts.lmdb");
  const std::string input = test_vector(1800);
  { std::ofstream(dir.file("in.txt")) << input; }
  // Killed part-way through, whatever it was doing then (perhaps inside a commit).
  shell("(XDG_CACHE_HOME='" + dir.path() + "' '" + ARBITER_EXE + "' analyze --json --rules plain --threads 2 --max-nodes 100000 --cache '" +
        file + "' < '" + dir.file("in.txt") + "' > /dev/null 2>&1 & pid=$!; sleep 3; kill -KILL $pid; wait $pid 2>/dev/null) 2>/dev/null");
  // The entries there are right: recompute what the table holds.
  auto table = tablebase::VerdictTable::open(file, analyzer::kAlgorithmVersion);
  REQUIRE(table.has_value());
  std::string kept;
  (*table)->for_each([&](const tablebase::TableEntry& e) {
    REQUIRE(e.key.has_value());
    kept += e.key->position.fen() + "\n";
  });
  table->reset();
  INFO("entries kept before the kill: " << lines_of(kept).size());
  auto reference = test::run_arbiter("analyze --json --no-cache --max-nodes 100000", kept);
  check_table(file, verdicts(reference.out));
  // And the next run uses it.
  auto again = test::run_arbiter("analyze --json --max-nodes 100000 --cache '" + file + "'", kept);
  CHECK(compatible(verdicts(again.out), verdicts(reference.out)));
}
