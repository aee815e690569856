#include "search/explore/closure.hpp"

#include <algorithm>
#include <array>
#include <memory>
#include <optional>
#include <utility>

#include "search/board/movegen.hpp"
#include "search/board/packed.hpp"
#include "search/checking_moves.hpp"
#include "search/explore/flight_blockers.hpp"
#include "search/explore/guidance.hpp"
#include "search/huge_page_allocator.hpp"
#include "search/proofs/material.hpp"

namespace arbiter::search {

using namespace board;

namespace {

// An exact set of positions with, for each, how it was reached (for the witness), and its
// packed form (packed.hpp). With `defer_packing`, a position's packed form is made only
// when it is expanded, or when another position with its Zobrist key comes: a focused
// search expands about one position in twenty it reaches and meets few twice, while an
// exhaustive one meets many positions again and would make them then.
class VisitedSet {
 public:
  struct Node {
    PackedPosition packed;  // all zero until made (no position has no men)
    uint64_t key;           // Zobrist key: picks the bucket; the packed bytes decide equality
    uint32_t parent;
    Move move;
    uint16_t depth;  // plies from the root
  };
  static constexpr uint32_t kEmpty = 0xFFFFFFFF;
  // A bucket keeps the upper key bits beside the index, so most probes never touch nodes_.
  struct Slot {
    uint32_t index = kEmpty;
    uint32_t key_high = 0;
  };

  explicit VisitedSet(const Position& root) : root_(root), slots_(1024) { nodes_.reserve(256); }
  void defer_packing() { defer_ = true; }

  // Adds the position unless present; true when it was new. `pos` is the root (parent
  // kEmpty) or reached from the position `parent` (expanded, so packed) by `move`.
  bool insert(const Position& pos, uint32_t parent, Move move, uint16_t depth) {
    if ((nodes_.size() + 1) * 2 > slots_.size()) grow();
    std::size_t mask = slots_.size() - 1;
    const uint64_t key = pos.key();
    PackedPosition p;
    bool packed_yet = false;
    auto own = [&]() -> const PackedPosition& {
      if (!packed_yet) p = parent == kEmpty ? pack(pos) : pack_after(nodes_[parent].packed, move, pos);
      packed_yet = true;
      return p;
    };
    const uint32_t high = uint32_t(key >> 32);
    for (std::size_t i = key & mask;; i = (i + 1) & mask) {
      uint32_t idx = slots_[i].index;
      if (idx == kEmpty) {
        slots_[i] = {uint32_t(nodes_.size()), high};
        nodes_.push_back({defer_ && parent != kEmpty ? PackedPosition{} : own(), key, parent, move, depth});
        return true;
      }
      if (slots_[i].key_high != high || nodes_[idx].key != key) continue;
      if (packed(idx) == own()) return false;
    }
  }
  // The packed form of a position of the set, made now if it was not yet: from its
  // parent's (made when the parent was expanded: only then are its children inserted).
  const PackedPosition& packed(uint32_t idx) {
    Node& n = nodes_[idx];
    if (n.packed.occupied == 0) {
      if (!scratch_) scratch_.emplace(root_);
      unpack(nodes_[n.parent].packed, root_, *scratch_);
      scratch_->do_move(n.move);
      n.packed = pack_after(nodes_[n.parent].packed, n.move, *scratch_);
    }
    return n.packed;
  }
  // The same when the caller holds the position itself.
  void pack_as(uint32_t idx, const Position& pos) {
    Node& n = nodes_[idx];
    if (n.packed.occupied == 0) n.packed = pack_after(nodes_[n.parent].packed, n.move, pos);
  }
  // Brings into the cache the bucket of a position about to be inserted, then (once the
  // bucket is there) the node it holds: inserting a batch of children then waits for
  // memory once, not twice per child.
  void prefetch_bucket(uint64_t key) const { __builtin_prefetch(&slots_[key & (slots_.size() - 1)]); }
  void prefetch_node(uint64_t key) const {
    const Slot& slot = slots_[key & (slots_.size() - 1)];
    if (slot.index != kEmpty && slot.key_high == uint32_t(key >> 32)) __builtin_prefetch(&nodes_[slot.index]);
  }
  const Node& operator[](uint32_t i) const { return nodes_[i]; }
  std::size_t size() const { return nodes_.size(); }

