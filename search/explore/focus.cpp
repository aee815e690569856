#include "search/explore/focus.hpp"

#include <array>
#include <optional>

#include "search/board/attacks.hpp"
#include "search/board/check_test.hpp"
#include "search/board/flood.hpp"
#include "search/board/movegen.hpp"
#include "search/board/movegen_sinks.hpp"
#include "search/explore/guidance.hpp"

namespace arbiter::search {

using namespace board;

namespace {

// The squares within d king steps of each square (d = 0..7).
constexpr std::array<std::array<Bitboard, 8>, 64> kWithin = [] {
  std::array<std::array<Bitboard, 8>, 64> within{};
  for (int s = 0; s < 64; ++s)
    for (int d = 0; d < 8; ++d)
      for (int t = 0; t < 64; ++t)
        if (distance(Square(s), Square(t)) <= d) within[s][d] |= Square(t);
  return within;
}();

// The squares within two king steps of `s`: where blockers, flights and the men that
// cover them stand in a mate of a king on `s`.
Bitboard mating_zone(Square s) { return kWithin[index(s)][2]; }

// Where a quiet step of the winner's pawn (no capture, no promotion) ends when the narrow
// and the closing focus keep it (a check is kept wherever it ends): with a rook or a queen
// the winner has mating force already, and a pawn takes part in a mate only near the
// losing king or by promoting, so only steps into the mating zone or onto the seventh rank
// are kept; without one a promotion may be the only way to mate, and every step is kept.
// Two king steps (the mating zone) did best of one to four on the fixture questions.
Bitboard pawn_step_squares(const Position& pos, Color winner, Square king) {
  if (!pos.pieces(winner, PieceType::Rook, PieceType::Queen)) return kAllSquares;
  return mating_zone(king) | rank_bb(winner == Color::White ? 6 : 1);
}

// Where a quiet step of the winner's king ends when the narrow and the closing focus keep
// it (a capture, castling and a discovered check are kept wherever they go): nearer the
// losing king, for the king helps to mate only from close by, and each other step copies
// the search space. In check every step is kept.
Bitboard king_step_squares(const Position& pos, Color winner, Square king) {
  if (pos.in_check()) return kAllSquares;
  const int d = distance(pos.king_square(winner), king);
  return d > 1 ? kWithin[index(king)][d - 1] : Bitboard();
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
  const Bitboard pawn_steps = wide || !winner_moves ? kAllSquares : pawn_step_squares(pos, winner, king);
  const Bitboard king_steps = wide || !winner_moves ? kAllSquares : king_step_squares(pos, winner, king);
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
    bool keep = (type == PieceType::King && (king_steps.has(to) || m.kind() == MoveKind::Castling)) ||
                m.kind() == MoveKind::Promotion || m.kind() == MoveKind::EnPassant ||
                (m.kind() != MoveKind::Castling && pos.piece_on(to) != Piece::None) || zone.has(from) || zone.has(to) ||
                offered.has(to);
    if (!keep && winner_moves) keep = (type == PieceType::Pawn && pawn_steps.has(to)) || checks->gives_check(m);
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

// The loser's moves that the narrow and the closing focus keep, taken from the generator
// (movegen_sinks.hpp) without listing the others: the same moves in the same order as
// focus() over generate_legal's list. The loser's king moves (castling too), promotions,
// en-passant and other captures are kept as they come; of the others only the waiting
// move is kept, the first in the generator's order whose target is nearest the king.
// Within a group the generator lists targets in square order, so the group's candidate
// is its lowest target among the nearest ones.
class LoserFocusSink {
 public:
  LoserFocusSink(const Position& pos, MoveList& kept)
      : kept_(kept), king_(pos.king_square(pos.side_to_move())), occ_(pos.occupied()), within_(kWithin[index(king_)]) {}

  void piece(Square from, Bitboard targets) {
    legal_ += targets.count();
    if (from == king_) {
      for (Square to : targets) kept_.push(Move(from, to));
      return;
    }
    for (Square to : targets & occ_) kept_.push(Move(from, to));
    if (const Square to = nearest(targets & ~occ_); to != Square::None) waiting_ = Move(from, to);
  }
  void pawns(Bitboard targets, int delta) {
    legal_ += targets.count();
    for (Square to : targets & occ_) kept_.push(Move(offset(to, -delta), to));
    if (const Square to = nearest(targets & ~occ_); to != Square::None) waiting_ = Move(offset(to, -delta), to);
  }
  void promotions(Bitboard targets, int delta) {
    legal_ += 4 * targets.count();
    for (Square to : targets)
      for (PieceType t : movegen::kPromotions) kept_.push(Move::make(MoveKind::Promotion, offset(to, -delta), to, t));
  }
  void add(Move m) {
    ++legal_;
    if (m.kind() != MoveKind::Normal || occ_.has(m.to()) || m.from() == king_) kept_.push(m);
    else if (distance(m.to(), king_) < waiting_distance_) waiting_ = m, waiting_distance_ = distance(m.to(), king_);
  }

  // Appends the waiting move, if any; the number of legal moves.
  std::size_t finish() {
    if (waiting_distance_ < 8) kept_.push(waiting_);
    return legal_;
  }

 private:
  // The lowest of `quiet` among its squares nearest the king, when nearer than the
  // waiting move so far (which it then replaces); else None.
  Square nearest(Bitboard quiet) {
    Bitboard near = quiet & within_[waiting_distance_ - 1];
    if (!near) return Square::None;
    int d = 1;
    while (!(near & within_[d])) ++d;
    waiting_distance_ = d;
    return (near & within_[d]).first();
  }

  MoveList& kept_;
  const Square king_;
  const Bitboard occ_;
  const std::array<Bitboard, 8>& within_;
  Move waiting_;
  int waiting_distance_ = 8;  // 8: no waiting move yet
  std::size_t legal_ = 0;
};

// The winner's moves that the narrow and the closing focus keep, taken from the generator
// a man at a time: the same moves in the same order as focus() over generate_legal's list.
// Castling, the promotions and en-passant captures are all kept; of the king's other moves,
// the captures, the checks (off the line it uncovers) and the steps to king_step_squares;
// of the pawns', the captures, the checks and the steps to pawn_step_squares; of another
// man's moves, the captures, the checks (from a checking square, or off the line the man
// uncovers) and, closing in, those that shorten its approach gap. The waiting move is the
// first other move in the generator's order: the lowest target of the first man or the
// first pawn group with one (the king's moves come first).
class WinnerFocusSink {
 public:
  WinnerFocusSink(const Position& pos, MoveList& kept, bool closing)
      : pos_(pos), kept_(kept), closing_(closing), checks_(pos), king_(pos.king_square(~pos.side_to_move())),
        king_zone_(king_attacks(king_) | king_), enemy_(pos.pieces(~pos.side_to_move())), occ_(pos.occupied()),
        own_king_(pos.king_square(pos.side_to_move())),
        pawn_steps_(pawn_step_squares(pos, pos.side_to_move(), king_)),
        king_steps_(king_step_squares(pos, pos.side_to_move(), king_)) {}

  void piece(Square from, Bitboard targets) {
    legal_ += targets.count();
    const PieceType type = from == own_king_ ? PieceType::King : type_of(pos_.piece_on(from));
    Bitboard keep = targets & (enemy_ | checks_.checking_squares(type, from));
    if (type == PieceType::King) {
      keep |= targets & king_steps_;
    } else if (closing_) {
      const Bitboard rest = occ_ ^ from;
      const int before = approach_gap(type, from, king_, king_zone_, rest);
      if (before > 0)
        for (Square to : targets & ~keep)
          if (approach_gap(type, to, king_, king_zone_, rest) < before) keep |= to;
    }
    if (!has_waiting_ && (targets & ~keep)) waiting_ = Move(from, (targets & ~keep).first()), has_waiting_ = true;
    for (Square to : keep) kept_.push(Move(from, to));
  }
  void pawns(Bitboard targets, int delta) {
    legal_ += targets.count();
    Bitboard keep = targets & (enemy_ | pawn_steps_);
    for (Square to : targets & ~keep)
      if (checks_.checking_squares(PieceType::Pawn, offset(to, -delta)).has(to)) keep |= to;
    if (const Bitboard other = targets & ~keep; other && !has_waiting_)
      waiting_ = Move(offset(other.first(), -delta), other.first()), has_waiting_ = true;
    for (Square to : keep) kept_.push(Move(offset(to, -delta), to));
  }
  void promotions(Bitboard targets, int delta) {
    legal_ += 4 * targets.count();
    for (Square to : targets)
      for (PieceType t : movegen::kPromotions) kept_.push(Move::make(MoveKind::Promotion, offset(to, -delta), to, t));
  }
  void add(Move m) {  // pinned pawns, en passant, castling (a king's move)
    ++legal_;
    const bool pawn_step = m.kind() == MoveKind::Normal && m.from() != own_king_ && !enemy_.has(m.to());
    if (!pawn_step || pawn_steps_.has(m.to()) || checks_.gives_check(m)) kept_.push(m);
    else if (!has_waiting_) waiting_ = m, has_waiting_ = true;
  }

  // Appends the waiting move, if any; the number of legal moves.
  std::size_t finish() {
    if (has_waiting_) kept_.push(waiting_);
    return legal_;
  }

 private:
  const Position& pos_;
  MoveList& kept_;
  const bool closing_;
  const CheckTest checks_;
  const Square king_;  // the losing king
  const Bitboard king_zone_, enemy_, occ_;
  const Square own_king_;
  const Bitboard pawn_steps_, king_steps_;
  Move waiting_;
  bool has_waiting_ = false;
  std::size_t legal_ = 0;
};

// Generates the legal moves of `pos` and appends what focus() keeps of them to `kept`;
// the number of legal moves.
std::size_t focus_moves(const Position& pos, Color winner, MoveList& kept, bool closing, bool wide) {
  if (!wide && pos.side_to_move() != winner) {  // the loser's moves: no closing test, no zone
    LoserFocusSink sink(pos, kept);
    movegen::generate(pos, sink);
    return sink.finish();
  }
  if (!wide) {
    WinnerFocusSink sink(pos, kept, closing);
    movegen::generate(pos, sink);
    return sink.finish();
  }
  MoveList all;
  generate_legal(pos, all);
  focus(pos, winner, all, kept, closing, wide);
  return all.size();
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

std::size_t narrow_focus_moves(const Position& pos, Color winner, MoveList& kept) {
  return focus_moves(pos, winner, kept, false, false);
}

std::size_t closing_focus_moves(const Position& pos, Color winner, MoveList& kept) {
  return focus_moves(pos, winner, kept, true, false);
}

std::size_t wide_focus_moves(const Position& pos, Color winner, MoveList& kept) {
  return focus_moves(pos, winner, kept, true, true);
}

}  // namespace arbiter::search
