#include "search/proofs/blockade.hpp"

#include <algorithm>
#include <array>
#include <vector>

#include "search/board/flood.hpp"

namespace arbiter::search {

using namespace board;

namespace {

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

// Reach and attacks of colour c's men. Walls (frozen pawns and immobile pieces) stop
// every man; the pawns of c also never push onto a square in `push_walls` (walls and the
// squares of enemy pawns that never leave their file); stuck pawns of c (never leaving
// their file) only push; the others also capture onto `prey` (squares enemy men may
// ever stand on). The king never enters `king_forbidden` (squares the enemy attacks for
// ever).
void side_reach(const Position& pos, Color c, Bitboard walls, Bitboard stuck, Bitboard push_walls,
                Bitboard king_forbidden, Bitboard prey, Blockade& out) {
  const Bitboard open = ~walls;
  const Bitboard last = rank_bb(c == Color::White ? 7 : 0);
  const int i = index(c);
  Bitboard reach, attacks;
  Bitboard king = flood(PieceType::King, pos.pieces(c, PieceType::King), open & ~king_forbidden);
  out.king_region[i] = king;
  const Bitboard pawns_now = pos.pieces(c, PieceType::Pawn) & ~walls;
  Bitboard pawns = pawn_flood(c, pawns_now & stuck, push_walls, Bitboard()) |
                   pawn_flood(c, pawns_now & ~stuck, push_walls, prey);
  reach |= pawns;
  attacks |= attacks_of_set(PieceType::Pawn, c, pawns & ~last, walls);
  Bitboard promoted = pawns & last;
  for (PieceType t : {PieceType::Knight, PieceType::Bishop, PieceType::Rook, PieceType::Queen}) {
    Bitboard start = pos.pieces(c, t) | promoted;
    if (!start) continue;
    Bitboard squares = flood(t, start, open);
    reach |= squares;
    attacks |= attacks_of_set(t, c, squares, walls);
  }
  out.men_reach[i] = reach;
  out.reach[i] = reach | king;
  out.piece_attacks[i] = attacks;
  out.attacks[i] = attacks | attacks_of_set(PieceType::King, c, king, walls);
}

// The squares next to s along the lines of a piece of `type` (every square it could
// move to if nothing stood in its way one step off).
Bitboard first_steps(PieceType type, Square s) { return piece_attacks(type, s, kAllSquares); }

// Squares colour c attacks for as long as its frozen pawns and immobile pieces stand:
// attacks that no man can ever block (pawn captures and first steps).
Bitboard lasting_attacks(const Position& pos, Color c, Bitboard frozen, Bitboard immobile) {
  Bitboard out = attacks_of_set(PieceType::Pawn, c, frozen & pos.pieces(c), Bitboard());
  for (Square s : immobile & pos.pieces(c)) out |= first_steps(type_of(pos.piece_on(s)), s);
  return out;
}

// Among the stuck pawns, those that never move (the square ahead holds a man that never
// moves); among the candidate pieces, those that never move: every first step holds
// an own man that never moves -- or, for a king, a square the enemy attacks for ever.
// Greatest fixed point: as long as all of them stand, none of them can move. Also gives
// each side's lasting attacks from them.
void fixed_among(const Position& pos, Bitboard stuck, Bitboard still, Bitboard& frozen, Bitboard& immobile,
                 Bitboard (&lasting)[2]) {
  frozen = stuck;
  immobile = still;
  for (;;) {
    const Bitboard fixed = frozen | immobile;
    lasting[0] = lasting_attacks(pos, Color::White, frozen, immobile);
    lasting[1] = lasting_attacks(pos, Color::Black, frozen, immobile);
    Bitboard keep_frozen, keep_immobile;
    for (Color c : {Color::White, Color::Black}) {
      keep_frozen |= frozen & pos.pieces(c) & fixed.forward(~c);
      for (Square s : immobile & pos.pieces(c)) {
        const PieceType t = type_of(pos.piece_on(s));
        Bitboard held = fixed & pos.pieces(c);
        if (t == PieceType::King) held |= lasting[index(~c)];
        if ((first_steps(t, s) & ~held).empty()) keep_immobile |= s;
      }
    }
    if (keep_frozen == frozen && keep_immobile == immobile) return;
    frozen = keep_frozen;
    immobile = keep_immobile;
  }
}

// Whether the enemy king stepping onto x (taking the man of colour c there, if any)
// always ends the game at once in stalemate: every other man of c stands for ever (in
// `fixed`) and none is freed by x's going; no side has a castling right; wherever c's king
// may stand then (not next to x: a king never steps next to the other, and it would
// defend a man on x), every square next to it holds an own man, is next to x or is
// attacked for ever by the enemy, and no line from it opens as the enemy king steps onto
// x (a discovered check would make it a mate). Then no game that goes on ever loses the
// man on x, and in none does the enemy king stand on x (unless it stands there now).
bool step_stalemates(const Position& pos, const Blockade& b, Color c, Square x, Bitboard frozen, Bitboard immobile,
                     Bitboard enemy_lasting) {
  const Color e = ~c;
  if (pos.castling_rights()) return false;  // a castling king or rook moves otherwise
  const Bitboard fixed = frozen | immobile;
  const Bitboard own = pos.pieces(c) & ~pos.pieces(c, PieceType::King);
  if (own & ~fixed) return false;
  if (pos.pieces(c, PieceType::Pawn) & Bitboard::of(x).forward(~c)) return false;  // a pawn behind x
  for (Square m : immobile & own)
    if (first_steps(type_of(pos.piece_on(m)), m).has(x)) return false;
  // Where the enemy's sliders may ever stand, by the lines they move on (anywhere while an
  // enemy pawn may still promote).
  Bitboard diagonal, straight;
  if (pos.pieces(e, PieceType::Pawn) & ~frozen) {
    diagonal = straight = kAllSquares;
  } else {
    for (PieceType t : {PieceType::Bishop, PieceType::Queen})
      diagonal |= flood(t, pos.pieces(e, t), ~fixed);
    for (PieceType t : {PieceType::Rook, PieceType::Queen}) straight |= flood(t, pos.pieces(e, t), ~fixed);
  }
  const Bitboard around_x = king_attacks(x);
  const Bitboard shut = (own & ~Bitboard::of(x)) | around_x | enemy_lasting;
  for (Square k : b.king_region[index(c)] & ~around_x & ~Bitboard::of(x)) {
    if (king_attacks(k) & ~shut) return false;
    for (Square from : around_x & b.king_region[index(e)]) {
      const Bitboard line = line_through(k, from);
      if (!line || (between(k, from) & fixed)) continue;
      Bitboard beyond;
      for (Square t : line)
        if (between(k, t).has(from)) beyond |= t;
      const bool diagonal_line = bishop_attacks(k, Bitboard()).has(from);
      if (beyond & (diagonal_line ? diagonal : straight)) return false;
    }
  }
  return true;
}

}  // namespace

// With `walls_only`, the rounds stop once no pawn can be frozen. Frozen only shrinks from
// one round to the next: each round starts from fewer stuck pawns and still pieces, and
// the greatest fixed point of fewer candidates is smaller. So none frozen now, none at
// the end.
Blockade analyze_blockade(const Position& pos, bool walls_only) {
  const Bitboard white = pos.pieces(Color::White, PieceType::Pawn), black = pos.pieces(Color::Black, PieceType::Pawn);
  // Candidates for pawns that never leave their file and are never captured: all of
  // them, less any that can take en passant now; candidates for pieces that never move
  // and are never captured: all the others, kings included (never captured, they may
  // still never move). The greatest fixed point follows: the men
  // left are never captured and never move as long as all of them stand, so for ever.
  Bitboard stuck = white | black;
  if (Square ep = pos.en_passant(); ep != Square::None)
    stuck &= ~(pawn_attacks(~pos.side_to_move(), ep) & pos.pieces(pos.side_to_move(), PieceType::Pawn));
  Bitboard still = pos.occupied() & ~(white | black);
  Blockade b;
  Bitboard frozen, immobile, stalemate_guarded;
  for (;;) {
    Bitboard lasting[2];
    fixed_among(pos, stuck, still, frozen, immobile, lasting);
    if (walls_only && !frozen) return Blockade{};
    const Bitboard walls = frozen | immobile;
    const Bitboard push_walls_white = walls | (stuck & black), push_walls_black = walls | (stuck & white);
    // The men that stay candidates, given the reach in `b`: pawns neither capturing nor
    // captured, pieces hemmed in and never captured. The smaller the reach, the more stay
    // (all but the stalemate exception grow with it, and that one depends on the kings'
    // regions only, which no round of the reach changes).
    auto survivors = [&](Bitboard& keep, Bitboard& keep_still, Bitboard& guarded) {
      keep = stuck, keep_still = still, guarded = Bitboard();
      for (Color c : {Color::White, Color::Black}) {
        const int them = index(~c);
        // The enemy men include its frozen pawns: they stand where they are and attack
        // what they attack, for as long as they stay frozen.
        const Bitboard enemy_frozen = frozen & pos.pieces(~c);
        const Bitboard enemy_squares = b.men_reach[them] | enemy_frozen;
        const Bitboard enemy_attacks =
            b.piece_attacks[them] | attacks_of_set(PieceType::Pawn, ~c, enemy_frozen, Bitboard());
        const Bitboard enemy_king_attacks = attacks_of_set(PieceType::King, ~c, b.king_region[them], Bitboard());
        // A man defended by a frozen pawn or an immobile piece of its own side is defended
        // for ever: the enemy king can never take it.
        const Bitboard defended = lasting[index(c)];
        const Bitboard push_walls = c == Color::White ? push_walls_white : push_walls_black;
        for (Square s : stuck & pos.pieces(c)) {
          // Every square this pawn can push to while it stays on its file.
          const Bitboard path = frozen.has(s) ? Bitboard::of(s) : pawn_flood(c, Bitboard::of(s), push_walls, Bitboard());
          bool captures = (attacks_of_set(PieceType::Pawn, c, path, Bitboard()) & enemy_squares).bits() != 0;
          bool captured = (path & enemy_attacks) || (path & enemy_king_attacks & ~(frozen.has(s) ? defended : Bitboard()));
          if (captured && frozen.has(s) && !(path & enemy_attacks) &&
              step_stalemates(pos, b, c, s, frozen, immobile, lasting[them])) {
            captured = false;
            guarded |= s;
          }
          if (captures || captured) keep ^= s;
        }
        // Kings are never captured.
        for (Square s : immobile & pos.pieces(c) & ~pos.pieces(PieceType::King)) {
          if (enemy_attacks.has(s)) {
            keep_still ^= s;
          } else if ((enemy_king_attacks & ~defended).has(s)) {
            if (step_stalemates(pos, b, c, s, frozen, immobile, lasting[them])) guarded |= s;
            else keep_still ^= s;
          }
        }
        for (Square s : still & ~immobile & pos.pieces(c)) keep_still ^= s;
      }
    };
    // Least fixed point of the two sides' reach: a pawn captures only where an enemy
    // man can be, and where enemy men can be depends on the other side's reach.
    b.men_reach[0] = pos.pieces(Color::White) & ~pos.pieces(PieceType::King) & ~frozen;
    b.men_reach[1] = pos.pieces(Color::Black) & ~pos.pieces(PieceType::King) & ~frozen;
    bool first_round = true;
    for (;;) {
      // Pawns capture only men: a king is never taken.
      Bitboard before_white = b.men_reach[0], before_black = b.men_reach[1];
      side_reach(pos, Color::White, walls, stuck, push_walls_white, lasting[1], before_black | (frozen & black), b);
      side_reach(pos, Color::Black, walls, stuck, push_walls_black, lasting[0], before_white | (frozen & white), b);
      if (b.men_reach[0] == before_white && b.men_reach[1] == before_black) break;
      if (walls_only && first_round) {
        // The reach so far is part of the final one, so the survivors now include the
        // final ones: when even these leave no pawn frozen, none is frozen at the end.
        first_round = false;
        Bitboard keep, keep_still, guarded, f, i, l[2];
        survivors(keep, keep_still, guarded);
        fixed_among(pos, keep, keep_still, f, i, l);
        if (!f) return Blockade{};
      }
    }
    Bitboard keep, keep_still;
    survivors(keep, keep_still, stalemate_guarded);
    if (keep == stuck && keep_still == still) break;
    stuck = keep;
    still = keep_still;
  }
  b.frozen = frozen;
  b.immobile = immobile;
  b.stalemate_guarded = stalemate_guarded;
  return b;
}

namespace {

struct Finding {
  bool forbids = false;
  int checkable = 0;  // squares of the king's region the winner can attack
  Bitboard stalemating;  // squares the winner's king would cover from, but steps onto only into a stalemate
};

// Where each of the loser's men other than the king can ever stand, man by man.
std::vector<Bitboard> blocker_reaches(const Position& pos, const Blockade& b, Color c) {
  const Bitboard walls = b.frozen | b.immobile, open = ~walls;
  const Bitboard prey = b.men_reach[index(~c)] | (b.frozen & pos.pieces(~c));
  const Bitboard last = rank_bb(c == Color::White ? 7 : 0);
  std::vector<Bitboard> out;
  for (Square s : pos.pieces(c) & ~pos.pieces(c, PieceType::King)) {
    const PieceType t = type_of(pos.piece_on(s));
    if (walls.has(s)) {
      out.push_back(Bitboard::of(s));
    } else if (t == PieceType::Pawn) {
      Bitboard squares = pawn_flood(c, Bitboard::of(s), walls, prey);
      if (Bitboard promoted = squares & last)
        squares |= flood(PieceType::Queen, promoted, open) |
                   flood(PieceType::Knight, promoted, open);
      out.push_back(squares);
    } else {
      out.push_back(flood(t, Bitboard::of(s), open));
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

// With `open` given, every square of the losing king's region on which a mate cannot be
// ruled out is collected there (the judge goes on past the first), until there are more
// than `most`: then the search stops and `open` is every square.
Finding judge(const Position& pos, const Blockade& b, Color winner, Bitboard* open = nullptr, int most = 64) {
  const Color loser = ~winner;
  const int w = index(winner), l = index(loser);
  Bitboard frozen_attacks_w;
  for (Square s : b.frozen & pos.pieces(winner)) frozen_attacks_w |= pawn_attacks(winner, s);
  // Checks come from the winner's men, never from its king.
  const Bitboard checks = b.piece_attacks[w] | frozen_attacks_w;
  const Bitboard l_occupiable = b.men_reach[l] | (b.frozen & pos.pieces(loser));
  std::vector<Bitboard> blockers;
  // Squares the winner's king steps onto only into a stalemate: it never stands there
  // (unless it stands there now). Only when every man of the loser but the king stands
  // for ever.
  Bitboard stalemate_steps;
  if ((pos.pieces(loser) & ~pos.pieces(PieceType::King) & ~(b.frozen | b.immobile)).empty()) {
    const Bitboard winner_lasting = lasting_attacks(pos, winner, b.frozen, b.immobile);
    for (Square q : b.king_region[w] & ~Bitboard::of(pos.king_square(winner)))
      if (step_stalemates(pos, b, loser, q, b.frozen, b.immobile, winner_lasting)) stalemate_steps |= q;
  }
  Finding f;
  for (Square k : b.king_region[l] & checks) {
    ++f.checkable;
    // In a mate every neighbour no man of the winner attacks is covered by the winner's
    // king, which stands on a square of its region not next to k, or holds one of the
    // loser's men.
    const Bitboard uncovered = king_attacks(k) & ~checks;
    Bitboard kings = b.king_region[w] & ~king_attacks(k) & ~Bitboard::of(k);
    for (Square u : uncovered & ~l_occupiable) kings &= king_attacks(u);  // only the king can take these
    Bitboard tried[64];
    int n = 0;
    for (Square q : kings) {
      if (stalemate_steps.has(q)) {
        f.stalemating |= q;
        continue;
      }
      const Bitboard must_block = uncovered & ~king_attacks(q);
      if (std::find(tried, tried + n, must_block) != tried + n) continue;
      tried[n++] = must_block;
      if (blockers.empty() && must_block) blockers = blocker_reaches(pos, b, loser);
      if (can_fill(must_block, blockers)) {  // a mate on k cannot be ruled out
        if (!open) return f;
        *open |= k;
        if (open->count() > most) {
          *open = kAllSquares;
          return f;
        }
        break;
      }
    }
  }
  f.forbids = !open || open->empty();
  return f;
}

std::string squares_text(Bitboard squares) {
  std::string out;
  for (Square s : squares) out += (out.empty() ? "" : "-") + square_name(s);
  return out;
}

}  // namespace

namespace {

// Walls start from pawns in head-on contact; without any, the analysis gives up at once
// (saying nothing is always sound).
bool has_head_on_pawns(const Position& pos) {
  return (pos.pieces(Color::White, PieceType::Pawn).north() & pos.pieces(Color::Black, PieceType::Pawn)).bits() != 0;
}

}  // namespace

bool blockade_forbids_mate_fast(const Position& pos, Color winner) {
  if (!has_head_on_pawns(pos)) return false;
  Blockade b = analyze_blockade(pos, true);
  return b.frozen && judge(pos, b, winner).forbids;
}

Bitboard possible_mate_squares(const Position& pos, Color winner, int most) {
  if (!has_head_on_pawns(pos)) return kAllSquares;
  Blockade b = analyze_blockade(pos, true);
  if (!b.frozen) return kAllSquares;
  Bitboard open;
  judge(pos, b, winner, &open, most);
  return open;
}

std::optional<std::string> blockade_forbids_mate(const Position& pos, Color winner) {
  if (!has_head_on_pawns(pos)) return std::nullopt;
  Blockade b = analyze_blockade(pos, true);
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
                     squares_text(b.frozen) + (b.immobile ? " and the men they wall in " + squares_text(b.immobile) : "") +
                     (b.stalemate_guarded ? " (a king can take " + squares_text(b.stalemate_guarded) +
                                                " only into a stalemate)"
                                          : "") +
                     "; ";
  if (f.checkable == 0) text += "no " + w + " man other than the king can ever reach a square attacking it";
  else
    text += "the " + w + " men can attack it on " + std::to_string(f.checkable) +
            " of those squares, but there it always keeps a flight square that neither they nor the " + w +
            " king (never next to it) can cover and its own men can never all block";
  if (f.stalemating)
    text += " (the " + w + " king would stalemate " + (loser == Color::White ? "White" : "Black") + " by stepping onto " +
            squares_text(f.stalemating) + ")";
  return text;
}

}  // namespace arbiter::search
