#include "interruptible.hpp"

#include <chrono>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <thread>

#include <pybind11/pybind11.h>

namespace arbiter::python {

namespace py = pybind11;

void run_interruptibly(std::atomic<bool>& interrupt, const std::function<void()>& work) {
  std::mutex mutex;
  std::condition_variable finished;
  bool done = false;
  std::exception_ptr failure;
  std::thread worker([&] {
    try {
      work();
    } catch (...) {
      failure = std::current_exception();
    }
    std::lock_guard lock(mutex);
    done = true;
    finished.notify_all();
  });
  bool interrupted = false;
  while (true) {
    {
      py::gil_scoped_release release;
      std::unique_lock lock(mutex);
      if (finished.wait_for(lock, std::chrono::milliseconds(50), [&] { return done; })) break;
    }
    // Signal handlers run here, in the main thread with the GIL held; KeyboardInterrupt
    // is the default one's. After the first, only wait: the work is stopping.
    if (!interrupted && PyErr_CheckSignals() != 0) {
      interrupted = true;
      interrupt = true;
    }
  }
  {
    py::gil_scoped_release release;
    worker.join();
  }
  if (interrupted) throw py::error_already_set();
  if (failure) std::rethrow_exception(failure);
}

}  // namespace arbiter::python
