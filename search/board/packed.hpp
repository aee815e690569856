// A position in 32 bytes, exact and canonical: equal positions (pieces, side to move,
// castling rights, legal en-passant square) give equal bytes. Used as the key of exact
// sets and tables: a hash (the Zobrist key) may pick the bucket, these bytes decide equality.
#pragma once

#include <array>
#include <cstdint>
#include <cstring>
#include <functional>

#include "search/board/position.hpp"

namespace arbiter::board {

struct PackedPosition {
  uint64_t occupied = 0;
  // One nibble per occupied square in square order (Piece values 1..14).
  std::array<uint8_t, 16> men{};
  uint8_t side_to_move = 0;
  uint8_t castling = 0;
  uint8_t en_passant = 64;  // 64 = none
  std::array<uint8_t, 5> padding{};

  bool operator==(const PackedPosition& o) const { return std::memcmp(this, &o, sizeof(*this)) == 0; }
};
static_assert(sizeof(PackedPosition) == 32);

PackedPosition pack(const Position& pos);

// pack(after) for `after`, the position reached by the legal move `m` from the position
// packed as `before`, derived from `before`: an ordinary move or capture takes one
// nibble out at its origin and puts it in at its target (or over the man it takes).
// Promotions, castling and en passant are packed afresh.
PackedPosition pack_after(const PackedPosition& before, Move m, const Position& after);

// The Zobrist key of the packed position: pos.key() for pack(pos), without unpacking.
uint64_t packed_key(const PackedPosition& packed);

// Rebuilds a position packed from `like` or from a position reached from it by moves
// (castling rooks and the Chess960 flag are taken from `like`). The history is empty.
Position unpack(const PackedPosition& packed, const Position& like);
// The same into `out` (any position), reusing its memory: no allocation once its history
// has held a few moves.
void unpack(const PackedPosition& packed, const Position& like, Position& out);

}  // namespace arbiter::board
