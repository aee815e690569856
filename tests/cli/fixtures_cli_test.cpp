// `fixtures generate|verify` as a user runs them: every kind generated with a fixed seed
// and verified, the same file with 1 and 2 threads, the shipped sets (tests/data/fixtures)
// verified, and one corrupted entry of each kind — a wrong verdict, a witness that does
// not mate, a wrong result — named by `verify` with exactly its line (or game).
#include <catch2/catch.hpp>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "support.hpp"

using namespace arbiter;
using test::lines_of;
using Json = nlohmann::ordered_json;

namespace {

// Small budgets keep the suite fast (the sanitizer build runs it too).
const std::string kSmall = " --max-nodes 100000 --shorten-nodes 10000 --threads 2";

std::string read(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

void write(const std::string& path, const std::string& text) { std::ofstream(path) << text; }

std::string quoted(const std::string& path) { return "'" + path + "'"; }

struct Failing {
  int line = 0, game = 0;
  std::vector<std::string> problems;
};

// Runs `verify --json` and returns the entries that do not hold, and the entry count.
std::vector<Failing> failing_entries(const std::string& file, int* entries = nullptr, int* status = nullptr) {
  auto r = test::run_arbiter("fixtures verify --json --threads 2 " + quoted(file));
  if (status) *status = r.status;
  std::vector<Failing> out;
  int n = 0;
  for (const auto& line : lines_of(r.out)) {
    Json j = Json::parse(line);
    ++n;
    if (j["holds"].get<bool>()) continue;
    Failing f;
    f.line = j["line"].get<int>();
    f.game = j.value("game", 0);
    for (const auto& p : j["problems"]) f.problems.push_back(p.get<std::string>());
    out.push_back(f);
  }
  if (entries) *entries = n;
  return out;
}

std::string joined(const std::vector<std::string>& v) {
  std::string out;
  for (const auto& s : v) out += s + " | ";
  return out;
}

// Replaces line `number` (1-based) of a text file.
void replace_line(const std::string& path, int number, const std::string& text) {
  auto lines = lines_of(read(path));
  lines.at(std::size_t(number - 1)) = text;
  std::string out;
  for (const auto& l : lines) out += l + "\n";
  write(path, out);
}

// The first JSON record (line number, 1-based) for which `pick` holds.
std::pair<int, Json> first_record(const std::string& path, const std::function<bool(const Json&)>& pick) {
  auto lines = lines_of(read(path));
  for (std::size_t i = 0; i < lines.size(); ++i) {
    Json j = Json::parse(lines[i]);
    if (pick(j)) return {int(i + 1), j};
  }
  FAIL("no record of that shape in " << path);
  return {};
}

// Checks that `verify` reports exactly one entry, at `line`, with a problem containing `why`.
void check_only(const std::string& file, int line, const std::string& why, int game = 0) {
  int status = 0;
  auto failing = failing_entries(file, nullptr, &status);
  CHECK(status == 1);
  REQUIRE(failing.size() == 1);
  CHECK(failing[0].line == line);
  CHECK(failing[0].game == game);
  INFO(joined(failing[0].problems));
  CHECK(joined(failing[0].problems).find(why) != std::string::npos);
}

}  // namespace

TEST_CASE("fixtures: the shipped sets hold", "[cli][fixtures]") {
  for (const char* name : {"winnability.jsonl", "winnability.epd", "dead.jsonl", "timeout.jsonl", "conversion.jsonl",
                           "games.pgn"}) {
    INFO(name);
    int entries = 0, status = -1;
    auto failing = failing_entries(test::data(std::string("fixtures/") + name), &entries, &status);
    CHECK(entries >= 10);
    std::string why;
    for (const auto& f : failing) why += "line " + std::to_string(f.line) + ": " + joined(f.problems) + "\n";
    INFO(why);
    CHECK(failing.empty());
    CHECK(status == 0);
  }
}

TEST_CASE("fixtures: the shipped winnability set holds plenty of simple-vs-strict disagreements",
          "[cli][fixtures]") {
  int either_way[2] = {0, 0};  // [0]: the table denies a mate that exists; [1]: it allows one that does not
  for (const auto& line : lines_of(read(test::data("fixtures/winnability.jsonl")))) {
    Json j = Json::parse(line);
    for (const char* side : {"white", "black"}) {
      bool simple = j["simple"][side].get<bool>(), winnable = j[side]["verdict"] == "winnable";
      if (!simple && winnable) ++either_way[0];
      if (simple && !winnable) ++either_way[1];
    }
  }
  CHECK(either_way[0] >= 4);
  CHECK(either_way[1] >= 4);
}

TEST_CASE("fixtures generate: every kind with a fixed seed, then verified", "[cli][fixtures]") {
  test::TempDir dir;
  struct Kind {
    const char* kind;
    int count;
    const char* file;
  };
  for (const Kind& k : {Kind{"winnability", 5, "w.jsonl"}, Kind{"dead", 4, "d.jsonl"}, Kind{"timeout", 4, "t.epd"},
                        Kind{"conversion", 4, "c.jsonl"}, Kind{"games", 18, "g.pgn"}}) {
    INFO(k.kind);
    const std::string out = dir.file(k.file);
    auto r = test::run_arbiter(std::string("fixtures generate --kind ") + k.kind + " --count " +
                                   std::to_string(k.count) + " --seed 5 --out " + quoted(out) + kSmall,
                               "", true);
    INFO(r.out);
    CHECK(r.status == 0);
    CHECK(r.out.find("wrote " + std::to_string(k.count) + " " + k.kind + " fixtures") != std::string::npos);
    int entries = 0, status = -1;
    auto failing = failing_entries(out, &entries, &status);
    CHECK(entries == k.count);
    std::string why;
    for (const auto& f : failing) why += "line " + std::to_string(f.line) + ": " + joined(f.problems) + "\n";
    INFO(why);
    CHECK(failing.empty());
    CHECK(status == 0);
  }
  // The winnability set keeps two entries in five where the two tests disagree.
  int disagreements = 0;
  for (const auto& line : lines_of(read(dir.file("w.jsonl")))) disagreements += Json::parse(line)["disagreement"].get<bool>();
  CHECK(disagreements >= 2);
  // The games cover every ending of docs/rules.md §3.
  std::set<std::string> endings;
  for (const auto& line : lines_of(read(dir.file("g.pgn"))))
    if (line.rfind("[FixtureEnding \"", 0) == 0) endings.insert(line.substr(16, line.size() - 18));
  for (const char* e : {"checkmate", "stalemate", "dead-position", "fivefold", "seventy-five", "threefold",
                        "fifty-move", "timeout", "resignation", "agreement"})
    CHECK(endings.count(e) == 1);
}

TEST_CASE("fixtures generate: the same file with one thread and with two", "[cli][fixtures]") {
  test::TempDir dir;
  for (const char* kind : {"winnability", "dead"}) {
    std::string base = std::string("fixtures generate --kind ") + kind +
                       " --count 4 --seed 11 --max-nodes 100000 --shorten-nodes 10000 --out ";
    CHECK(test::run_arbiter(base + quoted(dir.file("one")) + " --threads 1").status == 0);
    CHECK(test::run_arbiter(base + quoted(dir.file("two")) + " --threads 2").status == 0);
    CHECK(read(dir.file("one")) == read(dir.file("two")));
    CHECK(!read(dir.file("one")).empty());
  }
}

TEST_CASE("fixtures verify: a wrong verdict, a witness that does not mate, each named by its line",
          "[cli][fixtures]") {
  test::TempDir dir;
  const std::string file = dir.file("w.jsonl");
  const std::string shipped = read(test::data("fixtures/winnability.jsonl"));

  SECTION("winnable recorded as unwinnable: the analysis finds the mate") {
    write(file, shipped);
    auto [line, r] = first_record(file, [](const Json& j) { return j["white"]["verdict"] == "winnable"; });
    r["white"]["verdict"] = "unwinnable";
    r["white"]["reason"] = "exhaustive";
    r["white"].erase("line");
    replace_line(file, line, r.dump());
    check_only(file, line, "recorded unwinnable, but White can mate");
  }
  SECTION("unwinnable recorded as winnable: no witness") {
    write(file, shipped);
    auto [line, r] = first_record(file, [](const Json& j) { return j["black"]["verdict"] == "unwinnable"; });
    r["black"]["verdict"] = "winnable";
    r["black"]["reason"] = "helpmate";
    replace_line(file, line, r.dump());
    check_only(file, line, "winnable without a witness line");
  }
  SECTION("a witness one move short of the mate") {
    write(file, shipped);
    auto [line, r] = first_record(file, [](const Json& j) {
      return j["white"]["verdict"] == "winnable" && j["white"]["line"].size() >= 3;
    });
    r["white"]["line"].erase(r["white"]["line"].size() - 1);
    r["white"].erase("san");
    r["white"].erase("plies");
    replace_line(file, line, r.dump());
    check_only(file, line, "does not end with Black checkmated");
  }
  SECTION("a witness with an illegal move") {
    write(file, shipped);
    auto [line, r] = first_record(file, [](const Json& j) { return j["black"]["verdict"] == "winnable"; });
    r["black"]["line"][0] = "a1a1";
    replace_line(file, line, r.dump());
    check_only(file, line, "move 1 'a1a1' is not legal");
  }
  SECTION("a wrong simple-table answer") {
    write(file, shipped);
    auto [line, r] = first_record(file, [](const Json&) { return true; });
    r["simple"]["white"] = !r["simple"]["white"].get<bool>();
    replace_line(file, line, r.dump());
    check_only(file, line, "simple.white");
  }
}

TEST_CASE("fixtures verify: a wrong dead, timeout and conversion entry, each named by its line",
          "[cli][fixtures]") {
  test::TempDir dir;
  SECTION("dead: a dead position recorded live") {
    const std::string file = dir.file("d.jsonl");
    write(file, read(test::data("fixtures/dead.jsonl")));
    auto [line, r] = first_record(file, [](const Json& j) { return j["category"] == "dead"; });
    r["dead"] = false;
    replace_line(file, line, r.dump());
    check_only(file, line, "dead is false");
  }
  SECTION("dead: a nearly-dead position whose move does not lead to a dead one") {
    const std::string file = dir.file("d.jsonl");
    write(file, read(test::data("fixtures/dead.jsonl")));
    auto [line, r] = first_record(file, [](const Json& j) { return j["category"] == "nearly-dead"; });
    // Any other legal move: the position after it is not the recorded dead one.
    r["to_dead"]["fen"] = r["fen"];
    replace_line(file, line, r.dump());
    check_only(file, line, "to_dead: the fen is not the position after");
  }
  SECTION("timeout: a wrong result") {
    const std::string file = dir.file("t.jsonl");
    write(file, read(test::data("fixtures/timeout.jsonl")));
    auto [line, r] = first_record(file, [](const Json& j) { return j["result"] == "1/2-1/2"; });
    r["result"] = r["flagged"] == "white" ? "0-1" : "1-0";
    replace_line(file, line, r.dump());
    check_only(file, line, "cannot mate by any legal sequence: 1/2-1/2");
  }
  SECTION("conversion: a line that stops short of the mate") {
    const std::string file = dir.file("c.jsonl");
    write(file, read(test::data("fixtures/conversion.jsonl")));
    auto [line, r] = first_record(file, [](const Json& j) { return j["convertible"] == true && j["length"] >= 2; });
    r["line"].erase(r["line"].size() - 1);
    r["length"] = r["line"].size();
    replace_line(file, line, r.dump());
    check_only(file, line, "the line does not convert");
  }
  SECTION("conversion: recorded without a conversion when one exists") {
    const std::string file = dir.file("c.jsonl");
    write(file, read(test::data("fixtures/conversion.jsonl")));
    auto [line, r] = first_record(file, [](const Json& j) { return j["convertible"] == true; });
    r["convertible"] = false;
    r.erase("line");
    replace_line(file, line, r.dump());
    check_only(file, line, "recorded without a conversion, but one exists");
  }
}

TEST_CASE("fixtures verify: a game with a wrong result is named by its number and first line",
          "[cli][fixtures]") {
  test::TempDir dir;
  const std::string file = dir.file("g.pgn");
  auto lines = lines_of(read(test::data("fixtures/games.pgn")));
  // The third game: change its Result tag and its result token alike.
  int game = 0, first_line = 0;
  std::string result;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (lines[i].rfind("[Event ", 0) == 0 && ++game == 3) first_line = int(i + 1);
    if (game == 3 && lines[i].rfind("[Result \"", 0) == 0) {
      result = lines[i].substr(9, lines[i].size() - 11);
      lines[i] = result == "1-0" ? "[Result \"0-1\"]" : "[Result \"1-0\"]";
    }
    if (game == 3 && !result.empty() && lines[i].size() >= result.size() && !lines[i].empty() && lines[i][0] != '[' &&
        lines[i].ends_with(result)) {
      lines[i] = lines[i].substr(0, lines[i].size() - result.size()) + (result == "1-0" ? "0-1" : "1-0");
      result.clear();
      game = 100;  // done
    }
  }
  std::string text;
  for (const auto& l : lines) text += l + "\n";
  write(file, text);
  check_only(file, first_line, "but the correct result is", 3);
}

