// A failed property in a fuzz target: the input is a finding. Under libFuzzer abort()
// makes it save the input (crash-*) after printing which property failed; in the test
// suite (ARBITER_FUZZ_NO_MAIN) it throws, and the test names the property.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>

#ifdef ARBITER_FUZZ_NO_MAIN
#define FUZZ_CHECK(cond)                                                                                       \
  do {                                                                                                         \
    if (!(cond))                                                                                               \
      throw std::runtime_error(std::string("fuzz check failed: ") + #cond + " (" + __FILE__ + ":" +           \
                               std::to_string(__LINE__) + ")");                                                \
  } while (0)
#else
#define FUZZ_CHECK(cond)                                                                  \
  do {                                                                                    \
    if (!(cond)) {                                                                        \
      std::fprintf(stderr, "fuzz check failed: %s (%s:%d)\n", #cond, __FILE__, __LINE__); \
      std::abort();                                                                       \
    }                                                                                     \
  } while (0)
#endif
