// Helpers shared by the tests: data paths and running the arbiter program.
#pragma once

#include <array>
#include <cstdio>
#include <fstream>
#include <stdexcept>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>

#include "search/board/position.hpp"

namespace arbiter::test {

inline std::string fixture(const std::string& name) { return std::string(ARBITER_FIXTURES_DIR) + "/" + name; }
inline std::string data(const std::string& name) { return std::string(ARBITER_TEST_DATA_DIR) + "/" + name; }

// A position the test knows to be legal; fails the test run loudly otherwise.
inline board::Position pos(const std::string& fen) {
  auto p = board::Position::from_fen(fen);
  if (!p) throw std::runtime_error("test FEN rejected: " + fen + ": " + p.error());
  return std::move(*p);
}

struct RunResult {
  int status = -1;
  std::string out;
};

// Runs `arbiter ARGS` through the shell with `input` on stdin; stdout captured,
// stderr captured too when `merge_stderr`.
inline RunResult run_arbiter(const std::string& args, const std::string& input = "", bool merge_stderr = false) {
  char name[] = "/tmp/arbiter-test-XXXXXX";
  int fd = mkstemp(name);
  if (fd < 0) throw std::runtime_error("mkstemp failed");
  close(fd);
  std::string in_file = name;
  { std::ofstream(in_file) << input; }
  std::string cmd = std::string("'") + ARBITER_EXE + "' " + args + " < '" + in_file + "'" +
                    (merge_stderr ? " 2>&1" : " 2>/dev/null");
  RunResult r;
  FILE* pipe = popen(cmd.c_str(), "r");
  if (!pipe) throw std::runtime_error("popen failed");
  std::array<char, 4096> buf;
  size_t n;
  while ((n = fread(buf.data(), 1, buf.size(), pipe)) > 0) r.out.append(buf.data(), n);
  int st = pclose(pipe);
  r.status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
  std::remove(in_file.c_str());
  return r;
}

}  // namespace arbiter::test
