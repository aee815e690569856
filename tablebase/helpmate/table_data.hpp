// The values of one material's table in memory: for each winner, side to move and slot,
// the length in plies of the shortest helpmate by the winner, kNone, or kInvalid (a slot
// that stands for no legal position, or duplicates another slot).
#pragma once

#include <cstdint>
#include <vector>

#include "tablebase/helpmate/material.hpp"

namespace arbiter::tablebase::helpmate {

inline constexpr uint8_t kNone = 255;
inline constexpr uint8_t kInvalid = 254;
inline constexpr uint8_t kMaxPlies = 253;

// Sections are stored winner-major: (winner * 2 + side to move) * size + slot.
inline uint64_t value_offset(board::Color winner, board::Color to_move, uint64_t slot, uint64_t size) {
  return (uint64_t(index(winner)) * 2 + uint64_t(index(to_move))) * size + slot;
}

struct TableData {
  Material material;
  uint64_t size = 0;            // slots per section
  std::vector<uint8_t> values;  // 4 * size bytes
  uint8_t at(board::Color winner, board::Color to_move, uint64_t slot) const {
    return values[value_offset(winner, to_move, slot, size)];
  }
};

// What a table holds, summed (for `tables stats` and the file header).
struct TableSummary {
  uint64_t positions[2] = {0, 0};  // legal positions by side to move
  uint64_t wins[2] = {0, 0};       // positions (either side to move) winner c can mate from
  uint32_t longest[2] = {0, 0};    // the longest shortest helpmate of winner c, in plies
};

TableSummary summarize(const TableData& data);

}  // namespace arbiter::tablebase::helpmate
