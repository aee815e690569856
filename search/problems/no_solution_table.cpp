#include "search/problems/no_solution_table.hpp"

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstddef>
#include <cstring>

namespace arbiter::search {

using namespace board;

namespace {

// The last word of an entry: the packed state (side, castling, en passant) in bits 0-23,
// which pack() leaves the rest of at 0; the sequence in bits 24-39; the facts in 40-63.
constexpr uint64_t kStateMask = (uint64_t(1) << 24) - 1;
constexpr unsigned kSequenceShift = 24, kFactsShift = 40;
static_assert(offsetof(PackedPosition, side_to_move) == 24 && offsetof(PackedPosition, en_passant) == 26);
static_assert(NoSolutionTable::kMaxPlies < 64 - int(kFactsShift));

std::array<uint64_t, 4> words_of(const PackedPosition& p) {
  std::array<uint64_t, 4> w;
  std::memcpy(w.data(), &p, sizeof(p));
  return w;
}

uint32_t facts_of(uint64_t last) { return uint32_t(last >> kFactsShift); }
uint32_t sequence_of(uint64_t last) { return uint32_t(last >> kSequenceShift) & 0xFFFF; }
uint64_t last_word(uint64_t state, uint32_t sequence, uint32_t facts) {
  return (state & kStateMask) | uint64_t(sequence & 0xFFFF) << kSequenceShift | uint64_t(facts) << kFactsShift;
}

template <typename T>
std::atomic_ref<T> atomic(T& word) {
  return std::atomic_ref<T>(word);
}

// Words read from an entry hold the position packed in `w` (the lock and facts aside).
bool same_position(const std::array<uint64_t, 4>& e, const std::array<uint64_t, 4>& w) {
  return e[0] == w[0] && e[1] == w[1] && e[2] == w[2] && ((e[3] ^ w[3]) & kStateMask) == 0;
}

}  // namespace

// The part in use at first: 16K entries (512 KB).
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
// part is another is copied there, and its old entry emptied. The bucket comes from the
// position's key, computed again from the packed words. Lookups in between may miss it,
// and a store racing with the copy may win or skip it, as anywhere in the table: a fact
// can be forgotten, never altered.
void NoSolutionTable::carry_over(uint64_t old_mask) {
  const uint64_t mask = active_mask_.load(std::memory_order_relaxed);
  for (uint64_t i = 0; i <= old_mask; ++i) {
    Entry& e = entries_[i];
    const uint64_t before = atomic(e.words[3]).load(std::memory_order_acquire);
    if (sequence_of(before) & 1) continue;
    std::array<uint64_t, 4> words;
    for (int w = 0; w < 3; ++w) words[std::size_t(w)] = atomic(e.words[std::size_t(w)]).load(std::memory_order_relaxed);
    words[3] = before & kStateMask;
    std::atomic_thread_fence(std::memory_order_acquire);
    if (atomic(e.words[3]).load(std::memory_order_relaxed) != before) continue;
    if (words[0] == 0) continue;  // empty
    PackedPosition packed;
    std::memcpy(static_cast<void*>(&packed), words.data(), sizeof packed);
    const uint64_t key = packed_key(packed);
    if (((key & mask) | 1) == (i | 1)) continue;  // in its bucket still
    if (!store(key, words, facts_of(before))) continue;  // another writer there: the old entry stays
    uint64_t locked = before;
    if (!atomic(e.words[3]).compare_exchange_strong(locked, last_word(before, sequence_of(before) + 1, facts_of(before)),
                                                    std::memory_order_relaxed))
      continue;
    std::atomic_thread_fence(std::memory_order_release);
    atomic(e.words[0]).store(0, std::memory_order_relaxed);
    atomic(e.words[3]).store(last_word(0, sequence_of(before) + 2, 0), std::memory_order_release);
  }
}

// Sequence-lock reader: the words read between two equal last words, of an even
// sequence, were written by one writer alone. Either entry of the position's bucket may
// hold it.
bool NoSolutionTable::known_unsolvable(const Position& pos, uint64_t key, int plies) const {
  if (key == 0 || plies < 0 || plies > kMaxPlies) return false;
  Entry* bucket = &entries_[key & active_mask_.load(std::memory_order_relaxed) & ~uint64_t(1)];
  std::array<uint64_t, 4> wanted{};
  bool packed = false;
  for (int way = 0; way < 2; ++way) {
    Entry& e = bucket[way];
    const uint64_t before = atomic(e.words[3]).load(std::memory_order_acquire);
    if ((sequence_of(before) & 1) || !(facts_of(before) >> plies & 1)) continue;
    std::array<uint64_t, 4> stored;
    for (int i = 0; i < 3; ++i) stored[std::size_t(i)] = atomic(e.words[std::size_t(i)]).load(std::memory_order_relaxed);
    stored[3] = before;
    std::atomic_thread_fence(std::memory_order_acquire);
    if (atomic(e.words[3]).load(std::memory_order_relaxed) != before) continue;
    if (!packed) wanted = words_of(pack(pos)), packed = true;
    if (same_position(stored, wanted)) return true;
  }
  return false;
}

void NoSolutionTable::record_unsolvable(const Position& pos, uint64_t key, int plies) {
  if (key == 0 || plies < 0 || plies > kMaxPlies) return;
  store(key, words_of(pack(pos)), 1u << plies);
}

// Sequence-lock writer: the one thread that moves the sequence from even to odd writes;
// any other skips its store. In the bucket, the entry of the same position is merged
// into; else the one whose deepest fact is shallower (less work saved) is replaced.
bool NoSolutionTable::store(uint64_t key, const std::array<uint64_t, 4>& words, uint32_t facts) {
  Entry* bucket = &entries_[key & active_mask_.load(std::memory_order_relaxed) & ~uint64_t(1)];
  auto read = [](Entry& e) {
    std::array<uint64_t, 4> w;
    for (int i = 0; i < 4; ++i) w[std::size_t(i)] = atomic(e.words[std::size_t(i)]).load(std::memory_order_relaxed);
    return w;
  };
  const std::array<uint64_t, 4> first = read(bucket[0]), second = read(bucket[1]);
  int way = 0;
  if (same_position(second, words))
    way = 1;
  else if (!same_position(first, words) && std::bit_width(facts_of(second[3])) < std::bit_width(facts_of(first[3])))
    way = 1;
  Entry& e = bucket[way];
  uint64_t last = atomic(e.words[3]).load(std::memory_order_relaxed);
  if ((sequence_of(last) & 1) ||
      !atomic(e.words[3]).compare_exchange_strong(last, last_word(last, sequence_of(last) + 1, facts_of(last)),
                                                  std::memory_order_relaxed))
    return false;
  std::atomic_thread_fence(std::memory_order_release);
  // Under the lock: the entry's words are this thread's to read and write.
  const bool same = same_position(read(e), words);
  if (!same)
    for (int i = 0; i < 3; ++i) atomic(e.words[std::size_t(i)]).store(words[std::size_t(i)], std::memory_order_relaxed);
  atomic(e.words[3]).store(last_word(same ? last : words[3], sequence_of(last) + 2, same ? facts_of(last) | facts : facts),
                           std::memory_order_release);
  return true;
}

}  // namespace arbiter::search
