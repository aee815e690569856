// `audit` as a user runs it: constructed games for every ending (tests/data/audit), the
// JSON of docs/output.md, broken games reported with the run going on, claims, standings, and
// every fixture PGN file read without a crash.
#include <catch2/catch.hpp>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <regex>
#include <fstream>

#include "support.hpp"

using namespace arbiter;
using test::lines_of;
using Json = nlohmann::ordered_json;

namespace {

std::vector<Json> audit_json(const std::string& args) {
  auto r = test::run_arbiter("audit --json " + args);
  std::vector<Json> out;
  for (const auto& line : lines_of(r.out)) out.push_back(Json::parse(line));
  return out;
}

// K+N against K+P after 1. Nc3 needs a few million nodes: give the budget of `analyze`.
std::string endings_pgn() { return "--max-nodes 10000000 '" + test::data("audit/endings.pgn") + "'"; }

// The games of a file counted independently of our reader: "[Event " tag lines.
int count_event_tags(const std::string& path) {
  std::ifstream in(path);
  int n = 0;
  for (std::string line; std::getline(in, line);)
    if (line.rfind("[Event ", 0) == 0) ++n;
  return n;
}

}  // namespace

TEST_CASE("audit: constructed games for every ending", "[cli][audit]") {
  auto games = audit_json(endings_pgn());
  REQUIRE(games.size() == 14);
  for (std::size_t i = 0; i < games.size(); ++i) CHECK(games[i]["game"] == i + 1);
  auto is = [&](int game, const char* ending, const char* correct, bool mismatch) {
    const Json& g = games.at(game - 1);
    INFO(g.dump());
    CHECK(g["ending"] == ending);
    CHECK(g["correct"] == correct);
    CHECK(g["mismatch"] == mismatch);
  };
  is(1, "checkmate", "0-1", false);
  CHECK(games[0]["ply"] == 4);
  is(2, "stalemate", "1/2-1/2", true);
  CHECK(games[1]["ply"] == 19);
  is(3, "dead-position", "1/2-1/2", true);
  CHECK(games[2]["ply"] == 1);
  CHECK(games[2]["void_plies"] == 3);
  is(4, "fivefold", "1/2-1/2", false);
  CHECK(games[3]["ply"] == 16);
  is(5, "seventy-five", "1/2-1/2", true);
  is(6, "checkmate", "1-0", false);
  is(7, "timeout", "1/2-1/2", true);
  CHECK(games[6]["basis"] == "Termination \"Time forfeit\"");
  is(8, "timeout", "1-0", true);  // K+N can mate K+P: chess.com's draw is wrong
  is(9, "timeout", "1/2-1/2", true);
  // 10: an illegal move; the audit goes on.
  CHECK(games[9].contains("error"));
  CHECK_FALSE(games[9].contains("correct"));
  std::string err = games[9]["error"];
  CHECK(err.find("game 10") != std::string::npos);
  CHECK(err.find("Ke3") != std::string::npos);
  CHECK(std::regex_search(err, std::regex("line [0-9]+")));
  is(11, "resignation", "1-0", false);
  CHECK(games[11].contains("error"));
  CHECK(games[11]["error"].get<std::string>().find("razyhouse") != std::string::npos);
  is(13, "threefold", "1/2-1/2", false);
  is(14, "unfinished", "*", false);
}

TEST_CASE("audit: the exit status is 1 when a game is broken, the summary counts it", "[cli][audit]") {
  auto r = test::run_arbiter("audit " + endings_pgn());
  CHECK(r.status == 1);
  CHECK(r.out.find("games read: 14  audited: 12  errors: 2") != std::string::npos);
  CHECK(r.out.find("MISMATCH") != std::string::npos);
}

TEST_CASE("audit: an unreadable file is reported and the next file is audited", "[cli][audit]") {
  auto games = audit_json(endings_pgn() + " /nonexistent/games.pgn '" + test::data("audit/endings.pgn") + "'");
  REQUIRE(games.size() == 29);
  games.erase(games.begin(), games.begin() + 14);
  REQUIRE(games.size() == 15);
  CHECK(games[0]["file"] == "/nonexistent/games.pgn");
  CHECK(games[0].contains("error"));
  CHECK(games[1]["ending"] == "checkmate");
}

TEST_CASE("audit --claims names the first correct threefold claim", "[cli][audit][claims]") {
  auto games = audit_json("--claims " + endings_pgn());
  const Json& fivefold = games.at(3);
  REQUIRE(fivefold["claims"]["threefold"].is_object());
  CHECK(fivefold["claims"]["threefold"]["ply"] == 7);  // Black writes Ng8 for the third time
  CHECK(fivefold["claims"]["threefold"]["claimant"] == "black");
  CHECK(fivefold["claims"]["threefold"]["intended"] == "f6g8");
  CHECK(fivefold["claims"]["fifty"].is_null());
  // The 75-move game: a 50-move claim stood from the start (148 plies on the FEN).
  CHECK(games.at(4)["claims"]["fifty"]["ply"] == 0);
}

TEST_CASE("audit --standings: per-player totals with recorded and correct results", "[cli][audit]") {
  // Game 8: bob's flag fell with K+P against alice's K+N; chess.com recorded a draw, but
  // alice wins under Article 6.9.
  auto r = test::run_arbiter("audit --json --standings --points 3,1,0 " + endings_pgn());
  auto lines = lines_of(r.out);
  auto last = Json::parse(lines.back());
  REQUIRE(last.contains("standings"));
  std::map<std::string, Json> rows;
  for (const auto& row : last["standings"]) rows[row["player"]] = row;
  CHECK(rows["alice"]["games"] == 1);
  CHECK(rows["alice"]["recorded"] == 1.0);
  CHECK(rows["alice"]["correct"] == 3.0);
  CHECK(rows["bob"]["recorded"] == 1.0);
  CHECK(rows["bob"]["correct"] == 0.0);
  auto bad = test::run_arbiter("audit --points 1,0.5 " + endings_pgn());
  CHECK(bad.status == 2);
}

