// The packed form (search/board/packed.hpp): its layout as documented (one nibble per
// man, in square order, the piece's value), the round trip through unpack, into a new
// position and into one whose memory is reused, and the key read from the packed form.
#include <catch2/catch.hpp>

#include "search/board/movegen.hpp"
#include "search/board/notation.hpp"
#include "search/board/packed.hpp"
#include "support.hpp"

using namespace arbiter;
using board::Position;

namespace {

// The nibble of the i-th man (square order), read from the bytes as documented.
int nibble(const board::PackedPosition& p, int i) { return (p.men[i / 2] >> ((i & 1) * 4)) & 15; }

// The FEN without its move counters (an unpacked position has no history).
std::string without_counters(const Position& pos) {
  const std::string fen = pos.fen();
  return fen.substr(0, fen.rfind(' ', fen.rfind(' ') - 1));
}

}  // namespace

TEST_CASE("packing lists every man's piece in square order and round-trips", "[board][packed]") {
  // The perft positions reach promotions, castling, en passant and full boards.
  std::vector<std::string> fens = test::epd_fens(test::fixture("perft/perft.epd"));
  REQUIRE(fens.size() >= 6);
  Position reused = Position::startpos();
  uint64_t checked = 0;
  for (const std::string& fen : fens) {
    Position root = test::pos(fen);
    test::walk(root, 2, [&](Position& pos) {
      const board::PackedPosition p = board::pack(pos);
      REQUIRE(p.occupied == pos.occupied().bits());
      int i = 0;
      for (board::Square s : pos.occupied()) {
        INFO(pos.fen() << " man " << i);
        REQUIRE(nibble(p, i) == board::index(pos.piece_on(s)));
        ++i;
      }
      for (; i < 32; ++i) REQUIRE(nibble(p, i) == 0);
      REQUIRE(p.side_to_move == uint8_t(pos.side_to_move()));
      REQUIRE(p.castling == pos.castling_rights());

      const Position fresh = board::unpack(p, root);
      board::unpack(p, root, reused);
      for (const Position* back : std::initializer_list<const Position*>{&fresh, &reused}) {
        REQUIRE(without_counters(*back) == without_counters(pos));
        REQUIRE(back->key() == pos.key());
        // The key comes from the packed form alone, as the no-solution table needs it.
        REQUIRE(board::packed_key(p) == pos.key());
        REQUIRE(back->checkers() == pos.checkers());
        REQUIRE(board::legal_moves(*back).size() == board::legal_moves(pos).size());
      }
      ++checked;
    });
  }
  CHECK(checked > 5000);
}

TEST_CASE("the packed form after a move, derived from the one before, is the packed form", "[board][packed]") {
  // Every legal move within two plies of the perft positions: quiet moves and captures
  // at every rank among the men (full boards have 32), promotions, castling, en passant.
  uint64_t moves = 0, derived = 0;
  for (const std::string& fen : test::epd_fens(test::fixture("perft/perft.epd"))) {
    Position root = test::pos(fen);
    test::walk(root, 2, [&](Position& pos) {
      const board::PackedPosition before = board::pack(pos);
      for (board::Move m : board::legal_moves(pos)) {
        INFO(pos.fen() << " then " << board::to_uci(pos, m));
        pos.do_move(m);
        REQUIRE(board::pack_after(before, m, pos) == board::pack(pos));
        derived += m.kind() == board::MoveKind::Normal;
        ++moves;
        pos.undo_move(m);
      }
    });
  }
  CHECK(derived > 100000);
  CHECK(moves > derived);
}
