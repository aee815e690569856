#include "analyzer/cli/progress.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <fstream>

namespace arbiter::cli {

Progress::Progress(bool enabled, std::string unit, std::optional<uint64_t> known_total, std::FILE* out)
    : enabled_(enabled),
      unit_(std::move(unit)),
      total_known_(known_total.has_value()),
      out_(out),
      total_(known_total.value_or(0)),
      start_(std::chrono::steady_clock::now()),
      last_(start_) {
  if (!enabled_) return;
  std::lock_guard lock(mutex_);
  draw();  // at once, so that a long first item does not leave the terminal silent
}

void Progress::add_total(uint64_t n) {
  if (!total_known_) total_ += n;
}

void Progress::clear() {
  if (!enabled_) return;
  std::lock_guard lock(mutex_);
  if (!shown_) return;
  std::fputs("\r\033[K", out_);
  std::fflush(out_);
  shown_ = false;
}

void Progress::done(uint64_t n) {
  done_ += n;
  if (!enabled_) return;
  auto now = std::chrono::steady_clock::now();
  std::lock_guard lock(mutex_);
  if (now - last_ < std::chrono::milliseconds(250)) return;
  last_ = now;
  draw();
}

double Progress::seconds() const {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
}

void Progress::finish(const std::string& summary) {
  if (!enabled_) return;
  std::lock_guard lock(mutex_);
  std::fputs("\r\033[K", out_);
  if (!summary.empty()) std::fprintf(out_, "%s\n", summary.c_str());
  std::fflush(out_);
  shown_ = false;
}

void Progress::draw() {
  const double secs = seconds();
  const uint64_t done = done_.load(), total = total_.load();
  const double rate = secs > 0 ? double(done) / secs : 0;
  // Known in advance: "39/46 positions"; else only what is done ("39 positions").
  std::string line = total_known_ ? std::to_string(done) + "/" + std::to_string(total) : std::to_string(done);
  char tail[96];
  std::snprintf(tail, sizeof tail, " %s, %.1f %s/s", unit_.c_str(), rate, unit_.c_str());
  line += tail;
  if (total_known_ && done > 0 && rate > 0 && total >= done) {
    const auto left = uint64_t(double(total - done) / rate + 0.5);
    std::snprintf(tail, sizeof tail, ", %llu:%02llu left", (unsigned long long)(left / 60),
                  (unsigned long long)(left % 60));
    line += tail;
  }
  std::fprintf(out_, "\r\033[K%s", line.c_str());
  std::fflush(out_);
  shown_ = true;
}

std::string BatchCounts::summary(const std::string& unit, double seconds) const {
  char time[32];
  std::snprintf(time, sizeof time, "%.1f", seconds);
  return std::to_string(decided + undetermined + errors) + " " + unit + " in " + time + " s: decided " +
         std::to_string(decided) + ", undetermined " + std::to_string(undetermined) + ", errors " +
         std::to_string(errors);
}

std::optional<uint64_t> stdin_positions_ahead() {
  struct stat st {};
  if (fstat(STDIN_FILENO, &st) != 0 || !S_ISREG(st.st_mode)) return std::nullopt;
  // A second open file description: reading it does not move stdin's offset.
  std::ifstream again("/proc/self/fd/0", std::ios::binary);
  if (!again) return std::nullopt;
  uint64_t n = 0;
  bool first_line = true;
  for (std::string text; std::getline(again, text); first_line = false) {
    if (first_line && text.starts_with("\xEF\xBB\xBF")) text.erase(0, 3);
    auto first = text.find_first_not_of(" \t\r");
    if (first != std::string::npos && text[first] != '#') ++n;
  }
  return n;
}

}  // namespace arbiter::cli
