// A damaged verdict table never takes the program down (issue #25): LMDB trusts its
// file and aborts on a failed assertion; every page it reads is read guarded, so
// overwritten pages, overwritten page headers and a truncated file give a warning or an
// error (`cache stats`), the same verdicts (`analyze`), and `cache clear` removes them.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>
#include <random>
#include <string>

#include "analyzer/winnability.hpp"
#include "support.hpp"
#include "tablebase/verdict_table.hpp"

using namespace arbiter;
using Json = nlohmann::ordered_json;

namespace {

const std::string kRook = "4k3/8/8/8/8/8/8/4K2R w - - 0 1";  // White winnable, Black a lone king
const std::string kLocked = "2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - - 0 1";
constexpr std::size_t kPage = 4096;

// A table of a few thousand entries (several levels of pages), written in-process.
void build_table(const std::string& file) {
  auto table = tablebase::VerdictTable::open(file, analyzer::kAlgorithmVersion).value();
  auto root = test::pos("r3k2r/pp1n1ppp/8/8/8/8/PP1N1PPP/R3K2R w KQkq - 0 1");
  uint64_t i = 0;
  test::walk(root, 2, [&](board::Position& p) {
    table->store(board::Position::from_fen(p.fen()).value(), board::Color::White,
                 search::Verdict::unwinnable(search::Reason::Exhaustive, "entry " + std::to_string(i), i));
    ++i;
  });
}

void patch(const std::string& file, uint64_t at, const std::string& bytes) {
  std::fstream f(file, std::ios::in | std::ios::out | std::ios::binary);
  f.seekp(std::streamoff(at));
  f.write(bytes.data(), std::streamsize(bytes.size()));
}

std::string verdict_of(const test::RunResult& r, const std::string& fen, const char* side) {
  for (const auto& line : test::lines_of(r.out)) {
    if (line.empty() || line[0] != '{') continue;
    auto j = Json::parse(line);
    if (j.value("fen", "") == fen && j.contains(side)) return j[side]["verdict"].get<std::string>();
  }
  return "absent";
}

}  // namespace

TEST_CASE("cache: damaged pages, page headers and truncation never abort", "[cli][cache][reliability]") {
  test::TempDir dir;
  const std::string original = dir.file("original.lmdb");
  build_table(original);
  const auto size = std::filesystem::file_size(original);
  const uint64_t pages = size / kPage;
  REQUIRE(pages > 8);

  // The damages: (name, apply to a copy). LMDB's page header is the page number (8
  // bytes), padding (2), flags (2), lower and upper bounds of the free space (2 + 2).
  std::vector<std::pair<std::string, std::function<void(const std::string&)>>> damages;
  std::mt19937_64 rng(25);
  for (uint64_t page = 0; page < pages; page += pages / 10 + 1) {
    std::string noise(kPage, '\0');
    for (char& c : noise) c = char(rng());
    damages.emplace_back("page " + std::to_string(page) + " overwritten",
                         [=](const std::string& f) { patch(f, page * kPage, noise); });
    damages.emplace_back("page " + std::to_string(page) + " flags", [=](const std::string& f) {
      patch(f, page * kPage + 10, std::string("\x01\x00", 2));  // a leaf marked as a branch page
    });
    damages.emplace_back("page " + std::to_string(page) + " bounds", [=](const std::string& f) {
      patch(f, page * kPage + 12, std::string("\xf0\x0f\x10\x00", 4));  // lower past upper
    });
    damages.emplace_back("page " + std::to_string(page) + " number", [=](const std::string& f) {
      patch(f, page * kPage, std::string("\xff\xff\xff\x7f\x00\x00\x00\x00", 8));
    });
  }
  for (uint64_t keep : {uint64_t(0), uint64_t(1), pages / 3, pages - 1})
    damages.emplace_back("truncated to " + std::to_string(keep) + " pages", [=](const std::string& f) {
      std::filesystem::resize_file(f, keep * kPage);
    });
  // Meta page fields (a damaged header): the map size, and the last page number (which
  // makes LMDB ask for an impossible map).
  damages.emplace_back("meta last page", [](const std::string& f) {
    for (uint64_t meta : {uint64_t(0), uint64_t(1)})
      patch(f, meta * kPage + 16 + 120, std::string("\xff\xff\xff\xff\xff\xff\x00\x00", 8));
  });
  damages.emplace_back("meta map size", [](const std::string& f) {
    for (uint64_t meta : {uint64_t(0), uint64_t(1)})
      patch(f, meta * kPage + 16 + 4 + 4 + 8, std::string("\xff\xff\xff\xff\xff\xff\xff\x7f", 8));
  });

  auto reference = test::run_arbiter("analyze --json --no-cache --max-nodes 200000 '" + kRook + "' '" + kLocked + "'");
  REQUIRE(reference.status == 0);
  int n = 0;
  for (const auto& [name, damage] : damages) {
    INFO(name);
    const std::string file = dir.file("damaged-" + std::to_string(n++) + ".lmdb");
    std::filesystem::copy_file(original, file);
    damage(file);
    const std::string cache = " --cache '" + file + "'";

    auto stats = test::run_arbiter("cache stats --json" + cache, "", true);
    INFO(stats.out);
    CHECK((stats.status == 0 || stats.status == 1));  // never 134 (SIGABRT) or a signal

    auto run = test::run_arbiter("analyze --json --max-nodes 200000" + cache + " '" + kRook + "' '" + kLocked + "'",
                                 "", true);
    INFO(run.out);
    CHECK(run.status == 0);
    for (const auto& fen : {kRook, kLocked})
      for (const char* side : {"white", "black"}) CHECK(verdict_of(run, fen, side) == verdict_of(reference, fen, side));

    auto clear = test::run_arbiter("cache clear --json" + cache, "", true);
    INFO(clear.out);
    CHECK(clear.status == 0);
    // Cleared (or removed whole): stats now works and finds no verdicts.
    auto after = test::run_arbiter("cache stats --json" + cache);
    CHECK(after.status == 0);
    if (after.status == 0) CHECK(Json::parse(after.out).value("entries", -1) == 0);
  }
}

