// Exact helpmate tables for small material, as the search sees them: position and side in,
// the length of the shortest helpmate (or "none") out. Declared here so that the analysis
// can consult tables without knowing what holds them (tablebase/ implements it; search/
// never includes tablebase/).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "search/board/move.hpp"
#include "search/board/position.hpp"

namespace arbiter::search {

// What a table knows of (position, winner). Exact where covered: NoMate means no helpmate
// by the winner exists at all; Mate means the shortest one is `plies` long (0: the loser
// is to move and checkmated now).
struct TableAnswer {
  enum class Kind : uint8_t { NotCovered, NoMate, Mate };
  Kind kind = Kind::NotCovered;
  int plies = 0;
  bool covered() const { return kind != Kind::NotCovered; }
};

class HelpmateTables {
 public:
  virtual ~HelpmateTables() = default;
  // Thread-safe and never throws. A material without a (sound) table, and a position the
  // tables do not hold (castling rights), answer NotCovered.
  virtual TableAnswer probe(const board::Position& pos, board::Color winner) const = 0;
  // The material's name as the tables name it ("KNvKP"), for messages.
  virtual std::string material_name(const board::Position& pos) const = 0;
  // The most men (kings included) of any material the tables hold: a position with more
  // is never covered, and searches skip the probe.
  virtual int max_men() const = 0;
};

// A guess of how far a position is from a mate by `winner` (lower: nearer).
using ChildOrder = int (*)(const board::Position& pos, board::Color winner);

// A shortest helpmate by `winner`, walked down the tables: from each position a move to a
// child exactly one ply nearer. Nothing when the tables do not cover the position or know
// no mate. The caller replays the line before trusting it. The children are probed in
// move order, or nearest first by `order`: any child one ply nearer will do, and a probe
// into a block of the table not yet unpacked costs microseconds, so a good guess saves
// most of them. The line depends on the position (and `order`) alone.
std::optional<std::vector<board::Move>> table_line(const HelpmateTables& tables, const board::Position& pos,
                                                   board::Color winner, ChildOrder order = nullptr);

}  // namespace arbiter::search
