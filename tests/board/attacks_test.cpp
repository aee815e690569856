// The attack tables (built by bit operations at start-up) against a square-by-square walk
// of the board written here: every slider on every square with every occupancy of the
// squares that matter to it, and every pair of squares for `between` and `line_through`.
#include "search/board/attacks.hpp"

#include <bit>
#include <catch2/catch.hpp>

using namespace arbiter;
using board::Bitboard;
using board::Square;

namespace {

// The squares from s along (df, dr), stopping at (and including) the first one in `occupied`.
Bitboard walk(Square s, int df, int dr, Bitboard occupied) {
  Bitboard out;
  for (int f = board::file_of(s) + df, r = board::rank_of(s) + dr; f >= 0 && f < 8 && r >= 0 && r < 8;
       f += df, r += dr) {
    out |= board::make_square(f, r);
    if (occupied.has(board::make_square(f, r))) break;
  }
  return out;
}

Bitboard walk_rook(Square s, Bitboard occ) {
  return walk(s, 1, 0, occ) | walk(s, -1, 0, occ) | walk(s, 0, 1, occ) | walk(s, 0, -1, occ);
}
Bitboard walk_bishop(Square s, Bitboard occ) {
  return walk(s, 1, 1, occ) | walk(s, -1, -1, occ) | walk(s, 1, -1, occ) | walk(s, -1, 1, occ);
}

// The squares a slider's attacks can depend on: its empty-board rays without the edge.
Bitboard inner(Bitboard rays, Square s) {
  Bitboard edge;
  if (board::file_of(s) != 0) edge |= Bitboard(0x0101010101010101ULL);
  if (board::file_of(s) != 7) edge |= Bitboard(0x8080808080808080ULL);
  if (board::rank_of(s) != 0) edge |= Bitboard(0x00000000000000FFULL);
  if (board::rank_of(s) != 7) edge |= Bitboard(0xFF00000000000000ULL);
  return rays & ~edge;
}

}  // namespace

TEST_CASE("attacks: rooks and bishops match a walk of the board for every occupancy that matters", "[board][attacks]") {
  uint64_t checked = 0;
  for (int i = 0; i < 64; ++i) {
    const Square s = Square(i);
    for (int kind = 0; kind < 2; ++kind) {
      const Bitboard mask = inner(kind ? walk_bishop(s, Bitboard()) : walk_rook(s, Bitboard()), s);
      // Every subset of the mask (carry-rippler), with squares off the rays set too: they
      // must change nothing.
      uint64_t subset = 0;
      do {
        const Bitboard occ =
            Bitboard(subset) | Bitboard(0x8100000000000081ULL & ~mask.bits() & ~Bitboard::of(s).bits());
        const Bitboard expected = kind ? walk_bishop(s, occ) : walk_rook(s, occ);
        const Bitboard got = kind ? board::bishop_attacks(s, occ) : board::rook_attacks(s, occ);
        ++checked;
        if (got != expected) FAIL_CHECK((kind ? "bishop" : "rook") << " on square " << i << " occupancy " << subset);
        subset = (subset - mask.bits()) & mask.bits();
      } while (subset);
    }
  }
  CHECK(checked == 102400 + 5248);  // the rook and bishop occupancies of all squares
}

TEST_CASE("attacks: the empty-board rays are the attacks on an empty board", "[board][attacks]") {
  for (int i = 0; i < 64; ++i) {
    CHECK(board::rook_rays(Square(i)) == walk_rook(Square(i), Bitboard()));
    CHECK(board::bishop_rays(Square(i)) == walk_bishop(Square(i), Bitboard()));
  }
}

TEST_CASE("attacks: queens are rooks and bishops together", "[board][attacks]") {
  const Bitboard occ(0x0024'1800'4200'1881ULL);
  for (int i = 0; i < 64; ++i)
    CHECK(board::queen_attacks(Square(i), occ) == (walk_rook(Square(i), occ) | walk_bishop(Square(i), occ)));
}

TEST_CASE("attacks: between and line_through for every pair of squares", "[board][attacks]") {
  const int dirs[8][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {-1, -1}, {1, -1}, {-1, 1}};
  int aligned = 0;
  for (int a = 0; a < 64; ++a) {
    for (int b = 0; b < 64; ++b) {
      if (a == b) continue;
      const Square sa = Square(a), sb = Square(b);
      Bitboard between, line;
      for (const auto& d : dirs) {
        const Bitboard ray = walk(sa, d[0], d[1], Bitboard::of(sb));
        if (!ray.has(sb)) continue;
        between = ray & ~Bitboard::of(sb);
        line = walk(sa, d[0], d[1], Bitboard()) | walk(sa, -d[0], -d[1], Bitboard()) | sa;
        ++aligned;
      }
      INFO("squares " << a << " and " << b);
      CHECK(board::between(sa, sb) == between);
      CHECK(board::line_through(sa, sb) == line);
      CHECK(board::aligned(sa, sb, sa) == bool(line));
    }
  }
  CHECK(aligned == 64 * 14 + 560);  // the ordered pairs on a rank or file, and on a diagonal
}
