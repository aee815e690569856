// The blockade analysis: frozen pawns, king regions, its verdicts, and cross-checks
// against exhaustive search (it must never call a position with a mate unwinnable).
#include <catch2/catch.hpp>
#include <fstream>
#include <random>

#include "analyzer/witness.hpp"
#include "search/proofs/blockade.hpp"
#include "search/board/movegen.hpp"
#include "search/explore/closure.hpp"
#include "support.hpp"

using namespace arbiter;
using board::Bitboard;
using board::Color;
using board::Square;

namespace {

Bitboard squares(std::initializer_list<const char*> names) {
  Bitboard b;
  for (const char* n : names) b |= *board::parse_square(n);
  return b;
}

// Random play from `start`; wherever the blockade says a side cannot mate, a search of
// `nodes` over the reachable positions must find no mate (a found mate is a failure).
void check_claims_along_random_play(board::Position pos, int plies, std::mt19937& rng, uint64_t nodes,
                                    search::Order order, int& claims, std::vector<std::string>& failures) {
  for (int ply = 0; ply < plies; ++ply) {
    auto moves = board::legal_moves(pos);
    if (moves.empty()) return;
    pos.do_move(moves[rng() % moves.size()]);
    for (Color c : {Color::White, Color::Black}) {
      if (!search::blockade_forbids_mate_fast(pos, c)) continue;
      ++claims;
      search::Limits limits(nodes);
      auto r = search::explore_all(pos, c, limits, 1'000'000, order);
      if (r.kind == search::ClosureResult::Kind::MateFound)
        failures.push_back(pos.fen() + " " + std::string(board::color_name(c)));
    }
  }
}

}  // namespace

TEST_CASE("blockade: the locked wall of docs/rules.md §1 freezes its eight pawns", "[blockade]") {
  auto p = test::pos("2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - - 0 1");
  auto b = search::analyze_blockade(p);
  CHECK(b.frozen == squares({"b4", "d4", "f4", "h4", "b5", "d5", "f5", "h5"}));
  // The kings stay on their own side: White below rank 4, Black above rank 5.
  CHECK((b.king_region[0] & ~(board::rank_bb(0) | board::rank_bb(1) | board::rank_bb(2))).empty());
  CHECK((b.king_region[1] & ~(board::rank_bb(5) | board::rank_bb(6) | board::rank_bb(7))).empty());
  CHECK(b.king_region[0].count() == 24);
  CHECK(b.king_region[1].count() == 24);
}

TEST_CASE("blockade: the locked wall is unwinnable for both, with an explanation", "[blockade]") {
  auto p = test::pos("2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - - 0 1");
  for (Color c : {Color::White, Color::Black}) {
    auto why = search::blockade_forbids_mate(p, c);
    REQUIRE(why);
    CHECK(why->find("confined") != std::string::npos);
    CHECK(why->find("b4-d4-f4-h4") != std::string::npos);
    CHECK(search::blockade_forbids_mate_fast(p, c));
  }
}

TEST_CASE("blockade: a pawn that can capture a frozen enemy pawn is not frozen", "[blockade]") {
  // After 1...d5 White can play exd5: the e4 pawn is blocked head-on but not frozen.
  auto p = test::pos("8/8/8/1p1pp2k/pP1pP1p1/P2P2P1/6K1/8 w - - 0 2");
  auto b = search::analyze_blockade(p);
  CHECK_FALSE(b.frozen.has(*board::parse_square("e4")));
  CHECK_FALSE(search::blockade_forbids_mate(p, Color::White));
  CHECK_FALSE(search::blockade_forbids_mate(p, Color::Black));
}

TEST_CASE("blockade: a pawn that can take en passant now is not frozen", "[blockade]") {
  // Black has just played d7-d5 beside the white e5 pawn, which is blocked by e6.
  auto p = test::pos("4k3/8/4p3/3pP3/8/8/8/4K3 w - d6 0 2");
  CHECK_FALSE(search::analyze_blockade(p).frozen.has(*board::parse_square("e5")));
}

