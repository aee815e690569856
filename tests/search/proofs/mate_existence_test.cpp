// The enumeration of mate positions for small pawnless material.
#include <catch2/catch.hpp>

#include "analyzer/status.hpp"
#include "search/proofs/mate_existence.hpp"
#include "support.hpp"

using namespace arbiter;
using board::Color;

TEST_CASE("mate positions: none for K+N against K+Q (test vector line 1440: White cannot mate)",
          "[mate-existence]") {
  auto why = search::no_mate_position_exists(test::pos("3kq3/8/8/8/8/8/3KN3/8 w - - 0 1"), Color::White);
  REQUIRE(why);
  CHECK(why->find("Nq") != std::string::npos);
}

TEST_CASE("mate positions: none for K+B against K+R (test vector lines 1455-1456)", "[mate-existence]") {
  CHECK(search::no_mate_position_exists(test::pos("3kr3/8/8/8/8/3KB3/8/8 w - - 0 1"), Color::White));
}

TEST_CASE("mate positions: none for a lone knight or bishop against a lone king", "[mate-existence]") {
  CHECK(search::no_mate_position_exists(test::pos("8/8/8/4k3/8/8/8/KN6 w - - 0 1"), Color::White));
  CHECK(search::no_mate_position_exists(test::pos("8/8/8/4k3/8/8/8/KB6 w - - 0 1"), Color::White));
}

TEST_CASE("mate positions exist where a helpmate is known", "[mate-existence]") {
  // K+N against K+N: Black Kh8, Nh7; White Kf7, Ng6 is mate.
  auto mate = analyzer::status_of(test::pos("7k/5K1n/6N1/8/8/8/8/8 b - - 0 1"));
  REQUIRE(mate.state == analyzer::GameState::Checkmate);
  CHECK_FALSE(search::no_mate_position_exists(test::pos("n2k4/8/8/8/8/8/8/3N3K w - - 0 1"), Color::White));
  // K+R, K+Q, K+B+N, K+N+N (a mate exists, though it cannot be forced) and K+B vs K+N.
  for (const char* fen : {"4k3/8/8/8/8/8/8/K1R5 w - - 0 1", "4k3/8/8/8/8/8/8/K1Q5 w - - 0 1",
                          "7k/8/8/8/8/8/8/KBN5 w - - 0 1", "7k/8/8/8/8/8/8/KNN5 w - - 0 1",
                          "4k3/8/8/8/8/8/8/KB2n3 w - - 0 1"}) {
    INFO(fen);
    CHECK_FALSE(search::no_mate_position_exists(test::pos(fen), Color::White));
  }
}

TEST_CASE("mate positions: none for K+B against K+RRR (test vector line 1002), the rooks placed beside their king",
          "[mate-existence]") {
  // Whatever the rooks block, one of them can always take the bishop or step between.
  CHECK(search::no_mate_position_exists(test::pos("rr6/rk6/8/8/8/2K5/2B5/8 b - - 0 1"), Color::White));
  CHECK(search::no_mate_position_exists(test::pos("1q1q1q2/1k6/8/8/8/2K5/2N5/8 b - - 0 1"), Color::White));
}

TEST_CASE("mate positions: no conclusion with pawns or beyond the enumeration's limits", "[mate-existence]") {
  CHECK_FALSE(search::no_mate_position_exists(test::pos("8/8/8/4k3/4p3/8/8/KN6 w - - 0 1"), Color::White));
  // Eight rooks on the losing side; three men on the winning side.
  CHECK_FALSE(search::no_mate_position_exists(test::pos("rr1r4/rk1r4/rr5r/8/8/2K5/2B5/8 b - - 0 1"), Color::White));
  CHECK_FALSE(search::no_mate_position_exists(test::pos("k7/8/8/8/8/8/8/KBNR4 w - - 0 1"), Color::White));
}

TEST_CASE("mate positions: none for K+B against K+7R (test vector line 1003), the rooks placed beside their king",
          "[mate-existence]") {
  CHECK(search::no_mate_position_exists(test::pos("rr1r4/rk1r4/rr6/8/8/2K5/2B5/8 b - - 0 1"), Color::White));
}

TEST_CASE("mate positions: bishops keep the colour of their squares (test vector lines 1408, 1459)",
          "[mate-existence]") {
  // Two light-squared bishops against a queen: the only mates need a dark-squared one.
  auto why = search::no_mate_position_exists(test::pos("k7/q7/8/8/8/2KB4/2B5/8 w - - 0 1"), Color::White);
  REQUIRE(why);
  CHECK(why->find("colour") != std::string::npos);
  CHECK(search::no_mate_position_exists(test::pos("3kqb2/8/8/8/8/3KB3/8/8 w - - 0 1"), Color::White));
  // With bishops on both colours the queen can be taken and K+B+B mates.
  CHECK_FALSE(search::no_mate_position_exists(test::pos("k7/q7/8/8/8/2KB4/1B6/8 w - - 0 1"), Color::White));
}

TEST_CASE("mate positions: two bishops never give check together without pawns (test vector lines 1077, 1079)",
          "[mate-existence]") {
  // The only mates of K+RR by K+BB (both dark-squared) are double checks by the bishops.
  CHECK(search::no_mate_position_exists(test::pos("5b2/4bk2/8/8/8/8/3KR3/3R4 w - - 0 1"), Color::Black));
  CHECK(search::no_mate_position_exists(test::pos("8/8/8/8/8/2b1k1b1/3R4/4KR2 w - - 0 1"), Color::Black));
}