TEST_CASE("fixtures verify: EPD entries, and malformed entries reported without a crash", "[cli][fixtures]") {
  test::TempDir dir;
  const std::string file = dir.file("w.epd");
  auto lines = lines_of(read(test::data("fixtures/winnability.epd")));
  // A witness cut short in the EPD comment.
  int cut = 0;
  for (std::size_t i = 0; i < lines.size() && !cut; ++i) {
    auto at = lines[i].find("white line ");
    if (at == std::string::npos || lines[i].compare(at, 13, "white line - ") == 0 ||
        lines[i].compare(at, 13, "white line -\"") == 0)
      continue;
    auto end = lines[i].find('"', at);
    auto last_space = lines[i].rfind(' ', end);
    if (last_space <= at + 10) continue;  // one move only
    lines[i].erase(last_space, end - last_space);
    cut = int(i + 1);
  }
  REQUIRE(cut > 0);
  std::string text;
  for (const auto& l : lines) text += l + "\n";
  write(file, text);
  check_only(file, cut, "does not end with Black checkmated");

  // Malformed entries of each format: reported with their line, exit status 1.
  write(dir.file("bad.epd"), text + "8/8/8/8 w; nonsense\n");
  auto failing = failing_entries(dir.file("bad.epd"));
  REQUIRE(failing.size() == 2);
  CHECK(failing[1].line == int(lines.size() + 1));
  write(dir.file("bad.jsonl"), "{\"kind\": \"winnability\", \"fen\": 3}\n{broken\n[]\n");
  int status = 0;
  failing = failing_entries(dir.file("bad.jsonl"), nullptr, &status);
  CHECK(status == 1);
  REQUIRE(failing.size() == 3);
  CHECK(failing[1].line == 2);
  auto r = test::run_arbiter("fixtures verify " + quoted(dir.file("missing.jsonl")), "", true);
  CHECK(r.status == 1);
  CHECK(r.out.find("cannot read") != std::string::npos);
}

