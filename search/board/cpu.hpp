// The one instruction beyond the x86-64 baseline that the portable build chooses at run
// time: POPCNT, behind every Bitboard::count() (bulk-counted perft, mobility, the
// searches' estimates). A native build (-march=native) has it compiled in; the portable
// build tests a flag set at start-up and uses the instruction through inline assembly,
// which needs no compiler target option. The other fast paths (PEXT sliders and packing)
// come with ARBITER_NATIVE only: magic multiplication is about as fast.
#pragma once

#include <bit>
#include <cstdint>

namespace arbiter::board::cpu {

// True when the CPU has POPCNT. Zero-initialised before start-up sets it, so a read from
// another static initialiser sees false and takes the generic path: correct either way.
extern const bool kHasPopcnt;

inline int popcount(uint64_t bits) {
#if defined(__x86_64__) && !defined(__POPCNT__)
  if (kHasPopcnt) {
    uint64_t n;
    asm("popcntq %1, %0" : "=r"(n) : "r"(bits) : "cc");
    return int(n);
  }
#endif
  return std::popcount(bits);
}

// What the running build uses, for `arbiter --version`: "popcnt" or "generic".
const char* popcount_kind();

}  // namespace arbiter::board::cpu
