#include "search/explore/focus.hpp"

#include <optional>

#include "search/board/attacks.hpp"
#include "search/board/check_test.hpp"
#include "search/board/flood.hpp"
#include "search/explore/guidance.hpp"

namespace arbiter::search {

using namespace board;

namespace {

// The squares within two king steps of `s`: where blockers, flights and the men that
// cover them stand in a mate of a king on `s`.
Bitboard mating_zone(Square s) {
  Bitboard zone = king_attacks(s) | s;
  for (Square t : king_attacks(s)) zone |= king_attacks(t);
  return zone;
}

// Every square a man of `side` attacks.
Bitboard attacked_squares(const Position& pos, Color side) {
  Bitboard all;
  for (PieceType t : {PieceType::Pawn, PieceType::Knight, PieceType::Bishop, PieceType::Rook, PieceType::Queen,
                      PieceType::King})
    all |= attacks_of_set(t, side, pos.pieces(side, t), pos.occupied());
  return all;
}

void focus(const Position& pos, Color winner, const MoveList& moves, MoveList& kept, bool closing, bool wide) {
  const bool winner_moves = pos.side_to_move() == winner;
  const Square king = pos.king_square(~winner);
  const Bitboard zone = wide ? mating_zone(king) : Bitboard();
  const Bitboard offered = wide && !winner_moves ? attacked_squares(pos, winner) : Bitboard();
  const Bitboard occ = pos.occupied();
  const Bitboard king_zone = king_attacks(king) | king;
  // Only the winner's moves are asked whether they check.
  std::optional<CheckTest> checks;
  if (winner_moves) checks.emplace(pos);
  // The waiting move: the winner's first other move; the loser's other move that ends
  // nearest its king (a man coming to block a flight).
  std::optional<Move> waiting;
  int waiting_distance = 8;
  // The closing test's gap from a man's own square, kept while the moves of that man
  // follow one another (the generator lists them together).
  Square gap_square = Square::None;
  int gap_before = 0;
  for (const Move m : moves) {
    const Square from = m.from(), to = m.to();
    const PieceType type = type_of(pos.piece_on(from));
    bool keep = type == PieceType::King || m.kind() == MoveKind::Promotion || m.kind() == MoveKind::EnPassant ||
                (m.kind() != MoveKind::Castling && pos.piece_on(to) != Piece::None) || zone.has(from) || zone.has(to) ||
                offered.has(to);
    if (!keep && winner_moves) keep = type == PieceType::Pawn || checks->gives_check(m);
    if (!keep && winner_moves && closing) {
      const Bitboard rest = occ ^ from;
      if (from != gap_square) gap_square = from, gap_before = approach_gap(type, from, king, king_zone, rest);
      keep = gap_before > 0 && approach_gap(type, to, king, king_zone, rest) < gap_before;
    }
    if (keep) {
      kept.push(m);
    } else if (!waiting || (!winner_moves && distance(to, king) < waiting_distance)) {
      waiting = m;
      waiting_distance = distance(to, king);
    }
  }
  if (waiting) kept.push(*waiting);
}

}  // namespace

void narrow_focus(const Position& pos, Color winner, const MoveList& moves, MoveList& kept) {
  focus(pos, winner, moves, kept, false, false);
}

void closing_focus(const Position& pos, Color winner, const MoveList& moves, MoveList& kept) {
  focus(pos, winner, moves, kept, true, false);
}

void wide_focus(const Position& pos, Color winner, const MoveList& moves, MoveList& kept) {
  focus(pos, winner, moves, kept, true, true);
}

}  // namespace arbiter::search
