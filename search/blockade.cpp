#include "search/blockade.hpp"

#include <array>

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
  attacks |= attacks_from(PieceType::King, c, king, walls);
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
  out.attacks[i] = attacks;
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
      const Bitboard enemy_attacks = b.attacks[them] | attacks_from(PieceType::Pawn, ~c, enemy_frozen, Bitboard());
      for (Square s : keep & pos.pieces(c)) {
        bool captures = (pawn_attacks(c, s) & enemy_squares).bits() != 0;
        bool captured = enemy_attacks.has(s);
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

Finding judge(const Position& pos, const Blockade& b, Color winner) {
  const Color loser = ~winner;
  const int w = index(winner), l = index(loser);
  Bitboard frozen_attacks_w;
  for (Square s : b.frozen & pos.pieces(winner)) frozen_attacks_w |= pawn_attacks(winner, s);
  const Bitboard w_attacks = b.attacks[w] | frozen_attacks_w;
  const Bitboard l_occupiable = b.reach[l] | (b.frozen & pos.pieces(loser));
  Finding f;
  for (Square k : b.king_region[l] & w_attacks) {
    ++f.checkable;
    // A flight that is never attacked and never occupied by the king's own men.
    Bitboard flights = king_attacks(k) & ~w_attacks & ~l_occupiable;
    if (flights.empty()) return f;  // a mate on k cannot be ruled out
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
            " of those squares, but there it always keeps a flight square that nothing can ever cover or block";
  return text;
}

}  // namespace arbiter::search
