// libFuzzer target: the verdict table's file reader. The bytes are an LMDB file (seeds:
// small real tables); it is opened, its statistics and every entry read, and verdicts
// looked up and stored. A damaged file is an error or a warning, never a crash (LMDB's
// assertions and faults inside it are caught by the table's guard) and never a verdict
// for another position.
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>

#include "fuzz/check.hpp"
#include "fuzz/scratch_folder.hpp"
#include "fuzz/targets.hpp"
#include "search/board/movegen.hpp"
#include "tablebase/verdict_table.hpp"

using namespace arbiter;

namespace {

// One folder per process; the file in it is rewritten for each input.
const std::string& folder() {
  static const fuzz::ScratchFolder scratch("arbiter-fuzz-table");
  return scratch.path();
}

}  // namespace

int arbiter::fuzz::fuzz_verdict_table(const uint8_t* data, std::size_t size) {
  const std::string file = folder() + "/verdicts.lmdb";
  // A new file each time, never the last one truncated: an environment abandoned on a
  // damaged file keeps its mapping, and truncating a mapped file costs a walk of them all.
  std::filesystem::remove(file);
  std::filesystem::remove(file + "-lock");
  {
    std::ofstream out(file, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(data), std::streamsize(size));
  }
  tablebase::TableOptions options;
  options.create = false;
  options.map_size = uint64_t(64) << 20;
  options.warn = [](const std::string& m) { FUZZ_CHECK(!m.empty()); };
  {
    auto table = tablebase::VerdictTable::open(file, 1, options);
    if (!table) {
      FUZZ_CHECK(!table.error().message.empty());
      return 0;
    }
    auto& t = **table;
    (void)t.stats();
    std::size_t entries = 0;
    t.for_each([&](const tablebase::TableEntry&) { ++entries; });
    (void)entries;
    // Lookups: a found verdict is for the very position asked (keys are exact).
    auto p = board::Position::startpos();
    for (board::Move m : board::legal_moves(p)) {
      p.do_move(m);
      (void)t.find(p, board::Color::White);
      p.undo_move(m);
    }
    t.store(p, board::Color::White, search::Verdict::unwinnable(search::Reason::Exhaustive, "fuzz", 1));
    t.flush();
  }
  return 0;
}

#ifndef ARBITER_FUZZ_NO_MAIN
extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
  return arbiter::fuzz::fuzz_verdict_table(data, size);
}
#endif
