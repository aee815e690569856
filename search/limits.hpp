// Resource limits shared by the searches of one question: a node budget, a deadline,
// a cancellation flag (set by whoever found the answer first) and an interruption flag
// (set from outside: the caller no longer wants the answer). Thread-safe.
#pragma once

#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <limits>

#include "search/verdict.hpp"

namespace arbiter::search {

class Limits {
 public:
  using Clock = std::chrono::steady_clock;
  // `cancel`, when given, is a flag shared by racing searchers, and `interrupt` one the
  // caller may set (e.g. on Ctrl-C): once either is set, every Limits watching it
  // reports Cancelled.
  explicit Limits(uint64_t max_nodes = std::numeric_limits<uint64_t>::max(),
                  Clock::time_point deadline = Clock::time_point::max(), const std::atomic<bool>* cancel = nullptr,
                  const std::atomic<bool>* interrupt = nullptr)
      : max_nodes_(max_nodes), deadline_(deadline), cancel_(cancel), interrupt_(interrupt) {}

  // The deadline `seconds` after `now`: time_point::max() (no deadline) for 0, for
  // +infinity and wherever the sum would pass what the clock can hold. Never overflows.
  // Negative and NaN budgets are refused by the option readers; here they mean none.
  static Clock::time_point deadline_after(double seconds, Clock::time_point now = Clock::now()) {
    if (!(seconds > 0) || std::isinf(seconds)) return Clock::time_point::max();
    using Seconds = std::chrono::duration<double>;
    // Compared in double, with a second to spare for rounding: the room left before the
    // clock's maximum. Past it the conversion to clock ticks would overflow.
    double room = std::chrono::duration_cast<Seconds>(Clock::time_point::max() - now).count();
    if (seconds >= room - 1.0) return Clock::time_point::max();
    auto budget = std::chrono::duration_cast<Clock::duration>(Seconds(seconds));
    if (budget >= Clock::time_point::max() - now) return Clock::time_point::max();
    return now + budget;
  }

  // Counts `n` more nodes; false once a limit is hit (and from then on).
  bool spend(uint64_t n) {
    uint64_t total = nodes_.fetch_add(n, std::memory_order_relaxed) + n;
    if (stopped()) return false;
    if (cancel_ && cancel_->load(std::memory_order_relaxed)) return hit(Reason::Cancelled);
    if (interrupt_ && interrupt_->load(std::memory_order_relaxed)) return hit(Reason::Cancelled);
    if (total > max_nodes_) return hit(Reason::NodeLimit);
    if ((total & ~uint64_t(0xFFF)) != ((total - n) & ~uint64_t(0xFFF)) && deadline_ != Clock::time_point::max() &&
        Clock::now() > deadline_)
      return hit(Reason::TimeLimit);
    return true;
  }
  void cancel() { hit(Reason::Cancelled); }
  bool stopped() const { return stop_.load(std::memory_order_relaxed); }
  Reason limit_hit() const { return Reason(reason_.load()); }
  uint64_t nodes() const { return nodes_.load(std::memory_order_relaxed); }
  uint64_t max_nodes() const { return max_nodes_; }
  uint64_t remaining() const { uint64_t n = nodes(); return n >= max_nodes_ ? 0 : max_nodes_ - n; }

 private:
  bool hit(Reason r) {
    bool expected = false;
    if (stop_.compare_exchange_strong(expected, true)) reason_.store(uint8_t(r));
    return false;
  }
  uint64_t max_nodes_;
  Clock::time_point deadline_;
  const std::atomic<bool>* cancel_;
  const std::atomic<bool>* interrupt_;
  std::atomic<uint64_t> nodes_{0};
  std::atomic<bool> stop_{false};
  std::atomic<uint8_t> reason_{uint8_t(Reason::NodeLimit)};
};

}  // namespace arbiter::search
