// The program under hostile conditions (issue #25): a full output device, absurd
// option values, huge or damaged inputs. Each run must end with a message and a
// non-zero status, never a crash or a silently cut result.
#include <catch2/catch.hpp>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <string>

#include "support.hpp"

using arbiter::test::run_arbiter;

TEST_CASE("a write error on stdout is an error with its own exit status", "[cli][reliability]") {
  // /dev/full accepts opening and fails every write with ENOSPC.
  auto r = run_arbiter("analyze --json --max-nodes 1000 '8/8/8/4k3/4p3/8/8/KN6 w - - 0 1' > /dev/full");
  CHECK(r.status == 4);
  auto batch = run_arbiter("status > /dev/full", "4k3/8/8/8/8/8/8/4K2R w - - 0 1\n");
  CHECK(batch.status == 4);
  // The message goes to stderr.
  arbiter::test::TempDir dir;
  int st = std::system(("'" + std::string(ARBITER_EXE) + "' perft 1 > /dev/full 2> '" + dir.file("err") + "'").c_str());
  CHECK(WEXITSTATUS(st) == 4);
  std::ifstream in(dir.file("err"));
  std::string said((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  CHECK_THAT(said, Catch::Contains("could not be written") && Catch::Contains("No space left"));
  // And a good run still ends with 0.
  CHECK(run_arbiter("perft 1 > /dev/null").status == 0);
}

TEST_CASE("negative and NaN time budgets are refused, huge ones mean no limit", "[cli][reliability]") {
  const std::string fen = "'4k3/8/8/8/8/8/8/4K2R w - - 0 1'";
  for (const char* bad : {"-1", "nan", "-inf", "x"}) {
    INFO(bad);
    auto r = run_arbiter(std::string("analyze --max-seconds ") + bad + " " + fen, "", true);
    CHECK(r.status == 2);
    CHECK_THAT(r.out, Catch::Contains("--max-seconds"));
    CHECK(run_arbiter(std::string("timeout --max-seconds ") + bad + " " + fen).status == 2);
  }
}

TEST_CASE("absurd move counters are refused in FEN arguments and PGN tags", "[cli][reliability]") {
  auto r = run_arbiter("analyze --json '4k3/8/8/8/8/8/8/4K2R w - - 0 2147483647'");
  CHECK(r.status == 1);
  CHECK_THAT(r.out, Catch::Contains("fullmove number") && Catch::Contains("at most 100000"));
  CHECK_THAT(r.out, !Catch::Contains("-2147483648"));
}

// Hidden until analyzer/winnability.cpp takes its deadline from Limits::deadline_after
// (the lead's refactoring; see search/limits.hpp): then untag it.
TEST_CASE("a huge or infinite time budget does not stop the search at once", "[reliability][deadline]") {
  for (const char* budget : {"1e10", "inf", "1e300"}) {
    INFO(budget);
    auto r = run_arbiter(std::string("analyze --json --winner white --max-nodes 2000000 --max-seconds ") + budget +
                         " '8/8/8/4k3/4p3/8/8/KN6 w - - 0 1'");
    CHECK(r.status == 0);
    CHECK_THAT(r.out, !Catch::Contains("time-limit"));
    CHECK_THAT(r.out, Catch::Contains("\"verdict\":\"winnable\""));
  }
}

TEST_CASE("#25.11 a folder given to audit is a file that could not be read, not a game", "[cli][reliability]") {
  arbiter::test::TempDir dir;
  auto r = run_arbiter("audit --no-cache '" + dir.path() + "'", "", true);
  CHECK_THAT(r.out, Catch::Contains("is a folder") && Catch::Contains("games read: 0") &&
                        Catch::Contains("files that could not be read: 1"));
}

TEST_CASE("#25.11 a huge bad input is named by its first bad byte, not echoed whole", "[cli][reliability]") {
  const std::string junk(5'000'000, 'x');
  auto r = run_arbiter("analyze", junk + "\n", true);
  CHECK(r.status != 0);
  CHECK(r.out.size() < 2'000);  // a short message, not the 5 MB line
  CHECK_FALSE(r.out.empty());
}
