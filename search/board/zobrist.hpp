// Zobrist keys for hashing positions, computed at compile time from a fixed seed.
// The key covers pieces, side to move, castling rights and a *legal* en-passant file.
#pragma once

#include <array>
#include <cstdint>

#include "search/board/types.hpp"

namespace arbiter::board::zobrist {

struct Keys {
  std::array<std::array<uint64_t, 64>, 16> piece{};  // indexed by Piece value
  std::array<uint64_t, 16> castling{};               // indexed by the rights bit set
  std::array<uint64_t, 8> en_passant{};              // by file
  uint64_t black_to_move = 0;
};

constexpr Keys make_keys() {
  Keys k;
  uint64_t state = 0x2545F4914F6CDD1DULL;
  auto next = [&state]() {  // splitmix64
    uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  };
  for (auto& table : k.piece)
    for (auto& key : table) key = next();
  for (auto& key : k.en_passant) key = next();
  std::array<uint64_t, 4> single{};
  for (auto& key : single) key = next();
  for (int rights = 0; rights < 16; ++rights)
    for (int b = 0; b < 4; ++b)
      if (rights & (1 << b)) k.castling[rights] ^= single[b];
  k.black_to_move = next();
  return k;
}

inline constexpr Keys kKeys = make_keys();

// The key's part for the state beside the men: the side to move, the castling rights (a
// bit each) and the en-passant square (64: none), set only where the capture is legal.
constexpr uint64_t state_key(bool black_to_move, unsigned castling, unsigned en_passant) {
  uint64_t key = kKeys.castling[castling & 15];
  if (black_to_move) key ^= kKeys.black_to_move;
  if (en_passant < 64) key ^= kKeys.en_passant[en_passant & 7];
  return key;
}

}  // namespace arbiter::board::zobrist
