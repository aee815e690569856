// A progress line on stderr for long batches (only when stderr is a terminal):
// done/total and items per second, redrawn at most a few times a second.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <mutex>
#include <string>

namespace arbiter::cli {

class Progress {
 public:
  Progress(bool enabled, std::string unit);
  void add_total(uint64_t n) { total_ += n; }
  void done(uint64_t n);
  void finish();

 private:
  void draw(bool final);
  bool enabled_;
  std::string unit_;
  std::atomic<uint64_t> total_{0}, done_{0};
  std::chrono::steady_clock::time_point start_, last_;
  std::mutex mutex_;
};

}  // namespace arbiter::cli
