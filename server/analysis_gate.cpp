#include "server/analysis_gate.hpp"

namespace arbiter::server {

AnalysisGate::AnalysisGate(std::size_t running, std::size_t waiting)
    : running_limit_(running == 0 ? 1 : running), waiting_limit_(waiting) {}

AnalysisGate::Slot::~Slot() {
  if (gate_) gate_->leave();
}

std::optional<AnalysisGate::Slot> AnalysisGate::enter() {
  std::unique_lock lock(mutex_);
  if (running_ >= running_limit_) {
    if (waiting_ >= waiting_limit_) return std::nullopt;
    ++waiting_;
    freed_.wait(lock, [&] { return running_ < running_limit_; });
    --waiting_;
  }
  ++running_;
  return Slot(this);
}

void AnalysisGate::leave() {
  {
    std::lock_guard lock(mutex_);
    --running_;
  }
  freed_.notify_one();
}

}  // namespace arbiter::server