TEST_CASE("blockade: open positions and positions without pawns conclude nothing", "[blockade]") {
  CHECK_FALSE(search::blockade_forbids_mate(board::Position::startpos(), Color::White));
  CHECK_FALSE(search::blockade_forbids_mate(test::pos("8/8/8/4k3/8/8/8/KB2b3 w - - 0 1"), Color::White));
  // A king already in check from a frozen pawn is not "never attacked".
  auto p = test::pos("8/8/8/2pk4/2P5/8/8/K7 b - - 0 1");
  CHECK_FALSE(search::blockade_forbids_mate(p, Color::White));
}

TEST_CASE("blockade: the two positions the reference analyser leaves open are unwinnable for Black",
          "[blockade][winnability]") {
  // Issue 4: proven by the blockade analysis inside the exhaustive exploration.
  for (const char* fen : {"1k6/1P1p1p1p/BP6/1P6/8/8/3P1PKP/8 w - - 0 1", "1k6/1P3p1p/BP1p4/1P6/8/8/3P1PKP/8 w - - 0 1"}) {
    INFO(fen);
    search::Limits limits(20'000'000);
    auto hopeless = [](const board::Position& q, Color w) { return search::blockade_forbids_mate_fast(q, w); };
    auto r = search::explore_all(test::pos(fen), Color::Black, limits, 4'000'000, search::Order::Guided, hopeless);
    CHECK(r.kind == search::ClosureResult::Kind::Exhausted);
  }
}

TEST_CASE("blockade never denies a side the test vector says can mate", "[blockade][vector]") {
  std::ifstream in(test::fixture("test-vector/cha-test-vector.txt"));
  REQUIRE(in.good());
  std::string line;
  int n = 0, checked = 0;
  std::vector<std::string> failures;
  while (std::getline(in, line)) {
    ++n;
    if (line.size() < 4 || line[0] == '#') continue;
    auto p = board::Position::from_fen(line.substr(3));
    if (!p) continue;
    for (Color c : {Color::White, Color::Black}) {
      bool can_mate = line[c == Color::White ? 0 : 1] != '-';
      if (can_mate && search::blockade_forbids_mate_fast(*p, c))
        failures.push_back("line " + std::to_string(n) + " " + std::string(board::color_name(c)) + ": " + line);
      ++checked;
    }
  }
  INFO(failures.size() << " failures; first: " << (failures.empty() ? "" : failures[0]));
  CHECK(failures.empty());
  CHECK(checked == 3606);
}

