// A lossy, lock-free table of facts "no helpmate for `winner` within d plies from this
// position". Shared by all threads and all questions; each entry is one atomic word
// (key bits and depth together), so a torn read cannot happen. A hit may only prune a
// search (lose time or a witness), never produce a verdict.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>

#include "search/board/types.hpp"
#include "search/huge_page_allocator.hpp"

namespace arbiter::search {

class TranspositionTable {
 public:
  // When its pages come into memory: as the searches first touch them (a table made for
  // one search, which may touch a small part of it), or all at once (a table that lives
  // long, so that a server's memory is the same from its first request to its last).
  enum class Pages { OnFirstUse, AtOnce };
  explicit TranspositionTable(unsigned log2_entries = 22, Pages pages = Pages::OnFirstUse);
  // The depth d such that no mate within d plies is known, or 0.
  int probe(uint64_t key, board::Color winner) const {
    uint64_t k = tag(key, winner);
    uint64_t e = std::atomic_ref<uint64_t>(slots_[k & mask_]).load(std::memory_order_relaxed);
    return (e >> 8) == (k >> 8) ? int(e & 0xFF) : 0;
  }
  // Starts loading the slot of `key`, for a probe soon after.
  void prefetch(uint64_t key, board::Color winner) const {
    __builtin_prefetch(&slots_[tag(key, winner) & mask_]);
  }
  void store(uint64_t key, board::Color winner, int depth) {
    uint64_t k = tag(key, winner);
    std::atomic_ref<uint64_t>(slots_[k & mask_])
        .store((k & ~uint64_t(0xFF)) | uint64_t(depth > 255 ? 255 : depth), std::memory_order_relaxed);
  }
  std::size_t size_bytes() const { return (mask_ + 1) * sizeof(uint64_t); }

 private:
  static uint64_t tag(uint64_t key, board::Color winner) {
    return winner == board::Color::White ? key : key ^ 0x6A09E667F3BCC909ULL;
  }
  // Plain words, read and written through std::atomic_ref: they come zeroed from the
  // system (zeroed_array), so a search that touches a few entries of a big table pays for
  // those pages only, not for clearing the whole table.
  std::unique_ptr<uint64_t[], ZeroedHugeFree> slots_;
  uint64_t mask_;
};

}  // namespace arbiter::search
