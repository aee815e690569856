// libFuzzer target: a PGN file as PgnReader::open reads it: plain, gzip or zstd (told by
// the magic bytes), decompressed on the fly. The bytes are the file, so a corrupt or
// truncated compressed stream is reported as an input error, never a crash; the seeds
// are compressed test games. The file is an in-memory one (memfd).
#include <sys/mman.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <string>

#include "analyzer/pgn_reader.hpp"
#include "fuzz/check.hpp"
#include "fuzz/targets.hpp"

using namespace arbiter::analyzer;

int arbiter::fuzz::fuzz_pgn_stream(const uint8_t* data, std::size_t size) {
  int fd = memfd_create("fuzz-pgn", 0);
  if (fd < 0) return 0;
  std::size_t written = 0;
  while (written < size) {
    ssize_t n = write(fd, data + written, size - written);
    if (n <= 0) break;
    written += std::size_t(n);
  }
  lseek(fd, 0, SEEK_SET);
  {
    auto reader = PgnReader::open("/proc/self/fd/" + std::to_string(fd));
    if (reader) {
      RawGame game;
      int games = 0;
      while (reader->next(game)) {
        ++games;
        FUZZ_CHECK(game.index == games);
        if (game.error) FUZZ_CHECK(!game.error->message.empty());
      }
      FUZZ_CHECK(reader->bytes_consumed() <= size);
    } else {
      FUZZ_CHECK(!reader.error().empty());
    }
  }
  close(fd);
  return 0;
}

#ifndef ARBITER_FUZZ_NO_MAIN
extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
  return arbiter::fuzz::fuzz_pgn_stream(data, size);
}
#endif
