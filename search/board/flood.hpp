// Where a man can ever get to on a board whose only obstacles are fixed walls: the
// squares reachable from `from` by moves of `type` that never land on or cross a wall
// (a square outside `open`), found a whole set at a time with shifts (a slider's rays by
// occluded Kogge-Stone fills) instead of one attack lookup per square. `from` itself
// is always in the result, even on a wall (the man stands there now).
#pragma once

#include <cstdint>

#include "search/board/bitboard.hpp"

namespace arbiter::board {

namespace detail {

inline constexpr uint64_t kNotFileA = ~0x0101010101010101ULL, kNotFileH = ~0x8080808080808080ULL;
inline constexpr uint64_t kNotFilesAB = ~0x0303030303030303ULL, kNotFilesGH = ~0xC0C0C0C0C0C0C0C0ULL;

// Shifts every square by `step` (+8 north, +1 east, ...).
constexpr uint64_t shifted(uint64_t b, int step) { return step > 0 ? b << step : b >> -step; }

// `gen` extended along one direction through the squares of `pro` (occluded fill);
// `keep` holds the squares a step can land on without wrapping round an edge.
constexpr uint64_t ray_fill(uint64_t gen, uint64_t pro, int step, uint64_t keep) {
  pro &= keep;
  gen |= pro & shifted(gen, step);
  pro &= shifted(pro, step);
  gen |= pro & shifted(gen, 2 * step);
  pro &= shifted(pro, 2 * step);
  gen |= pro & shifted(gen, 4 * step);
  return gen;
}

constexpr uint64_t orthogonal_fill(uint64_t gen, uint64_t open) {
  return ray_fill(gen, open, 8, ~0ULL) | ray_fill(gen, open, -8, ~0ULL) | ray_fill(gen, open, 1, kNotFileA) |
         ray_fill(gen, open, -1, kNotFileH);
}

constexpr uint64_t diagonal_fill(uint64_t gen, uint64_t open) {
  return ray_fill(gen, open, 9, kNotFileA) | ray_fill(gen, open, 7, kNotFileH) | ray_fill(gen, open, -7, kNotFileA) |
         ray_fill(gen, open, -9, kNotFileH);
}

constexpr uint64_t king_steps(uint64_t b) {
  const uint64_t sides = ((b << 1) & kNotFileA) | ((b >> 1) & kNotFileH);
  const uint64_t row = b | sides;
  return sides | (row << 8) | (row >> 8);
}

constexpr uint64_t knight_jumps(uint64_t b) {
  const uint64_t one = ((b << 1) & kNotFileA) | ((b >> 1) & kNotFileH);
  const uint64_t two = ((b << 2) & kNotFilesAB) | ((b >> 2) & kNotFilesGH);
  return (one << 16) | (one >> 16) | (two << 8) | (two >> 8);
}

template <int Step, uint64_t Keep>
constexpr uint64_t ray_attacks(uint64_t gen, uint64_t empty) {
  return shifted(ray_fill(gen, empty, Step, Keep), Step) & Keep;
}

constexpr uint64_t orthogonal_attacks(uint64_t gen, uint64_t empty) {
  return ray_attacks<8, ~0ULL>(gen, empty) | ray_attacks<-8, ~0ULL>(gen, empty) |
         ray_attacks<1, kNotFileA>(gen, empty) | ray_attacks<-1, kNotFileH>(gen, empty);
}

constexpr uint64_t diagonal_attacks(uint64_t gen, uint64_t empty) {
  return ray_attacks<9, kNotFileA>(gen, empty) | ray_attacks<7, kNotFileH>(gen, empty) |
         ray_attacks<-7, kNotFileA>(gen, empty) | ray_attacks<-9, kNotFileH>(gen, empty);
}

}  // namespace detail

// Every square a man of `type` on any square of `from` attacks, `occupied` blocking the
// sliders (the union of the attacks from each square, in one pass).
constexpr Bitboard attacks_of_set(PieceType type, Color c, Bitboard from, Bitboard occupied) {
  const uint64_t b = from.bits(), empty = ~occupied.bits();
  switch (type) {
    case PieceType::Pawn: {
      const uint64_t ahead = c == Color::White ? b << 8 : b >> 8;
      return Bitboard(((ahead << 1) & detail::kNotFileA) | ((ahead >> 1) & detail::kNotFileH));
    }
    case PieceType::Knight: return Bitboard(detail::knight_jumps(b));
    case PieceType::Bishop: return Bitboard(detail::diagonal_attacks(b, empty));
    case PieceType::Rook: return Bitboard(detail::orthogonal_attacks(b, empty));
    case PieceType::Queen: return Bitboard(detail::diagonal_attacks(b, empty) | detail::orthogonal_attacks(b, empty));
    default: return Bitboard(detail::king_steps(b));
  }
}

// Every square reachable from `from` by moves of `type` (not a pawn) over `open` squares.
constexpr Bitboard flood(PieceType type, Bitboard from, Bitboard open) {
  const uint64_t o = open.bits();
  uint64_t seen = from.bits();
  for (;;) {
    uint64_t next = seen;
    switch (type) {
      case PieceType::Knight: next |= detail::knight_jumps(seen) & o; break;
      case PieceType::Bishop: next |= detail::diagonal_fill(seen, o); break;
      case PieceType::Rook: next |= detail::orthogonal_fill(seen, o); break;
      case PieceType::Queen: next |= detail::diagonal_fill(seen, o) | detail::orthogonal_fill(seen, o); break;
      default: next |= detail::king_steps(seen) & o; break;
    }
    if (next == seen) return Bitboard(seen);
    seen = next;
  }
}

}  // namespace arbiter::board
