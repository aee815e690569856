// Shortest witnesses: the length the analysis reports against an independent breadth-first
// search written here; `no_shorter_than` never above the truth; the same witness from
// every command; a stored longer witness replaced by a shorter one; shortening deferred to
// the witnesses a caller quotes gives the witness the default gives.
#include <fstream>
#include <map>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "analyzer/automatic_draws.hpp"
#include "analyzer/winnability.hpp"
#include "analyzer/witness.hpp"
#include "search/board/movegen.hpp"
#include "analyzer/bfs_shortest.hpp"
#include "support.hpp"

using namespace arbiter;
using board::Color;
using search::Outcome;

namespace {

// Positions with short helpmates (sparse endings from real games and composed ones).
const std::vector<std::pair<std::string, Color>> kShortMates{
    {"8/4k3/6P1/5K2/8/8/5n2/8 w - - 1 61", Color::White},  // Hansen-Carlsen, chess.com, the final position
    {"7k/8/6K1/8/8/8/8/R7 b - - 0 1", Color::White},
    {"6k1/5ppp/8/8/8/8/8/R5K1 b - - 0 1", Color::White},
    {"k7/8/1K6/8/8/8/8/7R w - - 0 1", Color::White},
    {"k7/8/2K5/8/8/8/8/7R w - - 0 1", Color::White},
};

}  // namespace

// With the whole budget on it (--shortest), each witness is proven shortest and has the
// length of the breadth-first search.
static void check_full_shortening(const std::vector<std::pair<std::string, Color>>& questions, int max_plies) {
  analyzer::AnalysisOptions options;
  options.shortening = analyzer::Shortening::Full;
  options.max_nodes = 2'000'000;
  analyzer::WinnabilityAnalyzer a(options);
  for (const auto& [fen, winner] : questions) {
    const auto pos = test::pos(fen);
    const int truth = test::bfs_shortest(pos, winner, max_plies);
    INFO(fen << " truth " << truth);
    REQUIRE(truth > 0);
    auto v = a.analyze(pos, winner);
    INFO(v.detail);
    REQUIRE(v.outcome == Outcome::Winnable);
    CHECK(analyzer::replays_to_mate(pos, v.line, winner));
    CHECK(v.shortest);
    CHECK(int(v.line.size()) == truth);
    CHECK(int(v.no_shorter_than) == truth);
    CHECK(v.detail.find("a shortest mate") != std::string::npos);
  }
}

TEST_CASE("a witness proven shortest has the length of an independent breadth-first search", "[shortest]") {
  check_full_shortening(kShortMates, 7);
}

TEST_CASE("the whole budget on shortening, in sparse endings where the flights cut fires: the breadth-first length", "[shortest]") {
  // Held-out sparse endings whose winner has a king and one man: Full mode cuts with the
  // flights bound, which must keep every shortest mate.
  check_full_shortening({{"8/n7/7P/8/1k6/5K2/8/8 w - - 0 52", Color::White},
                         {"8/8/PK6/8/8/3k4/8/8 b - - 0 52", Color::White}},
                        8);
}

TEST_CASE("no_shorter_than is never above the true shortest length", "[shortest]") {
  // The default (bounded) shortening and the first witness alone, on the same positions.
  for (auto mode : {analyzer::Shortening::Bounded, analyzer::Shortening::FirstWitness}) {
    analyzer::AnalysisOptions options;
    options.shortening = mode;
    analyzer::WinnabilityAnalyzer a(options);
    for (const auto& [fen, winner] : kShortMates) {
      const auto pos = test::pos(fen);
      const int truth = test::bfs_shortest(pos, winner, 7);
      auto v = a.analyze(pos, winner);
      INFO(fen << " truth " << truth << ": " << v.detail);
      REQUIRE(v.outcome == Outcome::Winnable);
      CHECK(int(v.no_shorter_than) <= truth);
      CHECK(int(v.line.size()) >= truth);
      if (v.shortest) CHECK(int(v.line.size()) == truth);
    }
  }
}

TEST_CASE("analyze and timeout give the same witness and wording for one question", "[shortest][cli]") {
  const std::string fen = "8/4k3/6P1/5K2/8/8/5n2/8 w - - 1 61";
  auto analyzed = test::run_arbiter("analyze --json --winner white '" + fen + "'");
  auto flagged = test::run_arbiter("timeout --json --flagged black '" + fen + "'");
  REQUIRE(analyzed.status == 0);
  REQUIRE(flagged.status == 0);
  auto a = nlohmann::json::parse(analyzed.out)["white"];
  auto t = nlohmann::json::parse(flagged.out)["winnability"];
  INFO(analyzed.out << flagged.out);
  CHECK(a["line"] == t["line"]);
  CHECK(a["detail"] == t["detail"]);
  CHECK(a["shortest"] == t["shortest"]);
  CHECK(a["no_shorter_than"] == t["no_shorter_than"]);
}