TEST_CASE("blockade agrees with exhaustive search on positions reached by play", "[blockade][crosscheck]") {
  // From locked test-vector positions, random play reaches many positions; wherever the
  // blockade says a side cannot mate, a breadth-first search must find no mate.
  std::ifstream in(test::fixture("test-vector/cha-test-vector.txt"));
  std::string line;
  std::mt19937 rng(20261129);
  int claims = 0, n = 0;
  std::vector<std::string> failures;
  while (std::getline(in, line) && claims < 150) {
    ++n;
    if (line.size() < 4 || line[0] == '#' || n % 3) continue;
    auto p = board::Position::from_fen(line.substr(3));
    if (!p) continue;
    check_claims_along_random_play(*p, 12, rng, 60'000, search::Order::BreadthFirst, claims, failures);
  }
  INFO(failures.size() << " contradictions; first: " << (failures.empty() ? "" : failures[0]));
  CHECK(failures.empty());
  CHECK(claims > 50);
}

TEST_CASE("blockade: stopping once no pawn can be frozen changes no wall", "[blockade][crosscheck]") {
  // The judges ask for walls only, and the analysis then stops early where it can prove
  // none will stand. Over the test vector and random play from it, the early answer says
  // "no walls" exactly where the full analysis finds none, and elsewhere is the same.
  std::ifstream in(test::fixture("test-vector/cha-test-vector.txt"));
  std::string line;
  std::mt19937 rng(20261206);
  int positions = 0, walled = 0, stopped_early = 0;
  std::vector<std::string> failures;
  auto same = [](const search::Blockade& a, const search::Blockade& b) {
    for (int i = 0; i < 2; ++i)
      if (a.reach[i] != b.reach[i] || a.men_reach[i] != b.men_reach[i] || a.attacks[i] != b.attacks[i] ||
          a.king_region[i] != b.king_region[i] || a.piece_attacks[i] != b.piece_attacks[i])
        return false;
    return a.frozen == b.frozen && a.immobile == b.immobile && a.stalemate_guarded == b.stalemate_guarded;
  };
  auto compare = [&](const board::Position& p) {
    ++positions;
    const search::Blockade full = search::analyze_blockade(p), early = search::analyze_blockade(p, true);
    if (full.frozen) ++walled;
    else if (early.frozen.empty() && !same(full, early)) ++stopped_early;
    if (full.frozen ? !same(full, early) : bool(early.frozen)) failures.push_back(p.fen());
  };
  while (std::getline(in, line)) {
    if (line.size() < 4 || line[0] == '#') continue;
    auto p = board::Position::from_fen(line.substr(3));
    if (!p) continue;
    compare(*p);
    for (int ply = 0; ply < 10; ++ply) {
      auto moves = board::legal_moves(*p);
      if (moves.empty()) break;
      p->do_move(moves[rng() % moves.size()]);
      compare(*p);
    }
  }
  INFO(failures.size() << " differences; first: " << (failures.empty() ? "" : failures[0]));
  CHECK(failures.empty());
  // Both kinds are met often: walls, and analyses cut short.
  CHECK(walled > 1000);
  CHECK(stopped_early > 1000);
  CHECK(positions > 15000);
}

TEST_CASE("blockade: pawns capture only where an enemy man can ever stand", "[blockade]") {
  // The white pawns on rank 2 can never capture (Black has only a walled-in king and
  // frozen pawns), so they never reach b6/d6/f6/h6 and the wall holds: Black can never
  // attack the white king.
  auto p = test::pos("3k4/p1p1pBp1/P1P1P1P1/8/8/8/P1P1P1P1/3K4 w - - 0 1");
  auto b = search::analyze_blockade(p);
  CHECK(b.frozen == squares({"a6", "c6", "e6", "g6", "a7", "c7", "e7", "g7"}));
  CHECK_FALSE(b.reach[0].has(*board::parse_square("b6")));
  CHECK(search::blockade_forbids_mate(p, Color::Black));
}

TEST_CASE("blockade: flights the winner never covers need one blocker each", "[blockade]") {
  // Black's only man that can check White (the d4 bishop, dark) stands below the wall;
  // on any dark square the white king has light neighbours that Black never attacks,
  // and White has one light bishop to block them: never enough (test vector line 1027).
  auto p = test::pos("3k4/4b3/3b4/p1pBp1p1/P1PbP1P1/8/8/1B1K4 b - - 0 1");
  auto why = search::blockade_forbids_mate(p, Color::Black);
  REQUIRE(why);
  CHECK(why->find("can never all block") != std::string::npos);
  // White can mate there (Ka8, Ba7, Bb8 and a bishop check on the long diagonal).
  CHECK_FALSE(search::blockade_forbids_mate(p, Color::White));
}

TEST_CASE("blockade: pawns that never leave their file block each other before they meet", "[blockade]") {
  // The rank-5 and rank-2 pawns can still move, but neither side can ever capture with
  // them (no man of the other side can stand on their diagonals), so they stop in front
  // of each other: the wall of rank 6/7 holds for ever (test vector line 302, dead).
  auto p = test::pos("3k4/p1p1p1p1/P1P1P1P1/p1p1p1p1/8/8/P1P1P1P1/3K4 w - - 0 1");
  CHECK(search::blockade_forbids_mate(p, Color::White));
  CHECK(search::blockade_forbids_mate(p, Color::Black));
  // A king is never prey: the white king walking to b4 does not let a5 capture.
  CHECK(search::analyze_blockade(p).king_region[0].has(*board::parse_square("b4")));
}

TEST_CASE("blockade: pieces walled in by their own frozen pawns never move and defend those pawns", "[blockade]") {
  // Test vector line 1041: the bishops on e4 and e5 are entombed; they defend d3/f3 and
  // d6/f6 against the enemy king, which makes the eight pawns frozen.
  auto p = test::pos("4k3/8/3p1p2/3PbP2/3pBp2/3P1P2/4B3/4K3 w - - 0 1");
  auto b = search::analyze_blockade(p);
  CHECK(b.frozen == squares({"d3", "f3", "d4", "f4", "d5", "f5", "d6", "f6"}));
  CHECK(b.immobile == squares({"e4", "e5"}));
  // The black bishop is entombed: Black has no man that can ever give check.
  auto black = search::blockade_forbids_mate(p, Color::Black);
  REQUIRE(black);
  CHECK(black->find("e4-e5") != std::string::npos);
  // White's free bishop checks only on light squares; the dark flights around them need
  // the white king, which can never stand next to them all without touching the king.
  auto white = search::blockade_forbids_mate(p, Color::White);
  REQUIRE(white);
  CHECK(white->find("king (never next to it)") != std::string::npos);
}

TEST_CASE("blockade: a king boxed in by men that never move is immobile (test vector line 511)", "[blockade]") {
  // The white king on a1 can never leave (a2 defended by b3, b1 attacked by a2), so it
  // defends b2 for ever and the pawns a2, b2, b3 are frozen.
  auto p = test::pos("k7/1b6/8/8/8/1pB5/pP6/K7 w - - 0 1");
  auto b = search::analyze_blockade(p);
  CHECK(b.frozen == squares({"a2", "b2", "b3"}));
  CHECK(b.immobile.has(*board::parse_square("a1")));
  CHECK(b.king_region[0] == squares({"a1"}));
  CHECK(search::blockade_forbids_mate(p, Color::White));
  CHECK(search::blockade_forbids_mate(p, Color::Black));
}

TEST_CASE("blockade: a piece with an enemy man one step away is not immobile", "[blockade]") {
  // The black bishop e5 could take the white pawn on f4 (no black pawn behind it here).
  auto p = test::pos("4k3/8/3p1p2/3PbP2/3pBP2/3P4/4B3/4K3 w - - 0 1");
  CHECK_FALSE(search::analyze_blockade(p).immobile.has(*board::parse_square("e5")));
}

TEST_CASE("blockade agrees with exhaustive search around walled-in pieces, boxed kings and stalemate traps",
          "[blockade][crosscheck]") {
  // Random play from the positions the immobile-men reasoning proves: wherever the
  // blockade says a side cannot mate, a breadth-first search must find no mate.
  std::mt19937 rng(29112026);
  int claims = 0;
  std::vector<std::string> failures;
  for (const char* fen : {"4k3/8/3p1p2/3PbP2/3pBp2/3P1P2/4B3/4K3 w - - 0 1", "k7/1b6/8/8/8/1pB5/pP6/K7 w - - 0 1",
                          "k1b5/Pp1b4/1P6/8/8/1p6/pP1B4/K1B5 w - - 0 1", "k7/1p6/1Pp5/n1P5/N1p5/1pP1B3/1P1B4/K7 w - - 0 1",
                          "B1Bk4/p1pPp3/P1P1P3/8/3b4/2b5/8/5K2 w - - 0 1", "k1b5/1p1p4/1P1P4/B7/8/2B5/8/K7 w - - 0 1",
                          "8/2b5/1b5p/b4p1P/5p1K/5Pp1/6P1/5kb1 b - - 0 1", "8/1p2B1B1/1PpB1B2/k1P5/p1P5/P7/5K2/8 w - - 0 1"}) {
    for (int game = 0; game < 6; ++game)
      check_claims_along_random_play(test::pos(fen), 16, rng, 30'000, search::Order::Guided, claims, failures);
  }
  INFO(failures.size() << " contradictions; first: " << (failures.empty() ? "" : failures[0]));
  CHECK(failures.empty());
  CHECK(claims > 100);
}

TEST_CASE("blockade: a man the enemy king can take only into a stalemate stands for ever (test vector line 996)",
          "[blockade]") {
  // The white king can take the entombed bishop c8 only while the black king is on a8
  // (on b8 it defends c8); then Black, with only frozen pawns besides, has no move.
  auto p = test::pos("k1b5/1p1p4/1P1P4/B7/8/2B5/8/K7 w - - 0 1");
  auto b = search::analyze_blockade(p);
  CHECK(b.stalemate_guarded == squares({"c8"}));
  CHECK(b.king_region[1] == squares({"a8", "b8"}));
  for (Color c : {Color::White, Color::Black}) {
    auto why = search::blockade_forbids_mate(p, c);
    REQUIRE(why);
    CHECK(why->find("only into a stalemate") != std::string::npos);
  }
}

TEST_CASE("blockade: the pocket of line 1370 -- the black king takes g2 only into a stalemate", "[blockade]") {
  // The white king shuttles h4-h3; the black king can take g2 only while it stands on h4
  // (h3 defends g2), and then White has no move: White can never mate.
  auto p = test::pos("8/2b5/1b5p/b4p1P/5p1K/5Pp1/6P1/5kb1 b - - 0 1");
  auto b = search::analyze_blockade(p);
  CHECK(b.stalemate_guarded.has(*board::parse_square("g2")));
  CHECK(b.king_region[0] == squares({"h3", "h4"}));
  CHECK(search::blockade_forbids_mate(p, Color::White));
}

TEST_CASE("blockade: a capture that leaves the loser a move is no stalemate trap", "[blockade]") {
  // As line 996 but with a black knight that can always move: taking c8 no longer
  // stalemates, so c8 can be lost and the pawns b7, d7 are not frozen for ever.
  auto p = test::pos("k1b5/1p1p4/1P1P4/B7/8/2B5/7n/K7 w - - 0 1");
  auto b = search::analyze_blockade(p);
  CHECK_FALSE(b.stalemate_guarded.has(*board::parse_square("c8")));
  CHECK_FALSE(b.immobile.has(*board::parse_square("c8")));
}

TEST_CASE("blockade: a king that covers the last flight only from a square it steps onto into a stalemate",
          "[blockade]") {
  // Line 1370, Black to mate: Bd8-e7+ against Kh4 would mate with the black king on h2
  // covering h3, but the black king can step onto h2 only while the white king is on h4,
  // and then White, with nothing else to move, is stalemated.
  auto pocket = search::blockade_forbids_mate(test::pos("8/2b5/1b5p/b4p1P/5p1K/5Pp1/6P1/5kb1 b - - 0 1"), Color::Black);
  REQUIRE(pocket);
  CHECK(pocket->find("stepping onto h2") != std::string::npos);
  // Line 1803, White to mate: the white king covers a6 only from a7, stalemating Black.
  auto corner = search::blockade_forbids_mate(test::pos("8/1p2B1B1/1PpB1B2/k1P5/p1P5/P7/5K2/8 w - - 0 1"), Color::White);
  REQUIRE(corner);
  CHECK(corner->find("stepping onto a7") != std::string::npos);
  // With a white knight that can always move there is no stalemate: no claim.
  CHECK_FALSE(search::blockade_forbids_mate(test::pos("8/2b5/1b5p/b4p1P/5p1K/5Pp1/6P1/N4kb1 b - - 0 1"), Color::Black));
}

TEST_CASE("mate squares: the walls of test vector line 516 leave the black king c1 and h8 only", "[blockade]") {
  // White's men are dark-squared bishops, its king and pawn stand for ever on a1 and b2;
  // Black's two light bishops can block two light flights: on c1 (b1 covered by the king)
  // and in the corner h8. Every other dark square has three light flights or more.
  const auto pos = test::pos("k6B/1b4B1/2b2B2/4B3/3B4/1pB1B3/pP1B4/K7 w - - 0 1");
  CHECK(search::possible_mate_squares(pos, Color::White, 8) == (Bitboard::of(Square(2)) | Square(63)));
  // Black's light bishops never check a king on the dark a1 behind its pawn wall.
  CHECK(search::possible_mate_squares(pos, Color::Black, 8).empty());
}

TEST_CASE("mate squares: every square without walls, none where the blockade proves no mate, "
          "every square past the limit",
          "[blockade]") {
  CHECK(search::possible_mate_squares(board::Position::startpos(), Color::White, 8) == board::kAllSquares);
  const auto locked = test::pos("2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - - 0 1");
  CHECK(search::possible_mate_squares(locked, Color::White, 8).empty());
  // Seven light bishops can block almost anywhere (test vector line 441).
  const auto bishops = test::pos("k7/1b6/2b5/3b4/4b3/1pB2b2/pP4b1/K6b w - - 0 1");
  CHECK(search::possible_mate_squares(bishops, Color::White, 8) == board::kAllSquares);
}
