#include "search/board/packed.hpp"

#include <bit>
#include <cstring>

#include "search/board/zobrist.hpp"

namespace arbiter::board {

PackedPosition pack(const Position& pos) {
  PackedPosition p;
  Bitboard occ = pos.occupied();
  p.occupied = occ.bits();
#ifdef ARBITER_USE_PEXT
  // Bit k of every man's nibble at once: the squares whose piece value has bit k set
  // (value = colour * 8 + type: pawn 1, knight 2, bishop 3, rook 4, queen 5, king 6),
  // gathered in square order by PEXT, then spread one bit a nibble by PDEP.
  const Bitboard planes[4] = {
      pos.pieces(PieceType::Pawn) | pos.pieces(PieceType::Bishop) | pos.pieces(PieceType::Queen),
      pos.pieces(PieceType::Knight) | pos.pieces(PieceType::Bishop) | pos.pieces(PieceType::King),
      pos.pieces(PieceType::Rook) | pos.pieces(PieceType::Queen) | pos.pieces(PieceType::King),
      pos.pieces(Color::Black)};
  uint64_t low = 0, high = 0;
  for (unsigned k = 0; k < 4; ++k) {
    const uint64_t bits = _pext_u64(planes[k].bits(), occ.bits());
    const uint64_t nibble_bit = 0x1111111111111111ULL << k;
    low |= _pdep_u64(bits, nibble_bit);
    high |= _pdep_u64(bits >> 16, nibble_bit);
  }
  std::memcpy(p.men.data(), &low, 8);
  std::memcpy(p.men.data() + 8, &high, 8);
#else
  // The nibbles gathered in two words (the first 16 men, the rest), as restore_into reads
  // them: no byte of memory read back and rewritten per man.
  uint64_t words[2] = {0, 0}, bits = occ.bits();
  for (uint64_t& word : words)
    for (unsigned shift = 0; bits && shift < 64; shift += 4, bits &= bits - 1)
      word |= uint64_t(index(pos.piece_on(Square(std::countr_zero(bits))))) << shift;
  std::memcpy(p.men.data(), words, sizeof words);
#endif
  p.side_to_move = uint8_t(pos.side_to_move());
  p.castling = pos.castling_rights();
  p.en_passant = uint8_t(pos.en_passant());
  return p;
}

uint64_t packed_key(const PackedPosition& packed) {
  uint64_t words[2];
  std::memcpy(words, packed.men.data(), sizeof words);
  uint64_t key = 0, occ = packed.occupied;
  for (uint64_t word : words)
    for (unsigned shift = 0; occ && shift < 64; shift += 4, occ &= occ - 1)
      key ^= zobrist::kKeys.piece[(word >> shift) & 15][std::size_t(std::countr_zero(occ))];
  return key ^ zobrist::state_key(packed.side_to_move == uint8_t(Color::Black), packed.castling, packed.en_passant);
}

Position unpack(const PackedPosition& packed, const Position& like) {
  return Position::restore(packed, like);
}

void unpack(const PackedPosition& packed, const Position& like, Position& out) {
  Position::restore_into(packed, like, out);
}

}  // namespace arbiter::board
