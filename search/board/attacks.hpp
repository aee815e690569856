// Attack sets of every piece, and the geometry between squares.
// Every table is computed at compile time (read-only data, thread-safe); sliders are
// indexed by PEXT where the build targets BMI2, else by magic multiplication.
#pragma once

#include <array>

#include "search/board/bitboard.hpp"

#if defined(__BMI2__) && !defined(ARBITER_NO_PEXT)
#include <immintrin.h>
#define ARBITER_USE_PEXT 1
#endif

namespace arbiter::board {

namespace detail {

struct SliderEntry {
  const Bitboard* table = nullptr;  // attack sets indexed by the occupancy index
  uint64_t mask = 0;                // relevant occupancy: the rays without their last square
  uint64_t magic = 0;               // unused with PEXT
  unsigned shift = 0;

  unsigned index(Bitboard occupied) const {
#ifdef ARBITER_USE_PEXT
    return unsigned(_pext_u64(occupied.bits(), mask));
#else
    return unsigned(((occupied.bits() & mask) * magic) >> shift);
#endif
  }
};

struct AttackTables {
  std::array<Bitboard, 64> knight{}, king{};
  std::array<Bitboard, 64> rook_rays{}, bishop_rays{};  // attacks on an empty board
  std::array<std::array<Bitboard, 64>, 2> pawn{};
  std::array<SliderEntry, 64> rook{}, bishop{};
  std::array<std::array<Bitboard, 64>, 64> between{}, line{};
};

extern const AttackTables kAttackTables;

}  // namespace detail

inline Bitboard knight_attacks(Square s) { return detail::kAttackTables.knight[index(s)]; }
inline Bitboard king_attacks(Square s) { return detail::kAttackTables.king[index(s)]; }
// Squares a pawn of colour c on s attacks (not the squares it pushes to).
inline Bitboard pawn_attacks(Color c, Square s) { return detail::kAttackTables.pawn[index(c)][index(s)]; }
inline Bitboard bishop_attacks(Square s, Bitboard occupied) {
  const auto& e = detail::kAttackTables.bishop[index(s)];
  return e.table[e.index(occupied)];
}
inline Bitboard rook_attacks(Square s, Bitboard occupied) {
  const auto& e = detail::kAttackTables.rook[index(s)];
  return e.table[e.index(occupied)];
}
// What a rook or a bishop on s attacks on an empty board: rook_attacks(s, Bitboard()) and
// bishop_attacks(s, Bitboard()) read from a table of their own, with no occupancy index.
inline Bitboard rook_rays(Square s) { return detail::kAttackTables.rook_rays[index(s)]; }
inline Bitboard bishop_rays(Square s) { return detail::kAttackTables.bishop_rays[index(s)]; }
inline Bitboard queen_attacks(Square s, Bitboard occupied) {
  return bishop_attacks(s, occupied) | rook_attacks(s, occupied);
}
// Attacks of a non-pawn piece type.
inline Bitboard piece_attacks(PieceType t, Square s, Bitboard occupied) {
  switch (t) {
    case PieceType::Knight: return knight_attacks(s);
    case PieceType::Bishop: return bishop_attacks(s, occupied);
    case PieceType::Rook: return rook_attacks(s, occupied);
    case PieceType::Queen: return queen_attacks(s, occupied);
    case PieceType::King: return king_attacks(s);
    default: return Bitboard();
  }
}
// Squares strictly between a and b when they share a rank, file or diagonal; else empty.
inline Bitboard between(Square a, Square b) { return detail::kAttackTables.between[index(a)][index(b)]; }
// The whole line (edge to edge) through a and b when aligned; else empty.
inline Bitboard line_through(Square a, Square b) { return detail::kAttackTables.line[index(a)][index(b)]; }
inline bool aligned(Square a, Square b, Square c) { return line_through(a, b).has(c); }

// Whether the slider tables use PEXT ("pext") or magic multiplication ("magic").
const char* slider_indexing();

}  // namespace arbiter::board
