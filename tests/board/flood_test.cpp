// The set-at-a-time floods and attacks (search/board/flood.hpp) against the plain
// definition, one attack lookup per square, on random walls and starting sets: the same
// squares for every kind of man, on every board tried.
#include <catch2/catch.hpp>
#include <random>

#include "search/board/attacks.hpp"
#include "search/board/flood.hpp"

using namespace arbiter::board;

namespace {

// The definition: from every square reached so far, one move of `type` (sliders stopped
// by the walls, which they may not enter either), until nothing new is reached.
Bitboard reference_flood(PieceType type, Bitboard from, Bitboard open) {
  Bitboard seen = from, frontier = from;
  while (frontier) {
    Bitboard next;
    for (Square s : frontier) next |= piece_attacks(type, s, ~open);
    next &= open & ~seen;
    seen |= next;
    frontier = next;
  }
  return seen;
}

Bitboard reference_attacks(PieceType type, Color c, Bitboard from, Bitboard occupied) {
  Bitboard out;
  for (Square s : from) out |= type == PieceType::Pawn ? pawn_attacks(c, s) : piece_attacks(type, s, occupied);
  return out;
}

Bitboard random_set(std::mt19937_64& rng, int percent) {
  uint64_t b = 0;
  for (int i = 0; i < 64; ++i)
    if (int(rng() % 100) < percent) b |= uint64_t(1) << i;
  return Bitboard(b);
}

constexpr PieceType kMen[] = {PieceType::Knight, PieceType::Bishop, PieceType::Rook, PieceType::Queen, PieceType::King};

}  // namespace

TEST_CASE("flood: every man reaches exactly the squares its moves reach, square by square", "[board][flood]") {
  std::mt19937_64 rng(20261130);
  for (int round = 0; round < 4000; ++round) {
    const Bitboard walls = random_set(rng, 5 + round % 60);
    const Bitboard from = round % 3 == 0 ? Bitboard::of(Square(rng() % 64)) : random_set(rng, 4);
    for (PieceType t : kMen) {
      INFO("round " << round << " type " << int(t) << " walls " << walls.bits() << " from " << from.bits());
      REQUIRE(flood(t, from, ~walls) == reference_flood(t, from, ~walls));
    }
  }
}

TEST_CASE("flood: known shapes", "[board][flood]") {
  const Bitboard a1 = Bitboard::of(Square(0));
  // On an empty board every man but the bishop reaches every square; the bishop one colour.
  for (PieceType t : {PieceType::Knight, PieceType::Rook, PieceType::Queen, PieceType::King})
    CHECK(flood(t, a1, kAllSquares) == kAllSquares);
  CHECK(flood(PieceType::Bishop, a1, kAllSquares) == kDarkSquares);
  // A wall along the second rank keeps a rook or a king on the first; a knight jumps it.
  const Bitboard first = rank_bb(0), second = rank_bb(1);
  CHECK(flood(PieceType::Rook, a1, ~second) == first);
  CHECK(flood(PieceType::King, a1, ~second) == first);
  CHECK(flood(PieceType::Knight, a1, ~second) == ~second);
  // A man on a wall square still counts where it stands.
  CHECK(flood(PieceType::Rook, a1, ~(first | second)) == a1);
}

TEST_CASE("attacks_of_set: the union of every square's attacks", "[board][flood]") {
  std::mt19937_64 rng(7);
  for (int round = 0; round < 4000; ++round) {
    const Bitboard occupied = random_set(rng, 5 + round % 60);
    const Bitboard from = random_set(rng, 3 + round % 20);
    for (PieceType t : {PieceType::Pawn, PieceType::Knight, PieceType::Bishop, PieceType::Rook, PieceType::Queen,
                        PieceType::King})
      for (Color c : {Color::White, Color::Black}) {
        INFO("round " << round << " type " << int(t) << " occupied " << occupied.bits() << " from " << from.bits());
        REQUIRE(attacks_of_set(t, c, from, occupied) == reference_attacks(t, c, from, occupied));
      }
  }
}
