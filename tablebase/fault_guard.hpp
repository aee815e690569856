// Reading a memory-mapped file that may be damaged or truncated: a bad page can send a
// read outside the mapping (SIGSEGV) or past the end of the file (SIGBUS), and a damaged
// header field can be a divisor (SIGFPE: a page size of 0). run_guarded
// turns such a fault, raised inside the guarded code on this thread, into `false`, so
// that a damaged table is an error and never a crash. Faults anywhere else go on to the
// handler that was installed before (the default one, or a sanitizer's).
//
// The guarded code must only call C functions and copy plain bytes: it is left with
// siglongjmp, so no destructor may be pending inside it.
#pragma once

#include <type_traits>

namespace arbiter::tablebase {

// Puts the guard's SIGBUS, SIGSEGV and SIGFPE handler in place, unless it is there already (another
// handler installed since, e.g. a test framework's, is kept as the one faults go on to).
// Call it before guarded code runs, e.g. when a mapped file is opened.
void install_fault_handlers();

// Inside guarded code on this thread: leaves it at once, as a fault would (run_guarded
// returns false). Elsewhere: returns, doing nothing. For failure callbacks of C libraries
// that would otherwise abort the process (LMDB's assertions on a damaged file).
void escape_guarded();

// Runs fn(context); false when it faulted (it did not finish). Thread-safe; may nest.
bool run_guarded(void (*fn)(void*), void* context);

template <class F>
bool run_guarded(F& f) {
  static_assert(std::is_invocable_v<F&>);
  return run_guarded([](void* c) { (*static_cast<F*>(c))(); }, &f);
}

}  // namespace arbiter::tablebase
