// analyzer::WinnabilityAnalyzer: the examples every implementation must get right
// (docs/rules.md §1), soundness under a tight node budget, and the same outcomes whether
// one or two searchers race on a question.
#include <algorithm>
#include <fstream>

#include <unistd.h>

#include <catch2/catch.hpp>

#include "analyzer/winnability.hpp"
#include "analyzer/witness.hpp"
#include "support.hpp"

using namespace arbiter;
using board::Color;
using search::Outcome;
using search::Reason;

namespace {

std::string side(Color c) { return c == Color::White ? "White" : "Black"; }

search::Verdict analyze(const std::string& fen, Color winner, analyzer::AnalysisOptions options = {}) {
  analyzer::WinnabilityAnalyzer a(options);
  return a.analyze(test::pos(fen), winner);
}

std::string describe(const search::Verdict& v) {
  return std::string(search::to_string(v.outcome)) + " (" + search::to_string(v.reason) + "): " + v.detail +
         ", " + std::to_string(v.line.size()) + " plies, " + std::to_string(v.nodes) + " nodes";
}

// Winnable, by a helpmate whose line replays to mate; a position not yet over needs moves.
void check_winnable(const std::string& fen, Color winner) {
  auto v = analyze(fen, winner);
  INFO(fen << " for " << side(winner) << ": " << describe(v));
  REQUIRE(v.outcome == Outcome::Winnable);
  CHECK(v.reason == Reason::Helpmate);
  CHECK_FALSE(v.line.empty());
  CHECK(analyzer::replays_to_mate(test::pos(fen), v.line, winner));
}

void check_unwinnable(const std::string& fen, Color winner, std::initializer_list<Reason> reasons) {
  auto v = analyze(fen, winner);
  INFO(fen << " for " << side(winner) << ": " << describe(v));
  REQUIRE(v.outcome == Outcome::Unwinnable);
  CHECK(std::find(reasons.begin(), reasons.end(), v.reason) != reasons.end());
  CHECK(v.line.empty());
}

}  // namespace

TEST_CASE("docs/rules.md §1: K+N cannot mate a lone king", "[winnability]") {
  check_unwinnable("8/8/8/4k3/8/8/8/KN6 w - - 0 1", Color::White, {Reason::InsufficientMaterial});
  check_unwinnable("8/8/8/4k3/8/8/8/KN6 w - - 0 1", Color::Black, {Reason::InsufficientMaterial});
}

TEST_CASE("docs/rules.md §1: K+N against K+P is winnable for White: the pawn blocks its own king", "[winnability]") {
  check_winnable("8/8/8/4k3/4p3/8/8/KN6 w - - 0 1", Color::White);
}

TEST_CASE("docs/rules.md §1: K+P against K+N is winnable for Black: the pawn promotes", "[winnability]") {
  check_winnable("8/8/8/4k3/4p3/8/8/KN6 w - - 0 1", Color::Black);
}

TEST_CASE("docs/rules.md §1: bishops on squares of one colour: dead", "[winnability]") {
  check_unwinnable("8/8/8/4k3/8/8/8/KB3b2 w - - 0 1", Color::White, {Reason::InsufficientMaterial});
  check_unwinnable("8/8/8/4k3/8/8/8/KB3b2 w - - 0 1", Color::Black, {Reason::InsufficientMaterial});
}

TEST_CASE("docs/rules.md §1: opposite-coloured bishops: winnable for both", "[winnability]") {
  SECTION("White (e.g. Black Ka8, Bb8; White Kb6, Bd5 mate)") {
    check_winnable("8/8/8/4k3/8/8/8/KB2b3 w - - 0 1", Color::White);
  }
  SECTION("Black") { check_winnable("8/8/8/4k3/8/8/8/KB2b3 w - - 0 1", Color::Black); }
}

TEST_CASE("docs/rules.md §1: the locked pawn wall is dead", "[winnability]") {
  // Proven by visiting every reachable position, or by the blockade analysis.
  const std::string fen = "2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - - 0 1";
  check_unwinnable(fen, Color::White, {Reason::Exhaustive, Reason::Blocked});
  check_unwinnable(fen, Color::Black, {Reason::Exhaustive, Reason::Blocked});
}

TEST_CASE("docs/rules.md §1: checkmate: White has won, Black never will", "[winnability]") {
  const std::string fen = "k7/1QK5/8/8/8/8/8/8 b - - 0 1";
  auto white = analyze(fen, Color::White);
  INFO("White: " << describe(white));
  CHECK(white.outcome == Outcome::Winnable);
  CHECK(white.reason == Reason::Helpmate);
  CHECK(white.line.empty());
  CHECK(analyzer::replays_to_mate(test::pos(fen), white.line, Color::White));
  check_unwinnable(fen, Color::Black, {Reason::GameOver});
}

