// The board's endings along a game (docs/rules.md §3): checkmate, stalemate, dead position,
// fivefold, 75 moves, and the claims (threefold, 50 moves) with the FIDE "same position".
#include <catch2/catch.hpp>

#include "analyzer/claims.hpp"
#include "analyzer/dead_position.hpp"
#include "analyzer/pgn_game.hpp"
#include "analyzer/position_history.hpp"
#include "analyzer/rule_endings.hpp"
#include "game_line.hpp"
#include "search/board/notation.hpp"
#include "search/board/packed.hpp"

using namespace arbiter;
using namespace arbiter::analyzer;
using namespace arbiter::test;

TEST_CASE("Fool's mate is a checkmate at ply 4 that Black wins", "[endings]") {
  auto g = game("f3 e5 g4 Qh4#");
  auto e = first_rule_ending(g.start, g.moves);
  REQUIRE(e);
  CHECK(e->kind == Ending::Checkmate);
  CHECK(e->ply == 4);
  CHECK(e->result == GameResult::BlackWins);
}

TEST_CASE("Loyd's ten-move stalemate ends the game at ply 19", "[endings]") {
  // Sam Loyd's shortest stalemate with all men on the board.
  auto g = game("e3 a5 Qh5 Ra6 Qxa5 h5 h4 Rah6 Qxc7 f6 Qxd7+ Kf7 Qxb7 Qd3 Qxb8 Qh7 Qxc8 Kg6 Qe6");
  auto e = first_rule_ending(g.start, g.moves);
  REQUIRE(e);
  CHECK(e->kind == Ending::Stalemate);
  CHECK(e->ply == 19);
  CHECK(e->result == GameResult::Draw);
}

TEST_CASE("Knight shuffles from the start reach a fivefold repetition at ply 16", "[endings]") {
  // The start position stands at plies 0, 4, 8, 12 and 16.
  auto g = game(repeat("Nf3 Nf6 Ng1 Ng8", 5));
  auto e = first_rule_ending(g.start, g.moves);
  REQUIRE(e);
  CHECK(e->kind == Ending::Fivefold);
  CHECK(e->ply == 16);
}

TEST_CASE("The 75-move rule ends the game when the count reaches 150 plies", "[endings]") {
  auto g = game("4k3/8/8/8/8/8/8/R3K3 w - - 148 80", "Kd1 Kd8 Kc1");
  auto e = first_rule_ending(g.start, g.moves);
  REQUIRE(e);
  CHECK(e->kind == Ending::SeventyFive);
  CHECK(e->ply == 2);
}

TEST_CASE("A checkmate on the move that completes 75 moves takes precedence", "[endings]") {
  auto g = game("k7/8/1K6/8/8/8/8/7R w - - 149 80", "Rh8#");
  auto e = first_rule_ending(g.start, g.moves);
  REQUIRE(e);
  CHECK(e->kind == Ending::Checkmate);
  CHECK(e->result == GameResult::WhiteWins);
}

TEST_CASE("A capture leaving king and knight against a lone king makes the game dead at once", "[endings]") {
  // 1. Kxd2 leaves K+N vs K: dead at ply 1; the three moves after it are void.
  auto g = game("4k3/8/8/8/8/8/3r4/3NK3 w - - 0 1", "Kxd2 Ke7 Nb2 Ke6");
  WinnabilityAnalyzer analyzer;
  auto d = find_dead_position(g.start, g.moves, 4, board::Color::White, analyzer);
  CHECK(d.kind == DeadPositionCheck::Kind::Dead);
  CHECK(d.ply == 1);
  CHECK(d.exact);
}

TEST_CASE("The first dead ply is found deep in a long game", "[endings]") {
  // Rook shuffles, then the black rook is captured at ply 21: dead from there on.
  std::string shuffle = repeat("Nb2 Rd3 Nd1 Rd2", 5);
  auto g = game("4k3/8/8/8/8/8/3r4/3NK3 w - - 0 1", shuffle + " Kxd2 Ke7 Ke3 Ke6 Kf4");
  WinnabilityAnalyzer analyzer;
  auto d = find_dead_position(g.start, g.moves, int(g.moves.size()), board::Color::Black, analyzer);
  CHECK(d.kind == DeadPositionCheck::Kind::Dead);
  CHECK(d.ply == 21);
  // The probes go back from the last ply, so each last ply takes another path to it.
  for (int last = 0; last <= int(g.moves.size()); ++last) {
    auto at = find_dead_position(g.start, g.moves, last, std::nullopt, analyzer);
    CHECK(at.kind == (last < 21 ? DeadPositionCheck::Kind::Live : DeadPositionCheck::Kind::Dead));
    if (last >= 21) CHECK(at.ply == 21);
  }
}

