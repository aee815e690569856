#include "search/board/packed.hpp"

#include <bit>
#include <cstring>

#include "search/board/cpu.hpp"
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

namespace {

// The 32 nibbles of PackedPosition::men as two words: men 0-15, then 16-31.
struct Nibbles {
  uint64_t low, high;
};

// The lowest n bits (n < 64).
constexpr uint64_t low_bits(unsigned n) { return (uint64_t(1) << n) - 1; }

// The nibble of man k.
uint64_t nibble_at(const Nibbles& n, unsigned k) { return ((k < 16 ? n.low : n.high) >> (4 * (k & 15))) & 15; }

// Takes out the nibble of man k: the men after it move down one place.
void take_out(Nibbles& n, unsigned k) {
  if (k < 16) {
    const unsigned at = 4 * k;
    n.low = (n.low & low_bits(at)) | (at == 60 ? 0 : (n.low >> (at + 4)) << at) | (n.high << 60);
    n.high >>= 4;
  } else {
    const unsigned at = 4 * (k - 16);
    n.high = (n.high & low_bits(at)) | (at == 60 ? 0 : (n.high >> (at + 4)) << at);
  }
}

// Puts `value` in as the nibble of man k: the men from k on move up one place (the last
// place is empty: at most 31 men before).
void put_in(Nibbles& n, unsigned k, uint64_t value) {
  if (k < 16) {
    const unsigned at = 4 * k;
    n.high = (n.high << 4) | (n.low >> 60);
    n.low = (n.low & low_bits(at)) | (value << at) | (n.low >> at << at << 4);
  } else {
    const unsigned at = 4 * (k - 16);
    n.high = (n.high & low_bits(at)) | (value << at) | (n.high >> at << at << 4);
  }
}

}  // namespace

PackedPosition pack_after(const PackedPosition& before, Move m, const Position& after) {
  if (m.kind() != MoveKind::Normal) return pack(after);
  PackedPosition p = before;
  Nibbles men;
  std::memcpy(&men, before.men.data(), sizeof men);
  uint64_t occupied = before.occupied;
  const uint64_t from = uint64_t(1) << index(m.from()), to = uint64_t(1) << index(m.to());
  // The mover's nibble, at its rank among the men in square order.
  const unsigned out = unsigned(cpu::popcount(occupied & (from - 1)));
  const uint64_t mover = nibble_at(men, out);
  take_out(men, out);
  occupied ^= from;
  const unsigned in = unsigned(cpu::popcount(occupied & (to - 1)));
  if (occupied & to) {  // a capture: the taken man's nibble replaced
    uint64_t& word = in < 16 ? men.low : men.high;
    const unsigned at = 4 * (in & 15);
    word = (word & ~(uint64_t(15) << at)) | (mover << at);
  } else {
    put_in(men, in, mover);
    occupied |= to;
  }
  std::memcpy(p.men.data(), &men, sizeof men);
  p.occupied = occupied;
  p.side_to_move = uint8_t(after.side_to_move());
  p.castling = after.castling_rights();
  p.en_passant = uint8_t(after.en_passant());
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
