// A material signature of the helpmate tables, named as Syzygy names them: White's men,
// `v`, Black's men, each side's in the order K Q R B N P ("KNvKP"). Only one of a
// material and its colour-flipped twin (KPvKN) has a table: the canonical one, whose
// White side is the stronger (more men, then the more valuable men first).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "search/board/position.hpp"

namespace arbiter::tablebase::helpmate {

// The most men (kings included) a table may hold.
inline constexpr int kMaxMen = 6;

struct Material {
  // counts[colour][piece type] for Pawn..Queen (index(PieceType)); the kings are implied.
  std::array<std::array<uint8_t, 7>, 2> counts{};

  static Material of(const board::Position& pos);
  // Parses "KNvKP" (either case of the v); nothing when malformed or over kMaxMen men.
  static std::optional<Material> parse(std::string_view name);

  std::string name() const;
  int men() const;  // kings included
  int men(board::Color c) const;  // kings excluded
  int pawns() const { return counts[0][1] + counts[1][1]; }
  // Whether side c has its king alone (it can then never give check, so never mate).
  bool lone_king(board::Color c) const { return men(c) == 0; }
  // The same men with the colours swapped.
  Material flipped() const;
  // Whether this is the twin that has the table.
  bool canonical() const;
  // A key unique to the material (4 bits per count).
  uint64_t key() const;
  bool operator==(const Material&) const = default;
};

// Every canonical material with 3..max_men men (kings included), smallest first.
std::vector<Material> all_materials(int max_men);

// The canonical materials a table of m reads from when built (captures and promotions
// lead there), and theirs, in an order that builds each before those that need it;
// m itself last. Materials whose only men are kings are left out (nothing to build).
std::vector<Material> build_order(const std::vector<Material>& wanted);

}  // namespace arbiter::tablebase::helpmate
