// A move in 16 bits. Layout: bits 0-5 origin, 6-11 target, 12-13 promotion piece
// (knight..queen), 14-15 kind. A castling move is encoded "king takes own rook": the
// target is the castling rook's square, which serves standard chess and Chess960 alike.
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "search/board/types.hpp"

namespace arbiter::board {

enum class MoveKind : uint8_t { Normal = 0, Promotion = 1, EnPassant = 2, Castling = 3 };

class Move {
 public:
  constexpr Move() = default;
  constexpr Move(Square from, Square to) : data_(uint16_t(index(from) | index(to) << 6)) {}
  constexpr static Move make(MoveKind kind, Square from, Square to,
                             PieceType promotion = PieceType::Knight) {
    return Move(uint16_t(index(from) | index(to) << 6 | (index(promotion) - index(PieceType::Knight)) << 12 |
                         int(kind) << 14));
  }
  constexpr static Move none() { return Move(); }

  constexpr Square from() const { return Square(data_ & 63); }
  constexpr Square to() const { return Square((data_ >> 6) & 63); }
  constexpr MoveKind kind() const { return MoveKind(data_ >> 14); }
  constexpr PieceType promotion() const { return PieceType(((data_ >> 12) & 3) + index(PieceType::Knight)); }
  constexpr bool is_none() const { return data_ == 0; }
  constexpr uint16_t raw() const { return data_; }
  constexpr static Move from_raw(uint16_t raw) { return Move(raw); }
  constexpr bool operator==(const Move&) const = default;

 private:
  constexpr explicit Move(uint16_t data) : data_(data) {}
  uint16_t data_ = 0;
};
static_assert(sizeof(Move) == 2);

// A fixed-capacity list of moves; 218 is the most legal moves any position has.
class MoveList {
 public:
  static constexpr std::size_t kCapacity = 256;
  void push(Move m) { storage_.moves[size_++] = m; }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  Move operator[](std::size_t i) const { return storage_.moves[i]; }
  Move& operator[](std::size_t i) { return storage_.moves[i]; }
  const Move* begin() const { return storage_.moves; }
  const Move* end() const { return storage_.moves + size_; }
  Move* begin() { return storage_.moves; }
  Move* end() { return storage_.moves + size_; }
  bool contains(Move m) const {
    for (Move x : *this)
      if (x == m) return true;
    return false;
  }

 private:
  // Not cleared on construction: only the first size() moves are ever read, each written
  // by push() first. A list is made at every node of every search, and clearing its 512
  // bytes showed in the profiles. (Move is trivially copyable: a copy of the list copies
  // the bytes.)
  union Storage {
    Storage() {}
    Move moves[kCapacity];
  } storage_;
  std::size_t size_ = 0;
};
static_assert(std::is_trivially_copyable_v<Move>);

}  // namespace arbiter::board