TEST_CASE("docs/rules.md §1: stalemate: the game is over, nobody mates", "[winnability]") {
  check_unwinnable("k7/8/1QK5/8/8/8/8/8 b - - 0 1", Color::White, {Reason::GameOver});
  check_unwinnable("k7/8/1QK5/8/8/8/8/8 b - - 0 1", Color::Black, {Reason::GameOver});
}

TEST_CASE("a tight node budget gives undetermined, never unwinnable", "[winnability]") {
  analyzer::AnalysisOptions tight;
  tight.max_nodes = 1000;
  SECTION("K+N against K+P: White's mate needs the pawn walked down and the king cornered") {
    // Winnable (docs/rules.md §1), but no witness is shorter than a dozen plies and the
    // reachable space is far larger than 1000 nodes.
    auto v = analyze("8/8/8/4k3/4p3/8/8/KN6 w - - 0 1", Color::White, tight);
    INFO(describe(v));
    CHECK(v.outcome == Outcome::Undetermined);
    CHECK(v.reason == Reason::NodeLimit);
    CHECK(v.nodes > 0);
  }
  SECTION("opposite-coloured bishops, White") {
    auto v = analyze("8/8/8/4k3/8/8/8/KB2b3 w - - 0 1", Color::White, tight);
    INFO(describe(v));
    CHECK(v.outcome == Outcome::Undetermined);
    CHECK(v.reason == Reason::NodeLimit);
  }
  SECTION("winnable positions of the test vector are never called unwinnable") {
    // From tests/data/test-vector/cha-test-vector.txt: every side here can mate.
    const char* winnable_both[] = {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -",
        "k1bK4/1p1p4/1PpPp3/2P1Pp2/2p1pP2/2p1P3/2P5/8 w - -",
        "K1k1b3/P1Pp4/3P4/8/8/8/1P6/8 w - -",
        "k7/Q5qr/1Qb5/1pBp1p1p/1P1P1P1P/KP6/1P6/8 b - -",
    };
    for (const char* fen : winnable_both)
      for (Color c : {Color::White, Color::Black}) {
        auto v = analyze(fen, c, tight);
        INFO(fen << " for " << side(c) << ": " << describe(v));
        CHECK(v.outcome != Outcome::Unwinnable);
        if (v.outcome == Outcome::Winnable) CHECK(analyzer::replays_to_mate(test::pos(fen), v.line, c));
      }
  }
}

TEST_CASE("one or two racing searchers reach the same outcomes on test-vector positions", "[winnability]") {
  // Lines copied from tests/data/test-vector/cha-test-vector.txt ("XY FEN": X = 'W' when
  // White can mate, Y = 'B' when Black can), chosen across all four classes.
  const char* lines[] = {
      "WB K1k1b3/P1Pp4/3P4/8/8/8/1P6/8 w - -",
      "WB k7/PpB5/1B6/2B5/8/8/5p2/6K1 w - -",
      "WB k7/Q5qr/1Qb5/1pBp1p1p/1P1P1P1P/KP6/1P6/8 b - -",
      "WB r1bqkb1r/ppp2ppp/2nppn2/8/8/1PNPP3/PBP2PPP/R2QKBNR w KQkq -",
      "WB 1nbqkbn1/2pppp1r/rp5p/p5p1/7P/PP4PR/R1PPPP2/1NBQKBN1 w - -",
      "WB 6kB/1p1PP1P1/1P4P1/8/2p5/8/2P5/7K w - -",
      "W- 8/8/8/3k4/3P4/3K4/8/8 w - -",
      "W- K1k3b1/P1Pp1p2/3P1Pp1/6P1/8/8/1P6/8 w - -",
      "W- 6kB/p1PPP1P1/P5P1/8/1p6/8/1P6/K7 w - -",
      "W- Bb2kb2/bKp1p1p1/1pP1P1P1/pP6/6P1/P7/8/8 w - -",
      "W- 6k1/4B2R/4K3/8/8/8/8/8 w - -",
      "-B 8/8/8/6p1/6P1/4p1PK/4Pp1p/3qRnkr w - -",
      "-B 8/8/pppp1p2/2pp4/8/K1k5/8/8 b - -",
      "-B 8/8/8/3P2p1/PQ3p2/6kP/6P1/2q4K w - -",
      "-B 8/8/8/7p/5K1k/7P/8/8 b - -",
      "-- k1b5/1p1p4/1P1P4/2K5/8/8/8/8 b - -",
      "-- k4b2/2K5/5b2/6B1/5B2/b1b3B1/5B2/8 b - -",
      "-- k1bK4/1pPp4/1P1P4/8/8/8/8/8 w - -",
      "-- 2k5/8/8/p1p1p1p1/P1P1P1P1/8/8/4K3 w - -",
      "-- 8/1p6/kPp5/p1P5/2P5/P7/3K4/8 w - -",
  };
  analyzer::AnalysisOptions one, two;
  one.max_nodes = two.max_nodes = 2'000'000;
  one.threads = 1;
  two.threads = 2;
  analyzer::WinnabilityAnalyzer a1(one), a2(two);
  for (std::string line : lines) {
    const std::string expected = line.substr(0, 2), fen = line.substr(3);
    auto p = test::pos(fen);
    for (Color c : {Color::White, Color::Black}) {
      const bool can_mate = expected[c == Color::White ? 0 : 1] != '-';
      auto v1 = a1.analyze(p, c);
      auto v2 = a2.analyze(p, c);
      INFO(line << " for " << side(c) << "\n  threads=1: " << describe(v1) << "\n  threads=2: " << describe(v2));
      CHECK(v1.outcome == v2.outcome);
      for (const auto* v : {&v1, &v2}) {
        CHECK(v->decided());
        if (v->decided()) CHECK((v->outcome == Outcome::Winnable) == can_mate);
        if (v->outcome == Outcome::Winnable) CHECK(analyzer::replays_to_mate(p, v->line, c));
      }
    }
  }
}

