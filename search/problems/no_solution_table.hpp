// An exact, shared table of facts "from this position, no helpmate of exactly d plies
// exists" (d < 32), for pruning an exhaustive problem search. Exact: the Zobrist key
// picks the bucket, the full packed position decides equality, so a fact is never
// applied to another position. Thread-safe and lock-free: each entry is guarded by a
// sequence lock, and a reader that overlaps a writer sees a miss, never a mix of two
// entries. Lossy only by forgetting (an entry is overwritten), never by inventing.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <memory>

#include "search/board/packed.hpp"
#include "search/board/position.hpp"
#include "search/huge_page_allocator.hpp"

namespace arbiter::search {

class NoSolutionTable {
 public:
  static constexpr int kMaxPlies = 31;
  // 2^log2_entries entries of 48 bytes, in buckets of two (at least one bucket).
  explicit NoSolutionTable(unsigned log2_entries);

  // True when it is known that no helpmate of exactly `plies` plies exists from `pos`
  // (whose key is `key`).
  bool known_unsolvable(const board::Position& pos, uint64_t key, int plies) const;
  // Starts loading the bucket of `key`, for a probe soon after.
  void prefetch(uint64_t key) const {
    __builtin_prefetch(&entries_[key & active_mask_.load(std::memory_order_relaxed) & ~uint64_t(1)]);
  }
  // Records that none exists. Skips the store (forgets) when another thread is writing.
  void record_unsolvable(const board::Position& pos, uint64_t key, int plies);
  // Widens the part of the table in use to `nodes` entries, rounded up to a power of two
  // (never narrows it, never past the whole). A search of n nodes records at most n facts,
  // and the pages of the part it never reaches are never touched, so a small problem clears
  // no more memory than it needs. Facts recorded before are carried over to their buckets
  // under the wider part.
  void fit(uint64_t nodes);

  std::size_t size_bytes() const { return (mask_ + 1) * sizeof(Entry); }
  std::size_t used_bytes() const { return (active_mask_.load(std::memory_order_relaxed) + 1) * sizeof(Entry); }

 private:
  // Plain words, read and written through std::atomic_ref: the table comes zeroed from
  // the system (zeroed_huge_array), so the pages a search never touches cost nothing.
  struct Entry {
    uint32_t sequence;               // odd while a writer is inside
    uint32_t plies;                  // bit d: no helpmate of exactly d plies
    uint64_t key;                    // 0 = empty
    std::array<uint64_t, 4> packed;  // the PackedPosition's 32 bytes
  };
  static_assert(sizeof(board::PackedPosition) == 4 * sizeof(uint64_t));

  // Writes `bits` for the position of `key` and `words`: merged into its entry, else in
  // place of the bucket's entry of shallower facts. Skipped (false) when another thread is
  // writing there.
  bool store(uint64_t key, const std::array<uint64_t, 4>& words, uint32_t bits);
  void carry_over(uint64_t old_mask);

  std::unique_ptr<Entry[], ZeroedHugeFree> entries_;
  uint64_t mask_ = 0;                       // the whole table
  std::atomic<uint64_t> active_mask_{0};    // the part in use: the low entries
};

}  // namespace arbiter::search
