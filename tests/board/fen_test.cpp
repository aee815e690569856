// FEN reading and writing: canonical texts round-trip, every position reached by play
// round-trips through its FEN, EPD-style input, en-passant normalisation, and one
// distinct error per malformed text (field + offset) or broken rule (typed Kind).
#include <catch2/catch.hpp>
#include <fstream>
#include <functional>
#include <set>
#include <sstream>

#include "search/board/movegen.hpp"
#include "search/board/notation.hpp"
#include "support.hpp"

using namespace arbiter;
using test::epd_fens;
using test::lines_of;
using test::walk;
using namespace arbiter::board;
using Kind = SetupError::Kind;

namespace {

FenError text_error(const std::string& fen) {
  auto r = parse_fen(fen);
  INFO("FEN: '" << fen << "'");
  REQUIRE_FALSE(r.has_value());
  return r.error();
}

std::vector<SetupError> rule_errors(const std::string& fen) {
  auto setup = parse_fen(fen);
  INFO("FEN: " << fen);
  REQUIRE(setup.has_value());
  auto p = Position::from_setup(*setup);
  REQUIRE_FALSE(p.has_value());
  return p.error();
}

bool has_kind(const std::vector<SetupError>& errors, Kind k) {
  for (const auto& e : errors)
    if (e.kind == k) return true;
  return false;
}

}  // namespace

TEST_CASE("canonical FENs round-trip exactly", "[fen]") {
  const char* fens[] = {
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
      "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
      "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
      "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
      "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
      "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
      "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",  // exf6 e.p. is legal
      "rnbqkbnr/pppp1ppp/8/8/3Pp3/8/PPP1PPPP/RNBQKBNR b Kq d3 0 3",     // exd3 e.p. is legal
      "8/8/8/8/8/8/8/K1k5 b - - 99 150",
      // Chess960, X-FEN: KQkq for the outermost rooks wherever the king stands.
      "rkrnnbbq/pppppppp/8/8/8/8/PPPPPPPP/RKRNNBBQ w KQkq - 0 1",
      "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9",
      // Chess960, X-FEN with file letters: the castling rook is not the outermost one.
      "1k1r3r/8/8/8/8/8/8/1K1R3R w Dd - 0 1",
      "r2r2k1/8/8/8/8/8/8/R2R2K1 w Dd - 0 1",
      "r2r2k1/8/8/8/8/8/8/R2R2K1 w Q - 0 1",
  };
  for (const char* fen : fens) {
    INFO(fen);
    auto p = Position::from_fen(fen);
    REQUIRE(p.has_value());
    CHECK(p->fen() == fen);
  }
}

TEST_CASE("Shredder-FEN castling reads as the same rights and writes as X-FEN", "[fen][chess960]") {
  struct Case {
    const char* shredder;
    const char* xfen;
  };
  const Case cases[] = {
      {"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
       "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9"},
      {"nrkbbrqn/pppppppp/8/8/8/8/PPPPPPPP/NRKBBRQN w BFbf - 0 1",
       "nrkbbrqn/pppppppp/8/8/8/8/PPPPPPPP/NRKBBRQN w KQkq - 0 1"},
      {"1rk1r3/8/8/8/8/8/8/1RK1R3 w BEbe - 0 1", "1rk1r3/8/8/8/8/8/8/1RK1R3 w KQkq - 0 1"},
      {"2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9",
       "2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w KQkq - 1 9"},
      {"1k1r3r/8/8/8/8/8/8/1K1R3R w Dd - 0 1", "1k1r3r/8/8/8/8/8/8/1K1R3R w Dd - 0 1"},
  };
  for (const auto& c : cases) {
    INFO(c.shredder);
    auto s = Position::from_fen(c.shredder);
    auto x = Position::from_fen(c.xfen);
    REQUIRE(s.has_value());
    REQUIRE(x.has_value());
    CHECK(s->fen() == c.xfen);
    CHECK(s->same_position(*x));
    CHECK(s->key() == x->key());
    for (Color color : {Color::White, Color::Black})
      for (bool king_side : {true, false}) {
        CHECK(s->can_castle(color, king_side) == x->can_castle(color, king_side));
        if (s->can_castle(color, king_side))
          CHECK(s->castling_rook(color, king_side) == x->castling_rook(color, king_side));
      }
  }
  // The inner rook's right is kept apart from the outer rook's.
  auto p = test::pos("1k1r3r/8/8/8/8/8/8/1K1R3R w Dd - 0 1");
  CHECK(p.castling_rook(Color::White, true) == *parse_square("d1"));
  CHECK(p.castling_rook(Color::Black, true) == *parse_square("d8"));
  CHECK_FALSE(p.can_castle(Color::White, false));
}

