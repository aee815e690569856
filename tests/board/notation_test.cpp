// Moves as text: SAN and UCI round-trip over whole move trees; the SAN of positions
// whose correct notation is known (disambiguation, en passant, promotions, check and
// mate suffixes, castling); lenient input; both UCI castling forms; errors, never crashes.
#include <catch2/catch.hpp>
#include <fstream>
#include <functional>
#include <random>
#include <set>

#include "search/board/movegen.hpp"
#include "search/board/notation.hpp"
#include "support.hpp"

using namespace arbiter;
using test::epd_fens;
using test::lines_of;
using test::walk;
using namespace arbiter::board;

namespace {

Square sq(const char* name) { return *parse_square(name); }

// The legal move from -> to (with that promotion piece), found among the legal moves by
// its squares so that the test does not depend on the parsers under test.
Move find_move(const Position& pos, const char* from, const char* to, PieceType promotion = PieceType::None) {
  for (Move m : legal_moves(pos)) {
    if (m.from() != sq(from) || m.to() != sq(to)) continue;
    if (m.kind() == MoveKind::Promotion ? m.promotion() == promotion : promotion == PieceType::None) return m;
  }
  FAIL("no legal move " << from << to << " in " << pos.fen());
  return Move::none();
}

Move castling(const Position& pos, bool king_side) {
  Color us = pos.side_to_move();
  return Move::make(MoveKind::Castling, pos.king_square(us), pos.castling_rook(us, king_side));
}

// Positions where notation is interesting: the perft suites, three queens on one square's
// lines, knights and rooks sharing targets, promotions with check, Chess960 castling.
std::vector<std::string> roots() {
  auto out = epd_fens(test::fixture("perft/perft.epd"));
  for (auto& fen : epd_fens(test::data("perft960.epd"))) out.push_back(fen);
  for (const char* fen : {
           "8/8/1k6/8/4Q2Q/8/8/K6Q w - - 0 1",
           "rnbqkb1r/ppp1pppp/5n2/3p4/3P4/2N2N2/PPP1PPPP/R1BQKB1R b KQkq - 3 3",
           "7k/8/8/R7/8/8/8/R3K3 w Q - 0 1",
           "k7/4P3/1K6/8/8/8/8/8 w - - 0 1",
           "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
           "rnbqkbnr/1pp1pppp/p7/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3",
           "k7/8/8/8/8/8/8/6KR w K - 0 1",
           "8/2N1N3/8/8/8/2N1N3/8/K6k w - - 0 1",
       })
    out.push_back(fen);
  return out;
}

}  // namespace

TEST_CASE("SAN and UCI round-trip for every legal move", "[notation]") {
  for (const auto& root : roots()) {
    auto pos = test::pos(root);
    std::vector<std::string> failures;
    long moves = 0;
    walk(pos, 2, [&](Position& p) {
      std::set<std::string> sans, ucis;
      auto legal = legal_moves(p);
      for (Move m : legal) {
        ++moves;
        std::string san = to_san(p, m), uci = to_uci(p, m);
        sans.insert(san);
        ucis.insert(uci);
        auto from_san = parse_san(p, san);
        auto from_uci = parse_uci(p, uci);
        auto any_san = parse_move(p, san);
        auto any_uci = parse_move(p, uci);
        if (!from_san || *from_san != m || !any_san || *any_san != m)
          failures.push_back(p.fen() + ": SAN '" + san + "' reads back as " +
                             (from_san ? to_uci(p, *from_san) : from_san.error()));
        if (!from_uci || *from_uci != m || !any_uci || *any_uci != m)
          failures.push_back(p.fen() + ": UCI '" + uci + "' reads back as " +
                             (from_uci ? to_uci(p, *from_uci) : from_uci.error()));
      }
      if (sans.size() != legal.size() || ucis.size() != legal.size())
        failures.push_back(p.fen() + ": two legal moves share a SAN or UCI text");
    });
    INFO(root << ": " << moves << " moves");
    INFO((failures.empty() ? std::string() : failures.front()));
    CHECK(failures.empty());
  }
}