TEST_CASE("line 389: every promotion is taken or leaves material that can never mate", "[winnability]") {
  // Black's only move is Kg8; White's only moves then are the four captures on f8: the
  // queen or rook is taken at once, the bishop or knight leaves K+B or K+N against K+Q.
  analyzer::AnalysisOptions options;
  options.max_nodes = 1'000'000;
  auto v = analyze("5r1k/6P1/7K/5q2/8/8/8/8 b - - 0 1", Color::White, options);
  INFO(describe(v));
  CHECK(v.outcome == Outcome::Unwinnable);
  CHECK(v.reason == Reason::Exhaustive);
  CHECK(analyze("5r1k/6P1/7K/5q2/8/8/8/8 b - - 0 1", Color::Black, options).outcome == Outcome::Winnable);
}

TEST_CASE("the stalemate traps of the test vector are dead for both sides", "[winnability]") {
  // Lines 1370 and 1803: each side's king can take the enemy's last loose pawn, or cover
  // the last flight, only by stepping where the other side is then stalemated.
  for (const char* fen : {"8/2b5/1b5p/b4p1P/5p1K/5Pp1/6P1/5kb1 b - - 0 1", "8/1p2B1B1/1PpB1B2/k1P5/p1P5/P7/5K2/8 w - - 0 1",
                          "k1b5/1p1p4/1P1P4/B7/8/2B5/8/K7 w - - 0 1"})
    for (Color c : {Color::White, Color::Black}) check_unwinnable(fen, c, {Reason::Blocked});
}

namespace {

// Resident memory of this process, in bytes (the second field of /proc/self/statm, in pages).
long resident_bytes() {
  std::ifstream statm("/proc/self/statm");
  long size = 0, resident = 0;
  statm >> size >> resident;
  return resident * sysconf(_SC_PAGESIZE);
}

}  // namespace

TEST_CASE("a command's analyzer takes its table's pages as searches use them and a long-lived one at once",
          "[winnability]") {
  constexpr long kMiB = 1 << 20;
  const long before = resident_bytes();
  analyzer::WinnabilityAnalyzer command_analyzer{analyzer::AnalysisOptions{}};
  const long command_growth = resident_bytes() - before;
  analyzer::AnalysisOptions server;
  server.long_lived = true;
  analyzer::WinnabilityAnalyzer server_analyzer(server);
  const long server_growth = resident_bytes() - before - command_growth;
  INFO("resident growth: " << command_growth / 1024 << " KiB for a command's analyzer, " << server_growth / 1024
                           << " KiB for a long-lived one");
  CHECK(command_growth < 4 * kMiB);  // a command that asks one question pays for what it touches
  CHECK(server_growth >= 7 * kMiB);  // a server's memory does not creep up from request to request
}
