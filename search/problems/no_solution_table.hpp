// An exact, shared table of facts "from this position, no helpmate of exactly d plies
// exists" (d <= kMaxPlies), for pruning an exhaustive problem search. Exact: the Zobrist
// key picks the bucket, the full packed position decides equality, so a fact is never
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
  // The longest problem is h#10.5, 21 plies; facts of more plies are neither kept nor found.
  static constexpr int kMaxPlies = 23;
  // 2^log2_entries entries of 32 bytes, in buckets of two (a cache line; at least one bucket).
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
  // An entry is the PackedPosition's four words, read and written through std::atomic_ref.
  // The last word holds the side to move, castling and en passant in its low three bytes,
  // and in the five bytes the packed form leaves as padding, the lock's sequence number
  // (odd while a writer is inside; 16 bits, so a reader is misled only if one entry is
  // written 32,768 times while it reads four words) and the facts (bit d: no helpmate of
  // exactly d plies).
  // An empty entry has no men (the first word is 0): the table comes zeroed from the
  // system (zeroed_huge_array), so the pages a search never touches cost nothing. Without
  // a key of its own an entry is two thirds of the size: fewer pages for the system to
  // clear, and a bucket in one cache line.
  struct Entry {
    std::array<uint64_t, 4> words;
  };
  static_assert(sizeof(board::PackedPosition) == sizeof(Entry));

  // Writes `facts` for the position packed in `words`: merged into its entry, else in place
  // of the bucket's entry of shallower facts. Skipped (false) when another thread is
  // writing there.
  bool store(uint64_t key, const std::array<uint64_t, 4>& words, uint32_t facts);
  void carry_over(uint64_t old_mask);

  std::unique_ptr<Entry[], ZeroedHugeFree> entries_;
  uint64_t mask_ = 0;                       // the whole table
  std::atomic<uint64_t> active_mask_{0};    // the part in use: the low entries
};

}  // namespace arbiter::search
