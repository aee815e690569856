#include "search/blockade.hpp"

#include <array>
#include <vector>

namespace arbiter::search {

using namespace board;

namespace {

// Squares reachable by king steps from `from` (where the king stands now, whatever
// attacks it) through `open` squares.
Bitboard king_flood(Bitboard from, Bitboard open) {
  Bitboard seen = from, frontier = from;
  while (frontier) {
    Bitboard next;
    for (Square s : frontier) next |= king_attacks(s);
    next &= open & ~seen;
    seen |= next;
    frontier = next;
  }
  return seen;
}

// Squares a piece of `type` can reach from `from`, moving over `open` squares; sliders
// are stopped by `walls`.
Bitboard piece_flood(PieceType type, Bitboard from, Bitboard open, Bitboard walls) {
  Bitboard seen = from, frontier = from;
  while (frontier) {
    Bitboard next;
    for (Square s : frontier) next |= piece_attacks(type, s, walls);
    next &= open & ~seen;
    seen |= next;
    frontier = next;
  }
  return seen;
}

// Squares pawns of colour c starting on `from` can ever stand on: pushes through
// squares that are not walls, and captures onto `prey` (squares where an enemy man may
// ever stand). Stops at the last rank.
Bitboard pawn_flood(Color c, Bitboard from, Bitboard walls, Bitboard prey) {
  Bitboard seen = from, frontier = from;
  const Bitboard last = rank_bb(c == Color::White ? 7 : 0);
  while (frontier) {
    Bitboard ahead = (frontier & ~last).forward(c);
    Bitboard next = ((ahead & ~walls) | ((ahead.east() | ahead.west()) & prey & ~walls)) & ~seen;
    seen |= next;
    frontier = next;
  }
  return seen;
}

Bitboard attacks_from(PieceType type, Color c, Bitboard squares, Bitboard walls) {
  Bitboard out;
  for (Square s : squares) out |= type == PieceType::Pawn ? pawn_attacks(c, s) : piece_attacks(type, s, walls);
  return out;
}

// Reach and attacks of colour c's men that are not frozen, given the walls, the squares
// its king may not enter (attacked by frozen enemy pawns) and the squares where enemy
// men may ever stand (its pawns capture only there).
void side_reach(const Position& pos, Color c, Bitboard frozen, Bitboard king_forbidden, Bitboard prey,
                Blockade& out) {
  const Bitboard walls = frozen;
  const Bitboard open = ~walls;
  const int i = index(c);
  Bitboard reach, attacks;
  // The king.
  Bitboard king = king_flood(pos.pieces(c, PieceType::King), open & ~king_forbidden);
  out.king_region[i] = king;
  reach |= king;
  // Pawns, and what they may promote to.
  Bitboard pawns = pawn_flood(c, pos.pieces(c, PieceType::Pawn) & ~frozen, walls, prey);
  reach |= pawns;
  attacks |= attacks_from(PieceType::Pawn, c, pawns & ~rank_bb(c == Color::White ? 7 : 0), walls);
  Bitboard promoted = pawns & rank_bb(c == Color::White ? 7 : 0);
  // Pieces, each kind from its own squares plus the promotion squares.
  for (PieceType t : {PieceType::Knight, PieceType::Bishop, PieceType::Rook, PieceType::Queen}) {
    Bitboard start = pos.pieces(c, t) | promoted;
    if (!start) continue;
    Bitboard squares = piece_flood(t, start, open, walls);
    reach |= squares;
    attacks |= attacks_from(t, c, squares, walls);
  }
  out.reach[i] = reach;
  out.piece_attacks[i] = attacks;
  out.attacks[i] = attacks | attacks_from(PieceType::King, c, king, walls);
}

}  // namespace

Blockade analyze_blockade(const Position& pos) {
  const Bitboard pawns = pos.pieces(PieceType::Pawn);
  const Bitboard white = pos.pieces(Color::White, PieceType::Pawn), black = pos.pieces(Color::Black, PieceType::Pawn);
  // Candidates: pawns with a pawn straight in front of them.
  Bitboard frozen = (white & pawns.south()) | (black & pawns.north());
  // A pawn that can take en passant now is not frozen.
  if (Square ep = pos.en_passant(); ep != Square::None)
    frozen &= ~(pawn_attacks(~pos.side_to_move(), ep) & pos.pieces(pos.side_to_move(), PieceType::Pawn));
  Blockade b;
  for (;;) {
    // Keep only pawns whose blocker is itself still a candidate.
    Bitboard w = frozen & white, k = frozen & black;
    Bitboard keep = (w & frozen.south()) | (k & frozen.north());
    Bitboard forbidden_for_white = attacks_from(PieceType::Pawn, Color::Black, frozen & black, Bitboard());
    Bitboard forbidden_for_black = attacks_from(PieceType::Pawn, Color::White, frozen & white, Bitboard());
    // Least fixed point of the two sides' reach: a pawn captures only where an enemy
    // man can be, and where enemy men can be depends on the other side's reach.
    b.reach[0] = pos.pieces(Color::White) & ~frozen;
    b.reach[1] = pos.pieces(Color::Black) & ~frozen;
    for (;;) {
      Bitboard before_white = b.reach[0], before_black = b.reach[1];
      side_reach(pos, Color::White, frozen, forbidden_for_white, before_black | (frozen & black), b);
      side_reach(pos, Color::Black, frozen, forbidden_for_black, before_white | (frozen & white), b);
      if (b.reach[0] == before_white && b.reach[1] == before_black) break;
    }
    for (Color c : {Color::White, Color::Black}) {
      const int them = index(~c);
      // The enemy men include its frozen pawns: they stand where they are and attack
      // what they attack, for as long as they stay frozen.
      const Bitboard enemy_frozen = frozen & pos.pieces(~c);
      const Bitboard enemy_squares = b.reach[them] | enemy_frozen;
      const Bitboard enemy_attacks =
          b.piece_attacks[them] | attacks_from(PieceType::Pawn, ~c, enemy_frozen, Bitboard());
      const Bitboard enemy_king_attacks = attacks_from(PieceType::King, ~c, b.king_region[them], Bitboard());
      // A pawn defended by a frozen pawn of its own side is defended for ever: the enemy
      // king can never take it.
      const Bitboard defended = attacks_from(PieceType::Pawn, c, frozen & pos.pieces(c), Bitboard());
      for (Square s : keep & pos.pieces(c)) {
        bool captures = (pawn_attacks(c, s) & enemy_squares).bits() != 0;
        bool captured = enemy_attacks.has(s) || (enemy_king_attacks.has(s) && !defended.has(s));
        if (captures || captured) keep ^= s;
      }
    }
    if (keep == frozen) break;
    frozen = keep;
  }
  b.frozen = frozen;
  return b;
}

namespace {

struct Finding {
  bool forbids = false;
  int checkable = 0;  // squares of the king's region the winner can attack
};

// Where each of the loser's men other than the king can ever stand, man by man.
std::vector<Bitboard> blocker_reaches(const Position& pos, const Blockade& b, Color c) {
  const Bitboard walls = b.frozen, open = ~walls;
  const Bitboard prey = b.reach[index(~c)] | (b.frozen & pos.pieces(~c));
  const Bitboard last = rank_bb(c == Color::White ? 7 : 0);
  std::vector<Bitboard> out;
  for (Square s : pos.pieces(c) & ~pos.pieces(c, PieceType::King)) {
    const PieceType t = type_of(pos.piece_on(s));
    if (b.frozen.has(s)) {
      out.push_back(Bitboard::of(s));
    } else if (t == PieceType::Pawn) {
      Bitboard squares = pawn_flood(c, Bitboard::of(s), walls, prey);
      if (Bitboard promoted = squares & last)
        squares |= piece_flood(PieceType::Queen, promoted, open, walls) |
                   piece_flood(PieceType::Knight, promoted, open, walls);
      out.push_back(squares);
    } else {
      out.push_back(piece_flood(t, Bitboard::of(s), open, walls));
    }
  }
  return out;
}

// Whether every square of `needed` can hold a different man, each within its reach
// (bipartite matching by Kuhn's augmenting paths; at most 8 squares and 15 men).
bool can_fill(Bitboard needed, const std::vector<Bitboard>& reaches) {
  std::vector<int> square_of_man(reaches.size(), -1);
  for (Square sq : needed) {
    std::vector<bool> tried(reaches.size(), false);
    auto augment = [&](auto&& self, int square) -> bool {
      for (std::size_t m = 0; m < reaches.size(); ++m) {
        if (tried[m] || !reaches[m].has(Square(square))) continue;
        tried[m] = true;
        if (square_of_man[m] < 0 || self(self, square_of_man[m])) {
          square_of_man[m] = square;
          return true;
        }
      }
      return false;
    };
    if (!augment(augment, index(sq))) return false;
  }
  return true;
}

Finding judge(const Position& pos, const Blockade& b, Color winner) {
  const Color loser = ~winner;
  const int w = index(winner), l = index(loser);
  Bitboard frozen_attacks_w;
  for (Square s : b.frozen & pos.pieces(winner)) frozen_attacks_w |= pawn_attacks(winner, s);
  const Bitboard w_attacks = b.attacks[w] | frozen_attacks_w;
  const Bitboard l_occupiable = b.reach[l] | (b.frozen & pos.pieces(loser));
  std::vector<Bitboard> blockers;
  Finding f;
  for (Square k : b.king_region[l] & w_attacks) {
    ++f.checkable;
    // In a mate every neighbour the winner never attacks holds one of the king's men.
    Bitboard must_block = king_attacks(k) & ~w_attacks;
    if (must_block & ~l_occupiable) continue;  // a flight nothing can ever cover or block
    if (blockers.empty()) blockers = blocker_reaches(pos, b, loser);
    if (can_fill(must_block, blockers)) return f;  // a mate on k cannot be ruled out
  }
  f.forbids = true;
  return f;
}

std::string squares_text(Bitboard squares) {
  std::string out;
  for (Square s : squares) out += (out.empty() ? "" : "-") + square_name(s);
  return out;
}

}  // namespace

bool blockade_forbids_mate_fast(const Position& pos, Color winner) {
  if (!pos.pieces(PieceType::Pawn)) return false;
  Blockade b = analyze_blockade(pos);
  return b.frozen && judge(pos, b, winner).forbids;
}

std::optional<std::string> blockade_forbids_mate(const Position& pos, Color winner) {
  if (!pos.pieces(PieceType::Pawn)) return std::nullopt;
  Blockade b = analyze_blockade(pos);
  if (!b.frozen) return std::nullopt;
  Finding f = judge(pos, b, winner);
  if (!f.forbids) return std::nullopt;
  const Color loser = ~winner;
  const Bitboard region = b.king_region[index(loser)];
  int lo = 7, hi = 0;
  for (Square s : region) lo = std::min(lo, rank_of(s)), hi = std::max(hi, rank_of(s));
  std::string l = loser == Color::White ? "white" : "black", w = winner == Color::White ? "white" : "black";
  std::string text = "the " + l + " king is confined to " + std::to_string(region.count()) + " squares (ranks " +
                     std::to_string(lo + 1) + "-" + std::to_string(hi + 1) + ") by the locked pawns " +
                     squares_text(b.frozen) + "; ";
  if (f.checkable == 0) text += "no " + w + " man can ever reach a square attacking it";
  else
    text += w + " can attack it on " + std::to_string(f.checkable) +
            " of those squares, but there it always keeps a flight square that " + w +
            " can never cover and its own men can never all block";
  return text;
}

}  // namespace arbiter::search
