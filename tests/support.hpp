// Helpers shared by the tests: data paths and running the arbiter program.
#pragma once

#include <array>
#include <functional>
#include <sstream>
#include <string>
#include <vector>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>

#include "search/board/movegen.hpp"
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

// The FEN part of each line of an EPD file (before the first ';'), comments skipped.
inline std::vector<std::string> epd_fens(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read " + path);
  std::vector<std::string> out;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::string fen = line.substr(0, line.find(';'));
    while (!fen.empty() && fen.back() == ' ') fen.pop_back();
    out.push_back(fen);
  }
  return out;
}

// Calls visit at every node of the legal move tree to `depth` plies (the root included).
inline void walk(board::Position& pos, int depth, const std::function<void(board::Position&)>& visit) {
  visit(pos);
  if (depth == 0) return;
  for (board::Move m : board::legal_moves(pos)) {
    pos.do_move(m);
    walk(pos, depth - 1, visit);
    pos.undo_move(m);
  }
}

inline std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

struct RunResult {
  int status = -1;
  std::string out;
};

// A fresh folder under /tmp, removed with everything in it when the object goes.
class TempDir {
 public:
  TempDir() {
    char name[] = "/tmp/arbiter-test-XXXXXX";
    if (!mkdtemp(name)) throw std::runtime_error("mkdtemp failed");
    path_ = name;
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::string& path() const { return path_; }
  std::string file(const std::string& name) const { return path_ + "/" + name; }

 private:
  std::string path_;
};

// Runs a shell command line: its stdout, and its exit status (-1 when it did not exit).
inline RunResult run_shell(const std::string& cmd) {
  RunResult r;
  FILE* pipe = popen(cmd.c_str(), "r");
  if (!pipe) throw std::runtime_error("popen failed");
  std::array<char, 4096> buf;
  size_t n;
  while ((n = fread(buf.data(), 1, buf.size(), pipe)) > 0) r.out.append(buf.data(), n);
  int st = pclose(pipe);
  r.status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
  return r;
}

// Runs `arbiter ARGS` through the shell with `input` on stdin; stdout captured,
// stderr captured too when `merge_stderr`. Each run has its own empty XDG_CACHE_HOME,
// so the user's verdict cache is never read or written (pass --cache FILE to share one).
inline RunResult run_arbiter(const std::string& args, const std::string& input = "", bool merge_stderr = false);

// As run_arbiter, with XDG_CACHE_HOME set to `cache_home` (the default cache location).
inline RunResult run_arbiter_in(const std::string& cache_home, const std::string& args, const std::string& input = "",
                                bool merge_stderr = false) {
  char name[] = "/tmp/arbiter-test-XXXXXX";
  int fd = mkstemp(name);
  if (fd < 0) throw std::runtime_error("mkstemp failed");
  close(fd);
  std::string in_file = name;
  { std::ofstream(in_file) << input; }
  // ARBITER_TEST_EXE runs the tests against another build (e.g. to see a new test fail
  // on the previous program).
  const char* other = std::getenv("ARBITER_TEST_EXE");
  const std::string exe = other && *other ? other : ARBITER_EXE;
  std::string cmd = "XDG_CACHE_HOME='" + cache_home + "' '" + exe + "' " + args + " < '" + in_file +
                    "'" + (merge_stderr ? " 2>&1" : " 2>/dev/null");
  RunResult r = run_shell(cmd);
  std::remove(in_file.c_str());
  return r;
}

inline RunResult run_arbiter(const std::string& args, const std::string& input, bool merge_stderr) {
  TempDir cache_home;
  return run_arbiter_in(cache_home.path(), args, input, merge_stderr);
}

}  // namespace arbiter::test
