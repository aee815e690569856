#include "search/problems/solution_memo.hpp"

#include <tbb/concurrent_hash_map.h>

#include "search/board/packed.hpp"

namespace arbiter::search {

using namespace board;

namespace {

struct Key {
  uint64_t zobrist;
  int plies;
};

struct KeyHash {
  static std::size_t hash(const Key& k) { return std::size_t(k.zobrist ^ (uint64_t(k.plies) * 0x9E3779B97F4A7C15ULL)); }
  static bool equal(const Key& a, const Key& b) { return a.zobrist == b.zobrist && a.plies == b.plies; }
};

struct Entry {
  PackedPosition packed;  // decides equality; the key only finds the entry
  std::shared_ptr<const SolutionMemo::Lines> lines;
};

}  // namespace

struct SolutionMemo::Impl {
  tbb::concurrent_hash_map<Key, Entry, KeyHash> map;
  std::atomic<uint64_t> stored{0};
  uint64_t max_moves;
};

SolutionMemo::SolutionMemo(uint64_t max_moves) : impl_(std::make_unique<Impl>()) { impl_->max_moves = max_moves; }
SolutionMemo::~SolutionMemo() = default;

std::shared_ptr<const SolutionMemo::Lines> SolutionMemo::find(const Position& pos, int plies) const {
  decltype(impl_->map)::const_accessor found;
  if (!impl_->map.find(found, Key{pos.key(), plies})) return nullptr;
  if (!(found->second.packed == pack(pos))) return nullptr;
  return found->second.lines;
}

void SolutionMemo::store(const Position& pos, Lines lines) {
  const uint64_t size = lines.moves.size();
  if (size == 0 || impl_->stored.load(std::memory_order_relaxed) + size > impl_->max_moves) return;
  const int plies = lines.plies;
  decltype(impl_->map)::accessor slot;
  if (!impl_->map.insert(slot, Key{pos.key(), plies})) return;  // the first position with this key keeps it
  impl_->stored.fetch_add(size, std::memory_order_relaxed);
  slot->second = Entry{pack(pos), std::make_shared<const Lines>(std::move(lines))};
}

}  // namespace arbiter::search