TEST_CASE("A game whose last position is live had no dead position", "[endings]") {
  auto g = game("e4 e5 Nf3 Nc6");
  WinnabilityAnalyzer analyzer;
  auto d = find_dead_position(g.start, g.moves, 4, board::Color::White, analyzer);
  CHECK(d.kind == DeadPositionCheck::Kind::Live);
  REQUIRE(d.white);
  CHECK(d.white->outcome == search::Outcome::Winnable);
  CHECK_FALSE(d.black);  // not asked once White can mate
}

TEST_CASE("A dead-position check needing no side in particular shows the position live by the easier mate",
          "[endings]") {
  // Ply 104 of a fixture game, before its stalemate, with a locked pair of pawns added
  // (h3, h4) so that White, bishop and pawn against three pawns, looks first. White needs
  // ~120K nodes to a mate; Black, who can promote, about a thousand. Each side gets a
  // twentieth of the budget first, so Black's mate settles it.
  auto g = game("8/8/8/8/p1K4p/k6P/1p6/1B6 w - - 0 53", "");
  AnalysisOptions options;
  options.max_nodes = 1'000'000;  // the audit's default: a quick look is 50K nodes
  WinnabilityAnalyzer analyzer(options);
  auto d = find_dead_position(g.start, g.moves, 0, std::nullopt, analyzer);
  CHECK(d.kind == DeadPositionCheck::Kind::Live);
  REQUIRE(d.black);
  CHECK(d.black->outcome == search::Outcome::Winnable);
  REQUIRE(d.white);  // the quick look, which did not settle it
  CHECK(d.white->outcome == search::Outcome::Undetermined);
  CHECK(d.white->nodes <= analyzer.options().max_nodes / 20 + 4096);
}

TEST_CASE("A dead-position check needing no side in particular asks the side with more force first", "[endings]") {
  WinnabilityAnalyzer analyzer;
  // The position is live by `first`'s mate, and the other side is never asked.
  auto asks_first = [&](const char* fen, board::Color first) {
    auto g = game(fen, "");
    auto d = find_dead_position(g.start, g.moves, 0, std::nullopt, analyzer);
    CHECK(d.kind == DeadPositionCheck::Kind::Live);
    const auto& asked = first == board::Color::White ? d.white : d.black;
    const auto& other = first == board::Color::White ? d.black : d.white;
    REQUIRE(asked);
    CHECK(asked->outcome == search::Outcome::Winnable);
    CHECK_FALSE(other);
  };
  // Black's queen and rook against White's two pawns, White to move: Black (14) looks
  // first, mates, and White is never asked.
  asks_first("r5k1/8/8/8/8/1q6/PP6/K7 w - - 0 1", board::Color::Black);
  // On a tie White looks first.
  asks_first("6k1/6pp/8/8/8/8/PP6/K7 w - - 0 1", board::Color::White);
  // A lone knight could never mate a bare king: it counts for nothing against a pawn.
  // Black's pawn promotes and mates soon; White's mate needs Black's men to block.
  asks_first("8/8/8/2K2N2/7p/7k/8/8 w - - 0 1", board::Color::Black);
}

TEST_CASE("A threefold claim is first valid with the intended move that repeats for the third time",
          "[endings][claims]") {
  // The start position stands at plies 0 and 4; at ply 7 Black may write Ng8, which
  // would bring it for the third time.
  auto g = game(repeat("Nf3 Nf6 Ng1 Ng8", 3));
  auto c = first_threefold_claim(g.start, g.moves, int(g.moves.size()));
  REQUIRE(c);
  CHECK(c->ply == 7);
  CHECK(c->claimant == board::Color::Black);
  REQUIRE(c->intended);
  CHECK(board::to_uci(position_after(g.start, g.moves, 7), *c->intended) == "f6g8");
}

TEST_CASE("Positions that differ in castling rights are not the same for a threefold claim", "[endings][claims]") {
  // The rooks return to a1 and a8, but the castling rights are gone: the positions of
  // plies 0 and 1 never come back. Plies 2, 6 and 10 are the first to stand three times.
  auto g = game("r3k3/8/8/8/8/8/8/R3K3 w Qq - 0 1", repeat("Ra2 Ra7 Ra1 Ra8", 3));
  auto c = first_threefold_claim(g.start, g.moves, int(g.moves.size()));
  REQUIRE(c);
  CHECK(c->ply == 9);  // placement alone would allow a claim at ply 7 (plies 0, 4, 8)
  CHECK(c->claimant == board::Color::Black);
  CHECK(c->intended);
}

