// libFuzzer target: the helpmate-table file reader. The bytes are a table file (seeds:
// small real tables written by the program); it is opened as KNvK's table, and when it
// opens, every value is read, one by one and all at once. A damaged file is an error
// (at open, or for the damaged block), never a crash and never a value from a block
// whose checksum fails.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <fstream>
#include <string>

#include "fuzz/check.hpp"
#include "fuzz/scratch_folder.hpp"
#include "fuzz/targets.hpp"
#include "tablebase/helpmate/table_file.hpp"

using namespace arbiter;

namespace {

// One folder per process; the file in it is rewritten for each input.
const std::string& folder() {
  static const fuzz::ScratchFolder scratch("arbiter-fuzz-hmt");
  return scratch.path();
}

}  // namespace

int arbiter::fuzz::fuzz_helpmate_table(const uint8_t* data, std::size_t size) {
  const std::string file = folder() + "/KNvK.hmt";
  {
    std::ofstream out(file, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(data), std::streamsize(size));
  }
  const auto material = tablebase::helpmate::Material::parse("KNvK");
  FUZZ_CHECK(material.has_value());
  auto table = tablebase::helpmate::TableFile::open(file, *material);
  if (!table) {
    FUZZ_CHECK(!table.error().empty());
    return 0;
  }
  const auto& t = **table;
  const uint64_t values = 4 * t.size();  // four sections (winner, side to move)
  uint64_t step = values / 4096 + 1;
  for (uint64_t i = 0; i < values; i += step) {
    auto v = t.value(i);
    if (!v) {
      FUZZ_CHECK(!v.error().empty());
      // The block's checksum failed: each of its values gives that same error, and would
      // check its bytes again. Go on with the next block.
      const uint64_t next = (i / t.block_bytes() + 1) * t.block_bytes();
      i = std::max(i, next - step);
    }
  }
  auto all = t.read_all();
  if (!all) FUZZ_CHECK(!all.error().empty());
  return 0;
}

#ifndef ARBITER_FUZZ_NO_MAIN
extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
  return arbiter::fuzz::fuzz_helpmate_table(data, size);
}
#endif
