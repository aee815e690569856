// Long C++ work called from Python: it runs on a worker thread with the GIL released,
// while the calling thread wakes every 50 ms to let Python handle signals. On Ctrl-C
// (or any exception a signal handler raises) the `interrupt` flag is set, the searches,
// which watch it, stop within milliseconds, and the exception propagates to the caller.
#pragma once

#include <atomic>
#include <functional>

namespace arbiter::python {

// Runs `work` to its end, or until interrupted. The GIL must be held on entry; it is held
// again on return. Throws pybind11::error_already_set when a signal handler raised (after
// `work` has returned), and rethrows whatever `work` threw.
void run_interruptibly(std::atomic<bool>& interrupt, const std::function<void()>& work);

}  // namespace arbiter::python