TEST_CASE("SAN disambiguates by file, then rank, then both", "[notation][san]") {
  SECTION("by file: Nbd7 and Nfd7") {
    auto pos = test::pos("rnbqkb1r/ppp1pppp/5n2/3p4/3P4/2N2N2/PPP1PPPP/R1BQKB1R b KQkq - 3 3");
    CHECK(to_san(pos, find_move(pos, "b8", "d7")) == "Nbd7");
    CHECK(to_san(pos, find_move(pos, "f6", "d7")) == "Nfd7");
    CHECK(to_san(pos, find_move(pos, "b8", "c6")) == "Nc6");  // only one knight reaches c6
  }
  SECTION("by rank: R1a3 and R5a3") {
    auto pos = test::pos("7k/8/8/R7/8/8/8/R3K3 w Q - 0 1");
    CHECK(to_san(pos, find_move(pos, "a1", "a3")) == "R1a3");
    CHECK(to_san(pos, find_move(pos, "a5", "a3")) == "R5a3");
    CHECK(to_san(pos, find_move(pos, "a1", "b1")) == "Rb1");
  }
  SECTION("by both: Qh4e1 with queens on e4, h4 and h1") {
    auto pos = test::pos("8/8/1k6/8/4Q2Q/8/8/K6Q w - - 0 1");
    CHECK(to_san(pos, find_move(pos, "h4", "e1")) == "Qh4e1");
    CHECK(to_san(pos, find_move(pos, "e4", "e1")) == "Qee1");
    CHECK(to_san(pos, find_move(pos, "h1", "e1")) == "Q1e1");
    CHECK(*parse_san(pos, "Qh4e1") == find_move(pos, "h4", "e1"));
  }
  SECTION("by both: four knights reaching d5") {
    // Knights c3, e3, c7, e7 all reach d5: each shares its file with one and its rank with
    // another, so only the full square names it. Only c3 and c7 reach b5: by rank.
    auto pos = test::pos("8/2N1N3/8/8/8/2N1N3/8/K6k w - - 0 1");
    CHECK(to_san(pos, find_move(pos, "c3", "d5")) == "Nc3d5");
    CHECK(to_san(pos, find_move(pos, "e7", "d5")) == "Ne7d5");
    CHECK(to_san(pos, find_move(pos, "c3", "b5")) == "N3b5");
    CHECK(to_san(pos, find_move(pos, "c3", "a4")) == "Na4");
  }
}

TEST_CASE("SAN of pawn captures, promotions, check, mate and castling", "[notation][san]") {
  SECTION("en passant is written as a pawn capture: exd6") {
    auto pos = test::pos("rnbqkbnr/1pp1pppp/p7/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3");
    Move ep = Move::make(MoveKind::EnPassant, sq("e5"), sq("d6"));
    REQUIRE(legal_moves(pos).contains(ep));
    CHECK(to_san(pos, ep) == "exd6");
    CHECK(*parse_san(pos, "exd6") == ep);
    CHECK(*parse_uci(pos, "e5d6") == ep);
  }
  SECTION("promotion without check: e8=Q") {
    auto pos = test::pos("8/4P3/k7/8/8/8/8/4K3 w - - 0 1");
    CHECK(to_san(pos, find_move(pos, "e7", "e8", PieceType::Queen)) == "e8=Q");
    CHECK(to_san(pos, find_move(pos, "e7", "e8", PieceType::Knight)) == "e8=N");
    CHECK(to_uci(pos, find_move(pos, "e7", "e8", PieceType::Queen)) == "e7e8q");
  }
  SECTION("promotion with check: e8=Q+") {
    auto pos = test::pos("8/4P3/8/8/k7/8/8/4K3 w - - 0 1");
    CHECK(to_san(pos, find_move(pos, "e7", "e8", PieceType::Queen)) == "e8=Q+");
    CHECK(to_san(pos, find_move(pos, "e7", "e8", PieceType::Bishop)) == "e8=B+");
    CHECK(to_san(pos, find_move(pos, "e7", "e8", PieceType::Rook)) == "e8=R");
  }
  SECTION("promotion with mate: e8=Q#") {
    auto pos = test::pos("k7/4P3/1K6/8/8/8/8/8 w - - 0 1");
    CHECK(to_san(pos, find_move(pos, "e7", "e8", PieceType::Queen)) == "e8=Q#");
    CHECK(to_san(pos, find_move(pos, "e7", "e8", PieceType::Rook)) == "e8=R#");
    CHECK(to_san(pos, find_move(pos, "e7", "e8", PieceType::Bishop)) == "e8=B");
  }
  SECTION("checkmate by a piece: Qb7#") {
    auto pos = test::pos("k7/2K5/8/8/8/8/8/1Q6 w - - 0 1");
    CHECK(to_san(pos, find_move(pos, "b1", "b7")) == "Qb7#");
    CHECK(to_san(pos, find_move(pos, "b1", "h1")) == "Qh1+");  // a7 stays free
  }
  SECTION("castling: O-O and O-O-O") {
    auto pos = test::pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    CHECK(to_san(pos, castling(pos, true)) == "O-O");
    CHECK(to_san(pos, castling(pos, false)) == "O-O-O");
    auto black = test::pos("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1");
    CHECK(to_san(black, castling(black, false)) == "O-O-O");
    auto c960 = test::pos("k7/8/8/8/8/8/8/6KR w K - 0 1");
    CHECK(to_san(c960, castling(c960, true)) == "O-O");
  }
}