TEST_CASE("audit quotes the witness analyze gives for the same question", "[shortest][cli]") {
  // A server's insufficient-material draw where both sides can still mate: the audit's
  // reason quotes White's mating line (3 moves), the shorter, though Black (the knight,
  // 9 moves) has more force and settles the dead-position check first; the line must be
  // analyze's (both shorten by default).
  const std::string fen = "8/4k3/6P1/5K2/8/8/5n2/8 w - - 1 61";
  test::TempDir dir;
  {
    std::ofstream pgn(dir.file("draw.pgn"));
    pgn << "[Event \"t\"]\n[White \"a\"]\n[Black \"b\"]\n[Result \"1/2-1/2\"]\n[FEN \"" << fen
        << "\"]\n[SetUp \"1\"]\n[Termination \"Game drawn by insufficient material\"]\n\n1/2-1/2\n";
  }
  auto analyzed = test::run_arbiter("analyze --json --no-tables --winner white '" + fen + "'");
  auto audited = test::run_arbiter("audit --json --no-tables " + dir.file("draw.pgn"));
  INFO(analyzed.out << audited.out);
  REQUIRE(analyzed.status == 0);
  const std::string san = nlohmann::json::parse(analyzed.out)["white"]["san"];
  const std::string reason = nlohmann::json::parse(audited.out.substr(0, audited.out.find('\n')))["reason"];
  CHECK(reason.find("White can still checkmate: " + san + ";") != std::string::npos);
}

namespace {

// A verdict store in memory: what was kept, by FEN and side.
class MemoryStore final : public search::VerdictStore {
 public:
  std::optional<search::Verdict> find(const board::Position& pos, Color winner) override {
    auto it = kept.find({pos.fen(), winner});
    if (it == kept.end()) return std::nullopt;
    auto v = it->second;
    v.source = search::Source::Cache;
    return v;
  }
  void store(const board::Position& pos, Color winner, const search::Verdict& v) override {
    kept[{pos.fen(), winner}] = v;
  }
  void reject(const board::Position& pos, Color winner) override { kept.erase({pos.fen(), winner}); }
  void flush() override {}
  std::map<std::pair<std::string, Color>, search::Verdict> kept;
};

}  // namespace

TEST_CASE("a stored witness that is not the shortest is replaced by a shorter one", "[shortest]") {
  const std::string fen = "6k1/4B2R/4K3/8/8/8/8/8 w - - 0 1";
  const auto pos = test::pos(fen);
  // A long witness kept by an earlier run: found without shortening, a chase of the king
  // by the rook and the bishop (a shortest mate has 3 plies: Bf6 Kf8 Rh8#).
  MemoryStore store;
  {
    analyzer::AnalysisOptions first;
    first.shortening = analyzer::Shortening::FirstWitness;
    auto schedule = analyzer::parse_schedule("game-over\nmaterial\ncache\nnarrow 100000\n");
    REQUIRE(schedule);
    first.schedule = *schedule;
    analyzer::WinnabilityAnalyzer a(first, &store);
    auto v = a.analyze(pos, Color::White);
    REQUIRE(v.outcome == Outcome::Winnable);
  }
  REQUIRE(store.kept.count({pos.fen(), Color::White}));
  const auto long_one = store.kept.at({pos.fen(), Color::White});
  const int truth = test::bfs_shortest(pos, Color::White, 7);
  REQUIRE(int(long_one.line.size()) > truth);
  REQUIRE_FALSE(long_one.shortest);

  analyzer::AnalysisOptions again;
  again.shortening = analyzer::Shortening::Full;
  analyzer::WinnabilityAnalyzer b(again, &store);
  auto v = b.analyze(pos, Color::White);
  REQUIRE(v.outcome == Outcome::Winnable);
  CHECK(int(v.line.size()) == truth);
  CHECK(v.shortest);
  const auto& kept = store.kept.at({pos.fen(), Color::White});
  CHECK(int(kept.line.size()) == truth);
  CHECK(kept.shortest);
  CHECK(analyzer::replays_to_mate(pos, kept.line, Color::White));
}

TEST_CASE("no_shorter_than has the parity of the witness: a mate falls on the loser's turn", "[shortest]") {
  // A long first witness and a shortening budget too small to prove it shortest: the bound
  // left is the next length of the witness's parity past the depth completed.
  const auto pos = test::pos("8/8/8/4k3/4p3/8/8/KN6 w - - 0 1");
  auto schedule = analyzer::parse_schedule("game-over\nmaterial\nnarrow 100000\nshorten 300 spent=1 floor=300\n");
  REQUIRE(schedule);
  analyzer::AnalysisOptions options;
  options.schedule = *schedule;
  analyzer::WinnabilityAnalyzer a(options);
  for (Color winner : {Color::White, Color::Black}) {
    auto v = a.analyze(pos, winner);
    INFO(v.detail);
    REQUIRE(v.outcome == Outcome::Winnable);
    REQUIRE_FALSE(v.shortest);
    CHECK(v.no_shorter_than >= 2);
    CHECK(v.no_shorter_than % 2 == v.line.size() % 2);
    // The true shortest lengths (the exact tables agree): 17 plies for White, 10 for Black.
    CHECK(int(v.no_shorter_than) <= (winner == Color::White ? 17 : 10));
  }
}

