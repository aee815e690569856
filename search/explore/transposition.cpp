#include "search/explore/transposition.hpp"

namespace arbiter::search {

TranspositionTable::TranspositionTable(unsigned log2_entries, Pages pages)
    : slots_(zeroed_array<uint64_t>(std::size_t(1) << log2_entries)), mask_((uint64_t(1) << log2_entries) - 1) {
  if (pages == Pages::AtOnce) {
    // A write to every page faults it in; volatile, for a compiler may drop a memset of
    // zeroes over memory that calloc gave.
    volatile uint64_t* words = slots_.get();
    for (uint64_t i = 0; i <= mask_; i += 4096 / sizeof(uint64_t)) words[i] = 0;
  }
}

}  // namespace arbiter::search