 private:
  void grow() {
    std::vector<Slot, HugePageAllocator<Slot>> bigger(slots_.size() * 2);
    std::size_t mask = bigger.size() - 1;
    for (uint32_t idx = 0; idx < nodes_.size(); ++idx) {
      std::size_t i = nodes_[idx].key & mask;
      while (bigger[i].index != kEmpty) i = (i + 1) & mask;
      bigger[i] = {idx, uint32_t(nodes_[idx].key >> 32)};
    }
    slots_.swap(bigger);
  }
  const Position& root_;
  bool defer_ = false;
  std::optional<Position> scratch_;  // a position being packed, made when first needed
  std::vector<Slot, HugePageAllocator<Slot>> slots_;
  std::vector<Node, HugePageAllocator<Node>> nodes_;
};

// How much closer to a mate a position with the winner to move looks when one of its
// checks leaves the losing king no step (only a capture or an interposition saves it).
// Tuned with the estimate's weights (guidance.cpp): game-end nodes -3.5%.
constexpr int kNearMateBonus = 4;

// A focused exploration asks a new position with the loser to move whether the winner
// threatens mate (search::find_pass_and_mate) only when its estimated distance to mate is
// at most this: a mate in one after a waiting move needs the king nearly boxed, and the
// estimate counts its free flights, its distance from the edge and the winner's men's
// approach. Not the moves it counts before a check is possible at all: a pawn that
// promotes checks at once (Hansen-Carlsen, focus_test). Tuned on the audit's questions
// from the fixture games: the explorations' instructions -4.7%, nodes +4%, 12 to 16
// within 1%; on those from the held-out syntax corpus, -6.6%.
constexpr int kPassLookEstimate = 15;

// A step of the losing king toward the squares where it can be mated (when the walls
// leave few) is worth as much as a check or six free flights. Found on the test
// vector: 4 to 8 all find the last witnesses there (line 516, White, the king walking
// from a8 to c1), 6 soonest.
constexpr int kMateSquareWeight = 6;

// Up to about this many visited positions the set stays in the caches.
constexpr std::size_t kCachedPositions = 1 << 15;

// Sorts the moves (stably, by insertion: a few dozen) so that those ending nearest the
// losing king come last: among children of equal priority, which the queues give back
// newest first, they are expanded first. Game-end nodes 684 -> 648, test vector mean
// nodes at 10M 29.4K -> 26.5K (its largest question 9.0M -> 3.4M).
void order_nearest_last(MoveList& moves, Square king) {
  Move* m = moves.begin();
  std::array<uint8_t, MoveList::kCapacity> far;
  for (std::size_t i = 0; i < moves.size(); ++i) far[i] = uint8_t(distance(m[i].to(), king));
  for (std::size_t i = 1; i < moves.size(); ++i) {
    const Move move = m[i];
    const uint8_t d = far[i];
    std::size_t j = i;
    for (; j > 0 && far[j - 1] < d; --j) m[j] = m[j - 1], far[j] = far[j - 1];
    m[j] = move, far[j] = d;
  }
}

std::vector<Move> path_to(const VisitedSet& set, uint32_t idx) {
  std::size_t length = 0;  // counted first: the line is made once, back to front
  for (uint32_t i = idx; set[i].parent != VisitedSet::kEmpty; i = set[i].parent) ++length;
  std::vector<Move> line(length);
  for (auto it = line.rbegin(); it != line.rend(); ++it, idx = set[idx].parent) *it = set[idx].move;
  return line;
}

// Indices by a small integer priority, lowest first, newest first among equals: a list
// per priority, linked through the indices (each index is pushed once), so pushing and
// popping never allocate but to lengthen the links.
class BucketQueue {
 public:
  BucketQueue() : next_(kFirstLinks) { heads_.fill(kNil); }
  void push(int priority, uint32_t index) {
    priority = std::min(priority, kMaxPriority);
    if (index >= next_.size()) next_.resize(std::max<std::size_t>(2 * next_.size(), std::size_t(index) + 1));
    next_[index] = heads_[priority];
    heads_[priority] = index;
    best_ = std::min(best_, priority);
    worst_ = std::max(worst_, priority);
  }
  bool empty() {
    while (best_ <= worst_ && heads_[best_] == kNil) ++best_;
    return best_ > worst_;
  }
  uint32_t pop() {  // not empty()
    const uint32_t i = heads_[best_];
    heads_[best_] = next_[i];
    return i;
  }