TEST_CASE("mate positions: none for K+N against K+QQ, the queens placed beside their king", "[mate-existence]") {
  // A final position of the fixture games (chess.com, timeout vs insufficient material).
  CHECK(search::no_mate_position_exists(test::pos("k7/8/8/8/8/8/1q6/K1N2q2 w - - 0 1"), Color::White));
}

namespace {

// The men of one material: 'N', 'L' (bishop on light squares), 'D' (on dark), 'R', 'Q'.
board::Position material_position(const std::string& white, const std::string& black) {
  board::Setup setup;
  setup.board[board::index(board::Square(4))] = board::make_piece(Color::White, board::PieceType::King);  // e1
  setup.board[board::index(board::Square(60))] = board::make_piece(Color::Black, board::PieceType::King);  // e8
  // White's men on the third rank, Black's on the sixth, each bishop on its colour.
  auto place = [&](const std::string& men, board::Color c, int rank) {
    std::vector<int> free = {1, 2, 5, 6, 0, 7};
    for (char m : men) {
      const auto type = m == 'N' ? board::PieceType::Knight
                        : m == 'R' ? board::PieceType::Rook
                        : m == 'Q' ? board::PieceType::Queen
                                   : board::PieceType::Bishop;
      for (std::size_t i = 0; i < free.size(); ++i) {
        const auto s = board::Square(8 * rank + free[i]);
        const bool dark = board::is_dark(s);
        if (type == board::PieceType::Bishop && dark != (m == 'D')) continue;
        setup.board[board::index(s)] = board::make_piece(c, type);
        free.erase(free.begin() + long(i));
        break;
      }
    }
  };
  place(white, Color::White, 2);
  place(black, Color::Black, 5);
  setup.side_to_move = Color::White;
  auto pos = board::Position::from_setup(setup);
  INFO("White " << white << " against Black " << black);
  REQUIRE(pos.has_value());
  return *pos;
}

// Every multiset of `n` men from "NLDRQ".
std::vector<std::string> multisets(int n, std::size_t from = 0) {
  static const std::string kinds = "NLDRQ";
  if (n == 0) return {""};
  std::vector<std::string> out;
  for (std::size_t i = from; i < kinds.size(); ++i)
    for (const std::string& rest : multisets(n - 1, i)) out.push_back(kinds[i] + rest);
  return out;
}

}  // namespace

TEST_CASE("mate positions: the loser's men placed beside their king prove no more than every placement "
          "(all materials of up to three men)",
          "[mate-existence]") {
  // The reduction may only speed the enumeration up: wherever it finds no mate position,
  // the enumeration over every square must find none either. (Where it finds one, that
  // position is itself a legal mate.)
  int proofs = 0;
  for (int winner_men = 1; winner_men <= 3; ++winner_men)
    for (int loser_men = 0; winner_men + loser_men <= 3; ++loser_men)
      for (const std::string& white : multisets(winner_men))
        for (const std::string& black : multisets(loser_men)) {
          const board::Position pos = material_position(white, black);
          if (!search::no_mate_position_exists(pos, Color::White)) continue;
          ++proofs;
          INFO("White " << white << " against Black " << black);
          CHECK(search::no_mate_position_exists(pos, Color::White, search::Placement::Everywhere));
        }
  // Lone minor pieces and K+N or K+B against one man or two at least.
  CHECK(proofs >= 10);
  INFO(proofs);
}

TEST_CASE("mate positions: the pruning changes no answer (all materials of up to three men, and larger "
          "ones the tests above prove)",
          "[mate-existence]") {
  // The pruning skips only placements that cannot be mates: with it and without it, the
  // enumeration must find a mate position for the same materials.
  int answers = 0, proofs = 0;
  auto check = [&](const board::Position& pos, Color winner) {
    const auto bounded = search::no_mate_position_exists(pos, winner);
    const auto plain =
        search::no_mate_position_exists(pos, winner, search::Placement::BesideKingWhenSound, search::Pruning::Off);
    CHECK(bounded.has_value() == plain.has_value());
    ++answers;
    proofs += bounded.has_value();
  };
  for (int winner_men = 1; winner_men <= 3; ++winner_men)
    for (int loser_men = 0; winner_men + loser_men <= 3; ++loser_men)
      for (const std::string& white : multisets(winner_men))
        for (const std::string& black : multisets(loser_men)) {
          INFO("White " << white << " against Black " << black);
          check(material_position(white, black), Color::White);
        }
  for (const char* fen : {"k7/8/8/8/8/8/1q6/K1N2q2 w - - 0 1", "rr6/rk6/8/8/8/2K5/2B5/8 b - - 0 1",
                          "1q1q1q2/1k6/8/8/8/2K5/2N5/8 b - - 0 1", "k7/q7/8/8/8/2KB4/2B5/8 w - - 0 1",
                          "5b2/4bk2/8/8/8/8/3KR3/3R4 w - - 0 1"}) {
    INFO(fen);
    const board::Position pos = test::pos(fen);
    check(pos, pos.pieces(Color::White, board::PieceType::Rook) ? Color::Black : Color::White);
  }
  // Both answers occur: materials with mate positions and without.
  CHECK(proofs >= 10);
  CHECK(answers - proofs >= 10);
}