namespace {

// Runs a shell command; stdout and stderr together, and the exit status.
test::RunResult shell_run(const std::string& cmd) {
  test::RunResult r;
  FILE* pipe = popen((cmd + " 2>&1").c_str(), "r");
  REQUIRE(pipe);
  char buf[4096];
  std::size_t n;
  while ((n = fread(buf, 1, sizeof buf, pipe)) > 0) r.out.append(buf, n);
  int st = pclose(pipe);
  r.status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
  return r;
}

}  // namespace

TEST_CASE("cache: a table that can be read but not written is used for lookups", "[cli][cache][reliability]") {
  test::TempDir dir;
  std::filesystem::permissions(dir.path(), std::filesystem::perms(0755));
  const std::string file = dir.file("verdicts.lmdb");
  auto first = test::run_arbiter("analyze --json --cache '" + file + "' '" + kLocked + "'");
  REQUIRE(first.status == 0);
  std::filesystem::permissions(file, std::filesystem::perms(0444));
  if (std::filesystem::exists(file + "-lock")) std::filesystem::permissions(file + "-lock", std::filesystem::perms(0444));
  // Another user's file: as root, run as nobody (root may write anything); else the
  // read-only modes above are enough.
  std::string as_other = geteuid() == 0 ? "setpriv --reuid=65534 --regid=65534 --clear-groups " : "";
  auto r = shell_run("cd / && HOME=/nonexistent XDG_CACHE_HOME='" + dir.path() + "' " + as_other + "'" + ARBITER_EXE +
                     "' analyze --json --cache '" + file + "' '" + kLocked + "'");
  INFO(r.out);
  CHECK(r.status == 0);
  CHECK_THAT(r.out, Catch::Contains("read-only"));
  CHECK_THAT(r.out, !Catch::Contains("going on without the cache"));
  CHECK_THAT(r.out, Catch::Contains("\"source\":\"cache\""));
}

TEST_CASE("cache: a file where no lock file can be made is named as such", "[cli][cache][reliability]") {
  auto r = test::run_arbiter("analyze --json --cache /proc/version '" + kLocked + "'", "", true);
  INFO(r.out);
  CHECK(r.status == 0);
  // Not a bare "No such file or directory" about a file that exists.
  CHECK_THAT(r.out, Catch::Contains("/proc/version-lock") || Catch::Contains("not a readable table"));
}
