#include "tablebase/helpmate/table_index.hpp"

#include <algorithm>
#include <bit>

namespace arbiter::tablebase::helpmate {

using board::Color;
using board::PieceType;
using board::Square;

namespace {

constexpr std::array<PieceType, 5> kOrder{PieceType::Queen, PieceType::Rook, PieceType::Bishop, PieceType::Knight,
                                          PieceType::Pawn};

bool canonical_pair(Square wk, Square bk, bool pawns) {
  if (pawns) return board::file_of(wk) <= 3;
  int x = board::file_of(wk), y = board::rank_of(wk);
  if (x > 3 || y > x) return false;
  if (x == y) return board::rank_of(bk) <= board::file_of(bk);
  return true;
}

}  // namespace

TableIndex::KingPairs::KingPairs(bool pawns) {
  for (auto& row : index) row.fill(-1);
  const int symmetries = pawns ? 2 : 8;
  for (int wk = 0; wk < 64; ++wk) {
    for (int bk = 0; bk < 64; ++bk) {
      if (board::distance(Square(wk), Square(bk)) <= 1) continue;
      if (canonical_pair(Square(wk), Square(bk), pawns)) {
        index[std::size_t(wk)][std::size_t(bk)] = int16_t(count);
        squares[std::size_t(count)] = {uint8_t(wk), uint8_t(bk)};
        ++count;
      }
      uint8_t mask = 0;
      for (int t = 0; t < symmetries; ++t)
        if (canonical_pair(transform_square(Square(wk), t), transform_square(Square(bk), t), pawns))
          mask = uint8_t(mask | 1u << t);
      transforms[std::size_t(wk)][std::size_t(bk)] = mask;
    }
  }
}

const TableIndex::KingPairs& TableIndex::king_pairs(bool pawns) {
  static const KingPairs without(false), with(true);
  return pawns ? with : without;
}

TableIndex::TableIndex(const Material& m) : material_(m) {
  pawns_ = m.pawns() > 0;
  pieces_[0] = board::make_piece(Color::White, PieceType::King);
  pieces_[1] = board::make_piece(Color::Black, PieceType::King);
  men_ = 2;
  for (Color c : {Color::White, Color::Black})
    for (PieceType t : kOrder)
      for (int i = 0; i < m.counts[index(c)][index(t)]; ++i) pieces_[std::size_t(men_++)] = board::make_piece(c, t);
  for (int s = 2; s < men_;) {
    int e = s;
    while (e < men_ && pieces_[std::size_t(e)] == pieces_[std::size_t(s)]) ++e;
    if (e - s > 1) groups_[std::size_t(group_count_++)] = {s, e};
    s = e;
  }
  kk_ = &king_pairs(pawns_);
  uint64_t stride = 1;
  for (int s = men_ - 1; s >= 2; --s) {
    stride_[std::size_t(s)] = stride;
    stride *= type_of(pieces_[std::size_t(s)]) == PieceType::Pawn ? 48 : 64;
  }
  stride_[0] = stride;
  size_ = stride * uint64_t(kk_->count);
}

uint64_t TableIndex::encode_with(const Squares& squares, int t) const {
  // Zeroed for GCC alone (-Wmaybe-uninitialized under a profile): the first men_ entries,
  // the only ones read, are all set below.
  Squares s{};
  for (int i = 0; i < men_; ++i) s[std::size_t(i)] = transform_square(squares[std::size_t(i)], t);
  for (int g = 0; g < group_count_; ++g) {
    const auto [b, e] = groups_[std::size_t(g)];
    for (int i = b + 1; i < e; ++i)  // insertion sort: a run holds a few men
      for (int j = i; j > b && s[std::size_t(j)] < s[std::size_t(j - 1)]; --j)
        std::swap(s[std::size_t(j)], s[std::size_t(j - 1)]);
  }
  uint64_t slot = uint64_t(kk_->index[index(s[0])][index(s[1])]) * stride_[0];
  for (int i = 2; i < men_; ++i) {
    int sq = index(s[std::size_t(i)]);
    if (type_of(pieces_[std::size_t(i)]) == PieceType::Pawn) sq -= 8;
    slot += uint64_t(sq) * stride_[std::size_t(i)];
  }
  return slot;
}

uint64_t TableIndex::encode(const Squares& squares) const {
  // Adjacent kings have no transform (mask 0): UINT64_MAX, past every slot.
  unsigned mask = kk_->transforms[index(squares[0])][index(squares[1])];
  uint64_t best = UINT64_MAX;
  while (mask) {
    int t = std::countr_zero(mask);
    mask &= mask - 1;
    best = std::min(best, encode_with(squares, t));
  }
  return best;
}

Squares TableIndex::decode(uint64_t slot) const {
  Squares s{};
  const uint64_t kk = slot / stride_[0];
  uint64_t rest = slot % stride_[0];
  s[0] = Square(kk_->squares[kk][0]);
  s[1] = Square(kk_->squares[kk][1]);
  for (int i = 2; i < men_; ++i) {
    const uint64_t v = rest / stride_[std::size_t(i)];
    rest %= stride_[std::size_t(i)];
    s[std::size_t(i)] = Square(type_of(pieces_[std::size_t(i)]) == PieceType::Pawn ? v + 8 : v);
  }
  return s;
}

Squares TableIndex::squares_of(const board::Position& pos) const {
  Squares s{};
  s[0] = pos.king_square(Color::White);
  s[1] = pos.king_square(Color::Black);
  int i = 2;
  for (Color c : {Color::White, Color::Black})
    for (PieceType t : kOrder)
      for (Square sq : pos.pieces(c, t)) s[std::size_t(i++)] = sq;
  return s;
}

}  // namespace arbiter::tablebase::helpmate
