// The shape of every batch command: read items in order, work on them in parallel
// (oneTBB pipeline, a bounded number in flight), print the results in input order.
#pragma once

#include <memory>
#include <optional>

#include <tbb/parallel_pipeline.h>

namespace arbiter::cli {

// read: () -> std::optional<Job> (nullopt ends the batch), serial, in order;
// work: (Job&), in parallel; print: (Job&), serial, in input order.
template <class Job, class Read, class Work, class Print>
void run_ordered_batch(unsigned threads, Read read, Work work, Print print) {
  using Ptr = std::shared_ptr<Job>;
  tbb::parallel_pipeline(
      threads * 4,
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

}  // namespace arbiter::cli
