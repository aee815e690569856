// `arbiter serve` runs the server program, arbiter-serve: its help, its usage errors and
// its exit status come through whole; without the program the command says where it
// looked, and fails as a usage error does.
#include <catch2/catch.hpp>
#include <filesystem>

#include "support.hpp"

using namespace arbiter;

TEST_CASE("serve: the server program's help and usage errors come through", "[cli][serve]") {
  const auto help = test::run_arbiter("serve --help");
  CHECK(help.status == 0);
  CHECK(help.out.find("Usage: arbiter serve [OPTIONS]") != std::string::npos);
  CHECK(help.out.find("--port") != std::string::npos);
  CHECK(help.out.find("--max-body") != std::string::npos);

  const auto bad = test::run_arbiter("serve --port 70000", "", true);
  CHECK(bad.status == 2);
  CHECK(bad.out.find("--port") != std::string::npos);
}

TEST_CASE("serve: without the server program, the command names where it looked", "[cli][serve]") {
  test::TempDir dir;
  const std::string lone = dir.file("arbiter");
  std::filesystem::copy_file(ARBITER_EXE, lone);
  std::filesystem::permissions(lone, std::filesystem::perms::owner_all);
  const auto missing = test::run_shell("'" + lone + "' serve --port 0 2>&1");
  CHECK(missing.status == 2);
  CHECK(missing.out.find("arbiter-serve") != std::string::npos);
  CHECK(missing.out.find(dir.path() + "/arbiter-serve") != std::string::npos);
}
