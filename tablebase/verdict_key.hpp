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
// A clocked key (ClockedVerdictKey) extends this one for the answers under the automatic draws.
struct VerdictKey {
  static constexpr uint8_t kKeyFormat = 1;
  static constexpr std::size_t kSize = 33;
  std::array<uint8_t, kSize> bytes{};

  std::span<const uint8_t> view() const { return bytes; }
  bool operator==(const VerdictKey&) const = default;
};

VerdictKey encode_key(const board::Position& pos, board::Color winner);

// The key of an answer under the automatic draws of Article 9.6 (analyzer/automatic_draws.hpp),
// which depends on the plies left before the 75-move rule (9.6.2) ends the game. Layout
// (35 bytes): bytes [1..32] as in VerdictKey, then
//   [0]      key format (kKeyFormat, distinct from VerdictKey's: the plain keys are unchanged)
//   [33]     the rules (kAutomaticDraws)
//   [34]     plies left before 9.6.2, 150 - halfmove clock (1..150)
// The game's history is not part of the key: what is stored under it holds for every
// history (docs/automatic-draws.md, "The verdict table").
struct ClockedVerdictKey {
  static constexpr uint8_t kKeyFormat = 2;
  static constexpr uint8_t kAutomaticDraws = 1;
  static constexpr std::size_t kSize = 35;
  static constexpr int kMaxPliesLeft = 150;
  std::array<uint8_t, kSize> bytes{};

  std::span<const uint8_t> view() const { return bytes; }
  bool operator==(const ClockedVerdictKey&) const = default;
};

// `plies_left` must be in 1..150.
ClockedVerdictKey encode_clocked_key(const board::Position& pos, board::Color winner, int plies_left);

// What a key says: the position (counters 0 and 1, no history) and the side asked about;
// for a clocked key, the plies left too.
struct KeyContents {
  board::Position position;
  board::Color winner;
  int plies_left = 0;  // 0: a plain key; 1..150: a clocked key (automatic draws)
};

// Decodes a key of either kind; the error says what is wrong (size, format, a field, an illegal
// position, or bytes that are not the canonical encoding of what they decode to).
std::expected<KeyContents, std::string> decode_key(std::span<const uint8_t> bytes);

}  // namespace arbiter::tablebase
