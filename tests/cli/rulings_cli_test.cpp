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
  CHECK(keys_of(j) == Keys{"fen", "white", "black", "dead", "game_over", "warnings", "arbiter"});
  CHECK(j["arbiter"] == kVersion);
  CHECK(j["black"].is_null());
  CHECK(j["dead"].is_null());
  CHECK(keys_of(j["white"]) == kVerdictKeys);
  CHECK(j["white"]["verdict"] == "unwinnable");
  CHECK(j["white"]["line"].is_null());
  CHECK(j["white"]["san"].is_null());
  CHECK(j["white"]["plies"].is_null());
  CHECK(j["white"]["shortest"].is_null());
  CHECK(j["white"]["rules"] == "automatic-draws");  // the default reading (docs/automatic-draws.md)
}

TEST_CASE("#18.11 a winnable verdict carries shortest and no_shorter_than, every verdict rules", "[cli][rulings]") {
  auto r = test::run_arbiter("analyze --json --no-cache '8/8/8/4k3/4p3/8/8/KN6 w - - 0 1'");
  INFO(r.out);
  Json j = only_record(r);
  for (const char* side : {"white", "black"}) {
    CHECK(keys_of(j[side]) == kVerdictKeys);
    CHECK(j[side]["verdict"] == "winnable");
    CHECK(j[side]["rules"] == "automatic-draws");
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
  // Below 150 plies the plain reading lets the loss stand: White can mate.
  Json live = only_record(
      test::run_arbiter("timeout --json --no-cache --rules plain --flagged black '8/8/8/4k3/8/3R4/8/K7 b - - 149 100'"));
  CHECK(live["result"] == "1-0");
  CHECK(live["ended_by"].is_null());
  // Under the automatic draws (the default) Black's move at clock 149 completes the 150
  // plies with no mate: a draw, the plain result shown beside it (docs/automatic-draws.md).
  Json strict = only_record(test::run_arbiter("timeout --json --no-cache --flagged black '8/8/8/4k3/8/3R4/8/K7 b - - 149 100'"));
  CHECK(strict["result"] == "1/2-1/2");
  CHECK(strict["ended_by"].is_null());
  CHECK(strict["plain"]["result"] == "1-0");
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

TEST_CASE("#18.10 #25.7 numeric options: one meaning of --max-nodes 0, out-of-range values rejected", "[cli][rulings]") {
  // 0 = no limit in analyze as in helpmate: K+N against K+P needs more than 256 nodes.
  Json j = only_record(test::run_arbiter("analyze --json --no-cache --max-nodes 0 --winner white '8/8/8/4k3/4p3/8/8/KN6 w - - 0 1'"));
  CHECK(j["white"]["verdict"] == "winnable");
  for (const char* bad : {"analyze --max-nodes -1", "analyze --max-nodes 18446744073709551616", "analyze --threads -3",
                          "analyze --threads -1", "timeout --threads 0", "helpmate --moves 1 --max-nodes -5",
                          "audit --max-nodes x1 /dev/null", "convert --max-positions -1"}) {
    INFO(bad);
    auto r = test::run_arbiter(std::string(bad) + " '8/8/8/4k3/4p3/8/8/KN6 w - - 0 1'", "", true);
    CHECK(r.status == 2);
    CHECK((r.out.find("not a whole number") != std::string::npos || r.out.find("out of range") != std::string::npos));
  }
}

TEST_CASE("#18.14 #25.6 stdin lines: the FEN is judged first, extra words are rejected", "[cli][rulings]") {
  auto garbage = test::run_arbiter("analyze --json --no-cache", "not a fen\n");
  Json g = only_record(garbage);
  CHECK(g["error"].get<std::string>().find("is not white, black or both") == std::string::npos);
  CHECK(g["error"].get<std::string>().find("line 1") != std::string::npos);
  auto two = test::run_arbiter("analyze --json --no-cache", "8/8/8/4k3/8/8/8/KB3b2 w - - 0 1 white black\n");
  CHECK(two.status == 1);
  Json t = only_record(two);
  REQUIRE(t.contains("error"));
  CHECK(t["error"].get<std::string>().find("white black") != std::string::npos);
  auto flagged = test::run_arbiter("timeout --json --no-cache", "8/8/8/4k3/8/8/8/KB3b2 w - - 0 1 white black\n");
  CHECK(flagged.status == 1);
}

TEST_CASE("#18.14 suggestions: a PGN file, a misspelt command or option, any case of a side", "[cli][rulings]") {
  auto pgn = test::run_arbiter("analyze games.pgn", "", true);
  CHECK(pgn.status == 1);
  CHECK(pgn.out.find("arbiter audit games.pgn") != std::string::npos);
  auto cmd = test::run_arbiter("analyse '8/8/8/4k3/8/8/8/KN6 w - - 0 1'", "", true);
  CHECK(cmd.status == 2);
  CHECK(cmd.out.find("did you mean 'analyze'") != std::string::npos);
  auto opt = test::run_arbiter("analyze --max-node 5 '8/8/8/4k3/8/8/8/KN6 w - - 0 1'", "", true);
  CHECK(opt.status == 2);
  CHECK(opt.out.find("did you mean '--max-nodes'") != std::string::npos);
  Json j = only_record(test::run_arbiter("timeout --json --no-cache --flagged Black '8/8/8/4k3/8/8/8/KN6 w - - 0 1'"));
  CHECK(j["flagged"] == "black");
  Json w = only_record(test::run_arbiter("analyze --json --no-cache --winner WHITE '8/8/8/4k3/8/8/8/KN6 w - - 0 1'"));
  CHECK(w["black"].is_null());
}

TEST_CASE("#18.18 a UTF-8 byte order mark before the first stdin FEN is skipped", "[cli][rulings]") {
  auto r = test::run_arbiter("status --json", "\xEF\xBB\xBFk7/1QK5/8/8/8/8/8/8 b - - 0 1\n");
  CHECK(r.status == 0);
  Json j = only_record(r);
  CHECK(j["state"] == "checkmate");
}

TEST_CASE("#18.15 perft reads FENs from stdin and several FEN arguments", "[cli][rulings]") {
  auto r = test::run_arbiter("perft --json 2", "8/8/8/4k3/8/8/8/KN6 w - - 0 1\nrnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n");
  auto lines = lines_of(r.out);
  REQUIRE(lines.size() == 2);
  CHECK(Json::parse(lines[0])["fen"] == "8/8/8/4k3/8/8/8/KN6 w - - 0 1");
  CHECK(Json::parse(lines[1])["nodes"] == 400);
  auto args = test::run_arbiter("perft --json 1 '8/8/8/4k3/8/8/8/KN6 w - - 0 1' 'k7/1QK5/8/8/8/8/8/8 b - - 0 1'");
  CHECK(lines_of(args.out).size() == 2);
  // No position at all (empty stdin): the start position, as before.
  Json start = only_record(test::run_arbiter("perft --json 3"));
  CHECK(start["nodes"] == 8902);
}

TEST_CASE("#18.12 convert says when the --max-moves bound stopped the search", "[cli][rulings]") {
  Json j = only_record(test::run_arbiter("convert --json --max-moves 1 '7K/8/8/8/8/1Q6/p7/k7 b - - 0 1'"));
  CHECK(j["convertible"] == false);
  CHECK(j["stopped_by"] == "max-moves");
  Json full = only_record(test::run_arbiter("convert --json '7K/8/8/8/8/1Q6/p7/k7 b - - 0 1'"));
  CHECK(full["stopped_by"].is_null());
}

TEST_CASE("#18.1 status shows a dead position with its proof, and the 75-move rule", "[cli][rulings]") {
  Json dead = only_record(test::run_arbiter("status --json --no-cache '8/8/8/4k3/8/8/8/KN6 w - - 0 1'"));
  CHECK(dead["state"] == "ongoing");
  CHECK(dead["dead"] == true);
  CHECK(dead["endings"] == Json::array({"dead-position"}));
  CHECK(dead["winnability"]["white"]["verdict"] == "unwinnable");
  Json live = only_record(test::run_arbiter("status --json --no-cache '8/8/8/4k3/4p3/8/8/KN6 w - - 0 1'"));
  CHECK(live["dead"] == false);
  CHECK(live["endings"] == Json::array());
  Json drawn = only_record(test::run_arbiter("status --json --no-cache '8/8/8/4k3/8/3R4/8/K7 w - - 150 100'"));
  CHECK(drawn["seventy_five"] == true);
  CHECK(drawn["endings"] == Json::array({"seventy-five"}));
  auto text = test::run_arbiter("status --no-cache '8/8/8/4k3/8/3R4/8/K7 w - - 150 100'");
  CHECK(text.out.find("75-move rule: drawn") != std::string::npos);
  // A mate on the 150th ply stands: checkmate, not the 75-move rule.
  Json mate = only_record(test::run_arbiter("status --json --no-cache 'k7/1QK5/8/8/8/8/8/8 b - - 150 100'"));
  CHECK(mate["endings"] == Json::array({"checkmate"}));
}

TEST_CASE("#18.9 status shows the opponent-blind table and the opponent-aware rule side by side", "[cli][rulings]") {
  // K+N against K+P: the blind table says the knight cannot mate; python-chess says it can.
  Json n = only_record(test::run_arbiter("status --json --no-cache '8/8/8/4k3/4p3/8/8/KN6 w - - 0 1'"));
  CHECK(n["simple"]["opponent_blind"]["white"] == false);
  CHECK(n["simple"]["opponent_aware"]["white"] == true);
  CHECK(n["simple"]["opponent_aware"]["black"] == true);
  // Opposite-coloured K+B against K+B: aware says both can; same colour: neither.
  Json opp = only_record(test::run_arbiter("status --json --no-cache '8/8/8/4k3/8/8/8/KB4b1 w - - 0 1'"));
  CHECK(opp["simple"]["opponent_blind"]["white"] == false);
  CHECK(opp["simple"]["opponent_aware"]["white"] == true);
  Json same = only_record(test::run_arbiter("status --json --no-cache '8/8/8/4k3/8/8/8/KB3b2 w - - 0 1'"));
  CHECK(same["simple"]["opponent_aware"]["white"] == false);
  CHECK(same["simple"]["opponent_aware"]["black"] == false);
  // K+N against K+Q: the aware rule counts no queen as a blocker.
  Json q = only_record(test::run_arbiter("status --json --no-cache '8/8/8/4k3/8/8/4q3/KN6 w - - 0 1'"));
  CHECK(q["simple"]["opponent_aware"]["white"] == false);
  CHECK(q["simple"]["opponent_aware"]["black"] == true);
}

TEST_CASE("#18.8 audit: an exit status for mismatches, --points needs --standings, '1 ply'", "[cli][rulings]") {
  test::TempDir dir;
  const std::string pgn = dir.path() + "/g.pgn";
  // Two bare kings: dead at once, the recorded 0-1 is wrong and the one move is void.
  std::ofstream(pgn) << "[Event \"t\"]\n[Result \"0-1\"]\n[FEN \"8/8/8/4k3/8/8/8/K7 w - - 0 1\"]\n"
                        "[SetUp \"1\"]\n[Termination \"time forfeit\"]\n\n1. Kb2 0-1\n\n"
                        "[Event \"u\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n";
  auto r = test::run_arbiter("audit --no-cache '" + pgn + "'");
  INFO(r.out);
  CHECK(r.status == 5);
  CHECK(r.out.find("1 plies") == std::string::npos);
  CHECK(r.out.find("1 ply played after the end is void") != std::string::npos);
  auto points = test::run_arbiter("audit --no-cache --points 3,1,0 '" + pgn + "'", "", true);
  CHECK(points.status == 2);
  CHECK(points.out.find("--standings") != std::string::npos);
  auto help = test::run_arbiter("audit --help");
  CHECK(help.out.find("Exit status") != std::string::npos);
}

TEST_CASE("#18.13 helpmate reports short solutions (cooks) apart from the solutions", "[cli][rulings]") {
  Json j = only_record(test::run_arbiter("helpmate --json --threads 1 --moves 4 '1K6/8/8/2pR4/7B/8/8/1k6 b - - 0 1'"));
  CHECK(j["count"] == 41);
  REQUIRE(j["short_solutions"].is_array());
  REQUIRE(j["short_solutions"].size() == 1);
  CHECK(j["short_solutions"][0]["stipulation"] == "h#3");
  CHECK(j["short_solutions"][0]["count"] == 2);
  auto text = test::run_arbiter("helpmate --threads 1 --moves 4 '1K6/8/8/2pR4/7B/8/8/1k6 b - - 0 1'");
  CHECK(text.out.find("short solutions, h#3") != std::string::npos);
  Json first = only_record(test::run_arbiter("helpmate --json --first --moves 2 '1K6/8/8/2pR4/7B/8/8/1k6 b - - 0 1'"));
  CHECK(first["short_solutions"].is_null());
}

TEST_CASE("#18.3 fixtures: a stalemate is not recorded as dead, and verify rejects dead: true", "[cli][rulings]") {
  test::TempDir dir;
  std::ifstream in(test::data("fixtures/conversion.jsonl"));
  std::string first;
  REQUIRE(std::getline(in, first));
  Json record = Json::parse(first);
  CHECK(record["dead"] == false);
  record["dead"] = true;
  std::ofstream(dir.path() + "/c.jsonl") << record.dump() << '\n';
  auto r = test::run_arbiter("fixtures verify '" + dir.path() + "/c.jsonl'", "", true);
  CHECK(r.status == 1);
  CHECK(r.out.find("no dead position") != std::string::npos);
}

TEST_CASE("#18.17 fixtures verify names the line and the fault, not the JSON library's tag", "[cli][rulings]") {
  test::TempDir dir;
  std::ofstream(dir.path() + "/bad.jsonl") << "{\"kind\": \"dead\", bad\n";
  auto r = test::run_arbiter("fixtures verify '" + dir.path() + "/bad.jsonl'", "", true);
  CHECK(r.status == 1);
  CHECK(r.out.find("line 1") != std::string::npos);
  CHECK(r.out.find("column 18") != std::string::npos);
  CHECK(r.out.find("[json.exception") == std::string::npos);
}

TEST_CASE("#18.8 audit: moves written after a mate are void moves, not an illegal move", "[cli][rulings]") {
  test::TempDir dir;
  const std::string pgn = dir.path() + "/g.pgn";
  std::ofstream(pgn) << "[Event \"t\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# Ke7 5. Qxe7 1-0\n\n"
                        "[Event \"s\"]\n[Result \"1/2-1/2\"]\n[FEN \"k7/8/1QK5/8/8/8/8/8 b - - 0 1\"]\n[SetUp \"1\"]\n\n"
                        "1... Ka7 1/2-1/2\n";
  auto r = test::run_arbiter("audit --json --no-cache '" + pgn + "'");
  INFO(r.out);
  CHECK(r.out.find("no legal move matches") == std::string::npos);
  auto lines = lines_of(r.out);
  REQUIRE(lines.size() == 2);
  Json mate = Json::parse(lines[0]);
  CHECK(mate["ending"] == "checkmate");
  CHECK(mate["ply"] == 7);
  CHECK(mate["void_plies"] == 2);
  CHECK(mate["mismatch"] == false);
  Json stale = Json::parse(lines[1]);
  CHECK(stale["ending"] == "stalemate");
  CHECK(stale["void_plies"] == 1);
  CHECK(r.status == 0);
  // A move that no legal move matches in a live position is still an error.
  std::ofstream(pgn) << "[Event \"t\"]\n[Result \"*\"]\n\n1. e4 Ke7 2. Ke2 Kd6 3. Qxf7 *\n";
  auto bad = test::run_arbiter("audit --json --no-cache '" + pgn + "'", "", true);
  CHECK(bad.status == 1);
  CHECK(bad.out.find("\"error\"") != std::string::npos);
}

TEST_CASE("#18.5 audit: a time forfeit whose Result and side to move disagree is judged by the Result, with the conflict",
          "[cli][rulings]") {
  test::TempDir dir;
  const std::string pgn = dir.path() + "/g.pgn";
  // K+R against K, White to move at the end, Result 1-0: Black flagged.
  std::ofstream(pgn) << "[Event \"t\"]\n[Result \"1-0\"]\n[FEN \"8/8/8/4k3/8/8/8/R3K3 w - - 0 1\"]\n[SetUp \"1\"]\n"
                        "[Termination \"Time forfeit\"]\n\n1. Kd2 Kd5 1-0\n";
  Json j = only_record(test::run_arbiter("audit --json --no-cache '" + pgn + "'"));
  CHECK(j["correct"] == "1-0");
  CHECK(j["mismatch"] == false);
  REQUIRE(j["conflict"].is_string());
  CHECK(j["conflict"].get<std::string>().find("Result") != std::string::npos);
  auto text = test::run_arbiter("audit --no-cache '" + pgn + "'");
  CHECK(text.out.find("  conflict: ") != std::string::npos);
  CHECK(text.out.find("MISMATCH") == std::string::npos);
}

TEST_CASE("#18.6 audit: a server's draw the Laws had not ended is named not-over, with a mating line", "[cli][rulings]") {
  test::TempDir dir;
  const std::string pgn = dir.path() + "/g.pgn";
  // K+N against K+N: chess.com draws it, yet either side can be mated in a corner with help.
  std::ofstream(pgn) << "[Event \"t\"]\n[Result \"1/2-1/2\"]\n[FEN \"4k3/8/8/8/8/8/8/1N1nK3 w - - 0 1\"]\n[SetUp \"1\"]\n"
                        "[Termination \"Game drawn by insufficient material\"]\n\n1. Ke2 1/2-1/2\n";
  Json j = only_record(test::run_arbiter("audit --json --no-cache '" + pgn + "'"));
  CHECK(j["ending"] == "not-over");
  CHECK(j["mismatch"] == true);
  auto text = test::run_arbiter("audit --no-cache '" + pgn + "'");
  INFO(text.out);
  CHECK(text.out.find("correct *") == std::string::npos);
  CHECK(text.out.find("unfinished") == std::string::npos);
  CHECK(text.out.find("the game goes on") != std::string::npos);
  CHECK(text.out.find("#") != std::string::npos);
}

TEST_CASE("#18.19 status flags an impossible check with a field and a warning, and still answers", "[cli][rulings]") {
  // Two black rooks check the white king along the first rank from both sides.
  auto r = test::run_arbiter("status --json --no-cache '4k3/8/8/8/1b3b2/8/3N1N2/r3K2r w - - 0 1'");
  CHECK(r.status == 0);
  Json j = only_record(r);
  CHECK(j["impossible_check"] == true);
  REQUIRE(j["warnings"].size() == 1);
  CHECK(j["warnings"][0].get<std::string>().find("no last move can give") != std::string::npos);
  // A check a move can give is not flagged, nor is a discovered double check (Nc1-d3).
  CHECK(only_record(test::run_arbiter("status --json --no-cache '4k3/8/8/8/8/8/8/r3K3 w - - 0 1'"))["impossible_check"] ==
        false);
  CHECK(only_record(test::run_arbiter("status --json --no-cache '4k3/8/8/8/8/3n4/8/r3K3 w - - 0 1'"))["impossible_check"] ==
        false);
}

TEST_CASE("#18.20 the progress line on a terminal: the true total, cleared before each result, a summary",
          "[cli][rulings]") {
  // A terminal from util-linux `script` (Debian's essential bsdutils): stdout and stderr
  // both go to it, as for a user. The input is a file, so the total is known at once.
  test::TempDir dir;
  const std::string fens = dir.path() + "/fens.txt";
  std::ofstream(fens) << "8/8/8/4k3/8/8/8/KN6 w - - 0 1\n# a comment\n8/8/8/4k3/4p3/8/8/KN6 w - - 0 1\nnot a fen\n";
  const char* other = std::getenv("ARBITER_TEST_EXE");
  const std::string exe = other && *other ? other : ARBITER_EXE;
  std::string cmd = "script -qec \"'" + exe + "' analyze --no-cache < '" + fens + "'\" /dev/null";
  FILE* pipe = popen(cmd.c_str(), "r");
  REQUIRE(pipe);
  std::string out;
  std::array<char, 4096> buf;
  for (size_t n; (n = fread(buf.data(), 1, buf.size(), pipe)) > 0;) out.append(buf.data(), n);
  pclose(pipe);
  INFO(out);
  // Drawn at once with the number of positions in the file (blank and # lines left out).
  CHECK(out.find("0/3 positions") != std::string::npos);
  // What the terminal shows on each line: the text after the last erase; no result shares
  // a line with the progress figures.
  int results = 0;
  for (std::string line : lines_of(out)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();  // the terminal's CR LF
    if (auto erase = line.rfind("\033[K"); erase != std::string::npos) line.erase(0, erase + 3);
    if (line.find("KN6 w") == std::string::npos) continue;
    ++results;
    CHECK(line.find("positions/s") == std::string::npos);
    CHECK(line.find('\r') == std::string::npos);
  }
  CHECK(results == 2);
  CHECK(out.find("3 positions in ") != std::string::npos);
  CHECK(out.find("decided 2, undetermined 0, errors 1") != std::string::npos);
}

TEST_CASE("#18.16 every line is numbered as in PGN: helpmate, h#N.5 and convert as analyze", "[cli][rulings]") {
  // "1. c4 Ra5", as analyze writes "1. Kb2 Kd4": helpmate, h#N.5 and convert alike.
  Json h = only_record(test::run_arbiter("helpmate --json --threads 1 --moves 3 '1K6/8/8/2pR4/7B/8/8/1k6 b - - 0 1'"));
  CHECK(h["san"][0] == "1. c4 Ra5 2. c3 Bf6 3. c2 Ra1#");
  Json half = only_record(test::run_arbiter("helpmate --json --moves 1.5 'k7/8/2K5/8/8/8/8/7R w - - 0 1'"));
  REQUIRE(half["san"].size() > 0);
  CHECK(half["san"][0].get<std::string>().starts_with("1... "));
  Json c = only_record(test::run_arbiter("convert --json '7K/8/8/8/8/1Q6/p7/k7 b - - 0 1'"));
  CHECK(c["san"] == "1. Qc2 2. Qc1#");
}

TEST_CASE("#18.16 a Shredder-FEN is echoed as given, so output joins to input by fen", "[cli][rulings]") {
  const std::string shredder = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
  for (const char* command : {"status", "analyze", "timeout"}) {
    INFO(command);
    Json j = only_record(test::run_arbiter(std::string(command) + " --json --no-cache --max-nodes 2000 '" + shredder + "'"));
    CHECK(j["fen"] == shredder);
    auto text = test::run_arbiter(std::string(command) + " --no-cache --max-nodes 2000 '" + shredder + "'");
    CHECK(text.out.starts_with(shredder + "\n"));
  }
  CHECK(only_record(test::run_arbiter("perft 1 --json '" + shredder + "'"))["fen"] == shredder);
  // X-FEN stays X-FEN, and a Shredder-FEN whose rights are gone has nothing to rename.
  const std::string xfen = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9";
  CHECK(only_record(test::run_arbiter("status --json --no-cache '" + xfen + "'"))["fen"] == xfen);
  const std::string inner = "1k1r3r/8/8/8/8/8/8/1K1R3R w Dd - 0 1";
  CHECK(only_record(test::run_arbiter("status --json --no-cache '" + inner + "'"))["fen"] == inner);
}
