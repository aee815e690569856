// The fuzz targets as functions: each is one libFuzzer entry point (fuzz/fuzz_*.cpp) and
// is also called by the ordinary test suite on every saved finding
// (tests/data/fuzz-regressions/<target>/), so that a fixed finding stays fixed.
// A failed property aborts under libFuzzer and throws in the tests (check.hpp).
#pragma once

#include <cstddef>
#include <cstdint>

namespace arbiter::fuzz {

int fuzz_fen(const uint8_t* data, std::size_t size);
int fuzz_moves(const uint8_t* data, std::size_t size);
int fuzz_pgn_buffer(const uint8_t* data, std::size_t size);
int fuzz_pgn_stream(const uint8_t* data, std::size_t size);
int fuzz_verdict_table(const uint8_t* data, std::size_t size);
int fuzz_helpmate_table(const uint8_t* data, std::size_t size);
int fuzz_server_request(const uint8_t* data, std::size_t size);

}  // namespace arbiter::fuzz
