// Limits::deadline_after (issue #25): a time budget becomes a deadline without
// overflow; huge and infinite budgets mean no deadline, never an instant one.
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>

#include "search/limits.hpp"

using arbiter::search::Limits;
using Clock = Limits::Clock;

TEST_CASE("a time budget becomes a deadline after now", "[limits][reliability]") {
  auto now = Clock::now();
  CHECK(Limits::deadline_after(1.5, now) - now == std::chrono::milliseconds(1500));
  CHECK(Limits::deadline_after(0.001, now) - now == std::chrono::milliseconds(1));
  CHECK(Limits::deadline_after(86400.0 * 365, now) > now);
}

TEST_CASE("huge, infinite and absent budgets mean no deadline, never an overflow", "[limits][reliability]") {
  auto now = Clock::now();
  for (double s : {9.3e9, 1e10, 1e300, std::numeric_limits<double>::max(), std::numeric_limits<double>::infinity(),
                   0.0, -1.0, -std::numeric_limits<double>::infinity(), std::nan("")}) {
    INFO(s);
    CHECK(Limits::deadline_after(s, now) == Clock::time_point::max());
  }
  // Near the end of the clock's range the sum saturates too.
  auto late = Clock::time_point::max() - std::chrono::seconds(10);
  CHECK(Limits::deadline_after(100.0, late) == Clock::time_point::max());
  CHECK(Limits::deadline_after(5.0, late) == late + std::chrono::seconds(5));
}

TEST_CASE("a search with a huge time budget is not stopped by time", "[limits][reliability]") {
  Limits limits(std::numeric_limits<uint64_t>::max(), Limits::deadline_after(1e10));
  for (int i = 0; i < 1000; ++i) REQUIRE(limits.spend(1 << 12));
  CHECK_FALSE(limits.stopped());
}
