// A bound on the analyses a server runs: at most `running` at once and at most `waiting`
// more queued behind them; a request beyond that is refused at once ("busy") instead of
// taking a thread and memory. Thread-safe.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <mutex>
#include <optional>

namespace arbiter::server {

class AnalysisGate {
 public:
  AnalysisGate(std::size_t running, std::size_t waiting);

  // Held while one analysis runs; gives its place back when destroyed.
  class Slot {
   public:
    explicit Slot(AnalysisGate* gate) : gate_(gate) {}
    Slot(Slot&& other) noexcept : gate_(other.gate_) { other.gate_ = nullptr; }
    Slot(const Slot&) = delete;
    Slot& operator=(const Slot&) = delete;
    Slot& operator=(Slot&&) = delete;
    ~Slot();

   private:
    AnalysisGate* gate_;
  };

  // A slot, after waiting for one to free if the queue has room; nothing when it is full.
  std::optional<Slot> enter();

  std::size_t running_limit() const { return running_limit_; }
  std::size_t waiting_limit() const { return waiting_limit_; }

 private:
  void leave();

  const std::size_t running_limit_, waiting_limit_;
  std::mutex mutex_;
  std::condition_variable freed_;
  std::size_t running_ = 0, waiting_ = 0;
};

}  // namespace arbiter::server
