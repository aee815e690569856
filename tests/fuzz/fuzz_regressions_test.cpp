// Every finding of the fuzzers, minimized and saved in data/fuzz-regressions/<target>/,
// replayed through the same target function: it must run to its end with every property
// holding (a crash fails the run; a failed property throws and names itself).
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <string>
#include <vector>

#include "fuzz/scratch_folder.hpp"
#include "fuzz/targets.hpp"
#include "support.hpp"

namespace {

using Target = int (*)(const uint8_t*, std::size_t);

const std::map<std::string, Target>& targets() {
  static const std::map<std::string, Target> all = {
      {"fen", arbiter::fuzz::fuzz_fen},
      {"moves", arbiter::fuzz::fuzz_moves},
      {"pgn_buffer", arbiter::fuzz::fuzz_pgn_buffer},
      {"pgn_stream", arbiter::fuzz::fuzz_pgn_stream},
      {"verdict_table", arbiter::fuzz::fuzz_verdict_table},
      {"helpmate_table", arbiter::fuzz::fuzz_helpmate_table},
      {"server_request", arbiter::fuzz::fuzz_server_request},
  };
  return all;
}

std::string bytes_of(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

}  // namespace

TEST_CASE("fuzz findings stay fixed: each saved input replays cleanly", "[fuzz][reliability]") {
  const std::filesystem::path root = arbiter::test::data("fuzz-regressions");
  REQUIRE(std::filesystem::is_directory(root));
  std::size_t replayed = 0;
  for (const auto& folder : std::filesystem::directory_iterator(root)) {
    if (!folder.is_directory()) continue;
    const std::string name = folder.path().filename().string();
    INFO("target folder " << name);
    auto it = targets().find(name);
    REQUIRE(it != targets().end());  // every folder is a target's
    for (const auto& entry : std::filesystem::directory_iterator(folder.path())) {
      if (!entry.is_regular_file() || entry.path().filename().string().starts_with(".")) continue;
      INFO("input " << entry.path().string());
      const std::string bytes = bytes_of(entry.path());
      CHECK_NOTHROW(it->second(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size()));
      ++replayed;
    }
  }
  // The inputs that the probes found are among them.
  CHECK(replayed >= 5);
}

TEST_CASE("fuzz scratch folder: its own folder while it lives, removed with its files after", "[fuzz][reliability]") {
  // The table targets keep one as a function-local static, so the folder goes at the
  // process's normal exit (libFuzzer's end of a run, this suite's end) instead of
  // piling up in /dev/shm.
  std::filesystem::path kept;
  {
    const arbiter::fuzz::ScratchFolder a("arbiter-test-scratch"), b("arbiter-test-scratch");
    kept = a.path();
    CHECK(a.path() != b.path());
    CHECK(kept.filename().string().starts_with("arbiter-test-scratch-"));
    CHECK((kept.parent_path() == "/dev/shm" || kept.parent_path() == "/tmp"));
    REQUIRE(std::filesystem::is_directory(kept));
    std::ofstream(kept / "table.lmdb") << "bytes";
    std::filesystem::create_directory(kept / "inner");
    std::ofstream(kept / "inner" / "more") << "bytes";
  }
  CHECK_FALSE(std::filesystem::exists(kept));
}
