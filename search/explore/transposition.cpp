#include "search/explore/transposition.hpp"

namespace arbiter::search {

TranspositionTable::TranspositionTable(unsigned log2_entries)
    : slots_(new std::atomic<uint64_t>[std::size_t(1) << log2_entries]), mask_((uint64_t(1) << log2_entries) - 1) {
  for (uint64_t i = 0; i <= mask_; ++i) slots_[i].store(0, std::memory_order_relaxed);
}

}  // namespace arbiter::search