TEST_CASE("lenient SAN input", "[notation][san]") {
  auto start = Position::startpos();
  Move nf3 = find_move(start, "g1", "f3");
  CHECK(*parse_san(start, "Nf3!?") == nf3);
  CHECK(*parse_san(start, "Nf3!") == nf3);
  CHECK(*parse_san(start, "Nf3+") == nf3);  // a spurious check sign
  CHECK(*parse_san(start, "Ng1f3") == nf3);
  CHECK(*parse_san(start, "Ng1-f3") == nf3);
  CHECK(*parse_san(start, "e4") == find_move(start, "e2", "e4"));

  auto castle = test::pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  for (const char* text : {"O-O", "0-0", "o-o", "O-O+"}) {
    INFO(text);
    auto m = parse_san(castle, text);
    REQUIRE(m.has_value());
    CHECK(*m == castling(castle, true));
  }
  for (const char* text : {"O-O-O", "0-0-0", "o-o-o"}) {
    INFO(text);
    auto m = parse_san(castle, text);
    REQUIRE(m.has_value());
    CHECK(*m == castling(castle, false));
  }

  auto check = test::pos("8/4P3/8/8/k7/8/8/4K3 w - - 0 1");
  Move queen = find_move(check, "e7", "e8", PieceType::Queen);
  for (const char* text : {"e8=Q+", "e8=Q", "e8Q", "e8=Q#", "e8q"}) {
    INFO(text);
    auto m = parse_san(check, text);
    REQUIRE(m.has_value());
    CHECK(*m == queen);
  }
  CHECK(*parse_san(check, "e8N") == find_move(check, "e7", "e8", PieceType::Knight));
  CHECK(*parse_san(check, "e8=B+") == find_move(check, "e7", "e8", PieceType::Bishop));
}

TEST_CASE("UCI castling: king to its target in standard chess, king takes rook in Chess960",
          "[notation][uci][castling]") {
  SECTION("standard chess writes e1g1 and e1c1, and reads both forms") {
    auto pos = test::pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    CHECK(to_uci(pos, castling(pos, true)) == "e1g1");
    CHECK(to_uci(pos, castling(pos, false)) == "e1c1");
    CHECK(*parse_uci(pos, "e1g1") == castling(pos, true));
    CHECK(*parse_uci(pos, "e1h1") == castling(pos, true));
    CHECK(*parse_uci(pos, "e1c1") == castling(pos, false));
    CHECK(*parse_uci(pos, "e1a1") == castling(pos, false));
    CHECK(*parse_move(pos, "e1g1") == castling(pos, true));
  }
  SECTION("Chess960 writes king takes rook, and reads both forms") {
    auto pos = test::pos("6k1/8/8/8/8/8/8/1RK1R3 w BE - 0 1");
    CHECK(to_uci(pos, castling(pos, true)) == "c1e1");
    CHECK(to_uci(pos, castling(pos, false)) == "c1b1");
    CHECK(*parse_uci(pos, "c1e1") == castling(pos, true));
    CHECK(*parse_uci(pos, "c1g1") == castling(pos, true));
    CHECK(*parse_uci(pos, "c1b1") == castling(pos, false));
    auto rook_stays = test::pos("k7/8/8/8/8/8/8/4KR2 w F - 0 1");
    CHECK(to_uci(rook_stays, castling(rook_stays, true)) == "e1f1");
    CHECK(*parse_uci(rook_stays, "e1f1") == castling(rook_stays, true));
    CHECK(*parse_uci(rook_stays, "e1g1") == castling(rook_stays, true));
  }
  SECTION("in Chess960 a plain king step stays a king step") {
    auto pos = test::pos("k7/8/8/8/8/8/8/6KR w K - 0 1");
    CHECK(to_uci(pos, castling(pos, true)) == "g1h1");
    CHECK(*parse_uci(pos, "g1h1") == castling(pos, true));
    CHECK(*parse_uci(pos, "g1f1") == Move(sq("g1"), sq("f1")));
  }
}

