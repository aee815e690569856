#include "search/proofs/flight_cover.hpp"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <functional>

#include "search/board/attacks.hpp"
#include "search/proofs/check_reach.hpp"

namespace arbiter::search {

using namespace board;

namespace {

constexpr int kFar = 64;  // never: above any count of moves in a game's remaining plies
constexpr std::array<PieceType, 5> kPieceTypes{PieceType::Knight, PieceType::Bishop, PieceType::Rook,
                                               PieceType::Queen, PieceType::King};

// Empty-board counts, built once: moves of each piece type from one square to another,
// and moves until it attacks a square.
struct Counts {
  // [type][from][to]; type indexed by PieceType.
  std::array<std::array<std::array<uint8_t, 64>, 64>, 7> walk{}, attack{};
};

const Counts& counts() {
  static const Counts table = [] {
    Counts c;
    for (PieceType type : kPieceTypes) {
      auto& walk = c.walk[std::size_t(index(type))];
      for (int from = 0; from < 64; ++from) {
        // Breadth first over the piece's moves on an empty board.
        auto& row = walk[std::size_t(from)];
        row.fill(uint8_t(kFar));
        row[std::size_t(from)] = 0;
        Bitboard frontier = Bitboard::of(Square(from)), seen = frontier;
        for (int d = 1; frontier; ++d) {
          Bitboard next;
          for (Square s : frontier) next |= piece_attacks(type, s, Bitboard());
          next &= ~seen;
          for (Square s : next) row[std::size_t(index(s))] = uint8_t(d);
          seen |= next;
          frontier = next;
        }
      }
      // A piece attacks `to` from the squares that a piece of its type on `to` attacks
      // (these types attack symmetrically); the nearest such square counts.
      auto& attack = c.attack[std::size_t(index(type))];
      for (int to = 0; to < 64; ++to) {
        const Bitboard from_squares = piece_attacks(type, Square(to), Bitboard());
        for (int from = 0; from < 64; ++from) {
          int best = kFar;
          for (Square a : from_squares) best = std::min<int>(best, walk[std::size_t(from)][std::size_t(index(a))]);
          attack[std::size_t(from)][std::size_t(to)] = uint8_t(best);
        }
      }
    }
    return c;
  }();
  return table;
}

// Moves for a pawn of colour `c` on `from` to stand on `to` still a pawn: one rank a move
// (two at most once, from its first rank, without changing file), a file at most per move
// (a capture). A floor: the captures are taken as available.
int pawn_walk(Color c, Square from, Square to) {
  const int r0 = relative_rank(c, from), r1 = relative_rank(c, to);
  const int files = std::abs(file_of(from) - file_of(to));
  if (r1 == r0) return files == 0 ? 0 : kFar;
  if (r1 < r0 || r1 == 7) return kFar;
  const int ranks = r1 - r0;
  if (files > ranks) return kFar;
  return std::max(files, ranks - (r0 == 1 ? 1 : 0));
}

// The fewest moves for a pawn to promote and then, as a queen or a knight (a queen's
// counts are never above a rook's or a bishop's), make `piece_moves(type, square)` more;
// `cap` when that is not below `cap`.
template <typename PieceMoves>
int after_promotion(Color c, Square from, int cap, PieceMoves piece_moves) {
  const int r0 = relative_rank(c, from);
  const int ranks = 7 - r0;
  const int straight = ranks - (r0 == 1 ? 1 : 0);  // the fewest moves to promote at all
  if (straight >= cap) return cap;
  const int last_rank = c == Color::White ? 7 : 0;
  int best = cap;
  for (int file = std::max(0, file_of(from) - ranks); file <= std::min(7, file_of(from) + ranks); ++file) {
    const int steps = std::max(std::abs(file - file_of(from)), straight);
    if (steps >= best) continue;
    const Square promotion = make_square(file, last_rank);
    for (PieceType type : {PieceType::Queen, PieceType::Knight})
      best = std::min(best, steps + piece_moves(type, promotion));
  }
  return best;
}

// The floors of one position, each square's computed when first asked. A floor at or
// above its cap (one more than the moves there are) is stored as the cap: it only matters
// that the moves do not suffice.
class Floors {
 public:
  Floors(const Position& pos, Color winner, int winner_cap, int loser_cap)
      : pos_(pos), winner_(winner), winner_cap_(std::min(winner_cap, kFar)), loser_cap_(std::min(loser_cap, kFar)) {
    check_.fill(kUnknown);
    fill_.fill(kUnknown);
  }

  // Winner's moves until a man other than its king attacks `s` (a check on a king there).
  int check(Square s) {
    uint8_t& v = check_[std::size_t(index(s))];
    if (v == kUnknown) v = uint8_t(attack_floor(s));
    return v;
  }
  // Loser's moves until one of its men other than the king stands on `s`.
  int fill(Square s) {
    uint8_t& v = fill_[std::size_t(index(s))];
    if (v == kUnknown) {
      const Color loser = ~winner_;
      int best = loser_cap_;
      for (Square m : pos_.pieces(loser) ^ pos_.king_square(loser)) {
        const PieceType type = type_of(pos_.piece_on(m));
        if (type == PieceType::Pawn) {
          best = std::min(best, pawn_walk(loser, m, s));
          best = std::min(best, after_promotion(loser, m, best, [&](PieceType t, Square p) {
                            return int(counts().walk[std::size_t(index(t))][std::size_t(index(p))][std::size_t(index(s))]);
                          }));
        } else {
          best = std::min<int>(best, counts().walk[std::size_t(index(type))][std::size_t(index(m))][std::size_t(index(s))]);
        }
        if (best == 0) break;
      }
      v = uint8_t(best);
    }
    return v;
  }

