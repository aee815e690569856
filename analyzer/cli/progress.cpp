#include "analyzer/cli/progress.hpp"

#include <cstdio>

namespace arbiter::cli {

Progress::Progress(bool enabled, std::string unit)
    : enabled_(enabled), unit_(std::move(unit)), start_(std::chrono::steady_clock::now()), last_(start_) {}

void Progress::done(uint64_t n) {
  done_ += n;
  if (!enabled_) return;
  auto now = std::chrono::steady_clock::now();
  std::lock_guard lock(mutex_);
  if (now - last_ < std::chrono::milliseconds(250)) return;
  last_ = now;
  draw(false);
}

void Progress::finish() {
  if (!enabled_) return;
  std::lock_guard lock(mutex_);
  draw(true);
}

void Progress::draw(bool final) {
  double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  double rate = secs > 0 ? double(done_) / secs : 0;
  std::fprintf(stderr, "\r%llu/%llu %s, %.1f %s/s%s", (unsigned long long)done_.load(),
               (unsigned long long)total_.load(), unit_.c_str(), rate, unit_.c_str(), final ? "\n" : "   ");
  std::fflush(stderr);
}

}  // namespace arbiter::cli