TEST_CASE("illegal, ambiguous and malformed moves give an error, not a move", "[notation][errors]") {
  auto start = Position::startpos();
  auto expect_error = [](const std::expected<Move, std::string>& r, const std::string& says = "") {
    REQUIRE_FALSE(r.has_value());
    CHECK_FALSE(r.error().empty());
    if (!says.empty()) CHECK_THAT(r.error(), Catch::Contains(says));
  };
  SECTION("illegal") {
    expect_error(parse_san(start, "e5"), "no legal move");
    expect_error(parse_san(start, "Ke2"), "no legal move");
    expect_error(parse_san(start, "O-O"), "castling king-side is not legal");
    expect_error(parse_san(start, "O-O-O"), "castling queen-side is not legal");
    expect_error(parse_uci(start, "e2e5"), "not a legal move");
    expect_error(parse_uci(start, "e1g1"), "not a legal move");
    expect_error(parse_uci(start, "e2e4q"), "not a legal move");
    expect_error(parse_move(start, "e2e5"));
  }
  SECTION("ambiguous") {
    auto knights = test::pos("rnbqkb1r/ppp1pppp/5n2/3p4/3P4/2N2N2/PPP1PPPP/R1BQKB1R b KQkq - 3 3");
    expect_error(parse_san(knights, "Nd7"), "ambiguous");
    auto queens = test::pos("8/8/1k6/8/4Q2Q/8/8/K6Q w - - 0 1");
    expect_error(parse_san(queens, "Qe1"), "ambiguous: 3");
    expect_error(parse_san(queens, "Qhe1"), "ambiguous: 2");
    expect_error(parse_san(queens, "Q4e1"), "ambiguous: 2");
  }
  SECTION("promotion piece missing or wrong") {
    auto pos = test::pos("8/4P3/k7/8/8/8/8/4K3 w - - 0 1");
    expect_error(parse_san(pos, "e8"), "promotion piece");
    expect_error(parse_san(pos, "e8=K"));
    expect_error(parse_uci(pos, "e7e8"));
    expect_error(parse_uci(pos, "e7e8k"), "promotion piece");
    expect_error(parse_uci(pos, "e7e8x"), "promotion piece");
  }
  SECTION("garbage") {
    for (const char* text : {"", "+", "!?", "hello", "Zz9", "e9", "i4", "Xe4", "O-O-O-O", "e2e4e6", "=Q", "N",
                             "Nf", "x", "0-0-0-0", "\xff\xfe", "e2-", "1. e4", "e4 e5"}) {
      INFO("'" << text << "'");
      expect_error(parse_san(start, text));
      expect_error(parse_uci(start, text));
      expect_error(parse_move(start, text));
    }
  }
}

TEST_CASE("arbitrary text never crashes the move readers", "[notation][errors]") {
  std::mt19937 rng(20260101);
  const std::string alphabet = "abcdefghNBRQKPOo0-x=+#!?:12345678 \t\xff";
  const Position positions[] = {Position::startpos(),
                                test::pos("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
                                test::pos("8/4P3/8/8/k7/8/8/4K3 w - - 0 1")};
  int parsed = 0;
  for (int i = 0; i < 20000; ++i) {
    std::string text;
    std::size_t n = rng() % 9;
    for (std::size_t k = 0; k < n; ++k) text += alphabet[rng() % alphabet.size()];
    for (const auto& pos : positions) {
      auto legal = legal_moves(pos);
      for (auto r : {parse_san(pos, text), parse_uci(pos, text), parse_move(pos, text)}) {
        // A text that reads as a move reads as a legal one.
        if (r) {
          ++parsed;
          if (!legal.contains(*r)) FAIL("'" << text << "' read as an illegal move in " << pos.fen());
        } else if (r.error().empty()) {
          FAIL("'" << text << "' gave an empty error");
        }
      }
    }
  }
  CHECK(parsed > 0);
}
