#include "search/board/packed.hpp"

namespace arbiter::board {

PackedPosition pack(const Position& pos) {
  PackedPosition p;
  Bitboard occ = pos.occupied();
  p.occupied = occ.bits();
  int i = 0;
  for (Square s : occ) {
    p.men[i / 2] |= uint8_t(index(pos.piece_on(s)) << ((i & 1) * 4));
    ++i;
  }
  p.side_to_move = uint8_t(pos.side_to_move());
  p.castling = pos.castling_rights();
  p.en_passant = uint8_t(pos.en_passant());
  return p;
}

Position unpack(const PackedPosition& packed, const Position& like) {
  return Position::restore(packed, like);
}

void unpack(const PackedPosition& packed, const Position& like, Position& out) {
  Position::restore_into(packed, like, out);
}

}  // namespace arbiter::board