 private:
  static constexpr int kMaxPriority = 255;
  static constexpr uint32_t kNil = 0xFFFFFFFF;
  static constexpr std::size_t kFirstLinks = 256;  // most focused searches stay below: no growth
  std::array<uint32_t, kMaxPriority + 1> heads_;
  std::vector<uint32_t> next_;
  int best_ = kMaxPriority + 1, worst_ = -1;
};

// The positions waiting to be expanded: in insertion order (breadth first), or best
// first by estimated distance to mate plus a share of the depth (guided). Guided order
// takes turns between two queues over the same positions: one nearly greedy (depth
// counts 1/64, and the loser's blockers for flights of a colour the winner cannot cover
// count too), one counting depth in full, which finds the mates the greedy one misses
// behind a plateau of near-misses; by default the greedy queue has three turns to the
// other's one (game-end nodes -20% against taking turns one by one, on each half of the
// positions; six turns lose two test-vector witnesses at 10M), and set_greedy_turns
// changes that (the analyzer's first narrow look takes eight, its race one by one). A
// position is expanded once, from whichever queue reaches it first, so an exhaustive run
// costs what it did with one queue.
class Frontier {
 public:
  explicit Frontier(Order order) : order_(order), expanded_(kFirstExpanded) {}
  // The losing king's distance to the nearest square where it can be mated counts
  // kMateSquareWeight a step (see Exploration::set_mate_squares).
  void set_mate_squares(Bitboard squares) {
    for (int i = 0; i < 64; ++i) {
      int d = 0;
      if (squares && squares != kAllSquares) {
        d = 7;
        for (Square t : squares) d = std::min(d, distance(Square(i), t));
      }
      mate_square_distance_[i] = uint8_t(d);
    }
  }
  // `bonus` is taken off the estimate (a near mate seen by the look-ahead); `estimate` is
  // mate_distance_estimate(pos, winner) when the caller has it already, else -1.
  void push(uint32_t index, const Position& pos, Color winner, int depth, int bonus = 0, int estimate = -1) {
    if (order_ == Order::BreadthFirst) return;  // the visited set's order is the queue
    // The depth term keeps witness lines from wandering far.
    const int h = std::max(0, (estimate >= 0 ? estimate : mate_distance_estimate(pos, winner)) - bonus) +
                  kMateSquareWeight * mate_square_distance_[board::index(pos.king_square(~winner))];
    if (order_ == Order::GuidedShort) {
      first_.push(h + depth / 2, index);
      return;
    }
    // The greedy queue also counts how far the loser's men are from blocking the flights
    // the winner can never cover; the other one does without, as a hedge when that misleads.
    first_.push(h + flight_blocking_estimate(pos, winner).value_or(0) + depth / 64, index);
    second_.push(h + depth, index);
  }
  void set_greedy_turns(unsigned turns) { greedy_turns_ = turns; }
  // The next index to expand, or kNone.
  uint32_t pop(std::size_t visited) {
    if (order_ == Order::BreadthFirst) return next_ < visited ? next_++ : kNone;
    if (order_ == Order::GuidedShort) return first_.empty() ? kNone : first_.pop();
    for (;;) {
      const bool greedy_turn = ++pops_ % (greedy_turns_ + 1) != 0;
      BucketQueue* q = greedy_turn ? &first_ : &second_;
      if (q->empty()) q = greedy_turn ? &second_ : &first_;
      if (q->empty()) return kNone;
      const uint32_t i = q->pop();
      if (i >= expanded_.size()) expanded_.resize(std::max<std::size_t>(visited, std::size_t(i) + 1));
      if (expanded_[i]) continue;
      expanded_[i] = true;
      return i;
    }
  }
  static constexpr uint32_t kNone = 0xFFFFFFFF;

