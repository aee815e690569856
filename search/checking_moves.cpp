#include "search/checking_moves.hpp"

#include "search/board/attacks.hpp"
#include "search/board/movegen.hpp"

namespace arbiter::search {

using namespace board;

namespace {

constexpr PieceType kPromotions[4] = {PieceType::Queen, PieceType::Rook, PieceType::Bishop, PieceType::Knight};

void keep_checks(const Position& pos, const MoveList& moves, CheckingMoves& out) {
  for (Move m : moves)
    if (pos.gives_check(m)) out.push(m);
}

}  // namespace

// Why the target filters are exact: the side not to move is never in check, so no man of
// ours already has a clear line to the enemy king; hence a man moving along such a line
// never vacates a square of its own checking line, and the checking squares computed on
// the present occupancy are those after the move. A man that alone blocks one of our
// lines to the king checks wherever it goes off that line (and on it only from a checking
// square). Promotions are all tried (the pawn's square may open a file for the new
// piece), and gives_check decides them, the king's moves and castling.
void generate_checking_moves(const Position& pos, CheckingMoves& out) {
  const Color us = pos.side_to_move(), them = ~us;
  if (pos.in_check() || pos.en_passant() != Square::None) {
    keep_checks(pos, legal_moves(pos), out);
    return;
  }
  // A castling move checks only with its rook, from the rank or the file of the rook's
  // target, or by a line to the enemy king that the king or the rook opens on leaving its
  // square (a slider of ours beyond it): none is looked at unless one of these can be.
  const Square our_king = pos.king_square(us), their_king = pos.king_square(them);
  const Bitboard sliders = pos.pieces(us, PieceType::Bishop, PieceType::Queen) | pos.pieces(us, PieceType::Rook);
  auto opens_line = [&](Square left) {
    for (Square s : line_through(left, their_king) & sliders)
      if (between(s, their_king).has(left)) return true;
    return false;
  };
  auto rook_may_check = [&](bool king_side) {
    return pos.can_castle(us, king_side) &&
           (rook_attacks(Position::castling_rook_target(us, king_side), Bitboard()).has(their_king) ||
            opens_line(pos.castling_rook(us, king_side)));
  };
  if ((pos.can_castle(us, true) || pos.can_castle(us, false)) &&
      (opens_line(our_king) || rook_may_check(true) || rook_may_check(false))) {
    MoveList castlings;
    generate_castling(pos, castlings);
    keep_checks(pos, castlings, out);
  }
  const Bitboard own = pos.pieces(us), enemy = pos.pieces(them), occupied = own | enemy;
  const Bitboard pinned = pos.king_blockers(us) & own;
  const Bitboard uncovering = pos.king_blockers(them) & own;  // leaving their line uncovers a check
  const Bitboard diagonal_checks = bishop_attacks(their_king, occupied);
  const Bitboard straight_checks = rook_attacks(their_king, occupied);

  // The legal targets (pins applied) that check: from a checking square, or off the line
  // the man uncovers.
  auto checking = [&](Square from, Bitboard targets, Bitboard checking_squares) {
    return targets & (uncovering.has(from) ? ~line_through(their_king, from) | checking_squares : checking_squares);
  };
  auto consider = [&](Square from, Bitboard targets, Bitboard checking_squares) {
    if (pinned.has(from)) targets &= line_through(our_king, from);
    for (Square to : checking(from, targets, checking_squares)) out.push(Move(from, to));
  };
  for (Square from : pos.pieces(us, PieceType::Knight))
    consider(from, knight_attacks(from) & ~own, knight_attacks(their_king));
  for (Square from : pos.pieces(us, PieceType::Bishop))
    consider(from, bishop_attacks(from, occupied) & ~own, diagonal_checks);
  for (Square from : pos.pieces(us, PieceType::Rook))
    consider(from, rook_attacks(from, occupied) & ~own, straight_checks);
  for (Square from : pos.pieces(us, PieceType::Queen))
    consider(from, queen_attacks(from, occupied) & ~own, diagonal_checks | straight_checks);

  const int up = forward(us);
  const Bitboard last_rank = rank_bb(us == Color::White ? 7 : 0);
  const Bitboard pawn_checks = pawn_attacks(them, their_king);
  // The pawns that can check at all, found from the (at most two) squares a pawn checks
  // from: those that push or capture onto one, and any that promotes, is pinned or
  // uncovers a line. The others would add nothing below; the order of the rest is kept.
  const Bitboard pawns = pos.pieces(us, PieceType::Pawn);
  Bitboard movers = pawns & (pinned | uncovering | rank_bb(us == Color::White ? 6 : 1));
  for (Square c : pawn_checks) {
    if (enemy.has(c)) {
      movers |= pawn_attacks(them, c) & pawns;
    } else if (!occupied.has(c) && relative_rank(us, c) >= 2) {
      const Square one = offset(c, -up);
      if (pawns.has(one)) movers |= one;
      else if (relative_rank(us, c) == 3 && !occupied.has(one) && pawns.has(offset(one, -up))) movers |= offset(one, -up);
    }
  }
  for (Square from : movers) {
    Bitboard targets = pawn_attacks(us, from) & enemy;
    const Square one = offset(from, up);
    if (!occupied.has(one)) {
      targets |= one;
      const Square two = offset(one, up);
      if (relative_rank(us, from) == 1 && !occupied.has(two)) targets |= two;
    }
    if (pinned.has(from)) targets &= line_through(our_king, from);
    for (Square to : targets & last_rank)
      for (PieceType t : kPromotions)
        if (Move m = Move::make(MoveKind::Promotion, from, to, t); pos.gives_check(m)) out.push(m);
    for (Square to : checking(from, targets & ~last_rank, pawn_checks)) out.push(Move(from, to));
  }

  // The king checks only by uncovering a line.
  if (uncovering.has(our_king)) {
    const Bitboard without_king = occupied ^ our_king;
    for (Square to : king_attacks(our_king) & ~own)
      if (!pos.attacked_by(them, to, without_king))
        if (Move m(our_king, to); pos.gives_check(m)) out.push(m);
  }
}

// The board after m is emulated: the mover lifted from `from` and standing on `to` as
// its new type, a man on `to` captured, and the enemy king lifted (sliders see through it).
bool king_can_step_after(const Position& pos, Move m) {
  if (m.kind() == MoveKind::Castling || m.kind() == MoveKind::EnPassant) {
    Position after = pos;
    after.do_move(m);
    const Square king = after.king_square(after.side_to_move());
    const Bitboard without_king = after.occupied() ^ king;
    for (Square to : king_attacks(king) & ~after.pieces(after.side_to_move()))
      if (!after.attacked_by(~after.side_to_move(), to, without_king)) return true;
    return false;
  }
  const Color us = pos.side_to_move(), them = ~us;
  const Square from = m.from(), to = m.to(), king = pos.king_square(them);
  const PieceType type = m.kind() == MoveKind::Promotion ? m.promotion() : type_of(pos.piece_on(from));
  const Bitboard others = pos.pieces(us) & ~Bitboard::of(from);  // our men that stay put
  const Bitboard occupied = ((pos.occupied() ^ from) | to) ^ king;
  const Bitboard mover_attacks = type == PieceType::Pawn ? pawn_attacks(us, to) : piece_attacks(type, to, occupied);
  for (Square step : king_attacks(king) & ~(pos.pieces(them) & ~Bitboard::of(to))) {
    if (mover_attacks.has(step)) continue;
    if (pos.attackers_to(step, occupied) & others) continue;
    return true;
  }
  return false;
}

bool other_man_saves_king(const Position& pos) {
  const Color us = pos.side_to_move();
  const Square king = pos.king_square(us);
  const Bitboard checkers = pos.checkers();
  if (!checkers || pos.en_passant() != Square::None) {  // out of check, or the checker may be taken in passing
    for (Move m : legal_moves(pos))
      if (m.from() != king) return true;
    return false;
  }
  if (checkers.more_than_one()) return false;  // only the king could move
  const Square checker = checkers.first();
  const Bitboard occ = pos.occupied();
  // A pinned man stays on its line from the king, which meets the checking line only there.
  const Bitboard helpers = pos.pieces(us) & ~pos.pieces(us, PieceType::King) & ~pos.king_blockers(us);
  if (pos.attackers_to(checker, occ) & helpers) return true;
  const Bitboard pawns = helpers & pos.pieces(us, PieceType::Pawn), men = helpers & ~pawns;
  const int up = forward(us);
  for (Square s : between(king, checker)) {  // empty squares: a man steps between
    if ((knight_attacks(s) & men & pos.pieces(PieceType::Knight)) ||
        (bishop_attacks(s, occ) & men & pos.pieces(us, PieceType::Bishop, PieceType::Queen)) ||
        (rook_attacks(s, occ) & men & pos.pieces(us, PieceType::Rook, PieceType::Queen)))
      return true;
    if (relative_rank(us, s) < 2) continue;  // no pawn of ours steps to its first two ranks
    const Square one = offset(s, -up);
    if (pawns.has(one)) return true;
    if (relative_rank(us, s) == 3 && !occ.has(one) && pawns.has(offset(one, -up))) return true;
  }
  return false;
}

bool checked_side_is_mated(const Position& pos) {
  const Color us = pos.side_to_move();
  const Square king = pos.king_square(us);
  const Bitboard without_king = pos.occupied() ^ king;
  for (Square to : king_attacks(king) & ~pos.pieces(us))
    if (!pos.attacked_by(~us, to, without_king)) return false;
  return !other_man_saves_king(pos);
}

std::optional<Move> find_mating_move(Position& pos, int& near) {
  near = 0;
  CheckingMoves checks;
  generate_checking_moves(pos, checks);
  for (std::size_t i = 0; i < checks.size(); ++i) {
    const Move m = checks[i];
    if (king_can_step_after(pos, m)) continue;
    // No step of the king's is left (just tested): mated unless another man saves it.
    pos.do_move(m);
    const bool mate = !other_man_saves_king(pos);
    pos.undo_move(m);
    if (mate) return m;
    ++near;
  }
  return std::nullopt;
}

std::optional<Move> find_mating_move(Position& pos) {
  int near = 0;
  return find_mating_move(pos, near);
}

std::optional<std::pair<Move, Move>> find_pass_and_mate(Position& pos) {
  if (!pos.do_null_move()) return std::nullopt;
  const bool threat = find_mating_move(pos).has_value();
  pos.undo_null_move();
  if (!threat) return std::nullopt;
  for (Move m : legal_moves(pos)) {
    pos.do_move(m);
    const std::optional<Move> mate = find_mating_move(pos);
    pos.undo_move(m);
    if (mate) return std::pair{m, *mate};
  }
  return std::nullopt;
}

}  // namespace arbiter::search
