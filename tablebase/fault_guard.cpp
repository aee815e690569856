#include "tablebase/fault_guard.hpp"

#include <csetjmp>
#include <csignal>
#include <mutex>

namespace arbiter::tablebase {
namespace {

// Process-wide by nature: signal dispositions belong to the process. Written only by
// install_fault_handlers (under its lock), before the handler they belong to is in place.
struct sigaction previous_bus {}, previous_segv{}, previous_fpe{};
thread_local sigjmp_buf* active = nullptr;

void on_fault(int sig, siginfo_t* info, void* context) {
  if (sigjmp_buf* jump = active) {
    active = nullptr;
    siglongjmp(*jump, 1);
  }
  const struct sigaction& previous = sig == SIGBUS ? previous_bus : sig == SIGFPE ? previous_fpe : previous_segv;
  if ((previous.sa_flags & SA_SIGINFO) && previous.sa_sigaction) {
    previous.sa_sigaction(sig, info, context);
    return;
  }
  if (!(previous.sa_flags & SA_SIGINFO) && previous.sa_handler != SIG_DFL && previous.sa_handler != SIG_IGN) {
    previous.sa_handler(sig);
    return;
  }
  // The default action: put it back; the faulting instruction runs again and ends the process.
  signal(sig, SIG_DFL);
}

}  // namespace

void escape_guarded() {
  if (sigjmp_buf* jump = active) {
    active = nullptr;
    siglongjmp(*jump, 1);
  }
}

void install_fault_handlers() {
  static std::mutex mutex;
  std::lock_guard lock(mutex);
  for (int sig : {SIGBUS, SIGSEGV, SIGFPE}) {
    struct sigaction current {};
    sigaction(sig, nullptr, &current);
    if ((current.sa_flags & SA_SIGINFO) && current.sa_sigaction == on_fault) continue;
    struct sigaction sa {};
    sa.sa_sigaction = on_fault;
    // NODEFER: the signal is not blocked while handled, so leaving the handler by
    // siglongjmp without restoring a signal mask keeps later faults deliverable.
    sa.sa_flags = SA_SIGINFO | SA_NODEFER | SA_ONSTACK;
    sigemptyset(&sa.sa_mask);
    (sig == SIGBUS ? previous_bus : sig == SIGFPE ? previous_fpe : previous_segv) = current;
    sigaction(sig, &sa, nullptr);
  }
}

bool run_guarded(void (*fn)(void*), void* context) {
  sigjmp_buf jump;
  sigjmp_buf* const outer = active;
  if (sigsetjmp(jump, 0) != 0) {
    active = outer;
    return false;
  }
  active = &jump;
  fn(context);
  active = outer;
  return true;
}

}  // namespace arbiter::tablebase
