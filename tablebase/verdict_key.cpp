#include "tablebase/verdict_key.hpp"

#include <algorithm>

#include "search/board/packed.hpp"

namespace arbiter::tablebase {

using namespace board;

namespace {
constexpr uint8_t kNone = 64;
constexpr std::size_t kOccupied = 9, kMen = 17;
}  // namespace

VerdictKey encode_key(const Position& pos, Color winner) {
  PackedPosition packed = pack(pos);
  VerdictKey key;
  auto& b = key.bytes;
  b[0] = VerdictKey::kKeyFormat;
  b[1] = uint8_t(winner);
  b[2] = packed.side_to_move;
  b[3] = packed.castling;
  for (int i = 0; i < 4; ++i) {
    Color c = Color(i / 2);
    bool king_side = i % 2 == 0;
    b[4 + i] = pos.can_castle(c, king_side) ? uint8_t(index(pos.castling_rook(c, king_side))) : kNone;
  }
  b[8] = packed.en_passant;
  for (int i = 0; i < 8; ++i) b[kOccupied + i] = uint8_t(packed.occupied >> (56 - 8 * i));
  std::copy(packed.men.begin(), packed.men.end(), b.begin() + kMen);
  return key;
}

ClockedVerdictKey encode_clocked_key(const Position& pos, Color winner, int plies_left) {
  const VerdictKey plain = encode_key(pos, winner);
  ClockedVerdictKey key;
  std::copy(plain.bytes.begin(), plain.bytes.end(), key.bytes.begin());
  key.bytes[0] = ClockedVerdictKey::kKeyFormat;
  key.bytes[VerdictKey::kSize] = ClockedVerdictKey::kAutomaticDraws;
  key.bytes[VerdictKey::kSize + 1] = uint8_t(std::clamp(plies_left, 1, ClockedVerdictKey::kMaxPliesLeft));
  return key;
}

std::expected<KeyContents, std::string> decode_key(std::span<const uint8_t> b) {
  auto fail = [](std::string why) { return std::unexpected("verdict key: " + std::move(why)); };
  if (!b.empty() && b[0] == ClockedVerdictKey::kKeyFormat) {
    if (b.size() != ClockedVerdictKey::kSize)
      return fail(std::to_string(b.size()) + " bytes, not " + std::to_string(ClockedVerdictKey::kSize));
    if (b[VerdictKey::kSize] != ClockedVerdictKey::kAutomaticDraws)
      return fail("rules byte " + std::to_string(b[VerdictKey::kSize]) + " unknown");
    const int plies_left = b[VerdictKey::kSize + 1];
    if (plies_left < 1 || plies_left > ClockedVerdictKey::kMaxPliesLeft)
      return fail("plies left " + std::to_string(plies_left) + " out of range");
    std::array<uint8_t, VerdictKey::kSize> plain;
    std::copy(b.begin(), b.begin() + VerdictKey::kSize, plain.begin());
    plain[0] = VerdictKey::kKeyFormat;
    auto out = decode_key(plain);
    if (!out) return out;
    out->plies_left = plies_left;
    return out;
  }
  if (b.size() != VerdictKey::kSize)
    return fail(std::to_string(b.size()) + " bytes, not " + std::to_string(VerdictKey::kSize));
  if (b[0] != VerdictKey::kKeyFormat) return fail("key format " + std::to_string(b[0]) + " unknown");
  if (b[1] > 1 || b[2] > 1) return fail("a side byte is neither white nor black");
  if (b[3] > 15) return fail("castling rights byte out of range");
  if (b[8] > kNone) return fail("en-passant square out of range");

  Setup setup;
  setup.side_to_move = Color(b[2]);
  uint64_t occupied = 0;
  for (int i = 0; i < 8; ++i) occupied = occupied << 8 | b[kOccupied + i];
  int i = 0;
  for (Square s : Bitboard(occupied)) {
    if (i >= 32) return fail("more than 32 men");
    uint8_t nibble = (b[kMen + i / 2] >> ((i & 1) * 4)) & 15;
    auto t = type_of(Piece(nibble));
    if (t == PieceType::None || t > PieceType::King) return fail("a man of no known kind on " + square_name(s));
    setup.board[index(s)] = Piece(nibble);
    ++i;
  }
  for (int r = 0; r < 4; ++r) {
    bool right = b[3] & (1 << r);
    if (right != (b[4 + r] != kNone) || b[4 + r] > kNone) return fail("castling rook squares disagree with the rights");
    if (!right) continue;
    setup.castling_rooks[r] = Square(b[4 + r]);
    Color c = Color(r / 2);
    Square king = Square::None;
    for (Square s : Bitboard(occupied))
      if (setup.board[index(s)] == make_piece(c, PieceType::King)) king = s;
    // Castling moves are written king-takes-rook when the placement is not the standard one.
    if ((king != Square::None && file_of(king) != 4) || (file_of(setup.castling_rooks[r]) % 7) != 0)
      setup.chess960 = true;
  }
  setup.en_passant = Square(b[8]);
  auto pos = Position::from_setup(setup);
  if (!pos) return fail("illegal position: " + describe(pos.error()));
  KeyContents out{std::move(*pos), Color(b[1])};
  // Canonical: the position encodes back to the very same bytes (unused nibbles zero,
  // an en-passant square only when the capture is legal).
  auto again = encode_key(out.position, out.winner);
  if (!std::equal(b.begin(), b.end(), again.bytes.begin())) return fail("not the canonical encoding of its position");
  return out;
}

}  // namespace arbiter::tablebase
