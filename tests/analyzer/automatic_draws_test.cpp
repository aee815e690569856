// The winnability question under the automatic draws of Article 9.6 (#23): the 75-move
// rule (9.6.2) and the fivefold repetition (9.6.1) inside the witness. Expected verdicts
// come from a brute-force helpmate search written here (it shares only the move generator
// with the analysis) or from the rules read by hand, as each case says.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "analyzer/automatic_draws.hpp"
#include "analyzer/game_audit.hpp"
#include "analyzer/loss_adjudication.hpp"
#include "game_line.hpp"
#include "search/board/movegen.hpp"
#include "support.hpp"

using namespace arbiter;
using namespace arbiter::analyzer;
using namespace arbiter::test;
using board::Color;
using board::Move;
using board::Position;
using search::Outcome;

namespace {

std::string with_clock(const std::string& fen_without_counters, int clock) {
  return fen_without_counters + " " + std::to_string(clock) + " 90";
}

// Brute force, no memory: can `winner` mate within `plies` plies, every ply either a
// capture or pawn move (after which the question is `after_reset`) or one more ply of
// the clock, which may reach 150 only on the mating move?
bool helpmate_within(Position& pos, Color winner, int plies, bool allow_resets) {
  if (plies == 0) return false;
  for (Move m : board::legal_moves(pos)) {
    pos.do_move(m);
    bool mated = !board::has_legal_move(pos) && pos.in_check() && pos.side_to_move() == ~winner;
    bool ok = mated || (pos.halfmove_clock() != 0 && board::has_legal_move(pos) &&
                        helpmate_within(pos, winner, plies - 1, allow_resets));
    if (!mated && pos.halfmove_clock() == 0 && !allow_resets) ok = false;
    pos.undo_move(m);
    if (ok) return true;
  }
  return false;
}

// The fewest plies of a helpmate by `winner` made of non-resetting moves, up to `max`; 0: none.
int shortest_quiet_helpmate(Position pos, Color winner, int max) {
  for (int n = 1; n <= max; ++n)
    if (helpmate_within(pos, winner, n, false)) return n;
  return 0;
}

RuledVerdict strict(const std::string& fen, Color winner, uint64_t max_nodes = 2'000'000) {
  WinnabilityAnalyzer analyzer;
  return analyze_under_rules(analyzer, pos(fen), winner, Rules::AutomaticDraws, max_nodes);
}

// Every accepted witness replays under the rules from the position it answers.
void check_witness(const std::string& fen, Color winner, const RuledVerdict& r) {
  if (r.verdict.outcome != Outcome::Winnable) return;
  INFO(fen);
  CHECK_FALSE(refused_under_automatic_draws(pos(fen), r.verdict.line, winner).has_value());
}

const std::string kRook = "7k/8/5K2/8/8/8/8/1R6 w - -";              // K+R v K: mate in 3 plies at best
const std::string kKnightPawn = "8/8/8/4k3/4p3/8/8/KN6 w - -";       // K+N v K+P (README)
const std::string kBlocked = "2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - -";  // neither side can mate

}  // namespace

TEST_CASE("automatic draws: K+R v K at clocks 0..149 follows the brute-force helpmate length", "[automatic-draws]") {
  // The rook's side needs 3 quiet plies (1. Kg6 Kg8 2. Rb8#); its only capture loses the
  // rook (K v K): winnable exactly when 150 - clock >= 3. Black has a lone king.
  const int shortest = shortest_quiet_helpmate(pos(with_clock(kRook, 0)), Color::White, 3);
  REQUIRE(shortest == 3);
  for (int clock : {0, 100, 140, 147, 148, 149}) {
    const std::string fen = with_clock(kRook, clock);
    INFO("clock " << clock);
    auto white = strict(fen, Color::White);
    CHECK(white.verdict.outcome == (150 - clock >= shortest ? Outcome::Winnable : Outcome::Unwinnable));
    CHECK(white.rules == Rules::AutomaticDraws);
    check_witness(fen, Color::White, white);
    // Where the readings differ, the plain verdict comes along (winnable there).
    if (white.verdict.outcome == Outcome::Unwinnable) {
      REQUIRE(white.plain.has_value());
      CHECK(white.plain->outcome == Outcome::Winnable);
    } else {
      CHECK_FALSE(white.plain.has_value());
    }
    CHECK(strict(fen, Color::Black).verdict.outcome == Outcome::Unwinnable);
  }
}

