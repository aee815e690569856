#include "search/proofs/mate_existence.hpp"

#include <algorithm>
#include <array>
#include <set>
#include <utility>
#include <vector>

#include "search/board/movegen.hpp"

namespace arbiter::search {

using namespace board;

namespace {

struct Man {
  Piece piece;
  Bitboard allowed = kAllSquares;  // a bishop keeps the colour of its squares
  Square square = Square::None;
};


// Whether a square is attacked by the men of colour c (king included) with the
// given occupancy, leaving out the man standing on `ignore` (captured there).
bool attacked(const std::vector<Man>& men, Color c, Square s, Bitboard occupied, Square ignore) {
  for (const Man& m : men) {
    if (color_of(m.piece) != c || m.square == ignore) continue;
    if (piece_attacks(type_of(m.piece), m.square, occupied).has(s)) return true;
  }
  return false;
}

// Every placement of `men` on empty squares; true as soon as one is a legal checkmate
// of the loser. Order: the loser's king, the winner's king, the winner's men (then the
// loser's king must already be attacked: the loser's men can only block), the loser's
// men. The loser's king is kept in one eighth of the board (a1-d1-d4 triangle): without
// pawns or castling rights the board's eight symmetries preserve legality and mate.
// Identical men are placed in increasing square order (one placement per set).
// With `beside_king`, the loser's men stand only next to their king: taking away a
// loser's man that is not next to its king keeps a mate a mate (it blocked no flight;
// its captures and interpositions are gone; lines it closed only add attacks -- a man
// next to the king reaches a square of the checking line, or the checker, only in one
// step, never through a square a removed man left), and
// keeps the position legal while the winner has at most two men (at most a double
// check, and never a new knight check).
bool any_mate(std::vector<Man>& men, std::size_t next, Bitboard occupied, Color winner, std::size_t first_loser_man,
              bool beside_king, bool prune) {
  if (next == first_loser_man) {
    const Square k = men[0].square;
    if (!attacked(men, winner, k, occupied, Square::None)) return false;
    // The flights bound: each of the loser's men still to place closes at most one flight,
    // by standing on it (an empty one); placing them adds no attack of the winner's and
    // may block some. So more flights open now than men left to place: no mate below.
    if (prune) {
      const int left = int(men.size() - first_loser_man);
      int open = 0;
      for (Square n : king_attacks(k))
        if (!attacked(men, winner, n, occupied ^ k, n) && ++open > left) return false;
    }
  }
  if (next == men.size()) {
    const Color loser = ~winner;
    const Square k = men[0].square;
    // In check, no escape square: a cheap filter before the exact test.
    if (!attacked(men, winner, k, occupied, Square::None)) return false;
    if (attacked(men, loser, men[1].square, occupied, Square::None)) return false;  // winner in check: illegal
    for (Square n : king_attacks(k)) {
      bool own = false;
      for (const Man& m : men)
        if (m.square == n && color_of(m.piece) == loser) own = true;
      if (!own && !attacked(men, winner, n, occupied ^ k, n)) return false;
    }
    Setup setup;
    for (const Man& m : men) setup.board[index(m.square)] = m.piece;
    setup.side_to_move = loser;
    auto pos = Position::from_setup(setup);
    if (!pos || !pos->in_check()) return false;
    // Two bishops never give check together in play without pawns: the one that moved
    // would have had to step from one diagonal of the king onto the other.
    if ((pos->checkers() & pos->pieces(winner, PieceType::Bishop)).more_than_one()) return false;
    return !has_legal_move(*pos);
  }
  const bool loser_king = next == 0;
  Bitboard squares = ~occupied;
  if (loser_king) squares = Bitboard(0x080C0E0FULL);  // a1-d1-d4: a1 b1 c1 d1 b2 c2 d2 c3 d3 d4
  if (beside_king && next >= first_loser_man) squares &= king_attacks(men[0].square);
  squares &= men[next].allowed;
  // The winner's last man must check unless one placed before does (a man placed later
  // only blocks lines): it stands where a man of its type attacks the king.
  if (prune && next + 1 == first_loser_man && !attacked(men, winner, men[0].square, occupied, Square::None))
    squares &= piece_attacks(type_of(men[next].piece), men[0].square, occupied);
  if (next > 0 && men[next].piece == men[next - 1].piece && men[next].allowed == men[next - 1].allowed) {
    // identical men: increasing squares
    const int after = index(men[next - 1].square) + 1;
    squares &= after < 64 ? Bitboard(~0ULL << after) : Bitboard();
  }
  for (Square s : squares) {
    men[next].square = s;
    if (any_mate(men, next + 1, occupied | s, winner, first_loser_man, beside_king, prune)) return true;
  }
  men[next].square = Square::None;
  return false;
}

}  // namespace

std::optional<std::string> no_mate_position_exists(const Position& pos, Color winner, Placement placement,
                                                   Pruning pruning) {
  const bool prune = pruning == Pruning::Used;
  const Color loser = ~winner;
  const Bitboard kings = pos.pieces(PieceType::King);
  const Bitboard others = pos.occupied() & ~kings;
  if (pos.pieces(PieceType::Pawn) || others.empty()) return std::nullopt;
  const int winner_men = (others & pos.pieces(winner)).count(), loser_men = (others & pos.pieces(loser)).count();
  // Small enough to enumerate: up to three men in all, or (with the loser's men beside
  // their king, which needs at most two men of the winner's) up to two of the winner's
  // and six of the loser's, or one and seven.
  const bool beside_king = placement == Placement::BesideKingWhenSound && (others.count() > 3 || winner_men <= 2);
  if (placement == Placement::Everywhere && others.count() > 3) return std::nullopt;
  if (beside_king && (winner_men > 2 || loser_men > (winner_men == 1 ? 7 : 6))) return std::nullopt;
  // Without pawns a bishop never changes the colour of its squares.
  std::vector<Man> extra;
  for (Square s : others) {
    Man m{pos.piece_on(s)};
    if (type_of(m.piece) == PieceType::Bishop) m.allowed = squares_of_colour(s);
    extra.push_back(m);
  }
  auto order = [](const Man& a, const Man& b) {
    return std::pair(a.piece, a.allowed.bits()) < std::pair(b.piece, b.allowed.bits());
  };
  std::sort(extra.begin(), extra.end(), order);
  // Every sub-multiset of the men that keeps at least one of the winner's (a bare king
  // never checks), each once.
  std::set<std::vector<std::pair<Piece, uint64_t>>> tried;
  for (unsigned mask = 1; mask < (1u << extra.size()); ++mask) {
    std::vector<Man> chosen;
    std::vector<std::pair<Piece, uint64_t>> key;
    for (std::size_t i = 0; i < extra.size(); ++i)
      if (mask & (1u << i)) chosen.push_back(extra[i]), key.emplace_back(extra[i].piece, extra[i].allowed.bits());
    if (!tried.insert(key).second) continue;
    std::vector<Man> men{{make_piece(loser, PieceType::King)}, {make_piece(winner, PieceType::King)}};
    for (const Man& m : chosen)
      if (color_of(m.piece) == winner) men.push_back(m);
    const std::size_t first_loser_man = men.size();
    if (first_loser_man == 2) continue;
    for (const Man& m : chosen)
      if (color_of(m.piece) == loser) men.push_back(m);
    if (any_mate(men, 0, Bitboard(), winner, first_loser_man, beside_king, prune)) return std::nullopt;
    // The loser's king is placed in one eighth of the board; half of the symmetries that
    // bring a position there swap the colours of the squares, so every bishop is also
    // tried on the other colour.
    bool bishops = false;
    for (Man& m : men)
      if (type_of(m.piece) == PieceType::Bishop) m.allowed = ~m.allowed, bishops = true;
    if (bishops && any_mate(men, 0, Bitboard(), winner, first_loser_man, beside_king, prune))
      return std::nullopt;
  }
  std::string men_text;
  bool bishops = false;
  for (const Man& m : extra) men_text += piece_char(m.piece), bishops |= type_of(m.piece) == PieceType::Bishop;
  return "no legal position with these men (" + men_text + " besides the kings) or fewer is a checkmate by " +
         std::string(winner == Color::White ? "White" : "Black") + (bishops ? " (each bishop on squares of its colour)" : "");
}

}  // namespace arbiter::search
