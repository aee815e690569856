// libFuzzer target: PGN text read from a buffer (an std::istream), every game replayed
// by the move generator. Never a crash, a hang or unbounded memory; each game is read,
// or has an error with a line number.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

#include "analyzer/pgn_game.hpp"
#include "analyzer/pgn_reader.hpp"
#include "fuzz/check.hpp"
#include "fuzz/targets.hpp"

using namespace arbiter::analyzer;

int arbiter::fuzz::fuzz_pgn_buffer(const uint8_t* data, std::size_t size) {
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  PgnReader reader(in);
  RawGame game;
  int expected = 1;
  while (reader.next(game)) {
    FUZZ_CHECK(game.index == expected);
    ++expected;
    if (game.error) {
      FUZZ_CHECK(game.error->line >= 1);
      FUZZ_CHECK(!game.error->message.empty());
      continue;
    }
    auto replayed = replay(game);
    if (!replayed) continue;
  }
  FUZZ_CHECK(!reader.input_error().has_value());  // a buffer never fails as input
  return 0;
}

#ifndef ARBITER_FUZZ_NO_MAIN
extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
  return arbiter::fuzz::fuzz_pgn_buffer(data, size);
}
#endif
