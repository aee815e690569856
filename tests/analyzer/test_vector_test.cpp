// The whole Chess Unwinnability Analyzer test vector (tests/data/test-vector/cha-test-vector.txt,
// 1,803 positions, both sides): no decided verdict may contradict the file, and every
// winnable verdict must carry a witness that replays to mate, on a square the walls leave
// open (search/proofs/blockade.hpp). Positions may stay undetermined within the budget; the
// counts are printed.
#include <atomic>
#include <chrono>
#include <fstream>
#include <iostream>
#include <mutex>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <tbb/parallel_for.h>

#include "analyzer/winnability.hpp"
#include "analyzer/witness.hpp"
#include "search/proofs/blockade.hpp"
#include "support.hpp"

using namespace arbiter;
using board::Color;
using search::Outcome;

namespace {

struct Case {
  int line = 0;           // 1-based line number in the file
  bool white = false;     // 'W': White can mate
  bool black = false;     // 'B': Black can mate
  std::string fen;
};

std::vector<Case> read_vector(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot open " + path);
  std::vector<Case> cases;
  int n = 0;
  for (std::string text; std::getline(in, text);) {
    ++n;
    if (!text.empty() && text.back() == '\r') text.pop_back();
    if (text.empty() || text[0] == '#') continue;
    if (text.size() < 4 || text[2] != ' ') throw std::runtime_error("bad test-vector line " + std::to_string(n));
    cases.push_back({n, text[0] == 'W', text[1] == 'B', text.substr(3)});
  }
  return cases;
}

}  // namespace

TEST_CASE("the whole CHA test vector: no wrong verdict and every witness replays", "[slow][winnability]") {
  const auto cases = read_vector(test::fixture("test-vector/cha-test-vector.txt"));
  REQUIRE(cases.size() == 1803);

  analyzer::AnalysisOptions options;
  options.max_nodes = 1'000'000;
  options.threads = 1;  // positions run in parallel; one searcher each
  analyzer::WinnabilityAnalyzer analyzer(options);

  std::mutex mutex;
  std::vector<std::string> failures;
  std::atomic<int> decided{0}, undetermined{0}, winnable{0}, unwinnable{0};
  auto fail = [&](const Case& c, const std::string& what) {
    std::lock_guard lock(mutex);
    failures.push_back("line " + std::to_string(c.line) + ": " + c.fen + ": " + what);
  };

  auto start = std::chrono::steady_clock::now();
  tbb::parallel_for(std::size_t(0), cases.size() * 2, [&](std::size_t i) {
    const Case& c = cases[i / 2];
    const Color winner = i % 2 == 0 ? Color::White : Color::Black;
    const std::string who = winner == Color::White ? "White" : "Black";
    const bool can_mate = winner == Color::White ? c.white : c.black;
    try {
      auto pos = board::Position::from_fen(c.fen);
      if (!pos) return fail(c, "FEN rejected: " + pos.error());
      auto v = analyzer.analyze(*pos, winner);
      std::string got = std::string(search::to_string(v.outcome)) + " (" + search::to_string(v.reason) + ": " +
                        v.detail + ")";
      if (!v.decided()) {
        ++undetermined;
        return;
      }
      ++decided;
      ++(v.outcome == Outcome::Winnable ? winnable : unwinnable);
      if ((v.outcome == Outcome::Winnable) != can_mate)
        fail(c, who + ": WRONG verdict " + got + ", the file says " + (can_mate ? "winnable" : "unwinnable"));
      if (v.outcome == Outcome::Winnable && !analyzer::replays_to_mate(*pos, v.line, winner))
        fail(c, who + ": the witness does not replay to mate");
      // The walls' mate squares (a guide for the searches) must hold every mate found.
      if (v.outcome == Outcome::Winnable) {
        board::Position end = *pos;
        for (board::Move m : v.line) end.do_move(m);
        if (!search::possible_mate_squares(*pos, winner, 64).has(end.king_square(~winner)))
          fail(c, who + ": the witness mates on a square the walls were said to rule out");
      }
    } catch (const std::exception& e) {
      fail(c, who + ": exception: " + e.what());
    }
  });
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  std::cout << "CHA test vector: " << cases.size() * 2 << " questions in " << seconds << " s: " << decided
            << " decided (" << winnable << " winnable, " << unwinnable << " unwinnable), " << undetermined
            << " undetermined, " << failures.size() << " failures\n";
  WARN(decided << " decided, " << undetermined << " undetermined in " << seconds << " s");
  for (const auto& f : failures) FAIL_CHECK(f);
  CHECK(failures.empty());
  CHECK(decided + undetermined == int(cases.size() * 2));
}