TEST_CASE("fixtures generate --from: FENs and PGN, bad inputs named by line", "[cli][fixtures]") {
  test::TempDir dir;
  write(dir.file("in.fen"),
        "# timeouts\n"
        "8/8/8/4k3/8/8/8/KN6 w - - 0 1 black\n"
        "not a fen\n"
        "2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - - 0 1\n");
  auto r = test::run_arbiter("fixtures generate --kind timeout --from " + quoted(dir.file("in.fen")) + " --out " +
                                 quoted(dir.file("t.jsonl")) + kSmall,
                             "", true);
  CHECK(r.status == 1);  // the bad line
  CHECK(r.out.find("line 3: error") != std::string::npos);
  auto written = lines_of(read(dir.file("t.jsonl")));
  REQUIRE(written.size() == 2);
  CHECK(Json::parse(written[0])["flagged"] == "black");
  CHECK(Json::parse(written[0])["result"] == "1/2-1/2");
  CHECK(Json::parse(written[1])["result"] == "1/2-1/2");
  CHECK(failing_entries(dir.file("t.jsonl")).empty());

  // The games of a PGN file, audited and written with their correct results.
  r = test::run_arbiter("fixtures generate --kind games --from " + quoted(test::data("audit/endings.pgn")) +
                            " --out " + quoted(dir.file("g.pgn")) + kSmall,
                        "", true);
  CHECK(r.status == 1);  // an illegal move and a variant in that file
  CHECK(r.out.find("game 10 (line 82): error") != std::string::npos);
  int entries = 0;
  CHECK(failing_entries(dir.file("g.pgn"), &entries).empty());
  CHECK(entries >= 10);
}

TEST_CASE("fixtures: usage errors", "[cli][fixtures]") {
  test::TempDir dir;
  CHECK(test::run_arbiter("fixtures generate --kind games --count 2 --format jsonl --out " + quoted(dir.file("x")))
            .status == 2);
  CHECK(test::run_arbiter("fixtures generate --kind dead --count 2 --format pgn --out " + quoted(dir.file("x")))
            .status == 2);
  CHECK(test::run_arbiter("fixtures generate --kind nonsense --count 2 --out " + quoted(dir.file("x"))).status != 0);
  auto help = test::run_arbiter("fixtures generate --help");
  CHECK(help.status == 0);
  CHECK(help.out.find("Examples:") != std::string::npos);
}
