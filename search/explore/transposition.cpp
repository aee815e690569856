#include "search/explore/transposition.hpp"

namespace arbiter::search {

TranspositionTable::TranspositionTable(unsigned log2_entries)
    : slots_(zeroed_array<uint64_t>(std::size_t(1) << log2_entries)), mask_((uint64_t(1) << log2_entries) - 1) {}

}  // namespace arbiter::search
