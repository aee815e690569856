// The one instruction beyond the x86-64 baseline that the portable build chooses at run
// time: POPCNT, behind every Bitboard::count() (bulk-counted perft, mobility, the
// searches' estimates). A native build (-march=native) has it compiled in; the portable
// build tests a flag set at start-up and uses the instruction through inline assembly,
// which needs no compiler target option. The hottest counter, movegen's count_legal, is
// compiled a second time for POPCNT and chosen once per call instead. The environment
// variable ARBITER_NO_POPCNT=1 forces the generic path (to test it on any CPU). The other
// fast path (PEXT sliders and packing) comes with ARBITER_NATIVE only: on the CPUs
// measured, magic multiplication is as fast (docs/build.md).
#pragma once

#include <bit>
#include <cstdint>

namespace arbiter::board::cpu {

// True when the CPU has POPCNT and ARBITER_NO_POPCNT is not set. Zero-initialised before
// start-up sets it, so a read from another static initialiser sees false and takes the
// generic path: correct either way.
extern const bool kHasPopcnt;

inline int popcount(uint64_t bits) {
#if defined(__x86_64__) && !defined(__POPCNT__)
  if (kHasPopcnt) {
    // volatile: the compiler must not execute the instruction ahead of the test (as a
    // speculated pure computation), which a CPU without POPCNT would fault on.
    uint64_t n;
    asm volatile("popcntq %1, %0" : "=r"(n) : "r"(bits) : "cc");
    return int(n);
  }
#endif
  return std::popcount(bits);
}

// What the running build uses, for `arbiter --version`: "popcnt" or "generic".
const char* popcount_kind();

}  // namespace arbiter::board::cpu
