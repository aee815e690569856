// Exhaustive closure: visits every position reachable from the root by legal moves
// (each exactly once, compared exactly, never by hash alone). If none is a mate by
// `winner`, then `winner` cannot mate: a proof. If one is, the path to it is a witness:
// the shortest one in breadth-first order; in guided order (best first by
// mate_distance_estimate) usually found far sooner, and the proof is the same. Each new
// position with the winner to move is also looked at for a mate in one (checks only), so
// a mate is seen one ply before its last position would be expanded; under a focus, each
// new position with the loser to move is looked at for a mate the winner threatens, which
// a waiting move of the loser's lets through (find_pass_and_mate), two plies before.
// Positions where material already forbids a mate by `winner` are counted but not
// expanded (sound: nothing below them can be a mate).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "search/board/position.hpp"
#include "search/helpmate_tables.hpp"
#include "search/limits.hpp"

namespace arbiter::search {

struct ClosureResult {
  // GaveUp: a focused exploration (see MoveFocus) ran out of positions; proves nothing.
  enum class Kind { MateFound, Exhausted, LimitHit, GaveUp } kind = Kind::LimitHit;
  std::vector<board::Move> line;  // MateFound: from the root to the mate
  uint64_t positions = 0;         // distinct positions visited
};

// Extra sound pruning supplied by a higher layer: true when `winner` provably cannot
// mate from this position (e.g. a locked structure). Such positions are not expanded.
using DeadEnd = std::function<bool(const board::Position&, board::Color winner)>;

// A narrowing of the legal moves an exploration follows (narrow_focus_moves,
// wide_focus_moves, focus.hpp): generates the legal moves of the position, appends those
// to follow to `kept`, and returns how many legal moves there are (an expansion spends
// nodes for all of them). A focused exploration finds witnesses only: when it runs out of
// positions it reports GaveUp, never Exhausted.
using MoveFocus = std::size_t (*)(const board::Position&, board::Color winner, board::MoveList& kept);

// Guided: best first, taking turns between a mostly greedy order (depth counts 1/64; the
// loser's blockers for flights the winner can never cover count too, flight_blockers.hpp)
// and one where depth counts in full; each position is still expanded once. GuidedShort:
// depth counts 1/2, slower to find a mate but with shorter lines (used to shorten a
// witness).
enum class Order { BreadthFirst, Guided, GuidedShort };

// Guided order: pops from the greedy queue for each pop from the depth queue, by default.
inline constexpr unsigned kDefaultGreedyTurns = 3;

// An exploration that can be stopped by a limit and taken up again later, losing no
// work: run() goes on from where the last run stopped, until a mate, exhaustion or the
// new limits; once a mate is found or every position visited, run() returns that again.
// `max_positions` bounds the memory (about 64 bytes a position). Each expanded position
// spends 1 + (number of its moves) nodes of the run's limits. One thread at a time.
class Exploration {
 public:
  Exploration(const board::Position& root, board::Color winner, uint64_t max_positions, Order order,
              DeadEnd dead_end = {});
  ~Exploration();
  Exploration(Exploration&&) noexcept;
  Exploration& operator=(Exploration&&) noexcept;

  ClosureResult run(Limits& limits);
  // Positions expanded from now on are first tested by `dead_end` (sound pruning may be
  // added at any time: the proof stays a proof).
  void set_dead_end(DeadEnd dead_end);
  // From now on only the moves `focus` keeps are followed; the exploration stops being a
  // proof for good (set it before the first run).
  void set_focus(MoveFocus focus);
  // Guided orders: the squares on which the losing king can be mated at all, when few
  // are (search/proofs/blockade.hpp); positions whose losing king is nearer one go first.
  // Ordering only: every position is still visited.
  void set_mate_squares(board::Bitboard squares);
  // Guided order: pops from the greedy queue for each pop from the depth queue.
  void set_greedy_turns(unsigned turns);
  // Exact tables: a position they cover is not expanded; it ends the exploration with its
  // table line when it has a mate, and is a dead end when it has none (sound: exact).
  void set_tables(const HelpmateTables* tables);

 private:
  struct State;
  std::unique_ptr<State> state_;
};

// One exploration run to its end or the limits.
ClosureResult explore_all(const board::Position& root, board::Color winner, Limits& limits, uint64_t max_positions,
                          Order order = Order::BreadthFirst, const DeadEnd& dead_end = {});

}  // namespace arbiter::search