TEST_CASE("every position reached by play is reproduced by from_fen of its FEN", "[fen]") {
  std::vector<std::pair<std::string, int>> starts;
  for (const auto& fen : epd_fens(test::fixture("perft/perft.epd"))) starts.emplace_back(fen, 2);
  for (const auto& fen : epd_fens(test::data("perft960.epd"))) starts.emplace_back(fen, 2);
  starts.emplace_back("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", 3);
  starts.emplace_back("n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1", 3);
  starts.emplace_back("8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1", 3);
  starts.emplace_back("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", 3);
  starts.emplace_back("k7/8/8/8/8/8/8/6KR w K - 0 1", 3);

  for (const auto& [start, depth] : starts) {
    auto root = test::pos(start);
    int nodes = 0;
    std::vector<std::string> failures;
    walk(root, depth, [&](const Position& p) {
      ++nodes;
      std::string fen = p.fen();
      auto q = Position::from_fen(fen);
      if (!q) {
        failures.push_back(fen + ": rejected: " + q.error());
        return;
      }
      // chess960() is not compared: it only chooses how castling is written in UCI, and a
      // FEN cannot carry it once king and rooks stand where standard chess has them.
      bool same = q->fen() == fen && q->key() == p.key() && q->same_position(p) &&
                  q->side_to_move() == p.side_to_move() && q->castling_rights() == p.castling_rights() &&
                  q->en_passant() == p.en_passant() && q->halfmove_clock() == p.halfmove_clock() &&
                  q->fullmove_number() == p.fullmove_number() && q->checkers() == p.checkers() &&
                  legal_moves(*q).size() == legal_moves(p).size();
      if (!same) failures.push_back(fen + " read back as " + q->fen());
    });
    INFO("from " << start << " (" << nodes << " positions)");
    INFO((failures.empty() ? std::string("") : failures.front()));
    CHECK(failures.empty());
  }
}