TEST_CASE("automatic draws: K+N v K+P at clocks 0..149", "[automatic-draws]") {
  // By hand: at clock 149 White moves and has no capture or pawn move, and no move of his
  // mates (checked below): the clock reaches 150 and the game ends; neither side can mate.
  // At 148 White moves, then ...e3 resets the clock: from there both sides can mate in the
  // plain reading, with 150 plies at hand (the plain witnesses are 40 plies or less).
  {
    Position p = pos(with_clock(kKnightPawn, 149));
    for (Move m : board::legal_moves(p)) {
      Position q = p;
      q.do_move(m);
      CHECK(q.halfmove_clock() == 150);
      CHECK(board::has_legal_move(q));
    }
  }
  for (int clock : {0, 100, 140, 148, 149}) {
    const std::string fen = with_clock(kKnightPawn, clock);
    INFO("clock " << clock);
    for (Color c : {Color::White, Color::Black}) {
      auto r = strict(fen, c);
      CHECK(r.verdict.outcome == (clock < 149 ? Outcome::Winnable : Outcome::Unwinnable));
      check_witness(fen, c, r);
    }
  }
}

TEST_CASE("automatic draws: a blocked position stays unwinnable at every clock (plain proof)", "[automatic-draws]") {
  for (int clock : {0, 100, 140, 148, 149}) {
    const std::string fen = with_clock(kBlocked, clock);
    for (Color c : {Color::White, Color::Black}) {
      auto r = strict(fen, c);
      CHECK(r.verdict.outcome == Outcome::Unwinnable);
      CHECK(r.verdict.reason == search::Reason::Blocked);
      CHECK_FALSE(r.plain.has_value());
    }
  }
}

TEST_CASE("automatic draws: the validator counts the clock, resets and the mate on the 150th ply",
          "[automatic-draws]") {
  auto moves = [](const std::string& fen, const std::string& sans) { return game(fen, sans).moves; };
  // 1. Kg6 Kg8 2. Rb8#: from clock 147 the mate is the 150th ply, and counts (9.6.2).
  CHECK_FALSE(refused_under_automatic_draws(pos(with_clock(kRook, 147)), moves(with_clock(kRook, 147), "Kg6 Kg8 Rb8#"),
                                            Color::White));
  auto late = refused_under_automatic_draws(pos(with_clock(kRook, 148)), moves(with_clock(kRook, 148), "Kg6 Kg8 Rb8#"),
                                            Color::White);
  REQUIRE(late.has_value());
  CHECK(late->find("the 75-move rule (9.6.2) ends the game at ply 2") != std::string::npos);
  // A pawn move resets the clock: the plain witness of K+N v K+P runs k quiet plies before
  // its first capture or pawn move, after which the clock stands at clock + k (no mate
  // there): accepted from clock 149 - k, refused from 150 - k.
  WinnabilityAnalyzer analyzer;
  search::Verdict plain = analyzer.analyze(pos(with_clock(kKnightPawn, 0)), Color::White);
  REQUIRE(plain.outcome == Outcome::Winnable);
  int quiet = 0;
  {
    Position p = pos(with_clock(kKnightPawn, 0));
    for (Move m : plain.line) {
      p.do_move(m);
      if (p.halfmove_clock() == 0) break;
      ++quiet;
    }
  }
  REQUIRE(quiet < int(plain.line.size()));
  INFO("quiet plies before the first pawn move " << quiet);
  CHECK_FALSE(
      refused_under_automatic_draws(pos(with_clock(kKnightPawn, 149 - quiet)), plain.line, Color::White).has_value());
  CHECK(refused_under_automatic_draws(pos(with_clock(kKnightPawn, 150 - quiet)), plain.line, Color::White).has_value());
  // A game already over by 9.6.2 accepts no line.
  CHECK(refused_under_automatic_draws(pos(with_clock(kRook, 150)), moves(with_clock(kRook, 150), "Kg6 Kg8 Rb8#"),
                                      Color::White)
            .has_value());
}

