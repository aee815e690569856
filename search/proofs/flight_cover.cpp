#include "search/proofs/flight_cover.hpp"

#include <algorithm>
#include <array>
#include <cstdlib>


#include "search/board/attacks.hpp"
#include "search/proofs/check_reach.hpp"

namespace arbiter::search {

using namespace board;

namespace {

constexpr int kMaxMoves = 16;  // beyond this many moves every set below is the whole board

constexpr uint64_t kNotA = ~0x0101010101010101ULL, kNotH = ~0x8080808080808080ULL;
constexpr uint64_t kNotAB = ~0x0303030303030303ULL, kNotGH = ~0xC0C0C0C0C0C0C0C0ULL;

Bitboard knight_spread(Bitboard b) {
  const uint64_t x = b.bits();
  return Bitboard(((x << 17) & kNotA) | ((x << 15) & kNotH) | ((x << 10) & kNotAB) | ((x << 6) & kNotGH) |
                  ((x >> 17) & kNotH) | ((x >> 15) & kNotA) | ((x >> 10) & kNotGH) | ((x >> 6) & kNotAB));
}

// Every square some man of `side` other than its king could stand on after at most `moves`
// of its moves, on an empty board: pieces by their moves (a bishop keeps its colour), pawns
// forward one rank a move, a file at most (captures taken as available), two ranks once
// from their first rank, and anywhere once a promotion and one more move fit.
Bitboard fill_reach(const Position& pos, Color side, int moves) {
  const Bitboard men = pos.pieces(side) ^ pos.king_square(side);
  Bitboard reach = men;
  if (moves <= 0) return reach;
  if (pos.pieces(side, PieceType::Rook, PieceType::Queen)) {
    if (moves >= 2) return kAllSquares;
    for (Square s : pos.pieces(side, PieceType::Rook)) reach |= rook_attacks(s, Bitboard());
    for (Square s : pos.pieces(side, PieceType::Queen)) reach |= queen_attacks(s, Bitboard());
  }
  for (Square s : pos.pieces(side, PieceType::Bishop))
    reach |= moves >= 2 ? squares_of_colour(s) : bishop_attacks(s, Bitboard());
  if (Bitboard knights = pos.pieces(side, PieceType::Knight)) {
    for (int i = 0; i < moves && knights != kAllSquares; ++i) knights |= knight_spread(knights);
    reach |= knights;
  }
  if (Bitboard pawns = pos.pieces(side, PieceType::Pawn)) {
    const Bitboard last_rank = rank_bb(side == Color::White ? 7 : 0);
    const Bitboard second_rank = rank_bb(side == Color::White ? 1 : 6);
    Bitboard cone = pawns;
    for (int i = 0; i < moves; ++i) {
      const Bitboard ahead = cone.forward(side);
      Bitboard next = cone | ahead | ahead.east() | ahead.west();
      if (i == 0) next |= (pawns & second_rank).forward(side).forward(side);
      // Promoted on this move: with one more, a queen or a knight may stand anywhere
      // (a superset, which keeps the count a floor).
      if ((next & last_rank) && i + 1 < moves) return kAllSquares;
      cone = next;
    }
    reach |= cone;
  }
  return reach;
}

}  // namespace

bool flights_forbid_mate(const Position& pos, Color winner, int plies) {
  if (plies <= 0) return false;
  const int winner_moves = (plies + (pos.side_to_move() == winner ? 1 : 0)) / 2;
  const int loser_moves = plies - winner_moves;
  if (winner_moves == 0) return false;
  // A rook or a queen attacks any square after one move: every flight counts as covered.
  if (pos.pieces(winner, PieceType::Rook, PieceType::Queen)) return false;
  if (winner_moves > kMaxMoves || loser_moves > kMaxMoves) return false;
  const Color loser = ~winner;
  // covered[o]: the squares the winner's men other than its king may attack within o
  // moves; king[s]: its king's squares within s steps; filled[j]: the squares some man of
  // the loser other than its king may stand on within j moves. All grow with the count.
  std::array<Bitboard, kMaxMoves + 1> covered, king, filled;
  for (int o = 0; o <= winner_moves; ++o) {
    covered[std::size_t(o)] = checkable_squares(pos, winner, o);
    king[std::size_t(o)] = king_reach(pos, winner, o);
  }
  for (int j = 0; j <= loser_moves; ++j) filled[std::size_t(j)] = fill_reach(pos, loser, j);

  Bitboard reached;  // the losing king's squares within fewer steps than the ring's
  for (int steps = 0; steps <= loser_moves; ++steps) {
    const Bitboard within = king_reach(pos, loser, steps);
    const Bitboard ring = within & ~reached & covered[std::size_t(winner_moves)];
    reached = within;
    const int left = loser_moves - steps;  // the loser's moves for filling flights
    // True when the loser has the moves to fill the flights in `open`: each flight costs
    // the fewest moves in which some man may stand there (a man per flight, floors summed).
    auto fillable = [&](Bitboard open) {
      int needed = 0;
      for (int j = 0; j <= left && open; ++j) {
        open &= ~filled[std::size_t(j)];
        needed += open.count();
        if (needed > left) return false;
      }
      return !open;
    };
    for (Square k : ring) {
      const Bitboard flights = king_attacks(k);
      // The winner's king nowhere near: the other men have all the moves.
      if (fillable(flights & ~covered[std::size_t(winner_moves)])) return false;
      // The winner's king covers flights only from two steps away (nearer, the kings would
      // touch), after its steps there; the other men have the moves left.
      const Bitboard near = flights | k;
      const Bitboard box = king_step_spread(near) & ~near & king[std::size_t(winner_moves)];
      for (Square w : box) {
        int steps_there = 0;
        while (!king[std::size_t(steps_there)].has(w)) ++steps_there;
        const int others = winner_moves - steps_there;
        if (!covered[std::size_t(others)].has(k)) continue;
        if (fillable(flights & ~king_attacks(w) & ~covered[std::size_t(others)])) return false;
      }
    }
    if (within == kAllSquares) break;
  }
  return true;
}

}  // namespace arbiter::search
