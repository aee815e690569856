#include "search/board/cpu.hpp"

#include <cstdlib>
#include <cstring>

namespace arbiter::board::cpu {
namespace {

bool detect_popcnt() {
#if defined(__x86_64__)
  if (const char* off = std::getenv("ARBITER_NO_POPCNT"); off != nullptr && std::strcmp(off, "1") == 0) return false;
  __builtin_cpu_init();  // needed before __builtin_cpu_supports in a static initialiser
  return __builtin_cpu_supports("popcnt");
#else
  return false;
#endif
}

}  // namespace

const bool kHasPopcnt = detect_popcnt();

const char* popcount_kind() {
#if defined(__POPCNT__)
  return "popcnt (compiled in)";
#else
  return kHasPopcnt ? "popcnt (chosen at run time)" : "generic";
#endif
}

}  // namespace arbiter::board::cpu
