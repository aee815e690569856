// How soon can the winner give check at all? A mate is a check, so a helpmate within n
// plies needs some man of the winner to attack the square of the losing king within the
// winner's moves of those plies, while that king has only the loser's moves to get there.
// Both sets below are over-approximations (the board is taken as empty, a pawn's capture
// as available wherever a man of the loser may stand, a promotion as able to check
// anywhere with a move to spare), so the test built on them is sound: it never rules out
// a mate that exists.
#pragma once

#include "search/board/position.hpp"

namespace arbiter::search {

// Every square on which `winner` could be giving check after at most `moves` of its own
// moves (0: the squares its men attack now through an empty board).
// Its pawns capture only onto `capturable` (a superset of where the loser's men may stand).
board::Bitboard checkable_squares(const board::Position& pos, board::Color winner, int moves,
                                  board::Bitboard capturable = board::kAllSquares);

// Every square the king of `side` could stand on after at most `moves` of its moves
// (king steps through an empty board, plus the castling squares while a right remains).
board::Bitboard king_reach(const board::Position& pos, board::Color side, int moves);

// The same sets for 0, 1, 2, ... moves, each worked out from the one before: a test that
// needs them for every count up to n pays n spreads, not n*(n+1)/2.
class CheckableSquares {
 public:
  CheckableSquares(const board::Position& pos, board::Color winner, board::Bitboard capturable = board::kAllSquares);
  board::Bitboard squares() const;  // checkable_squares(pos, winner, moves so far, capturable)
  void next();                       // one move more

 private:
  board::Color winner_;
  board::Bitboard capturable_, pawns_, cone_, knights_, bishops_, still_;
  bool rook_or_queen_ = false;
  bool promoted_ = false;  // a pawn reached the last rank with a move to spare
  int moves_ = 0;
};

class KingReach {
 public:
  KingReach(const board::Position& pos, board::Color side);
  board::Bitboard squares() const { return reach_; }  // king_reach(pos, side, moves so far)
  void next();                                        // one move more

 private:
  board::Bitboard reach_, castled_;
  int moves_ = 0;
};

// The least t such that the losing king could be in check after t of its steps and t
// moves of the winner (by the sets above); `limit` when none is below it. A guide for
// ordering searches: how far apart the losing king and the winner's checks are.
int check_steps(const board::Position& pos, board::Color winner, int limit);

// True when no mate by `winner` can fall within `plies` plies from `pos`: the losing
// king cannot reach any square the winner could check in time. Sound; cheap (bitboard
// spreads only, and at once false when the winner has a rook or a queen).
bool mate_out_of_reach(const board::Position& pos, board::Color winner, int plies);

}  // namespace arbiter::search