TEST_CASE("automatic draws: a timeout at clock 149 where the only mate is one ply away", "[automatic-draws]") {
  // White to move, Black flagged: Rb8# is the 150th ply and mates; nothing else does.
  const std::string fen = "7k/8/6K1/8/8/8/8/1R6 w - - 149 120";
  REQUIRE(shortest_quiet_helpmate(pos(fen), Color::White, 1) == 1);
  WinnabilityAnalyzer analyzer;
  auto a = adjudicate_loss(pos(fen), Color::Black, LossKind::Timeout, analyzer, Rules::AutomaticDraws);
  CHECK(a.result == GameResult::WhiteWins);
  REQUIRE(a.winnability.has_value());
  CHECK(a.winnability->line.size() == 1);
  CHECK_FALSE(a.plain.has_value());
  // One move earlier in the king's walk (Kf6, 3 plies needed) the clock ends the game first:
  // a draw under the automatic draws, a win in the plain reading; both are given.
  auto b = adjudicate_loss(pos(with_clock(kRook, 149)), Color::Black, LossKind::Timeout, analyzer,
                           Rules::AutomaticDraws);
  CHECK(b.result == GameResult::Draw);
  REQUIRE(b.plain.has_value());
  CHECK(b.plain->result == GameResult::WhiteWins);
  auto c = adjudicate_loss(pos(with_clock(kRook, 149)), Color::Black, LossKind::Timeout, analyzer, Rules::Plain);
  CHECK(c.result == GameResult::WhiteWins);
  CHECK_FALSE(c.plain.has_value());
}

TEST_CASE("automatic draws: a flag falls in a position that has stood four times", "[automatic-draws]") {
  // The start position stands for the fourth time after 6...Ng8; White flags. Black's plain
  // witness is checked with the game's history: a line back to the start position would be
  // its fifth time, and is refused; the verdict's own line is accepted.
  auto g = game(repeat("Nf3 Nf6 Ng1 Ng8", 3));
  Position end = g.start;
  for (Move m : g.moves) end.do_move(m);
  REQUIRE(end.repetitions() == 3);
  auto back = game("Nf3 Nf6 Ng1 Ng8 f3 e5 g4 Qh4#").moves;
  auto refused = refused_under_automatic_draws(end, back, Color::Black);
  REQUIRE(refused.has_value());
  CHECK(refused->find("fifth time") != std::string::npos);
  std::vector<Move> direct(back.begin() + 4, back.end());
  CHECK_FALSE(refused_under_automatic_draws(end, direct, Color::Black).has_value());

  WinnabilityAnalyzer analyzer;
  auto a = audit_game(g.start, g.moves, {{"Termination", "Time forfeit"}}, GameResult::BlackWins,
                      AuditOptions{false, Rules::AutomaticDraws}, analyzer);
  CHECK(a.ending == Ending::Timeout);
  CHECK(a.correct == GameResult::BlackWins);
  CHECK(a.rules == Rules::AutomaticDraws);
  CHECK_FALSE(a.readings_differ);
  CHECK_FALSE(a.mismatch);
}

TEST_CASE("automatic draws: an audited flag fall at clock 149 gives both readings", "[automatic-draws]") {
  // K+R v K from a FEN at clock 148; one more quiet move, then Black flags with White to
  // move at clock 149, and no mate in one: a draw strictly, 1-0 in the plain reading.
  auto g = game(with_clock("7k/8/8/5K2/8/8/8/1R6 w - -", 148), "Kf6");
  WinnabilityAnalyzer analyzer;
  Tags tags{{"Termination", "Black lost on time"}};
  auto strict_audit = audit_game(g.start, g.moves, tags, GameResult::WhiteWins,
                                 AuditOptions{false, Rules::AutomaticDraws}, analyzer);
  // Black to move: the side to move flagged.
  CHECK(strict_audit.ending == Ending::Timeout);
  CHECK(strict_audit.correct == GameResult::Draw);
  CHECK(strict_audit.mismatch);
  CHECK(strict_audit.readings_differ);
  CHECK(strict_audit.plain_correct == GameResult::WhiteWins);
  auto plain_audit =
      audit_game(g.start, g.moves, tags, GameResult::WhiteWins, AuditOptions{false, Rules::Plain}, analyzer);
  CHECK(plain_audit.correct == GameResult::WhiteWins);
  CHECK_FALSE(plain_audit.readings_differ);
}