namespace {

analyzer::AnalysisOptions with_shortening(analyzer::Shortening mode) {
  analyzer::AnalysisOptions options;
  options.shortening = mode;
  return options;
}

// A rook against a lone king (from the CHA test vector): White's first witness drives the
// king along the edges in 21 plies; a shortest mate has 5.
const std::string kLongFirst = "8/3R4/8/8/4K3/8/8/k7 w - - 0 1";

void check_same_witness(const search::Verdict& got, const search::Verdict& want) {
  CHECK(got.outcome == want.outcome);
  CHECK(got.line == want.line);
  CHECK(got.detail == want.detail);
  CHECK(got.shortest == want.shortest);
  CHECK(got.no_shorter_than == want.no_shorter_than);
}

}  // namespace

TEST_CASE("a witness kept unshortened is shortened when the default analysis serves it, as at once", "[shortest]") {
  const auto pos = test::pos(kLongFirst);
  const std::pair key{pos.fen(), Color::White};
  MemoryStore store;
  analyzer::WinnabilityAnalyzer(with_shortening(analyzer::Shortening::FirstWitness), &store).analyze(pos, Color::White);
  REQUIRE(store.kept.count(key));
  const auto first = store.kept.at(key);
  REQUIRE_FALSE(first.shortest);
  REQUIRE(first.no_shorter_than == 0);

  const auto fresh = analyzer::WinnabilityAnalyzer().analyze(pos, Color::White);  // default, no store
  INFO(first.detail << " / " << fresh.detail);
  REQUIRE(fresh.line.size() < first.line.size());
  const auto served = analyzer::WinnabilityAnalyzer({}, &store).analyze(pos, Color::White);
  check_same_witness(served, fresh);
  CHECK(store.kept.at(key).line == fresh.line);  // the shorter one replaces it
}

TEST_CASE("an analyzer deferring shortening rules on the first witness and quotes the default's", "[shortest]") {
  const auto pos = test::pos(kLongFirst);
  MemoryStore store;
  analyzer::WinnabilityAnalyzer deferring(with_shortening(analyzer::Shortening::WhenQuoted), &store);
  const auto ruled = deferring.analyze(pos, Color::White);
  const auto first =
      analyzer::WinnabilityAnalyzer(with_shortening(analyzer::Shortening::FirstWitness)).analyze(pos, Color::White);
  check_same_witness(ruled, first);

  const auto fresh = analyzer::WinnabilityAnalyzer().analyze(pos, Color::White);
  REQUIRE(fresh.line.size() < ruled.line.size());
  const auto quoted = deferring.quoted(pos, Color::White, ruled);
  check_same_witness(quoted, fresh);
  CHECK(store.kept.at({pos.fen(), Color::White}).line == fresh.line);
  // A shortened witness is quoted as it is.
  check_same_witness(deferring.quoted(pos, Color::White, quoted), fresh);
  // Analyzers that do not defer quote what they are given.
  check_same_witness(analyzer::WinnabilityAnalyzer().quoted(pos, Color::White, ruled), ruled);
}

TEST_CASE("deferred shortening gives the default's verdict where only the short witness fits the clock",
          "[shortest][automatic-draws]") {
  // The first witness has 9 plies and no capture: past the 75-move rule from clock 146. The
  // shortest has 3, which fits; the default finds it before the rules are applied.
  const auto pos = test::pos("6k1/4B2R/4K3/8/8/8/8/8 w - - 146 80");
  const auto first =
      analyzer::WinnabilityAnalyzer(with_shortening(analyzer::Shortening::FirstWitness)).analyze(pos, Color::White);
  REQUIRE(first.line.size() > 4);
  analyzer::WinnabilityAnalyzer standard;
  const auto want = analyzer::analyze_under_rules(standard, pos, Color::White, analyzer::Rules::AutomaticDraws);
  REQUIRE(want.verdict.outcome == Outcome::Winnable);
  REQUIRE(want.verdict.line.size() <= 4);
  analyzer::WinnabilityAnalyzer deferring(with_shortening(analyzer::Shortening::WhenQuoted));
  const auto got = analyzer::analyze_under_rules(deferring, pos, Color::White, analyzer::Rules::AutomaticDraws);
  check_same_witness(got.verdict, want.verdict);
}
