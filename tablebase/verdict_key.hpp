// The key of a verdict in the on-disk table: the exact, canonical encoding of a position
// and the question asked about it. Equal keys mean the same position and question, and
// the key decodes back to them; a hash never stands in for it.
#pragma once

#include <array>
#include <cstdint>
#include <expected>
#include <span>
#include <string>

#include "search/board/position.hpp"

namespace arbiter::tablebase {

// Layout (33 bytes; multi-byte fields big-endian):
//   [0]      key format (kKeyFormat)
//   [1]      the side asked about, W (0 white, 1 black)
//   [2]      side to move
//   [3]      castling rights (bit castling_index(c, king_side))
//   [4..7]   the castling rook's square for each right, 64 when the right is absent
//            (tells Chess960 positions with the same rights but other rooks apart)
//   [8]      en-passant target square, only when an en-passant capture is legal; 64 none
//   [9..16]  occupied squares (bitboard)
//   [17..32] one nibble per occupied square in square order (Piece values), rest zero
// Move counters and history are not part of the question and not part of the key.
struct VerdictKey {
  static constexpr uint8_t kKeyFormat = 1;
  static constexpr std::size_t kSize = 33;
  std::array<uint8_t, kSize> bytes{};

  std::span<const uint8_t> view() const { return bytes; }
  bool operator==(const VerdictKey&) const = default;
};

VerdictKey encode_key(const board::Position& pos, board::Color winner);

// What a key says: the position (counters 0 and 1, no history) and the side asked about.
struct KeyContents {
  board::Position position;
  board::Color winner;
};

// Decodes a key; the error says what is wrong (size, format, a field, an illegal
// position, or bytes that are not the canonical encoding of what they decode to).
std::expected<KeyContents, std::string> decode_key(std::span<const uint8_t> bytes);

}  // namespace arbiter::tablebase
