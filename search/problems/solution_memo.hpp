// An exact, shared store of the helpmate solutions found below positions already searched
// to their end, so that a position reached again by another move order is not searched
// again: its solutions are spliced in. Exact: looked up by the Zobrist key and the number
// of plies left, confirmed by the full packed position (a key collision is a miss, never
// a wrong answer). Thread-safe. Bounded: past `max_moves` stored moves it stores no more.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <vector>

#include "search/board/position.hpp"

namespace arbiter::search {

class SolutionMemo {
 public:
  // The solutions below one position: `count` lines of `plies` moves, one after another.
  struct Lines {
    int plies = 0;
    std::vector<board::Move> moves;
    std::size_t count() const { return plies ? moves.size() / std::size_t(plies) : 0; }
  };

  explicit SolutionMemo(uint64_t max_moves);
  ~SolutionMemo();

  // Every solution of exactly `plies` plies from `pos`, when stored; else null.
  std::shared_ptr<const Lines> find(const board::Position& pos, int plies) const;
  // Stores them (the complete list, at least one); skipped when the bound is reached.
  void store(const board::Position& pos, Lines lines);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace arbiter::search