TEST_CASE("automatic draws: --rules on analyze and timeout, the rules in the records", "[automatic-draws][cli]") {
  auto r = run_arbiter("timeout --json --flagged black '" + with_clock(kRook, 149) + "'");
  REQUIRE(r.status == 0);
  auto j = nlohmann::json::parse(r.out);
  CHECK(j["result"] == "1/2-1/2");
  CHECK(j["rules"] == "automatic-draws");
  CHECK(j["winnability"]["rules"] == "automatic-draws");
  CHECK(j["plain"]["result"] == "1-0");
  CHECK(j["plain"]["winnability"]["rules"] == "plain");

  auto p = run_arbiter("timeout --json --rules plain --flagged black '" + with_clock(kRook, 149) + "'");
  auto jp = nlohmann::json::parse(p.out);
  CHECK(jp["result"] == "1-0");
  CHECK(jp["rules"] == "plain");
  CHECK(jp["plain"].is_null());

  auto a = run_arbiter("analyze --json --winner white '" + with_clock(kRook, 148) + "'");
  auto ja = nlohmann::json::parse(a.out);
  CHECK(ja["white"]["verdict"] == "unwinnable");
  CHECK(ja["white"]["reason"] == "exhaustive");
  CHECK(ja["white"]["rules"] == "automatic-draws");

  auto text = run_arbiter("timeout --flagged black '" + with_clock(kRook, 149) + "'");
  CHECK(text.out.find("strict FIDE") != std::string::npos);
  CHECK(run_arbiter("analyze --rules sometimes '" + with_clock(kRook, 0) + "'").status == 2);
  auto upper = nlohmann::json::parse(run_arbiter("analyze --json --rules PLAIN --winner white '" + with_clock(kRook, 148) + "'").out);
  CHECK(upper["white"]["rules"] == "plain");
  CHECK(upper["white"]["verdict"] == "winnable");
}

TEST_CASE("automatic draws: K+R v K near the clock's end agrees with the brute-force search", "[automatic-draws]") {
  // The rook's side only can mate, and the lone king's one capture leaves K v K: the rules'
  // answer is exactly "a quiet helpmate within 150 - clock plies", searched here by brute
  // force with no memory and no pruning.
  for (const char* placement : {"7k/8/5K2/8/8/8/8/1R6 w - -", "8/8/8/3k4/8/8/8/R3K3 w - -", "k7/8/1K6/8/8/8/8/7R b - -",
                                "6k1/8/6K1/8/8/8/8/R7 b - -", "8/8/8/8/8/2k5/1R6/K7 b - -"}) {
    for (int clock : {146, 147, 148, 149}) {
      const std::string fen = with_clock(placement, clock);
      INFO(fen);
      Position p = pos(fen);
      const bool expected = helpmate_within(p, Color::White, 150 - clock, false);
      auto r = strict(fen, Color::White);
      CHECK(r.verdict.outcome == (expected ? Outcome::Winnable : Outcome::Unwinnable));
      check_witness(fen, Color::White, r);
    }
  }
}

TEST_CASE("automatic draws: the validator names why it refuses a line that is no mate",
          "[automatic-draws]") {
  // Which ply the line breaks at, and how: a move that is not legal, a mate or a
  // stalemate before the line's end, or a line that ends without mate. The game's end
  // comes before the clock and the repetitions at the same ply.
  const std::string fen = with_clock(kRook, 0);
  std::vector<Move> line = game(fen, "Kg6 Kg8").moves;
  line.push_back(Move(board::Square(46), board::Square(54)));  // g6-g7, beside the black king
  auto illegal = refused_under_automatic_draws(pos(fen), line, Color::White);
  REQUIRE(illegal.has_value());
  CHECK(*illegal == "ply 3 is not a legal move");

  line = game(fen, "Kg6 Kg8 Rb8#").moves;
  line.push_back(Move(board::Square(62), board::Square(55)));  // g8-h7, after the mate
  auto mated = refused_under_automatic_draws(pos(fen), line, Color::White);
  REQUIRE(mated.has_value());
  CHECK(*mated == "ply 3 ends the game by checkmate before the line ends");

  const std::string stalemating = "7k/8/6K1/8/8/8/8/5Q2 w - - 0 1";
  line = game(stalemating, "Qf7").moves;
  line.push_back(Move(board::Square(63), board::Square(62)));  // h8-g8: no move is left
  auto stalemate = refused_under_automatic_draws(pos(stalemating), line, Color::White);
  REQUIRE(stalemate.has_value());
  CHECK(*stalemate == "ply 1 ends the game by stalemate before the line ends");

  auto short_line = refused_under_automatic_draws(pos(fen), game(fen, "Kg6 Kg8").moves, Color::White);
  REQUIRE(short_line.has_value());
  CHECK(*short_line == "the line does not end in checkmate");
  CHECK_FALSE(refused_under_automatic_draws(pos(fen), game(fen, "Kg6 Kg8 Rb8#").moves, Color::White).has_value());
}
