// Where proved verdicts are kept between questions and runs: position and question in,
// known verdict out. Declared here so that the analysis can consult a table without
// knowing what holds it (tablebase/ implements it; search/ never includes tablebase/).
#pragma once

#include <optional>

#include "search/board/position.hpp"
#include "search/verdict.hpp"

namespace arbiter::search {

// A kept answer under the automatic draws and the plies left it was kept for.
struct ClockedVerdict {
  int plies_left = 0;
  Verdict verdict;
};

// A store of decided verdicts, keyed exactly by the position (pieces, side to move,
// castling rights with their rooks, legal en passant) and the side asked about; move
// counters and history are not part of the question. Implementations are thread-safe,
// never throw, and fail soft: a store that breaks answers nothing and keeps nothing.
class VerdictStore {
 public:
  virtual ~VerdictStore() = default;

  // The verdict kept for (pos, winner), with source Cache; nothing when none is kept.
  // A winnable verdict's line is as stored: the caller replays it before trusting it.
  virtual std::optional<Verdict> find(const board::Position& pos, board::Color winner) = 0;
  // Keeps a decided verdict (undetermined ones are ignored), replacing any older one.
  // May be buffered: visible to find() at once, durable after flush().
  virtual void store(const board::Position& pos, board::Color winner, const Verdict& verdict) = 0;
  // The verdict find() gave did not hold up (its witness does not replay): forget it.
  virtual void reject(const board::Position& pos, board::Color winner) = 0;
  // Makes every stored verdict durable.
  virtual void flush() = 0;

  // Answers under the automatic draws of Article 9.6 (analyzer/automatic_draws.hpp), kept
  // apart from the verdicts above: keyed by the position, the side asked about and the
  // plies left before the 75-move rule ends the game (150 - halfmove clock, 1..150). The
  // caller stores only answers that hold for every history of the game, and validates a
  // witness under the query's clock and history before serving it. A store without them
  // keeps nothing.
  virtual std::optional<Verdict> find_clocked(const board::Position&, board::Color, int /*plies_left*/) {
    return std::nullopt;
  }
  virtual void store_clocked(const board::Position&, board::Color, int /*plies_left*/, const Verdict&) {}
  virtual void reject_clocked(const board::Position&, board::Color, int /*plies_left*/) {}
  // The kept answer for (pos, winner) nearest `plies_left`: the one with the fewest plies
  // left among those >= plies_left (`more`), or the most among those <= plies_left.
  virtual std::optional<ClockedVerdict> find_clocked_nearest(const board::Position&, board::Color,
                                                             int /*plies_left*/, bool /*more*/) {
    return std::nullopt;
  }
};

}  // namespace arbiter::search