TEST_CASE("EPD-style input with four fields defaults the counters to 0 and 1", "[fen]") {
  auto p = test::pos("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -");
  CHECK(p.halfmove_clock() == 0);
  CHECK(p.fullmove_number() == 1);
  CHECK(p.fen() == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
  auto s = parse_fen("8/8/8/8/8/8/8/K1k5 w - -");
  REQUIRE(s.has_value());
  CHECK(s->halfmove_clock == 0);
  CHECK(s->fullmove_number == 1);
}

TEST_CASE("an en-passant square is kept only when an en-passant capture is legal", "[fen]") {
  SECTION("no pawn can capture: dropped") {
    auto p = test::pos("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    CHECK(p.en_passant() == Square::None);
    CHECK(p.fen() == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
  }
  SECTION("the only capture is illegal (horizontal pin): dropped") {
    auto p = test::pos("8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1");
    CHECK(p.en_passant() == Square::None);
    CHECK(p.fen() == "8/8/8/8/k2Pp2Q/8/8/3K4 b - - 0 1");
  }
  SECTION("a legal capture exists: kept") {
    auto p = test::pos("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
    CHECK(p.en_passant() == *parse_square("f6"));
    CHECK(p.fen() == "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
  }
}

TEST_CASE("each malformed FEN text gives its own error with field and offset", "[fen][errors]") {
  struct Case {
    const char* name;
    std::string fen;
    int field;
    std::size_t offset;
    const char* says;
  };
  const std::string start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
  const Case cases[] = {
      {"bad piece letter", "rnbqkbnr/pppppppp/8/8/4X3/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 1, 23, "'X' is not a piece"},
      {"rank with 9 squares", "rnbqkbnr/pppppppp/8/8/4P4/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1", 1, 24,
       "rank 4 has more than 8 squares"},
      {"rank with 7 squares", "rnbqkbnr/pppppppp/8/8/7/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 1, 23,
       "rank 4 has 7 squares"},
      {"7 ranks", "rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 1, 41, "7 ranks, expected 8"},
      {"9 ranks", "rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 1, 36, "more than 8 ranks"},
      {"bad side", start + " x KQkq - 0 1", 2, 44, "'x' is not 'w' or 'b'"},
      {"bad castling character", start + " w KQkz - 0 1", 3, 49, "'z' is not a castling right"},
      {"duplicate castling right", start + " w KQkk - 0 1", 3, 49, "king-side right of black is given twice"},
      {"bad en-passant square", start + " w KQkq e9 0 1", 4, 51, "'e9' is not a square"},
      {"negative halfmove clock", start + " w KQkq - -1 1", 5, 53, "'-1' is not a whole number"},
      {"non-numeric fullmove number", start + " w KQkq - 0 x", 6, 55, "'x' is not a whole number"},
      {"too few fields", start, 2, 43, "missing: a FEN needs at least"},
      {"too many fields", start + " w KQkq - 0 1 extra", 6, 57, "unexpected text after the sixth field"},
      {"empty string", "", 1, 0, "the FEN is empty"},
      {"only blanks", "   ", 1, 0, "the FEN is empty"},
      {"crazyhouse pocket", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Pp] w KQkq - 0 1", 1, 43, "crazyhouse"},
  };
  std::set<std::string> messages;
  for (const auto& c : cases) {
    INFO(c.name << ": '" << c.fen << "'");
    FenError e = text_error(c.fen);
    INFO("error: " << e.to_string());
    CHECK(e.field == c.field);
    CHECK(e.offset == c.offset);
    CHECK_THAT(e.message, Catch::Contains(c.says));
    CHECK_THAT(e.to_string(), Catch::Contains("field " + std::to_string(c.field)));
    CHECK_THAT(e.to_string(), Catch::Contains("character " + std::to_string(c.offset + 1)));
    messages.insert(e.to_string());
    // The one-step reader reports the same text error.
    auto p = Position::from_fen(c.fen);
    REQUIRE_FALSE(p.has_value());
    CHECK(p.error() == e.to_string());
  }
  // Blank-only and empty input share one error; every other case has its own.
  CHECK(messages.size() == std::size(cases) - 1);
}

TEST_CASE("each broken rule is reported with its kind, naming the square or side", "[fen][errors]") {
  struct Case {
    const char* name;
    const char* fen;
    Kind kind;
    std::vector<std::string> says;
  };
  const Case cases[] = {
      {"missing king", "8/8/8/8/8/8/8/K7 w - - 0 1", Kind::MissingKing, {"black", "no king"}},
      {"two kings", "k7/8/8/8/8/8/8/KK6 w - - 0 1", Kind::TooManyKings, {"white", "2 kings"}},
      {"white pawn on the last rank", "k6P/8/8/8/8/8/8/K7 w - - 0 1", Kind::PawnOnBackRank, {"h8"}},
      {"black pawn on the first rank", "k7/8/8/8/8/8/8/K6p b - - 0 1", Kind::PawnOnBackRank, {"h1"}},
      {"side not to move in check", "k7/8/8/8/8/8/8/R3K3 w - - 0 1", Kind::OpponentInCheck,
       {"black is in check", "white to move"}},
      {"triple check", "4k3/8/8/8/8/3n1n2/8/r3K3 w - - 0 1", Kind::ImpossibleCheck, {"white", "3 pieces"}},
      {"two knights checking", "4k3/8/8/8/8/3n1n2/8/4K3 w - - 0 1", Kind::ImpossibleCheck, {"white", "twice"}},
      {"two pawns checking", "8/8/8/8/8/1k6/P1P5/1K6 b - - 0 1", Kind::ImpossibleCheck, {"black", "twice"}},
      {"castling right without the king in place", "r3k2r/8/8/8/8/8/4K3/R6R w Kkq - 0 1", Kind::BadCastling,
       {"white", "king on its first rank"}},
      {"castling right without the rook in place", "r3k2r/8/8/8/8/8/8/R3K3 w KQkq - 0 1", Kind::BadCastling,
       {"white king-side", "rook on h1"}},
      {"black castling right without the rook", "4k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", Kind::BadCastling,
       {"black queen-side", "rook on a8"}},
      {"en passant without a double push", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq e3 0 1",
       Kind::BadEnPassant, {"e3", "white"}},
      {"en passant on the wrong rank", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e4 0 1",
       Kind::BadEnPassant, {"e4"}},
      {"en passant with the crossed square occupied", "rnbqkbnr/pppppppp/8/8/3P4/3N4/PPP1PPPP/R1BQKBNR b KQkq d3 0 1",
       Kind::BadEnPassant, {"d3"}},
      {"nine pawns", "4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1", Kind::TooManyPieces, {"white", "9 pawns"}},
      {"seventeen men", "rnbqkbnr/pppppppp/8/8/8/N7/PPPPPPPP/RNBQKBNR w KQkq - 0 1", Kind::TooManyPieces,
       {"white", "17 men"}},
  };
  std::set<std::string> messages;
  for (const auto& c : cases) {
    INFO(c.name << ": " << c.fen);
    auto errors = rule_errors(c.fen);
    INFO("errors: " << describe(errors));
    REQUIRE(errors.size() == 1);
    CHECK(errors[0].kind == c.kind);
    for (const auto& s : c.says) CHECK_THAT(errors[0].message, Catch::Contains(s));
    messages.insert(errors[0].message);
    auto p = Position::from_fen(c.fen);
    REQUIRE_FALSE(p.has_value());
    CHECK_THAT(p.error(), Catch::Contains(errors[0].message));
  }
  CHECK(messages.size() == std::size(cases));
}

TEST_CASE("every broken rule is listed, not only the first", "[fen][errors]") {
  SECTION("kings, pawns, material and castling") {
    // Black has no king, White has nine pawns, a black pawn stands on a1, and White's
    // king-side right has no rook on h1.
    auto errors = rule_errors("8/8/8/8/8/P7/PPPPPPPP/p3K3 w K - 0 1");
    INFO(describe(errors));
    CHECK(errors.size() == 4);
    CHECK(has_kind(errors, Kind::MissingKing));
    CHECK(has_kind(errors, Kind::TooManyPieces));
    CHECK(has_kind(errors, Kind::PawnOnBackRank));
    CHECK(has_kind(errors, Kind::BadCastling));
    std::string all = describe(errors);
    for (const auto& e : errors) CHECK_THAT(all, Catch::Contains(e.message));
  }
  SECTION("a pawn on the back rank, a bad en-passant square and the side not to move in check") {
    // A pawn on h1 and no white pawn on e4 behind e3; then also White, not to move, in check
    // from the rook on a8.
    auto errors = rule_errors("k7/8/8/8/8/8/8/K6p b - e3 0 1");
    INFO(describe(errors));
    CHECK(has_kind(errors, Kind::PawnOnBackRank));
    CHECK(has_kind(errors, Kind::BadEnPassant));
    auto more = rule_errors("r6k/8/8/8/8/8/8/K6p b - e3 0 1");
    INFO(describe(more));
    CHECK(more.size() == 3);
    CHECK(has_kind(more, Kind::PawnOnBackRank));
    CHECK(has_kind(more, Kind::BadEnPassant));
    CHECK(has_kind(more, Kind::OpponentInCheck));
  }
  SECTION("two kings and a castling right without its rook") {
    auto errors = rule_errors("4k3/8/8/8/8/8/8/K3K3 w Q - 0 1");
    INFO(describe(errors));
    CHECK(has_kind(errors, Kind::TooManyKings));
    CHECK(has_kind(errors, Kind::BadCastling));
  }
}

TEST_CASE("a null move is the position with the other side to move, and undo restores it", "[fen][null-move]") {
  // Its key is that of the FEN with the side to move flipped and no en-passant square (the
  // counters aside), in every position within three plies of the perft roots; in check it
  // is refused and changes nothing.
  int passed = 0, refused = 0;
  for (const std::string& fen : test::epd_fens(test::fixture("perft/perft.epd"))) {
    board::Position root = test::pos(fen);
    test::walk(root, 3, [&](board::Position& pos) {
      const std::string before = pos.fen();
      const uint64_t key = pos.key();
      INFO(before);
      if (pos.in_check()) {
        CHECK_FALSE(pos.do_null_move());
        CHECK(pos.fen() == before);
        ++refused;
        return;
      }
      std::istringstream fields(before);
      std::string board_field, side, castling, en_passant;
      fields >> board_field >> side >> castling >> en_passant;
      const auto flipped =
          board::Position::from_fen(board_field + (side == "w" ? " b " : " w ") + castling + " - 0 1");
      REQUIRE(flipped);
      REQUIRE(pos.do_null_move());
      CHECK(pos.side_to_move() == flipped->side_to_move());
      CHECK(pos.key() == flipped->key());
      CHECK(pos.checkers() == flipped->checkers());
      CHECK(pos.en_passant() == board::Square::None);
      pos.undo_null_move();
      CHECK(pos.fen() == before);
      CHECK(pos.key() == key);
      ++passed;
    });
  }
  CHECK(passed > 10000);
  CHECK(refused > 100);
}
