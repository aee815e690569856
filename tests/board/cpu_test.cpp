// The population count the portable build chooses at run time (search/board/cpu.hpp)
// agrees with a count bit by bit, whichever path this CPU takes.
#include <cstdint>

#include <catch2/catch.hpp>

#include "search/board/bitboard.hpp"
#include "search/board/cpu.hpp"

using namespace arbiter::board;

namespace {

int count_bit_by_bit(uint64_t x) {
  int n = 0;
  for (int i = 0; i < 64; ++i) n += int((x >> i) & 1);
  return n;
}

}  // namespace

TEST_CASE("cpu::popcount and Bitboard::count agree with a count bit by bit", "[board][cpu]") {
  INFO("path: " << cpu::popcount_kind());
  for (uint64_t x : {uint64_t(0), ~uint64_t(0), uint64_t(1), uint64_t(1) << 63, uint64_t(0x8000000000000001ULL)}) {
    CHECK(cpu::popcount(x) == count_bit_by_bit(x));
    CHECK(Bitboard(x).count() == count_bit_by_bit(x));
  }
  uint64_t s = 0x9E3779B97F4A7C15ULL;  // xorshift64: varied words of every density
  for (int i = 0; i < 100000; ++i) {
    s ^= s << 13;
    s ^= s >> 7;
    s ^= s << 17;
    const uint64_t x = (i % 3 == 0) ? (s & (s >> 1)) : (i % 3 == 1) ? s : (s | (s << 3));
    REQUIRE(cpu::popcount(x) == count_bit_by_bit(x));
    REQUIRE(Bitboard(x).count() == count_bit_by_bit(x));
  }
  static_assert(Bitboard(0xF0F0ULL).count() == 8);  // the constant-evaluated path
}
