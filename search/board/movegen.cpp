#include "search/board/movegen.hpp"

namespace arbiter::board {
namespace {

constexpr PieceType kPromotions[4] = {PieceType::Queen, PieceType::Rook, PieceType::Bishop, PieceType::Knight};

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

// Castling (standard and Chess960): the squares both pieces cross empty, and no square
// the king crosses or reaches attacked; never out of check.
template <class Sink>
[[gnu::always_inline]] inline void castling(const Position& pos, Sink& sink) {
  if (pos.in_check()) return;
  const Color us = pos.side_to_move(), them = ~us;
  const Bitboard occ = pos.occupied();
  const Square king = pos.king_square(us);
  for (bool king_side : {true, false}) {
    if (!pos.can_castle(us, king_side)) continue;
    Square rook = pos.castling_rook(us, king_side);
    Square kto = Position::castling_king_target(us, king_side);
    Square rto = Position::castling_rook_target(us, king_side);
    Bitboard movers = Bitboard::of(king) | rook;
    Bitboard path = (between(king, kto) | kto | between(rook, rto) | rto) & ~movers;
    if (path & occ) continue;
    Bitboard after = occ ^ movers;
    bool attacked = false;
    for (Square s : between(king, kto) | kto)
      if (pos.attacked_by(them, s, after)) {
        attacked = true;
        break;
      }
    if (!attacked) sink.add(Move::make(MoveKind::Castling, king, rook));
  }
}

template <class Sink>
[[gnu::always_inline]] inline void generate(const Position& pos, Sink& sink) {
  const Color us = pos.side_to_move(), them = ~us;
  const Bitboard own = pos.pieces(us), enemy = pos.pieces(them), occ = own | enemy;
  const Square king = pos.king_square(us);
  const Bitboard checkers = pos.checkers();

  // King steps: to squares not attacked once the king has left its square.
  {
    Bitboard occ_without_king = occ ^ king, safe;
    for (Square to : king_attacks(king) & ~own)
      if (!pos.attacked_by(them, to, occ_without_king)) safe |= to;
    sink.piece(king, safe);
  }
  if (checkers.more_than_one()) return;

  // Other pieces must capture the checker or block, and pinned pieces stay on their line.
  const Bitboard mask = checkers ? (between(king, checkers.first()) | checkers) : kAllSquares;
  const Bitboard targets = ~own & mask;
  const Bitboard pinned = pos.king_blockers(us) & own;

  for (Square from : pos.pieces(us, PieceType::Knight) & ~pinned) sink.piece(from, knight_attacks(from) & targets);
  for (Square from : pos.pieces(us, PieceType::Bishop, PieceType::Queen)) {
    Bitboard t = bishop_attacks(from, occ) & targets;
    if (pinned.has(from)) t &= line_through(king, from);
    if (type_of(pos.piece_on(from)) == PieceType::Queen) {
      Bitboard r = rook_attacks(from, occ) & targets;
      if (pinned.has(from)) r &= line_through(king, from);
      t |= r;
    }
    sink.piece(from, t);
  }
  for (Square from : pos.pieces(us, PieceType::Rook)) {
    Bitboard t = rook_attacks(from, occ) & targets;
    if (pinned.has(from)) t &= line_through(king, from);
    sink.piece(from, t);
  }

  // Pawns: the unpinned ones as whole sets, the pinned ones one by one.
  const int up = forward(us);
  const Bitboard last_rank = rank_bb(us == Color::White ? 7 : 0);
  const Bitboard third_rank = rank_bb(us == Color::White ? 2 : 5);
  const Bitboard pawns = pos.pieces(us, PieceType::Pawn);
  const Bitboard free = pawns & ~pinned;
  {
    Bitboard single = free.forward(us) & ~occ;
    Bitboard twice = (single & third_rank).forward(us) & ~occ & mask;
    single &= mask;
    sink.pawns(single & ~last_rank, up);
    sink.promotions(single & last_rank, up);
    sink.pawns(twice, 2 * up);
    Bitboard west = free.forward(us).west() & enemy & mask;
    Bitboard east = free.forward(us).east() & enemy & mask;
    sink.pawns(west & ~last_rank, up - 1);
    sink.promotions(west & last_rank, up - 1);
    sink.pawns(east & ~last_rank, up + 1);
    sink.promotions(east & last_rank, up + 1);
  }
  if (!checkers) {
    for (Square from : pawns & pinned) {
      Bitboard line = line_through(king, from);
      Bitboard t = pawn_attacks(us, from) & enemy & line;
      Square one = offset(from, up);
      if (line.has(one) && !occ.has(one)) {
        t |= one;
        Square two = offset(one, up);
        if (relative_rank(us, from) == 1 && !occ.has(two)) t |= two;
      }
      for (Square to : t) {
        if (last_rank.has(to))
          for (PieceType p : kPromotions) sink.add(Move::make(MoveKind::Promotion, from, to, p));
        else
          sink.add(Move(from, to));
      }
    }
  }

  // En passant: rare enough to test each capture by removing both pawns.
  if (Square ep = pos.en_passant(); ep != Square::None) {
    Square victim = offset(ep, -up);
    for (Square from : pawn_attacks(them, ep) & pawns) {
      Bitboard after = (occ ^ from ^ victim) | ep;
      bool exposed = (bishop_attacks(king, after) & pos.pieces(them, PieceType::Bishop, PieceType::Queen)) ||
                     (rook_attacks(king, after) & pos.pieces(them, PieceType::Rook, PieceType::Queen)) ||
                     (knight_attacks(king) & pos.pieces(them, PieceType::Knight)) ||
                     (pawn_attacks(us, king) & (pos.pieces(them, PieceType::Pawn) ^ victim));
      if (!exposed) sink.add(Move::make(MoveKind::EnPassant, from, ep));
    }
  }

  castling(pos, sink);
}

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

// Looks for one move among the groups, as ListSink would write them out (the same bits).
struct MatchSink {
  Move wanted;
  bool found = false;
  void piece(Square from, Bitboard targets) {
    found |= targets.has(wanted.to()) && wanted == Move(from, wanted.to());
  }
  void pawns(Bitboard targets, int delta) {
    found |= targets.has(wanted.to()) && wanted == Move(offset(wanted.to(), -delta), wanted.to());
  }
  void promotions(Bitboard targets, int delta) {  // all four pieces are generated
    const Square to = wanted.to();
    found |= targets.has(to) && wanted == Move::make(MoveKind::Promotion, offset(to, -delta), to, wanted.promotion());
  }
  void add(Move m) { found |= m == wanted; }
};

}  // namespace

// The mover's reach, then the generator's three rules: the king steps to no attacked
// square; in check, another man takes the checker or steps between (never in double
// check); a pinned man stays on its line. Castling and en passant are left to the
// generator itself.
bool is_legal(const Position& pos, Move m) {
  if (m.kind() == MoveKind::Castling || m.kind() == MoveKind::EnPassant) {
    MatchSink sink{m};
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
  if (type == PieceType::King) return !pos.attacked_by(~us, to, occ ^ from);
  const Square king = pos.king_square(us);
  const Bitboard checkers = pos.checkers();
  if (checkers.more_than_one()) return false;
  if (checkers && !(between(king, checkers.first()) | checkers).has(to)) return false;
  // Pins are worked out only for a move off the line its man shares with the king (a man
  // on no such line is never pinned).
  const Bitboard line = line_through(king, from);
  return !line || line.has(to) || !(pos.king_blockers(us) & own).has(from);
}

}  // namespace arbiter::board
