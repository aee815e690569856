#include "search/closure.hpp"

#include "search/board/movegen.hpp"
#include "search/board/packed.hpp"
#include "search/material.hpp"

namespace arbiter::search {

using namespace board;

namespace {

// An exact set of packed positions with, for each, how it was reached (for the witness).
class VisitedSet {
 public:
  struct Node {
    PackedPosition packed;
    uint64_t key;  // Zobrist key: picks the bucket; the packed bytes decide equality
    uint32_t parent;
    Move move;
  };
  static constexpr uint32_t kEmpty = 0xFFFFFFFF;
  // A bucket keeps the upper key bits beside the index, so most probes never touch nodes_.
  struct Slot {
    uint32_t index = kEmpty;
    uint32_t key_high = 0;
  };

  VisitedSet() : slots_(1024) {}

  // Adds the position unless present; true when it was new.
  bool insert(const Position& pos, uint32_t parent, Move move) {
    if ((nodes_.size() + 1) * 2 > slots_.size()) grow();
    std::size_t mask = slots_.size() - 1;
    const uint64_t key = pos.key();
    PackedPosition p;
    bool packed = false;
    const uint32_t high = uint32_t(key >> 32);
    for (std::size_t i = key & mask;; i = (i + 1) & mask) {
      uint32_t idx = slots_[i].index;
      if (idx == kEmpty) {
        if (!packed) p = pack(pos);
        slots_[i] = {uint32_t(nodes_.size()), high};
        nodes_.push_back({p, key, parent, move});
        return true;
      }
      if (slots_[i].key_high != high || nodes_[idx].key != key) continue;
      if (!packed) {
        p = pack(pos);
        packed = true;
      }
      if (nodes_[idx].packed == p) return false;
    }
  }
  const Node& operator[](uint32_t i) const { return nodes_[i]; }
  std::size_t size() const { return nodes_.size(); }

 private:
  void grow() {
    std::vector<Slot> bigger(slots_.size() * 2);
    std::size_t mask = bigger.size() - 1;
    for (uint32_t idx = 0; idx < nodes_.size(); ++idx) {
      std::size_t i = nodes_[idx].key & mask;
      while (bigger[i].index != kEmpty) i = (i + 1) & mask;
      bigger[i] = {idx, uint32_t(nodes_[idx].key >> 32)};
    }
    slots_.swap(bigger);
  }
  std::vector<Slot> slots_;
  std::vector<Node> nodes_;
};

std::vector<Move> path_to(const VisitedSet& set, uint32_t idx) {
  std::vector<Move> line;
  while (set[idx].parent != VisitedSet::kEmpty) {
    line.push_back(set[idx].move);
    idx = set[idx].parent;
  }
  return {line.rbegin(), line.rend()};
}

}  // namespace

ClosureResult explore_all(const Position& root, Color winner, Limits& limits, uint64_t max_positions,
                          const DeadEnd& dead_end) {
  ClosureResult result;
  VisitedSet set;
  set.insert(root, VisitedSet::kEmpty, Move());
  if (root.side_to_move() != winner && root.in_check() && !has_legal_move(root)) {
    result.kind = ClosureResult::Kind::MateFound;
    result.positions = 1;
    return result;
  }
  // Breadth first: the set's order is the queue.
  for (uint32_t next = 0; next < set.size(); ++next) {
    if (set.size() > max_positions || limits.stopped()) {
      result.positions = set.size();
      return result;
    }
    Position pos = unpack(set[next].packed, root);
    if (material_forbids_mate_fast(pos, winner)) continue;
    if (dead_end && dead_end(pos, winner)) continue;
    MoveList moves;
    generate_legal(pos, moves);
    if (!limits.spend(1 + moves.size())) {
      result.positions = set.size();
      return result;
    }
    for (Move m : moves) {
      pos.do_move(m);
      if (set.insert(pos, next, m) && pos.side_to_move() != winner && pos.in_check() &&
          !has_legal_move(pos)) {
        result.kind = ClosureResult::Kind::MateFound;
        result.line = path_to(set, uint32_t(set.size() - 1));
        result.positions = set.size();
        return result;
      }
      pos.undo_move(m);
    }
  }
  result.kind = ClosureResult::Kind::Exhausted;
  result.positions = set.size();
  return result;
}

}  // namespace arbiter::search
