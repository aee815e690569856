// The flights bound: a checkmate needs more than a check. On the square K where the
// losing king is mated, the winner attacks K, and every square beside K is either held
// by one of the loser's own men or attacked by the winner. So a mate within n plies needs
// a square K that the losing king can reach in d of the loser's moves, such that
//   - some man of the winner can attack K within the winner's moves,
//   - and the flights of K that the winner cannot cover are filled by the loser's men,
//     one man a flight, in the loser's moves left after the d.
// The winner covers with its king (from two steps away, after its steps there) and with
// its other men, each on its own within the moves the king leaves. When those men are at
// most three, each a knight, a bishop or a pawn that cannot promote in time, one of them
// gives the check and covers only what it attacks from its checking square, and the
// others cover on their own within the moves it leaves.
// Every count is a floor: moves on an empty board, a pawn's capture taken as available
// wherever a man of the other side may stand, a promotion as making its pawn a queen or a
// knight (any piece, anywhere, with two more moves), each flight's
// nearest man on its own (so one man may seem to fill two flights, though no more
// flights are filled than there are men). The test built on them is sound: it never rules
// out a mate that exists. It is much stronger than the check-reach bound (check_reach.hpp)
// when the winner has few men: a lone king's flights must be filled or covered.
#pragma once

#include <memory>

#include "search/board/move.hpp"
#include "search/board/position.hpp"

namespace arbiter::search {

// True when no mate by `winner` can fall within `plies` plies from `pos`, by the counts
// above. False when the counts allow one, or when `plies` is 0 (a mate that stands
// already is not this test's business) or gives the winner no move.
bool flights_forbid_mate(const board::Position& pos, board::Color winner, int plies);

// The same test on the children of a position where the loser is to move, one for each
// quiet move (no capture) of a man other than its king, without making the move: the
// winner's counts and the other men's reach are the position's, worked out once. For
// such a move, forbids() is flights_forbid_mate(child, winner, plies - 1), except that it
// may allow a mate the child's test rules out, never the reverse: a castling right the
// move loses still counts for the king's reach, and the winner's pawns may capture
// wherever the loser's men could stand with one move more than in the child. A solver
// skips the children it rules out before making their moves or probing its tables for them.
class QuietMoveFlights {
 public:
  QuietMoveFlights();
  ~QuietMoveFlights();
  QuietMoveFlights(const QuietMoveFlights&) = delete;
  QuietMoveFlights& operator=(const QuietMoveFlights&) = delete;

  // Prepares for the children of `pos` (kept by reference until the next reset), with
  // `plies` left at `pos`, and about `moves` quiet moves to be asked of: with many, the
  // test is compiled once into the sets of flights the men must fill, which each move
  // then only checks. False when the test says nothing there (the winner to move, a rook
  // or a queen for the winner, a count out of range): then forbids() is false.
  bool reset(const board::Position& pos, board::Color winner, int plies, int moves);
  // After the man on `from` goes to `to` and is then a `becomes` (its own type, or the
  // piece it promotes to).
  bool forbids(board::Square from, board::Square to, board::PieceType becomes);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// A QuietMoveFlights for each count of plies left, per thread, for a depth-first search:
// its deeper plies take other slots, and a thread runs one search at a time. Null past
// the counts the test can use.
QuietMoveFlights* quiet_move_flights_slot(int plies);

// Whether a loser's move is one QuietMoveFlights judges: no capture, not its king's.
inline bool quiet_man_move(const board::Position& pos, board::Move m) {
  return m.from() != pos.king_square(pos.side_to_move()) && m.kind() != board::MoveKind::EnPassant &&
         m.kind() != board::MoveKind::Castling && pos.piece_on(m.to()) == board::Piece::None;
}

// What the man becomes by the move: its own type, or the piece it promotes to.
inline board::PieceType piece_after(const board::Position& pos, board::Move m) {
  return m.kind() == board::MoveKind::Promotion ? m.promotion() : board::type_of(pos.piece_on(m.from()));
}

}  // namespace arbiter::search