 private:
  Order order_;
  std::array<uint8_t, 64> mate_square_distance_{};
  uint32_t next_ = 0;
  BucketQueue first_, second_;
  static constexpr std::size_t kFirstExpanded = 1024;  // as for the queues' links
  std::vector<bool> expanded_;  // guided: popped from one of the queues already
  unsigned greedy_turns_ = kDefaultGreedyTurns;
  unsigned pops_ = 0;  // guided: pops so far, which say whose turn it is
};

}  // namespace

// Everything an exploration keeps between runs.
struct Exploration::State {
  State(const Position& r, Color w, uint64_t max, Order order, DeadEnd end)
      : root(r), work(r), winner(w), max_positions(max), set(root), frontier(order), dead_end(std::move(end)) {}
  Position root;
  Position work;  // the position being expanded (its memory reused from one to the next)
  Color winner;
  uint64_t max_positions;
  VisitedSet set;
  Frontier frontier;
  DeadEnd dead_end;
  MoveFocus focus = nullptr;
  const HelpmateTables* tables = nullptr;
  uint32_t pending = Frontier::kNone;  // popped but not expanded when a limit stopped the last run
  uint32_t at = Frontier::kNone;       // the visited position `work` holds, if any
  std::optional<ClosureResult> final;  // once the mate is found or every position visited
};

Exploration::Exploration(const Position& root, Color winner, uint64_t max_positions, Order order, DeadEnd dead_end)
    : state_(std::make_unique<State>(root, winner, max_positions, order, std::move(dead_end))) {
  State& s = *state_;
  s.set.insert(root, VisitedSet::kEmpty, Move(), 0);
  s.frontier.push(0, root, winner, 0);
  if (root.side_to_move() != winner && root.in_check() && !has_legal_move(root)) {
    s.final = ClosureResult{ClosureResult::Kind::MateFound, {}, 1};
  }
}

Exploration::~Exploration() = default;
Exploration::Exploration(Exploration&&) noexcept = default;
Exploration& Exploration::operator=(Exploration&&) noexcept = default;

void Exploration::set_dead_end(DeadEnd dead_end) { state_->dead_end = std::move(dead_end); }
void Exploration::set_focus(MoveFocus focus) {
  state_->focus = focus;
  state_->set.defer_packing();
}
void Exploration::set_mate_squares(Bitboard squares) { state_->frontier.set_mate_squares(squares); }
void Exploration::set_greedy_turns(unsigned turns) { state_->frontier.set_greedy_turns(turns); }
void Exploration::set_tables(const HelpmateTables* tables) { state_->tables = tables; }

ClosureResult Exploration::run(Limits& limits) {
  State& s = *state_;
  if (s.final) return *s.final;
  const Color winner = s.winner;
  auto found = [&](std::vector<Move> line) {
    s.final = ClosureResult{ClosureResult::Kind::MateFound, std::move(line), s.set.size()};
    return *s.final;
  };
  for (;;) {
    if (s.set.size() > s.max_positions || limits.stopped()) return {ClosureResult::Kind::LimitHit, {}, s.set.size()};
    const uint32_t next = s.pending != Frontier::kNone ? s.pending : s.frontier.pop(s.set.size());
    s.pending = Frontier::kNone;
    if (next == Frontier::kNone) break;
    // A child of the position `work` holds is reached by its move (most expansions follow
    // the one before: the search goes mostly straight), any other position is unpacked.
    Position& pos = s.work;
    if (s.at != next) {
      const uint32_t parent = s.set[next].parent;
      if (s.at != Frontier::kNone && parent == s.at) {
        pos.do_move(s.set[next].move);
      } else if (parent != VisitedSet::kEmpty && s.set[next].packed.occupied == 0) {
        unpack(s.set[parent].packed, s.root, pos);
        pos.do_move(s.set[next].move);
      } else {
        unpack(s.set[next].packed, s.root, pos);
      }
      s.at = next;
    }
    if (material_forbids_mate_fast(pos, winner)) continue;
    if (s.dead_end && s.dead_end(pos, winner)) continue;
    if (s.tables && pos.occupied().count() <= s.tables->max_men()) {
      const TableAnswer answer = s.tables->probe(pos, winner);
      if (answer.kind == TableAnswer::Kind::NoMate) continue;
      if (answer.kind == TableAnswer::Kind::Mate) {
        if (auto rest = table_line(*s.tables, pos, winner, &mate_distance_estimate)) {
          auto line = path_to(s.set, next);
          line.insert(line.end(), rest->begin(), rest->end());
          return found(std::move(line));
        }
      }
    }
    s.set.pack_as(next, pos);  // before its children come: theirs is made from it
    MoveList moves;
    std::size_t legal;
    if (s.focus) {
      legal = s.focus(pos, winner, moves);
    } else {
      generate_legal(pos, moves);
      legal = moves.size();
    }
    if (!limits.spend(1 + legal)) {
      s.pending = next;
      return {ClosureResult::Kind::LimitHit, {}, s.set.size()};
    }
    order_nearest_last(moves, pos.king_square(~winner));
    // The children have the winner to move: each is also looked at for a mate in one.
    const bool look_for_mate = pos.side_to_move() != winner;
    if (s.set.size() > kCachedPositions) {  // beyond the caches: fetch the children's buckets first
      std::array<uint64_t, MoveList::kCapacity> keys;
      for (std::size_t i = 0; i < moves.size(); ++i) {
        pos.do_move(moves[i]);
        keys[i] = pos.key();
        pos.undo_move(moves[i]);
        s.set.prefetch_bucket(keys[i]);
      }
      for (std::size_t i = 0; i < moves.size(); ++i) s.set.prefetch_node(keys[i]);
    }
    s.at = Frontier::kNone;  // until every move below is taken back
    for (Move m : moves) {
      pos.do_move(m);
      const uint16_t depth = uint16_t(s.set[next].depth + 1);
      if (s.set.insert(pos, next, m, depth)) {
        const uint32_t child = uint32_t(s.set.size() - 1);
        // Mated (a step of the king's, the cheap test, refutes it first).
        if (pos.side_to_move() != winner && pos.in_check() && checked_side_is_mated(pos))
          return found(path_to(s.set, child));
        int near = 0, estimate = -1;
        if (look_for_mate) {
          if (auto mate = find_mating_move(pos, near)) {
            auto line = path_to(s.set, child);
            line.push_back(*mate);
            return found(std::move(line));
          }
        } else if (s.focus) {
          int check_gap = 0;
          estimate = mate_distance_estimate(pos, winner, check_gap);  // the frontier's too
          if (estimate - check_gap <= kPassLookEstimate) {
            if (auto finish = find_pass_and_mate(pos)) {
              auto line = path_to(s.set, child);
              line.push_back(finish->first);
              line.push_back(finish->second);
              return found(std::move(line));
            }
          }
        }
        s.frontier.push(child, pos, winner, depth, near ? kNearMateBonus : 0, estimate);
      }
      pos.undo_move(m);
    }
    s.at = next;
  }
  s.final = ClosureResult{s.focus ? ClosureResult::Kind::GaveUp : ClosureResult::Kind::Exhausted, {}, s.set.size()};
  return *s.final;
}

ClosureResult explore_all(const Position& root, Color winner, Limits& limits, uint64_t max_positions, Order order,
                          const DeadEnd& dead_end) {
  Exploration exploration(root, winner, max_positions, order, dead_end);
  return exploration.run(limits);
}

}  // namespace arbiter::search
