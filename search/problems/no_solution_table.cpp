#include "search/problems/no_solution_table.hpp"

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstring>

namespace arbiter::search {

using namespace board;

namespace {

std::array<uint64_t, 4> words_of(const PackedPosition& p) {
  std::array<uint64_t, 4> w;
  std::memcpy(w.data(), &p, sizeof(p));
  return w;
}

template <typename T>
std::atomic_ref<T> atomic(T& word) {
  return std::atomic_ref<T>(word);
}

}  // namespace

// The part in use at first: 16K entries (768 KB), a few huge pages.
constexpr unsigned kFirstLog2 = 14;
// Entries in use per node searched: a search records at most a fact a node, and a
// widening carries the facts over, so that one leaves the nodes of the benchmark problems
// within 0.1% of those of sixteen, with a sixteenth of the memory to touch (and to have the
// system clear: on a VM, at first touch, that cost as much as the search).
constexpr uint64_t kEntriesPerNode = 1;

NoSolutionTable::NoSolutionTable(unsigned log2_entries) {
  log2_entries = std::max(1u, log2_entries);  // a bucket is two entries
  entries_ = zeroed_huge_array<Entry>(std::size_t(1) << log2_entries);
  mask_ = (uint64_t(1) << log2_entries) - 1;
  active_mask_.store((uint64_t(1) << std::min(log2_entries, kFirstLog2)) - 1, std::memory_order_relaxed);
}

void NoSolutionTable::fit(uint64_t nodes) {
  const uint64_t want = std::min(mask_, std::bit_ceil(std::max<uint64_t>(nodes, 1) * kEntriesPerNode) - 1);
  uint64_t now = active_mask_.load(std::memory_order_relaxed);
  while (now < want) {
    if (active_mask_.compare_exchange_weak(now, want, std::memory_order_relaxed)) {
      carry_over(now);
      return;
    }
  }
}

// After a widening from `old_mask`: each fact of the old part whose bucket under the wider
// part is another is copied there, and its old entry emptied. Lookups in between may miss
// it, and a store racing with the copy may win or skip it, as anywhere in the table: a fact
// can be forgotten, never altered.
void NoSolutionTable::carry_over(uint64_t old_mask) {
  const uint64_t mask = active_mask_.load(std::memory_order_relaxed);
  for (uint64_t i = 0; i <= old_mask; ++i) {
    Entry& e = entries_[i];
    const uint32_t before = atomic(e.sequence).load(std::memory_order_acquire);
    if (before & 1) continue;
    const uint64_t key = atomic(e.key).load(std::memory_order_relaxed);
    if (key == 0 || ((key & mask) | 1) == (i | 1)) continue;  // empty, or in its bucket still
    const uint32_t bits = atomic(e.plies).load(std::memory_order_relaxed);
    std::array<uint64_t, 4> words;
    for (int w = 0; w < 4; ++w) words[std::size_t(w)] = atomic(e.packed[std::size_t(w)]).load(std::memory_order_relaxed);
    std::atomic_thread_fence(std::memory_order_acquire);
    if (atomic(e.sequence).load(std::memory_order_relaxed) != before) continue;
    if (!store(key, words, bits)) continue;  // another writer there: the old entry stays
    uint32_t seq = before;
    if (!atomic(e.sequence).compare_exchange_strong(seq, seq + 1, std::memory_order_relaxed)) continue;
    std::atomic_thread_fence(std::memory_order_release);
    atomic(e.key).store(0, std::memory_order_relaxed);
    atomic(e.plies).store(0, std::memory_order_relaxed);
    atomic(e.sequence).store(seq + 2, std::memory_order_release);
  }
}

// Sequence-lock reader: the data read between two equal, even sequence numbers was
// written by one writer alone. Either entry of the position's bucket may hold it.
bool NoSolutionTable::known_unsolvable(const Position& pos, uint64_t key, int plies) const {
  if (key == 0 || plies < 0 || plies > kMaxPlies) return false;
  Entry* bucket = &entries_[key & active_mask_.load(std::memory_order_relaxed) & ~uint64_t(1)];
  for (int way = 0; way < 2; ++way) {
    Entry& e = bucket[way];
    const uint32_t before = atomic(e.sequence).load(std::memory_order_acquire);
    if (before & 1) continue;
    if (atomic(e.key).load(std::memory_order_relaxed) != key) continue;
    const uint32_t bits = atomic(e.plies).load(std::memory_order_relaxed);
    std::array<uint64_t, 4> stored;
    for (int i = 0; i < 4; ++i) stored[i] = atomic(e.packed[std::size_t(i)]).load(std::memory_order_relaxed);
    std::atomic_thread_fence(std::memory_order_acquire);
    if (atomic(e.sequence).load(std::memory_order_relaxed) != before) continue;
    if ((bits >> plies & 1) && stored == words_of(pack(pos))) return true;
  }
  return false;
}

// Sequence-lock writer: the one thread that moves the sequence from even to odd writes;
// any other skips its store. In the bucket, the entry of the same key is merged into;
// else the one whose deepest fact is shallower (less work saved) is replaced.
void NoSolutionTable::record_unsolvable(const Position& pos, uint64_t key, int plies) {
  if (key == 0 || plies < 0 || plies > kMaxPlies) return;
  store(key, words_of(pack(pos)), 1u << plies);
}

bool NoSolutionTable::store(uint64_t key, const std::array<uint64_t, 4>& words, uint32_t bits) {
  Entry* bucket = &entries_[key & active_mask_.load(std::memory_order_relaxed) & ~uint64_t(1)];
  auto worth = [](Entry& e) { return std::bit_width(atomic(e.plies).load(std::memory_order_relaxed)); };
  int way = 0;
  if (atomic(bucket[1].key).load(std::memory_order_relaxed) == key)
    way = 1;
  else if (atomic(bucket[0].key).load(std::memory_order_relaxed) != key && worth(bucket[1]) < worth(bucket[0]))
    way = 1;
  Entry& e = bucket[way];
  uint32_t seq = atomic(e.sequence).load(std::memory_order_relaxed);
  if ((seq & 1) || !atomic(e.sequence).compare_exchange_strong(seq, seq + 1, std::memory_order_relaxed)) return false;
  std::atomic_thread_fence(std::memory_order_release);
  bool same = atomic(e.key).load(std::memory_order_relaxed) == key;
  for (int i = 0; same && i < 4; ++i) same = atomic(e.packed[std::size_t(i)]).load(std::memory_order_relaxed) == words[std::size_t(i)];
  if (same) {
    atomic(e.plies).store(atomic(e.plies).load(std::memory_order_relaxed) | bits, std::memory_order_relaxed);
  } else {
    atomic(e.key).store(key, std::memory_order_relaxed);
    atomic(e.plies).store(bits, std::memory_order_relaxed);
    for (int i = 0; i < 4; ++i) atomic(e.packed[std::size_t(i)]).store(words[std::size_t(i)], std::memory_order_relaxed);
  }
  atomic(e.sequence).store(seq + 2, std::memory_order_release);
  return true;
}

}  // namespace arbiter::search
