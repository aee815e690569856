#include <catch2/catch.hpp>

#include "search/explore/transposition.hpp"

using arbiter::board::Color;
using arbiter::search::TranspositionTable;

TEST_CASE("transposition table: a fresh table knows nothing, even in memory a former one used", "[transposition]") {
  // Its words come zeroed from the system (small tables from the heap, big ones mapped). A
  // table made where a freed one stood (the heap hands the same block back) must not read
  // the former table's facts.
  const uint64_t keys[] = {1, 0x9E3779B97F4A7C15ULL, 0x0123456789ABCDEFULL, ~uint64_t(0)};
  for (unsigned log2 : {1u, 4u, 12u, 18u, 22u}) {
    INFO("2^" << log2 << " entries");
    {
      TranspositionTable former(log2);
      for (uint64_t key : keys) former.store(key, Color::White, 9), former.store(key, Color::Black, 9);
    }
    TranspositionTable table(log2);
    CHECK(table.size_bytes() == (std::size_t(1) << log2) * sizeof(uint64_t));
    for (uint64_t key : keys) {
      CHECK(table.probe(key, Color::White) == 0);
      CHECK(table.probe(key, Color::Black) == 0);
    }
  }
}

TEST_CASE("transposition table: a fact is read back for its key and winner only", "[transposition]") {
  TranspositionTable table(16);
  const uint64_t key = 0x0123456789ABCDEFULL;
  table.store(key, Color::White, 7);
  CHECK(table.probe(key, Color::White) == 7);
  CHECK(table.probe(key, Color::Black) == 0);       // the other side's question
  CHECK(table.probe(key ^ (uint64_t(1) << 40), Color::White) == 0);  // another key, same slot
  table.store(key, Color::White, 300);               // depths saturate at 255
  CHECK(table.probe(key, Color::White) == 255);
}