TEST_CASE("A position with a legal en-passant capture differs from the same placement without it",
          "[endings][claims]") {
  // After 1... d5 the capture exd6 e.p. is legal; when the knights come back it is not,
  // so ply 1 is a position of its own. Plies 2, 6 and 10 are the first to stand three times.
  auto g = game("1n2k3/3p4/8/4P3/8/8/8/4K1N1 b - - 0 1", "d5 " + repeat("Nf3 Nc6 Ng1 Nb8", 3));
  auto c = first_threefold_claim(g.start, g.moves, int(g.moves.size()));
  REQUIRE(c);
  CHECK(c->ply == 9);  // ignoring en passant would allow it at ply 8 (plies 1, 5, 9)
  CHECK(c->claimant == board::Color::White);
}

TEST_CASE("An en-passant square with no legal capture does not make a position different", "[endings][claims]") {
  // 1... d5 with no white pawn beside: the same position as when the knights return.
  auto g = game("1n2k3/3p4/8/8/8/8/8/4K1N1 b - - 0 1", "d5 " + repeat("Nf3 Nc6 Ng1 Nb8", 2));
  auto c = first_threefold_claim(g.start, g.moves, int(g.moves.size()));
  REQUIRE(c);
  CHECK(c->ply == 8);  // plies 1 and 5 stand; at ply 8 Black writes Nb8 for the third
}

TEST_CASE("A 50-move claim is valid with an intended move at 99 plies, not before", "[endings][claims]") {
  auto g = game("4k3/8/8/8/8/8/8/R3K3 w - - 98 80", "Ra2 Kd8 Ra1");
  CHECK_FALSE(fifty_move_claim_valid_at(g.start, g.moves, 0));
  auto c = first_fifty_move_claim(g.start, g.moves, 3);
  REQUIRE(c);
  CHECK(c->ply == 1);
  CHECK(c->claimant == board::Color::Black);
  CHECK(c->intended);
  CHECK(fifty_move_claim_valid_at(g.start, g.moves, 2));  // 100 plies on the board
}

TEST_CASE("A pawn move resets the 50-move count for the claim", "[endings][claims]") {
  auto g = game("4k3/7p/8/8/8/8/8/R3K3 b - - 98 80", "h6 Ra2");
  CHECK_FALSE(first_fifty_move_claim(g.start, g.moves, 2));
}

TEST_CASE("How often a position has stood, against a count over the whole game", "[endings]") {
  // stood_at_least rules most positions out by the length of the window, then by the keys,
  // then compares packed positions; the count here compares every earlier position.
  std::vector<GameLine> games = {
      game(repeat("Nf3 Nf6 Ng1 Ng8", 6)),
      game("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", repeat("Rh2 Rh7 Rh1 Rh8", 2) + repeat("Kd1 Kd8 Ke1 Ke8", 5)),
      game("4k3/8/8/8/4p3/8/3P4/4K3 w - - 0 1", "d4 Kd7 Kd1 Kd8 Ke1 Ke8 Kd1 Kd7 Ke1 Ke8 Kd1 Kd7 Ke1 Ke8")};
  std::istringstream in(repeat("1. Nc3 Nc6 2. Nb1 Nb8 ", 5) + "*\n");
  analyzer::PgnReader reader(in);
  auto lichess = analyzer::PgnReader::open(test::fixture("pgn/lichess-games.pgn"));
  REQUIRE(lichess);
  analyzer::RawGame raw;
  for (auto* r : {&reader, &*lichess})
    while (r->next(raw))
      if (auto g = analyzer::replay(std::move(raw))) games.push_back({g->start, g->moves});
  long checked = 0, repeated = 0;
  for (const auto& g : games) {
    board::Position pos = g.start;
    std::vector<board::PackedPosition> packed = {board::pack(pos)};
    for (std::size_t i = 0; i <= g.moves.size(); ++i) {
      if (i > 0) {
        pos.do_move(g.moves[i - 1]);
        packed.push_back(board::pack(pos));
      }
      int stood = 0;
      for (std::size_t j = i % 2; j <= i; j += 2) stood += packed[j] == packed[i];
      repeated += stood > 1;
      for (int times = 1; times <= 7; ++times) {
        INFO(pos.fen() << " stood " << stood << " times");
        CHECK(stood_at_least(pos, times) == (stood >= times));
        ++checked;
      }
    }
  }
  CHECK(checked > 400000);
  CHECK(repeated > 100);
}