TEST_CASE("audit: every fixture PGN file is read without a crash, one object per game", "[cli][audit][pgn]") {
  namespace fs = std::filesystem;
  int variants = 0;
  for (const auto& entry : fs::recursive_directory_iterator(test::fixture("pgn/syntax"))) {
    if (!entry.is_regular_file() || entry.path().extension() != ".pgn") continue;  // not the README
    std::string path = entry.path().string();
    INFO(path);
    auto r = test::run_arbiter("audit --json --max-nodes 20000 '" + path + "'");
    CHECK((r.status == 0 || r.status == 1 || r.status == 5));  // 5: a recorded result is wrong
    auto lines = lines_of(r.out);
    int games = 0;
    for (const auto& line : lines) {
      auto j = Json::parse(line);
      CHECK(j["file"] == path);
      ++games;
      if (j.contains("error")) {
        std::string e = j["error"];
        CHECK(!e.empty());
        if (e.find("variant") != std::string::npos) ++variants;
      } else {
        CHECK(j.contains("correct"));
        CHECK(j.contains("ending"));
      }
    }
    // Each game is reported once, in order (a file may hold games without an Event tag).
    CHECK(games >= count_event_tags(path));
  }
  CHECK(variants >= 3);  // crazyhouse, antichess, three-check and others are rejected
}

TEST_CASE("audit: every recorded result of a held-out Lichess sample confirmed", "[cli][audit]") {
  // Real games never tuned on (tests/data/pgn/README.md). What Lichess recorded is checked
  // against facts read from the file itself: the Termination tag and the mate sign.
  std::string path = test::fixture("pgn/lichess-2012-sample.pgn");
  struct Facts {
    std::string result, termination;
    bool mate_sign = false;
  };
  std::vector<Facts> facts;
  std::ifstream in(path);
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("[Event ", 0) == 0) facts.emplace_back();
    else if (line.rfind("[Result \"", 0) == 0) facts.back().result = line.substr(9, line.size() - 11);
    else if (line.rfind("[Termination \"", 0) == 0) facts.back().termination = line.substr(14, line.size() - 16);
    else if (!line.starts_with("[") && line.find('#') != std::string::npos) facts.back().mate_sign = true;
  }
  REQUIRE(facts.size() == 100);
  auto games = audit_json("'" + path + "'");
  REQUIRE(games.size() == facts.size());
  int timeouts = 0, mates = 0;
  for (std::size_t i = 0; i < games.size(); ++i) {
    const Json& g = games[i];
    INFO(g.dump());
    REQUIRE_FALSE(g.contains("error"));
    CHECK(g["recorded"] == facts[i].result);
    CHECK(g["mismatch"] == false);
    if (facts[i].termination == "Time forfeit") {
      // The flag fell against a side whose opponent can mate: a win, with a witness.
      CHECK(g["ending"] == "timeout");
      CHECK(g["correct"] == facts[i].result);
      ++timeouts;
    }
    if (facts[i].mate_sign) {
      CHECK(g["ending"] == "checkmate");
      ++mates;
    }
  }
  CHECK(timeouts == 32);
  CHECK(mates == 30);
}

TEST_CASE("audit: chess.com endings agree with the Termination tags", "[cli][audit][slow]") {
  // Checkmate, stalemate, repetition, insufficient material, 50 moves: what the tag names
  // is what the moves show, except the disagreements we can explain: chess.com draws K+N
  // against K+N or K+B by its material table, where a helpmate still exists.
  std::string path = test::fixture("pgn/chesscom-games.pgn");
  auto games = audit_json("'" + path + "'");
  REQUIRE(int(games.size()) == count_event_tags(path));
  std::ifstream in(path);
  std::vector<std::string> terminations;
  for (std::string line; std::getline(in, line);)
    if (line.rfind("[Termination \"", 0) == 0) terminations.push_back(line.substr(14, line.size() - 16));
  REQUIRE(terminations.size() == games.size());
  int explained = 0;
  for (std::size_t i = 0; i < games.size(); ++i) {
    const std::string& t = terminations[i];
    const Json& g = games[i];
    INFO(t << " / " << g.dump());
    REQUIRE_FALSE(g.contains("error"));
    std::string ending = g["ending"];
    if (t.find("by checkmate") != std::string::npos) CHECK(ending == "checkmate");
    else if (t.find("by stalemate") != std::string::npos) CHECK(ending == "stalemate");
    else if (t.find("by repetition") != std::string::npos) CHECK((ending == "threefold" || ending == "fivefold"));
    else if (t.find("50-move") != std::string::npos) CHECK(ending == "fifty-move");
    else if (t.find("timeout vs insufficient") != std::string::npos) CHECK(ending == "timeout");
    else if (t.find("insufficient material") != std::string::npos) {
      if (ending == "not-over") {
        ++explained;  // the position is live: a knight or bishop can still mate with help
        CHECK(g["reason"].get<std::string>().find("can still checkmate") != std::string::npos);
      } else {
        CHECK(ending == "dead-position");
      }
    } else if (t.find("on time") != std::string::npos) CHECK(ending == "timeout");
    else if (t.find("resignation") != std::string::npos || t.find("abandoned") != std::string::npos)
      CHECK((ending == "resignation" || ending == "dead-position"));
  }
  CHECK(explained <= 2);
}
