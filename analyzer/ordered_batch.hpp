// The shape of every batch: read items in order, work on them in parallel (a oneTBB
// pipeline), hand the results on in input order.
#pragma once

#include <cstddef>
#include <memory>
#include <optional>

#include <tbb/parallel_pipeline.h>

namespace arbiter::analyzer {

// Items in flight per thread. Results leave in input order, so an item that takes long
// holds back every item read after it, and with few in flight the other threads soon
// wait: one game's audit takes from microseconds to tens of milliseconds. 64 each keeps
// them busy behind an item some hundred times the mean, for a few kilobytes an item.
inline constexpr std::size_t kItemsInFlightPerThread = 64;

// read: () -> std::optional<Job> (nullopt ends the batch), serial, in order;
// work: (Job&), in parallel; print: (Job&), serial, in input order.
template <class Job, class Read, class Work, class Print>
void run_ordered_batch(unsigned threads, Read read, Work work, Print print) {
  using Ptr = std::shared_ptr<Job>;
  tbb::parallel_pipeline(
      std::size_t(threads > 0 ? threads : 1) * kItemsInFlightPerThread,
      tbb::make_filter<void, Ptr>(tbb::filter_mode::serial_in_order,
                                  [&](tbb::flow_control& fc) -> Ptr {
                                    std::optional<Job> job = read();
                                    if (!job) {
                                      fc.stop();
                                      return nullptr;
                                    }
                                    return std::make_shared<Job>(std::move(*job));
                                  }) &
          tbb::make_filter<Ptr, Ptr>(tbb::filter_mode::parallel,
                                     [&](Ptr job) {
                                       work(*job);
                                       return job;
                                     }) &
          tbb::make_filter<Ptr, void>(tbb::filter_mode::serial_in_order, [&](Ptr job) { print(*job); }));
}

}  // namespace arbiter::analyzer
