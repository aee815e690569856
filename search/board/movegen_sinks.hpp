// The legal move generator itself, for callers that want the moves in some other form
// than a list (movegen.hpp's functions are built on it): generate(pos, sink) hands every
// legal move of the side to move to `sink`, once, in groups. A sink has
//   void piece(Square from, Bitboard targets);  // a man's moves from `from`: Move(from, to)
//   void pawns(Bitboard targets, int delta);     // Move(to - delta, to) for each target
//   void promotions(Bitboard targets, int delta); // the same steps, each promoting to Q, R, B, N
//   void add(Move m);                            // one move (pinned pawns, en passant, castling)
// The move list (generate_legal) expands each group's targets in square order, a
// promotion into kPromotions' order, and the groups come in this order:
//   1. piece(king, steps): the king's steps, captures among them;
//   then, unless the king is in double check:
//   2. piece(from, ...) for each knight, then each bishop or queen, then each rook,
//      in square order within each kind (a pinned knight has none; others may be empty);
//   3. the free pawns: pawns(single steps), promotions(single steps), pawns(double steps),
//      pawns(west captures), promotions(west captures), pawns(east captures),
//      promotions(east captures); pushes target empty squares, captures enemy men;
//   4. add() for the pinned pawns' moves (square order of the pawn, then of the target;
//      none in check);
//   5. add() for each legal en-passant capture, then each legal castling (king side first).
#pragma once

#include "search/board/attacks.hpp"
#include "search/board/move.hpp"
#include "search/board/position.hpp"

namespace arbiter::board::movegen {

inline constexpr PieceType kPromotions[4] = {PieceType::Queen, PieceType::Rook, PieceType::Bishop, PieceType::Knight};

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

// Every legal move of the side to move, once, in the groups and order described above.
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

}  // namespace arbiter::board::movegen
