// A progress line on stderr for long batches (only when stderr is a terminal):
// done/total, items per second and, when the total is known in advance (FEN arguments,
// stdin redirected from a file), the time left; redrawn at most a few times a second and
// cleared before each result is printed, so results never share its line. finish()
// replaces it with a one-line summary.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <mutex>
#include <optional>
#include <string>

namespace arbiter::cli {

class Progress {
 public:
  // `known_total`: the number of items, when known before the first is read.
  Progress(bool enabled, std::string unit, std::optional<uint64_t> known_total = std::nullopt,
           std::FILE* out = stderr);
  void add_total(uint64_t n);
  // Before a result goes to the terminal: erases the progress line if it is shown.
  void clear();
  void done(uint64_t n);
  // The seconds since the start.
  double seconds() const;
  // Erases the line and prints `summary` (one line) in its place.
  void finish(const std::string& summary = "");

 private:
  void draw();
  bool enabled_;
  std::string unit_;
  bool total_known_;
  std::FILE* out_;
  std::atomic<uint64_t> total_{0}, done_{0};
  std::chrono::steady_clock::time_point start_, last_;
  bool shown_ = false;
  std::mutex mutex_;
};

// Counts for the closing summary of a batch of positions: "12 positions in 3.4 s:
// decided 10, undetermined 1, errors 1".
struct BatchCounts {
  uint64_t decided = 0, undetermined = 0, errors = 0;
  std::string summary(const std::string& unit, double seconds) const;
};

// The positions stdin will give, when it is a regular file (counted ahead on a second
// descriptor, the lines read as InputSource reads them); else none.
std::optional<uint64_t> stdin_positions_ahead();

}  // namespace arbiter::cli
