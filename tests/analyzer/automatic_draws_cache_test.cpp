// The verdict table under the automatic draws (#23): answers of the clock-limited search are
// kept under the position and the plies left before the 75-move rule, and served again only
// when they hold for the query's clock and history (docs/automatic-draws.md); and
// `analyze --explain` names the rule-aware steps. Expected verdicts come from the cases of
// automatic_draws_test.cpp (derived by hand or by a brute-force search there) and from a
// run without the table.
#include <catch2/catch.hpp>

#include <algorithm>
#include <nlohmann/json.hpp>

#include "analyzer/automatic_draws.hpp"
#include "game_line.hpp"
#include "search/board/notation.hpp"
#include "support.hpp"
#include "tablebase/verdict_table.hpp"

using namespace arbiter;
using namespace arbiter::analyzer;
using namespace arbiter::test;
using board::Color;
using board::Move;
using board::Position;
using search::Outcome;
using search::Source;
using search::Verdict;

namespace {

const std::string kKnightPawn = "8/8/8/4k3/4p3/8/8/KN6 w - -";  // K+N v K+P (README)
const std::string kBlocked = "2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - -";

std::string at_clock(const std::string& fen, int clock) { return fen + " " + std::to_string(clock) + " 90"; }

std::unique_ptr<tablebase::VerdictTable> open_table(const std::string& file) {
  auto t = tablebase::VerdictTable::open(file, kAlgorithmVersion);
  INFO((t ? std::string() : t.error().message));
  REQUIRE(t.has_value());
  return std::move(*t);
}

RuledVerdict strict(WinnabilityAnalyzer& analyzer, const std::string& fen, Color winner,
                    std::vector<StepRecord>* steps = nullptr) {
  return analyze_under_rules(analyzer, pos(fen), winner, Rules::AutomaticDraws, 2'000'000, steps);
}

const StepRecord* find_step(const std::vector<StepRecord>& steps, const std::string& name) {
  auto it = std::find_if(steps.begin(), steps.end(), [&](const StepRecord& s) { return s.rule_step == name; });
  return it == steps.end() ? nullptr : &*it;
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

TEST_CASE("automatic draws cache: K+N v K+P at clock 148 is answered again from the table", "[automatic-draws][cache]") {
  TempDir dir;
  auto table = open_table(dir.file("verdicts.lmdb"));
  const std::string fen = at_clock(kKnightPawn, 148);
  for (Color c : {Color::White, Color::Black}) {
    INFO((c == Color::White ? "White" : "Black"));
    WinnabilityAnalyzer alone;
    const RuledVerdict truth = strict(alone, fen, c);
    REQUIRE(truth.verdict.outcome == Outcome::Winnable);  // automatic_draws_test.cpp: winnable below clock 149

    WinnabilityAnalyzer first({}, table.get());
    std::vector<StepRecord> first_steps;
    const RuledVerdict a = strict(first, fen, c, &first_steps);
    CHECK(a.verdict.outcome == truth.verdict.outcome);

    WinnabilityAnalyzer second({}, table.get());
    std::vector<StepRecord> steps;
    const RuledVerdict b = strict(second, fen, c, &steps);
    CHECK(b.verdict.outcome == truth.verdict.outcome);
    CHECK(b.verdict.source == Source::Cache);
    CHECK(b.rules == Rules::AutomaticDraws);
    CHECK_FALSE(refused_under_automatic_draws(pos(fen), b.verdict.line, c).has_value());
    // Where the plain witness is refused, the rule-dependent answer itself comes from the
    // table (no clock-limited search runs the second time).
    const StepRecord* witness = find_step(first_steps, "rules-witness");
    REQUIRE(witness != nullptr);
    if (!witness->decided) {
      const StepRecord* cached = find_step(steps, "rules-cache");
      REQUIRE(cached != nullptr);
      CHECK(cached->decided);
      CHECK(find_step(steps, "rules-clock-search") == nullptr);
    }
    if (c == Color::White) CHECK_FALSE(witness->decided);  // White's plain witness needs more plies than 2
  }
}

TEST_CASE("automatic draws cache: a witness kept at clock 148 is not served at clock 149", "[automatic-draws][cache]") {
  TempDir dir;
  auto table = open_table(dir.file("verdicts.lmdb"));
  const Position at148 = pos(at_clock(kKnightPawn, 148)), at149 = pos(at_clock(kKnightPawn, 149));
  WinnabilityAnalyzer analyzer({}, table.get());
  const RuledVerdict kept = analyze_under_rules(analyzer, at148, Color::White, Rules::AutomaticDraws, 2'000'000);
  REQUIRE(kept.verdict.outcome == Outcome::Winnable);
  REQUIRE(kept.verdict.line.size() >= 2);
  REQUIRE(table->find_clocked(at148, Color::White, 2).has_value());

  // One ply fewer: the kept line is not the answer (by hand: no mate at clock 149).
  const RuledVerdict later = analyze_under_rules(analyzer, at149, Color::White, Rules::AutomaticDraws, 2'000'000);
  CHECK(later.verdict.outcome == Outcome::Unwinnable);
  CHECK(later.verdict.source == Source::Search);
  const RuledVerdict again = analyze_under_rules(analyzer, at149, Color::White, Rules::AutomaticDraws, 2'000'000);
  CHECK(again.verdict.outcome == Outcome::Unwinnable);
  CHECK(again.verdict.source == Source::Cache);

  // Even a table that holds the 2-ply line under the 1-ply key (a damaged or forged entry)
  // does not make it winnable there: the validator refuses it under the query's clock.
  table->store_clocked(at149, Color::White, 1, kept.verdict);
  std::vector<StepRecord> steps;
  CHECK_FALSE(kept_under_automatic_draws(*table, at149, Color::White, &steps).has_value());
  REQUIRE(steps.size() == 1);
  CHECK(steps[0].rule_step == "rules-cache");
  CHECK_FALSE(steps[0].decided);
  CHECK(contains(steps[0].note, "the 75-move rule (9.6.2) ends the game at ply 1"));
  WinnabilityAnalyzer fresh({}, table.get());
  CHECK(analyze_under_rules(fresh, at149, Color::White, Rules::AutomaticDraws, 2'000'000).verdict.outcome ==
        Outcome::Unwinnable);
}

TEST_CASE("automatic draws cache: a witness kept without history is not served where the history refuses it",
          "[automatic-draws][cache]") {
  TempDir dir;
  auto table = open_table(dir.file("verdicts.lmdb"));
  // The start position has stood four times; the same position from its FEN has no history.
  auto g = game(repeat("Nf3 Nf6 Ng1 Ng8", 3));
  Position in_game = g.start;
  for (Move m : g.moves) in_game.do_move(m);
  REQUIRE(in_game.repetitions() == 3);
  const Position from_fen = pos(in_game.fen());
  const auto back = game("Nf3 Nf6 Ng1 Ng8 f3 e5 g4 Qh4#").moves;
  REQUIRE_FALSE(refused_under_automatic_draws(from_fen, back, Color::Black).has_value());
  REQUIRE(refused_under_automatic_draws(in_game, back, Color::Black).has_value());

  // A witness for that position and clock, sound without history, kept in the table.
  const int plies = 150 - in_game.halfmove_clock();
  table->store_clocked(from_fen, Color::Black, plies, Verdict::winnable(back, search::Reason::Helpmate, "kept", 1));
  auto served = kept_under_automatic_draws(*table, from_fen, Color::Black);
  REQUIRE(served.has_value());
  CHECK(served->source == Source::Cache);
  CHECK(served->line == back);

  // In the game, its fourth ply would be the fifth time: not served, and the trace says why.
  std::vector<StepRecord> steps;
  CHECK_FALSE(kept_under_automatic_draws(*table, in_game, Color::Black, &steps).has_value());
  REQUIRE(steps.size() == 1);
  CHECK(contains(steps[0].note, "fivefold repetition (9.6.1) at ply 4"));
  // It stays for games where it holds.
  CHECK(kept_under_automatic_draws(*table, from_fen, Color::Black).has_value());

  // The whole question in the game, given that line as the plain witness: refused, the kept
  // one refused, and the clock-limited search finds a line this game allows.
  WinnabilityAnalyzer analyzer({}, table.get());
  steps.clear();
  const RuledVerdict r = automatic_draws_from_plain(
      analyzer, in_game, Color::Black, Verdict::winnable(back, search::Reason::Helpmate, "plain", 1), 2'000'000, &steps);
  REQUIRE(r.verdict.outcome == Outcome::Winnable);
  CHECK(r.verdict.source == Source::Search);
  CHECK_FALSE(refused_under_automatic_draws(in_game, r.verdict.line, Color::Black).has_value());
  const StepRecord* witness = find_step(steps, "rules-witness");
  REQUIRE(witness != nullptr);
  CHECK_FALSE(witness->decided);
  CHECK(contains(witness->note, "fivefold repetition (9.6.1) at ply 4"));
  REQUIRE(find_step(steps, "rules-cache") != nullptr);
  CHECK_FALSE(find_step(steps, "rules-cache")->decided);
  REQUIRE(find_step(steps, "rules-clock-search") != nullptr);
  CHECK(contains(find_step(steps, "rules-clock-search")->note, "winnable"));
}

TEST_CASE("automatic draws cache: analyze --cache answers clock 148 from the table the second time",
          "[automatic-draws][cache][cli]") {
  TempDir dir;
  const std::string fen = at_clock(kKnightPawn, 148);
  const std::string args = "analyze --json --winner white --cache '" + dir.file("verdicts.lmdb") + "' '" + fen + "'";
  auto none = run_arbiter("analyze --json --winner white --no-cache '" + fen + "'");
  auto first = run_arbiter(args);
  auto second = run_arbiter(args);
  REQUIRE(none.status == 0);
  REQUIRE(first.status == 0);
  REQUIRE(second.status == 0);
  auto j0 = nlohmann::json::parse(none.out)["white"], j1 = nlohmann::json::parse(first.out)["white"],
       j2 = nlohmann::json::parse(second.out)["white"];
  CHECK(j0["verdict"] == "winnable");
  CHECK(j1["verdict"] == j0["verdict"]);
  CHECK(j2["verdict"] == j0["verdict"]);
  CHECK(j1["source"] == "search");
  CHECK(j2["source"] == "cache");
  CHECK(j2["rules"] == "automatic-draws");
  // The line served replays under the rules from the position asked.
  Position p = pos(fen);
  std::vector<Move> line;
  for (const auto& uci : j2["line"]) {
    auto m = board::parse_uci(p, uci.get<std::string>());
    REQUIRE(m.has_value());
    line.push_back(*m);
    p.do_move(*m);
  }
  CHECK_FALSE(refused_under_automatic_draws(pos(fen), line, Color::White).has_value());
}

TEST_CASE("automatic draws: --explain names the rule-aware steps", "[automatic-draws][cli]") {
  auto steps_of = [](const std::string& args) {
    auto r = run_arbiter("analyze --json --explain --winner white " + args);
    REQUIRE(r.status == 0);
    return nlohmann::json::parse(r.out)["white"]["steps"];
  };
  auto named = [](const nlohmann::json& steps, const std::string& name) {
    std::vector<nlohmann::json> out;
    for (const auto& s : steps)
      if (s["step"] == name) out.push_back(s);
    return out;
  };
  {  // Clock 148: the plain witness refused by the 75-move rule, the search, its line accepted.
    auto steps = steps_of("--no-cache '" + at_clock(kKnightPawn, 148) + "'");
    auto witness = named(steps, "rules-witness");
    REQUIRE(witness.size() == 2);
    CHECK(witness[0]["decided"] == false);
    CHECK(contains(witness[0]["note"], "refused"));
    CHECK(contains(witness[0]["note"], "the 75-move rule (9.6.2) ends the game at ply"));
    auto search = named(steps, "rules-clock-search");
    REQUIRE(search.size() == 1);
    CHECK(search[0]["nodes"].get<uint64_t>() > 0);
    CHECK(contains(search[0]["note"], "winnable within 2 plies left"));
    CHECK(witness[1]["decided"] == true);
    CHECK(contains(witness[1]["note"], "accepted"));
  }
  {  // Clock 149: the search proves there is no mate.
    auto search = named(steps_of("--no-cache '" + at_clock(kKnightPawn, 149) + "'"), "rules-clock-search");
    REQUIRE(search.size() == 1);
    CHECK(contains(search[0]["note"], "unwinnable within 1 plies left"));
  }
  {  // A plain proof carried over.
    auto proof = named(steps_of("--no-cache '" + at_clock(kBlocked, 140) + "'"), "rules-plain-proof");
    REQUIRE(proof.size() == 1);
    CHECK(proof[0]["decided"] == true);
  }
  {  // A repeat with the table: the kept answer, accepted again.
    TempDir dir;
    const std::string args = "--cache '" + dir.file("verdicts.lmdb") + "' '" + at_clock(kKnightPawn, 148) + "'";
    steps_of(args);
    auto cached = named(steps_of(args), "rules-cache");
    REQUIRE(cached.size() == 1);
    CHECK(cached[0]["decided"] == true);
    CHECK(contains(cached[0]["note"], "accepted"));
  }
  // The text form names them too.
  auto text = run_arbiter("analyze --explain --no-cache --winner white '" + at_clock(kKnightPawn, 148) + "'");
  CHECK(contains(text.out, "rules-witness:"));
  CHECK(contains(text.out, "rules-clock-search:"));
}

TEST_CASE("automatic draws cache: an answer kept for some plies left serves where it provably holds",
          "[automatic-draws][cache]") {
  // K+R v K needs 3 quiet plies (automatic_draws_test.cpp, by brute force): unwinnable at
  // clocks 148 and 149, winnable at 147. K+N v K+P: winnable at 147 and 148, not at 149.
  const std::string rook = "7k/8/5K2/8/8/8/8/1R6 w - -";
  TempDir dir;
  auto table = open_table(dir.file("verdicts.lmdb"));
  WinnabilityAnalyzer analyzer({}, table.get());
  WinnabilityAnalyzer alone;

  // Unwinnable with 2 plies left: served with 1 (fewer lines), never with 3.
  REQUIRE(strict(analyzer, at_clock(rook, 148), Color::White).verdict.outcome == Outcome::Unwinnable);
  REQUIRE(table->find_clocked(pos(at_clock(rook, 148)), Color::White, 2).has_value());
  const RuledVerdict fewer = strict(analyzer, at_clock(rook, 149), Color::White);
  CHECK(fewer.verdict.outcome == Outcome::Unwinnable);
  CHECK(fewer.verdict.source == Source::Cache);
  CHECK(contains(fewer.verdict.detail, "kept for 2 plies left"));
  CHECK(strict(alone, at_clock(rook, 149), Color::White).verdict.outcome == Outcome::Unwinnable);
  CHECK_FALSE(kept_under_automatic_draws(*table, pos(at_clock(rook, 147)), Color::White).has_value());
  WinnabilityAnalyzer later({}, table.get());
  CHECK(strict(later, at_clock(rook, 147), Color::White).verdict.outcome == Outcome::Winnable);

  // A witness kept with 2 plies left: tried with 3 and accepted there, not served with 1.
  const Position kn148 = pos(at_clock(kKnightPawn, 148)), kn147 = pos(at_clock(kKnightPawn, 147));
  const RuledVerdict kept = strict(analyzer, at_clock(kKnightPawn, 148), Color::White);
  REQUIRE(kept.verdict.outcome == Outcome::Winnable);
  REQUIRE(table->find_clocked(kn148, Color::White, 2).has_value());
  std::vector<StepRecord> steps;
  auto more = kept_under_automatic_draws(*table, kn147, Color::White, &steps);
  REQUIRE(more.has_value());
  CHECK(more->source == Source::Cache);
  CHECK(more->line == kept.verdict.line);
  CHECK_FALSE(refused_under_automatic_draws(kn147, more->line, Color::White).has_value());
  REQUIRE(steps.size() == 1);
  CHECK(contains(steps[0].note, "kept for 2 plies left is accepted"));
  CHECK(strict(alone, at_clock(kKnightPawn, 147), Color::White).verdict.outcome == Outcome::Winnable);
  CHECK_FALSE(kept_under_automatic_draws(*table, pos(at_clock(kKnightPawn, 149)), Color::White).has_value());
}
