// The index of a material's positions: every placement of its men maps to one slot.
// Men are kept in slot order: the white king, the black king, then White's men and
// Black's men each in the order Q R B N P. Slot = king pair * (product of the other men's
// ranges) + each man's square (pawns: 48 squares, ranks 2-7). The king pairs are reduced
// by symmetry: 8-fold without pawns (white king in a1-d1-d4, and below the diagonal when
// it stands on it), left-right with pawns (white king on files a-d); adjacent kings are
// left out. Identical men are ordered by square; a slot whose men are not in canonical
// order, or overlap, is a duplicate or impossible and is marked invalid by the builder.
#pragma once

#include <array>
#include <cstdint>

#include "tablebase/helpmate/material.hpp"

namespace arbiter::tablebase::helpmate {

using Squares = std::array<board::Square, kMaxMen>;

class TableIndex {
 public:
  explicit TableIndex(const Material& m);

  const Material& material() const { return material_; }
  int men() const { return men_; }
  board::Piece piece(int slot) const { return pieces_[std::size_t(slot)]; }
  uint64_t size() const { return size_; }
  bool has_pawns() const { return pawns_; }

  // The slot of a placement (men in slot order; no two on one square, kings not adjacent,
  // pawns on ranks 2-7), through the symmetry that makes it canonical; UINT64_MAX (past
  // every slot) when the kings stand next to each other.
  uint64_t encode(const Squares& squares) const;
  // The placement a slot stands for (may overlap; not necessarily canonical).
  Squares decode(uint64_t slot) const;

  // The men of a position in slot order (its material must be this one).
  Squares squares_of(const board::Position& pos) const;

 private:
  uint64_t encode_with(const Squares& squares, int transform) const;

  Material material_;
  int men_ = 0;
  bool pawns_ = false;
  std::array<board::Piece, kMaxMen> pieces_{};
  std::array<uint64_t, kMaxMen> stride_{};
  // Runs of identical men [begin, end) among slots 2.. (sorted by square in canonical form).
  std::array<std::pair<int, int>, kMaxMen> groups_{};
  int group_count_ = 0;
  uint64_t size_ = 0;
  // The king pairs depend only on whether there are pawns: two tables, built once and
  // shared by every index (a table set opens dozens of materials).
  struct KingPairs {
    explicit KingPairs(bool pawns);
    std::array<std::array<int16_t, 64>, 64> index{};       // canonical pairs only, else -1
    std::array<std::array<uint8_t, 64>, 64> transforms{};  // symmetries making a pair canonical
    std::array<std::array<uint8_t, 2>, 1806> squares{};    // king pair index -> squares
    int count = 0;
  };
  static const KingPairs& king_pairs(bool pawns);
  const KingPairs* kk_ = nullptr;
};

// One of the 8 symmetries of the board (bit 2: swap file and rank; bit 0: mirror the
// files; bit 1: mirror the ranks).
constexpr board::Square transform_square(board::Square s, int t) {
  int x = board::file_of(s), y = board::rank_of(s);
  if (t & 4) {
    int z = x;
    x = y;
    y = z;
  }
  if (t & 1) x = 7 - x;
  if (t & 2) y = 7 - y;
  return board::make_square(x, y);
}

}  // namespace arbiter::tablebase::helpmate
