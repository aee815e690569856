// A set of squares in one 64-bit word: bit i is square i (a1 = bit 0).
#pragma once

#include <bit>
#include <cstdint>

#include "search/board/cpu.hpp"
#include "search/board/types.hpp"

namespace arbiter::board {

class Bitboard {
 public:
  constexpr Bitboard() = default;
  constexpr explicit Bitboard(uint64_t bits) : bits_(bits) {}
  constexpr static Bitboard of(Square s) { return Bitboard(uint64_t(1) << index(s)); }

  constexpr uint64_t bits() const { return bits_; }
  constexpr bool empty() const { return bits_ == 0; }
  constexpr explicit operator bool() const { return bits_ != 0; }
  constexpr bool has(Square s) const { return (bits_ >> index(s)) & 1; }
  constexpr int count() const {
    if consteval {
      return std::popcount(bits_);
    } else {
      return cpu::popcount(bits_);
    }
  }
  constexpr bool more_than_one() const { return (bits_ & (bits_ - 1)) != 0; }
  // The lowest square; the set must not be empty.
  constexpr Square first() const { return Square(std::countr_zero(bits_)); }
  constexpr Square last() const { return Square(63 - std::countl_zero(bits_)); }
  constexpr Square pop_first() {
    Square s = first();
    bits_ &= bits_ - 1;
    return s;
  }

  constexpr Bitboard operator&(Bitboard o) const { return Bitboard(bits_ & o.bits_); }
  constexpr Bitboard operator|(Bitboard o) const { return Bitboard(bits_ | o.bits_); }
  constexpr Bitboard operator^(Bitboard o) const { return Bitboard(bits_ ^ o.bits_); }
  constexpr Bitboard operator~() const { return Bitboard(~bits_); }
  constexpr Bitboard operator&(Square s) const { return *this & of(s); }
  constexpr Bitboard operator|(Square s) const { return *this | of(s); }
  constexpr Bitboard operator^(Square s) const { return *this ^ of(s); }
  constexpr Bitboard& operator&=(Bitboard o) { bits_ &= o.bits_; return *this; }
  constexpr Bitboard& operator|=(Bitboard o) { bits_ |= o.bits_; return *this; }
  constexpr Bitboard& operator^=(Bitboard o) { bits_ ^= o.bits_; return *this; }
  constexpr Bitboard& operator|=(Square s) { return *this |= of(s); }
  constexpr Bitboard& operator^=(Square s) { return *this ^= of(s); }
  constexpr bool operator==(const Bitboard&) const = default;

  // Shifts move every square by whole ranks or files; squares pushed off the board vanish.
  constexpr Bitboard north() const { return Bitboard(bits_ << 8); }
  constexpr Bitboard south() const { return Bitboard(bits_ >> 8); }
  constexpr Bitboard east() const { return Bitboard((bits_ & ~0x8080808080808080ULL) << 1); }
  constexpr Bitboard west() const { return Bitboard((bits_ & ~0x0101010101010101ULL) >> 1); }
  constexpr Bitboard forward(Color c) const { return c == Color::White ? north() : south(); }

  // Iteration over the squares, lowest first.
  class Iterator {
   public:
    constexpr explicit Iterator(uint64_t b) : b_(b) {}
    constexpr Square operator*() const { return Square(std::countr_zero(b_)); }
    constexpr Iterator& operator++() { b_ &= b_ - 1; return *this; }
    constexpr bool operator!=(const Iterator& o) const { return b_ != o.b_; }
   private:
    uint64_t b_;
  };
  constexpr Iterator begin() const { return Iterator(bits_); }
  constexpr Iterator end() const { return Iterator(0); }

 private:
  uint64_t bits_ = 0;
};
static_assert(sizeof(Bitboard) == 8);

constexpr Bitboard file_bb(int file) { return Bitboard(0x0101010101010101ULL << file); }
constexpr Bitboard rank_bb(int rank) { return Bitboard(0xFFULL << (8 * rank)); }
constexpr Bitboard kDarkSquares{0xAA55AA55AA55AA55ULL};
constexpr Bitboard kLightSquares{~0xAA55AA55AA55AA55ULL};
constexpr Bitboard kAllSquares{~0ULL};
// The squares of the colour of s (a bishop's for ever).
constexpr Bitboard squares_of_colour(Square s) { return is_dark(s) ? kDarkSquares : kLightSquares; }
constexpr Bitboard kEdges = file_bb(0) | file_bb(7) | rank_bb(0) | rank_bb(7);
// The squares of b and every square one king step from one of them.
constexpr Bitboard king_step_spread(Bitboard b) {
  b |= b.east() | b.west();
  return b | b.north() | b.south();
}
// Every square one knight move from a square of b (b itself not included).
constexpr Bitboard knight_step_spread(Bitboard b) {
  constexpr uint64_t kNotA = ~0x0101010101010101ULL, kNotH = ~0x8080808080808080ULL;
  constexpr uint64_t kNotAB = ~0x0303030303030303ULL, kNotGH = ~0xC0C0C0C0C0C0C0C0ULL;
  const uint64_t x = b.bits();
  return Bitboard(((x << 17) & kNotA) | ((x << 15) & kNotH) | ((x << 10) & kNotAB) | ((x << 6) & kNotGH) |
                  ((x >> 17) & kNotH) | ((x >> 15) & kNotA) | ((x >> 10) & kNotGH) | ((x >> 6) & kNotAB));
}

}  // namespace arbiter::board
