// A heuristic estimate of how far a position is from a mate by `winner`, used only to
// order searches (never to prove anything). Small is close: the losing king hemmed in
// (flight squares blocked by its own men or covered), in check, near an edge, the
// winner's men near it, and -- when the winner has no rook or queen, so that checks come
// only near its men -- a check within few moves of both sides (check_steps).
#pragma once

#include <algorithm>

#include "search/board/attacks.hpp"
#include "search/board/position.hpp"

namespace arbiter::search {

int mate_distance_estimate(const board::Position& pos, board::Color winner);

// The same, also setting `check_gap` to the part of it that counts the moves before the
// winner can check at all (zero with a rook or a queen).
int mate_distance_estimate(const board::Position& pos, board::Color winner, int& check_gap);

// Roughly how many moves a man of `type` on `s` needs before it bears on the zone of
// the losing king on `king` (the king's square and its neighbours): 0 when it already
// attacks a zone square. Pawns are not covered (they count toward promotion instead).
int approach_gap(board::PieceType type, board::Square s, board::Square king, board::Bitboard occupied);
// approach_gap of a bishop, a rook or a queen on `s` whose attacks are `attacks` (for a
// caller that has them already).
inline int slider_approach_gap(board::PieceType type, board::Square s, board::Square king, board::Bitboard zone,
                               board::Bitboard attacks) {
  using namespace board;
  if (attacks & zone) return 0;
  if (type == PieceType::Bishop && !(squares_of_colour(s) & zone)) return 3;
  return 1 + (distance(s, king) > 4);
}
// The same with the zone (king_attacks(king) | king) given. Inline: the estimate calls it
// for each of the winner's men at every position a search reaches.
inline int approach_gap(board::PieceType type, board::Square s, board::Square king, board::Bitboard zone,
                        board::Bitboard occupied) {
  using namespace board;
  switch (type) {
    case PieceType::King: return std::max(0, distance(s, king) - 2);
    case PieceType::Knight: return (knight_attacks(s) & zone) ? 0 : (distance(s, king) + 1) / 2;
    case PieceType::Bishop: return slider_approach_gap(type, s, king, zone, bishop_attacks(s, occupied));
    case PieceType::Rook:
    case PieceType::Queen: return slider_approach_gap(type, s, king, zone, piece_attacks(type, s, occupied));
    default: return 0;
  }
}

}  // namespace arbiter::search