 private:
  static constexpr uint8_t kUnknown = 0xFF;

  int attack_floor(Square s) const {
    int best = winner_cap_;
    for (Square m : pos_.pieces(winner_) ^ pos_.king_square(winner_)) {
      const PieceType type = type_of(pos_.piece_on(m));
      if (type == PieceType::Pawn) {
        // A pawn attacks `s` from the squares a pawn of the other colour on `s` attacks.
        for (Square a : pawn_attacks(~winner_, s)) best = std::min(best, pawn_walk(winner_, m, a));
        best = std::min(best, after_promotion(winner_, m, best, [&](PieceType t, Square p) {
                          return int(counts().attack[std::size_t(index(t))][std::size_t(index(p))][std::size_t(index(s))]);
                        }));
      } else {
        best = std::min<int>(best, counts().attack[std::size_t(index(type))][std::size_t(index(m))][std::size_t(index(s))]);
      }
      if (best == 0) break;
    }
    return best;
  }

  const Position& pos_;
  Color winner_;
  int winner_cap_, loser_cap_;
  std::array<uint8_t, 64> check_, fill_;
};

}  // namespace

bool flights_forbid_mate(const Position& pos, Color winner, int plies) {
  if (plies <= 0) return false;
  const int winner_moves = (plies + (pos.side_to_move() == winner ? 1 : 0)) / 2;
  const int loser_moves = plies - winner_moves;
  if (winner_moves == 0) return false;
  // A rook or a queen attacks any square after one move: every flight counts as covered.
  if (pos.pieces(winner, PieceType::Rook, PieceType::Queen)) return false;
  Floors floors(pos, winner, winner_moves + 1, loser_moves + 1);
  // The winner's king steps to each square (castling counted), up to its moves.
  std::array<uint8_t, 64> king_steps;
  king_steps.fill(uint8_t(kFar));
  for (int steps = winner_moves; steps >= 0; --steps)
    for (Square s : king_reach(pos, winner, steps)) king_steps[std::size_t(index(s))] = uint8_t(steps);
  Bitboard reached;  // the losing king's squares within fewer steps than the ring's
  for (int steps = 0; steps <= loser_moves; ++steps) {
    const Bitboard within = king_reach(pos, ~winner, steps);
    const Bitboard ring = within & ~reached;
    reached = within;
    const int left = loser_moves - steps;  // the loser's moves for filling flights
    for (Square k : ring) {
      const int check = floors.check(k);
      if (check > winner_moves) continue;
      // Each flight's floors, once: the other men's moves to cover it, the loser's to fill it.
      std::array<Square, 8> flight;
      std::array<uint8_t, 8> cover, fill;
      int count = 0;
      for (Square f : king_attacks(k)) {
        flight[std::size_t(count)] = f;
        cover[std::size_t(count)] = uint8_t(floors.check(f));
        fill[std::size_t(count)] = uint8_t(floors.fill(f));
        ++count;
      }
      // True when the loser has the moves to fill the flights that neither the winner's
      // king (standing where it covers `covered`) nor, within `others` moves, its other men cover.
      auto fillable = [&](int others, Bitboard covered) {
        if (check > others) return false;
        int needed = 0;
        for (int i = 0; i < count; ++i) {
          if (cover[std::size_t(i)] <= others || covered.has(flight[std::size_t(i)])) continue;
          needed += fill[std::size_t(i)];
          if (needed > left) return false;
        }
        return true;
      };
      // The winner's king covers flights only from two steps away (nearer, the kings
      // would touch), after its steps there; elsewhere it covers none, and the other men
      // have at most all the moves.
      if (fillable(winner_moves, Bitboard())) return false;  // a mate on k is not ruled out
      const Bitboard near = king_attacks(k) | k;
      const Bitboard box = king_step_spread(near) & ~near;
      // A floor for every placement of the king at once: it has at most the others' moves
      // after its fewest steps into the box, and covers at most three flights.
      int fewest_steps = kFar;
      for (Square w : box) fewest_steps = std::min<int>(fewest_steps, king_steps[std::size_t(index(w))]);
      const int most_others = winner_moves - fewest_steps;
      if (check > most_others) continue;
      std::array<int, 8> open{};
      int open_sum = 0;
      for (int i = 0; i < count; ++i)
        if (cover[std::size_t(i)] > most_others) open_sum += open[std::size_t(i)] = fill[std::size_t(i)];
      std::partial_sort(open.begin(), open.begin() + 3, open.end(), std::greater<>());
      if (open_sum - open[0] - open[1] - open[2] > left) continue;
      for (Square w : box) {
        const int steps_there = king_steps[std::size_t(index(w))];
        if (steps_there <= winner_moves && fillable(winner_moves - steps_there, king_attacks(w)))
          return false;
      }
    }
    if (within == kAllSquares) break;
  }
  return true;
}

}  // namespace arbiter::search
