#include "search/board/movegen.hpp"

#include "search/board/movegen_sinks.hpp"

namespace arbiter::board {
namespace {

using movegen::castling;
using movegen::generate;
using movegen::kPromotions;

// Sinks receive moves in groups; the list sink writes them out, the counting sink only
// counts (popcounts), which is what makes bulk-counted perft and mobility cheap.
struct ListSink {
  MoveList& out;
  void piece(Square from, Bitboard targets) {
    for (Square to : targets) out.push(Move(from, to));
  }
  void pawns(Bitboard targets, int delta) {
    for (Square to : targets) out.push(Move(offset(to, -delta), to));
  }
  void promotions(Bitboard targets, int delta) {
    for (Square to : targets)
      for (PieceType t : kPromotions) out.push(Move::make(MoveKind::Promotion, offset(to, -delta), to, t));
  }
  void add(Move m) { out.push(m); }
};

// kPopcntInstruction: count with __builtin_popcountll, which becomes the POPCNT
// instruction once inlined into a function compiled for it (count_legal_popcnt below);
// otherwise with Bitboard::count, which tests the CPU at each call.
template <bool kPopcntInstruction>
struct CountSink {
  int n = 0;
  [[gnu::always_inline]] static int count(Bitboard b) {
    if constexpr (kPopcntInstruction) return __builtin_popcountll(b.bits());
    else return b.count();
  }
  [[gnu::always_inline]] void piece(Square, Bitboard targets) { n += count(targets); }
  [[gnu::always_inline]] void pawns(Bitboard targets, int) { n += count(targets); }
  [[gnu::always_inline]] void promotions(Bitboard targets, int) { n += 4 * count(targets); }
  [[gnu::always_inline]] void add(Move) { ++n; }
};

}  // namespace

void generate_legal(const Position& pos, MoveList& out) {
  ListSink sink{out};
  generate(pos, sink);
}

void generate_castling(const Position& pos, MoveList& out) {
  ListSink sink{out};
  castling(pos, sink);
}

MoveList legal_moves(const Position& pos) {
  MoveList list;
  generate_legal(pos, list);
  return list;
}

#if defined(__x86_64__) && !defined(__POPCNT__)
namespace {
[[gnu::target("popcnt")]] int count_legal_popcnt(const Position& pos) {
  CountSink<true> sink;
  generate(pos, sink);
  return sink.n;
}
}  // namespace
#endif

int count_legal(const Position& pos) {
#if defined(__x86_64__) && !defined(__POPCNT__)
  if (cpu::kHasPopcnt) return count_legal_popcnt(pos);
  CountSink<false> sink;
#else
  CountSink<true> sink;
#endif
  generate(pos, sink);
  return sink.n;
}

bool has_legal_move(const Position& pos) { return count_legal(pos) > 0; }

namespace {

// Looks for a castling or an en-passant move: the generator hands those over only
// through add(), never in a group.
struct SpecialMoveSink {
  Move wanted;
  bool found = false;
  void piece(Square, Bitboard) {}
  void pawns(Bitboard, int) {}
  void promotions(Bitboard, int) {}
  void add(Move m) { found |= m == wanted; }
};

}  // namespace

// The mover's reach, then the generator's three rules: the king steps to no attacked
// square; in check, another man takes the checker or steps between (never in double
// check); a pinned man stays on its line. Castling and en passant are left to the
// generator itself.
bool is_legal(const Position& pos, Move m) {
  if (m.kind() == MoveKind::Castling || m.kind() == MoveKind::EnPassant) {
    SpecialMoveSink sink{m};
    generate(pos, sink);
    return sink.found;
  }
  const Color us = pos.side_to_move();
  const Square from = m.from(), to = m.to();
  const Piece piece = pos.piece_on(from);
  const Bitboard own = pos.pieces(us), occ = pos.occupied();
  if (piece == Piece::None || color_of(piece) != us || own.has(to)) return false;
  const PieceType type = type_of(piece);
  const bool promotes = type == PieceType::Pawn && relative_rank(us, to) == 7;
  if (m.kind() == MoveKind::Promotion ? !promotes : promotes || m != Move(from, to)) return false;
  if (type == PieceType::Pawn) {
    const int up = forward(us);
    if (pos.pieces(~us).has(to)) {
      if (!pawn_attacks(us, from).has(to)) return false;
    } else if (to != offset(from, up) &&
               (relative_rank(us, from) != 1 || to != offset(from, 2 * up) || occ.has(offset(from, up)))) {
      return false;
    }
  } else if (!piece_attacks(type, from, occ).has(to)) {
    return false;
  }
  return legal_once_reached(pos, m, type);
}

bool legal_once_reached(const Position& pos, Move m, PieceType type) {
  const Color us = pos.side_to_move();
  const Square from = m.from(), to = m.to();
  if (type == PieceType::King) return !pos.attacked_by(~us, to, pos.occupied() ^ from);
  const Square king = pos.king_square(us);
  const Bitboard checkers = pos.checkers();
  if (checkers.more_than_one()) return false;
  if (checkers && !(between(king, checkers.first()) | checkers).has(to)) return false;
  // Pins are worked out only for a move off the line its man shares with the king (a man
  // on no such line is never pinned).
  const Bitboard line = line_through(king, from);
  return !line || line.has(to) || !(pos.king_blockers(us) & pos.pieces(us)).has(from);
}

}  // namespace arbiter::board
