// `arbiter tables build|stats|verify` as a user meets them: building the 3-man set into a
// folder, the stats (text and JSON), verify passing on good files and failing (exit 1) on
// a damaged one, a bad material name, and the default folder under XDG_DATA_HOME.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>

#include "support.hpp"

using namespace arbiter;
using Json = nlohmann::json;
using test::lines_of;

TEST_CASE("tables build, stats and verify through the command line", "[tables][cli]") {
  test::TempDir dir;
  const std::string tables = "'" + dir.path() + "/t'";
  auto r = test::run_arbiter("tables build --men 3 --dir " + tables);
  REQUIRE(r.status == 0);
  CHECK(r.out.find("5 tables") != std::string::npos);
  for (const char* name : {"KQvK", "KRvK", "KBvK", "KNvK", "KPvK"})
    CHECK(std::filesystem::exists(dir.path() + "/t/" + name + ".hmt"));

  r = test::run_arbiter("tables stats --json --tables " + tables);
  REQUIRE(r.status == 0);
  const auto lines = lines_of(r.out);
  REQUIRE(lines.size() == 5);
  for (const auto& line : lines) {
    const Json j = Json::parse(line);
    INFO(line);
    CHECK(j["black"]["winnable"] == 0);  // a lone king never mates
    if (j["material"] == "KNvK" || j["material"] == "KBvK") CHECK(j["white"]["winnable"] == 0);
    if (j["material"] == "KQvK") CHECK(j["white"]["longest"].get<int>() > 0);
  }
  r = test::run_arbiter("tables stats --dir " + tables);
  CHECK(r.out.find("KQvK") != std::string::npos);

  r = test::run_arbiter("tables verify --dir " + tables);
  CHECK(r.status == 0);
  CHECK(lines_of(r.out).size() == 5);

  // One byte changed in KRvK's blocks: verify names it and fails.
  const std::string krk = dir.path() + "/t/KRvK.hmt";
  const auto size = std::filesystem::file_size(krk);
  {
    std::fstream f(krk, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(std::streamoff(size - 10));
    f.put('\x7f');
    f.seekp(std::streamoff(size - 11));
    f.put('\x01');
  }
  r = test::run_arbiter("tables verify --dir " + tables);
  CHECK(r.status == 1);
  CHECK(r.out.find("KRvK: BAD") != std::string::npos);
  CHECK(r.out.find("KQvK: ok") != std::string::npos);
}

TEST_CASE("tables build rejects a malformed material name and uses XDG_DATA_HOME", "[tables][cli]") {
  test::TempDir dir;
  auto r = test::run_arbiter("tables build --dir '" + dir.path() + "' KPNvK", "", true);
  CHECK(r.status == 1);
  CHECK(r.out.find("'KPNvK' is not a material") != std::string::npos);
  r = test::run_arbiter("tables stats --json --dir '" + dir.path() + "/none'");
  CHECK(r.status == 0);
  CHECK(r.out.empty());
  const std::string cmd = "XDG_DATA_HOME='" + dir.path() + "' '" + std::string(ARBITER_EXE) + "' tables build KNvK >/dev/null 2>&1";
  CHECK(std::system(cmd.c_str()) == 0);
  CHECK(std::filesystem::exists(dir.path() + "/arbiter/tables/KNvK.hmt"));
}
