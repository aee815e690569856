#include "search/board/position.hpp"

#include <bit>
#include <cstring>

#include "search/board/packed.hpp"
#include "search/board/zobrist.hpp"

namespace arbiter::board {

std::string describe(const std::vector<SetupError>& errors) {
  std::string out;
  for (const auto& e : errors) {
    if (!out.empty()) out += "; ";
    out += e.message;
  }
  return out;
}

namespace {

std::string side(Color c) { return std::string(color_name(c)); }

int count(const Setup& s, Piece p) {
  int n = 0;
  for (Piece q : s.board) n += q == p;
  return n;
}

// More men than a side can have. (A count of promoted pieces beyond the missing pawns
// is not checked: such composed positions are still well-defined for every question.)
std::optional<std::string> material_problem(const Setup& s, Color c) {
  int total = 0;
  for (int t = 1; t <= 6; ++t) total += count(s, make_piece(c, PieceType(t)));
  if (total > 16) return side(c) + " has " + std::to_string(total) + " men; at most 16 are possible";
  int pawns = count(s, make_piece(c, PieceType::Pawn));
  if (pawns > 8) return side(c) + " has " + std::to_string(pawns) + " pawns; at most 8";
  return std::nullopt;
}

}  // namespace

Square Position::castling_king_target(Color c, bool king_side) {
  return relative_square(c, king_side ? make_square(6, 0) : make_square(2, 0));
}
Square Position::castling_rook_target(Color c, bool king_side) {
  return relative_square(c, king_side ? make_square(5, 0) : make_square(3, 0));
}

void Position::put(Piece p, Square s) {
  board_[index(s)] = p;
  by_type_[index(type_of(p))] |= s;
  by_color_[index(color_of(p))] |= s;
}

void Position::remove(Square s) {
  Piece p = board_[index(s)];
  board_[index(s)] = Piece::None;
  by_type_[index(type_of(p))] ^= s;
  by_color_[index(color_of(p))] ^= s;
}

Bitboard Position::king_blockers(Color c) const {
  Square k = king_square(c);
  Bitboard snipers = (rook_rays(k) & pieces(~c, PieceType::Rook, PieceType::Queen)) |
                     (bishop_rays(k) & pieces(~c, PieceType::Bishop, PieceType::Queen));
  Bitboard blockers, occ = occupied();
  for (Square s : snipers) {
    Bitboard b = between(k, s) & occ;
    if (b && !b.more_than_one()) blockers |= b;
  }
  return blockers;
}

Bitboard Position::compute_checkers() const {
  return attackers_to(king_square(side_), occupied()) & pieces(~side_);
}

// Whether the side to move can legally capture en passant on target (the square behind
// the pawn that just made a double push).
bool Position::en_passant_capture_legal(Square target) const {
  Color us = side_;
  Square victim = offset(target, -forward(us));
  Square k = king_square(us);
  for (Square from : pawn_attacks(~us, target) & pieces(us, PieceType::Pawn)) {
    Bitboard occ = (occupied() ^ from ^ victim) | target;
    Bitboard attackers = (bishop_attacks(k, occ) & pieces(~us, PieceType::Bishop, PieceType::Queen)) |
                         (rook_attacks(k, occ) & pieces(~us, PieceType::Rook, PieceType::Queen)) |
                         (knight_attacks(k) & pieces(~us, PieceType::Knight)) |
                         (pawn_attacks(us, k) & (pieces(~us, PieceType::Pawn) ^ victim)) |
                         (king_attacks(k) & pieces(~us, PieceType::King));
    if (!attackers) return true;
  }
  return false;
}

uint64_t Position::compute_key() const {
  uint64_t key = 0;
  for (Square s : occupied()) key ^= zobrist::kKeys.piece[index(piece_on(s))][index(s)];
  return key ^ state_key();
}

uint64_t Position::state_key() const {
  return zobrist::state_key(side_ == Color::Black, state().castling, unsigned(index(state().en_passant)));
}

uint64_t recompute_key(const Position& p) { return p.compute_key(); }

std::expected<Position, std::vector<SetupError>> Position::from_setup(const Setup& s) {
  using K = SetupError::Kind;
  std::vector<SetupError> errors;
  for (Color c : {Color::White, Color::Black}) {
    int kings = count(s, make_piece(c, PieceType::King));
    if (kings == 0) errors.push_back({K::MissingKing, side(c) + " has no king"});
    if (kings > 1) errors.push_back({K::TooManyKings, side(c) + " has " + std::to_string(kings) + " kings"});
    if (auto m = material_problem(s, c)) errors.push_back({K::TooManyPieces, *m});
  }
  if (s.halfmove_clock < 0 || s.halfmove_clock > kMaxMoveCounter)
    errors.push_back({K::BadCounter, "halfmove clock " + std::to_string(s.halfmove_clock) + " is outside 0.." +
                                         std::to_string(kMaxMoveCounter)});
  if (s.fullmove_number < 1 || s.fullmove_number > kMaxMoveCounter)
    errors.push_back({K::BadCounter, "fullmove number " + std::to_string(s.fullmove_number) + " is outside 1.." +
                                         std::to_string(kMaxMoveCounter)});
  for (int file = 0; file < 8; ++file)
    for (int rank : {0, 7}) {
      Square sq = make_square(file, rank);
      if (type_of(s.board[index(sq)]) == PieceType::Pawn)
        errors.push_back({K::PawnOnBackRank, "a pawn stands on " + square_name(sq) + " (first or last rank)"});
    }

  Position p;
  for (int i = 0; i < 64; ++i)
    if (s.board[i] != Piece::None) p.put(s.board[i], Square(i));
  p.side_ = p.start_side_ = s.side_to_move;
  p.fullmove_base_ = s.fullmove_number;
  p.chess960_ = s.chess960;
  p.states_.reserve(256);
  p.states_.emplace_back();
  State& st = p.states_.back();
  st.halfmove_clock = s.halfmove_clock;

  // Castling: the king on its first rank, the rook beside it on the named wing.
  for (Color c : {Color::White, Color::Black}) {
    for (bool king_side : {true, false}) {
      Square rook = s.castling_rooks[castling_index(c, king_side)];
      if (rook == Square::None) continue;
      std::string right = side(c) + (king_side ? " king-side" : " queen-side") + " castling";
      Bitboard kings = p.pieces(c, PieceType::King);
      if (kings.count() != 1 || relative_rank(c, kings.first()) != 0) {
        errors.push_back({K::BadCastling, right + " needs the " + side(c) + " king on its first rank"});
        continue;
      }
      Square king = kings.first();
      if (p.piece_on(rook) != make_piece(c, PieceType::Rook) || (file_of(rook) > file_of(king)) != king_side) {
        errors.push_back({K::BadCastling, right + " needs a " + side(c) + " rook on " + square_name(rook)});
        continue;
      }
      st.castling |= castling_bit(c, king_side);
      p.castling_rooks_[castling_index(c, king_side)] = rook;
      p.castling_mask_[index(rook)] |= castling_bit(c, king_side);
      p.castling_mask_[index(king)] |= castling_bit(c, king_side);
    }
  }

  // The checks below need exactly one king per side; the other rules are listed so far.
  for (Color c : {Color::White, Color::Black})
    if (p.pieces(c, PieceType::King).count() != 1) return std::unexpected(std::move(errors));

  // En passant: the square behind a pawn of the side not to move that has just made a
  // double push, with both squares it crossed empty.
  if (s.en_passant != Square::None) {
    Color us = s.side_to_move;
    Square ep = s.en_passant;
    bool ok = relative_rank(us, ep) == 5;
    if (ok) {
      Square pawn = offset(ep, -forward(us)), origin = offset(ep, forward(us));
      ok = p.piece_on(pawn) == make_piece(~us, PieceType::Pawn) && p.piece_on(ep) == Piece::None &&
           p.piece_on(origin) == Piece::None;
    }
    if (!ok)
      errors.push_back({K::BadEnPassant, "en-passant square " + square_name(ep) +
                                             " does not follow a double pawn push of " + side(~us)});
    else if (p.en_passant_capture_legal(ep))
      st.en_passant = ep;
  }

  Color them = ~p.side_;
  if (p.attacked_by(p.side_, p.king_square(them), p.occupied()))
    errors.push_back({K::OpponentInCheck, side(them) + " is in check but it is " + side(p.side_) + " to move"});
  st.checkers = p.compute_checkers();
  if (st.checkers.count() > 2)
    errors.push_back({K::ImpossibleCheck, side(p.side_) + " is checked by " + std::to_string(st.checkers.count()) +
                                              " pieces; no move gives more than a double check"});
  else if (st.checkers.count() == 2) {
    // A double check comes from a discovered check; two pawns, or two of the same
    // kind of leaper, never check together.
    Square a = st.checkers.first(), b = st.checkers.last();
    PieceType ta = type_of(p.piece_on(a)), tb = type_of(p.piece_on(b));
    if ((ta == PieceType::Pawn && tb == PieceType::Pawn) || (ta == PieceType::Knight && tb == PieceType::Knight) ||
        (ta == PieceType::Pawn && tb == PieceType::Knight) || (ta == PieceType::Knight && tb == PieceType::Pawn))
      errors.push_back({K::ImpossibleCheck, side(p.side_) + " is checked twice by pieces that cannot check together"});
  }
  if (!errors.empty()) return std::unexpected(std::move(errors));

  st.key = p.compute_key();
  return p;
}

std::expected<Position, std::string> Position::from_fen(std::string_view fen) {
  auto setup = parse_fen(fen);
  if (!setup) return std::unexpected(setup.error().to_string());
  auto pos = from_setup(*setup);
  if (!pos) return std::unexpected("illegal position: " + describe(pos.error()));
  return std::move(*pos);
}

Position Position::restore(const PackedPosition& packed, const Position& like) {
  Position p;
  p.states_.reserve(64);
  restore_into(packed, like, p);
  return p;
}

void Position::restore_into(const PackedPosition& packed, const Position& like, Position& p) {
  p.board_.fill(Piece::None);
  p.by_type_.fill(Bitboard());
  p.by_color_.fill(Bitboard());
  p.castling_rooks_ = like.castling_rooks_;
  p.castling_mask_ = like.castling_mask_;
  p.chess960_ = like.chess960_;
  p.fullmove_base_ = 1;
  // The men's nibbles read from two words (the first 16 men, the rest), the key summed
  // in the same pass.
  uint64_t words[2], bits = packed.occupied, key = 0;
  std::memcpy(words, packed.men.data(), sizeof words);
  for (uint64_t men : words) {
    for (int k = 0; k < 16 && bits; ++k, bits &= bits - 1, men >>= 4) {
      const Square s = Square(std::countr_zero(bits));
      const Piece piece = Piece(men & 15);
      p.put(piece, s);
      key ^= zobrist::kKeys.piece[index(piece)][index(s)];
    }
  }
  p.side_ = p.start_side_ = Color(packed.side_to_move);
  p.states_.clear();
  p.states_.emplace_back();
  State& st = p.states_.back();
  st.castling = packed.castling;
  st.en_passant = Square(packed.en_passant);
  st.checkers = p.compute_checkers();
  st.key = key ^ p.state_key();
}

Position Position::startpos() {
  static const Position start = *from_fen(kStartFen);  // parsed once: every game read starts here
  return start;
}

Setup Position::to_setup() const {
  Setup s;
  s.board = board_;
  s.side_to_move = side_;
  for (int i = 0; i < 4; ++i)
    if (state().castling & (1 << i)) s.castling_rooks[i] = castling_rooks_[i];
  s.en_passant = state().en_passant;
  s.halfmove_clock = state().halfmove_clock;
  s.fullmove_number = fullmove_number();
  s.chess960 = chess960_;
  return s;
}

std::string Position::fen() const {
  std::string out;
  for (int rank = 7; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < 8; ++file) {
      Piece p = piece_on(make_square(file, rank));
      if (p == Piece::None) {
        ++empty;
        continue;
      }
      if (empty) out += char('0' + empty);
      empty = 0;
      out += piece_char(p);
    }
    if (empty) out += char('0' + empty);
    if (rank) out += '/';
  }
  out += side_ == Color::White ? " w " : " b ";
  std::string castling;
  for (Color c : {Color::White, Color::Black}) {
    for (bool king_side : {true, false}) {
      if (!can_castle(c, king_side)) continue;
      Square rook = castling_rook(c, king_side);
      // KQkq when the rook is the outermost one on its wing, else its file (X-FEN).
      bool outermost = true;
      for (int f = file_of(rook) + (king_side ? 1 : -1); f >= 0 && f < 8; f += king_side ? 1 : -1)
        if (piece_on(make_square(f, rank_of(rook))) == make_piece(c, PieceType::Rook)) outermost = false;
      char letter = outermost ? (king_side ? 'K' : 'Q') : char('A' + file_of(rook));
      castling += c == Color::White ? letter : char(letter - 'A' + 'a');
    }
  }
  out += castling.empty() ? "-" : castling;
  out += ' ';
  out += square_name(en_passant());
  out += ' ' + std::to_string(halfmove_clock()) + ' ' + std::to_string(fullmove_number());
  return out;
}

uint64_t Position::key_after(Move m) const {
  const auto& keys = zobrist::kKeys;
  const Square from = m.from(), to = m.to();
  const Piece moving = piece_on(from);
  uint64_t key = state().key ^ keys.black_to_move;
  if (state().en_passant != Square::None) key ^= keys.en_passant[file_of(state().en_passant)];
  if (m.kind() == MoveKind::Castling) return key;  // rare: not worth the rook's squares
  if (m.kind() == MoveKind::EnPassant) {
    const Square victim = offset(to, -forward(side_));
    key ^= keys.piece[index(piece_on(victim))][index(victim)];
  } else if (const Piece target = piece_on(to); target != Piece::None) {
    key ^= keys.piece[index(target)][index(to)];
  }
  const Piece placed = m.kind() == MoveKind::Promotion ? make_piece(side_, m.promotion()) : moving;
  return key ^ keys.piece[index(moving)][index(from)] ^ keys.piece[index(placed)][index(to)];
}

void Position::do_move(Move m) {
  const auto& keys = zobrist::kKeys;
  states_.push_back(State{});
  State& st = states_.back();
  const State& old = states_[states_.size() - 2];
  Color us = side_, them = ~us;
  Square from = m.from(), to = m.to();
  Piece moving = piece_on(from);
  uint64_t key = old.key ^ keys.black_to_move;
  if (old.en_passant != Square::None) key ^= keys.en_passant[file_of(old.en_passant)];
  st.move = m;
  st.halfmove_clock = old.halfmove_clock + 1;
  uint8_t castling = old.castling;

  if (m.kind() == MoveKind::Castling) {
    bool king_side = file_of(to) > file_of(from);
    Square kto = castling_king_target(us, king_side), rto = castling_rook_target(us, king_side);
    Piece rook = piece_on(to);
    remove(from);
    remove(to);
    put(moving, kto);
    put(rook, rto);
    key ^= keys.piece[index(moving)][index(from)] ^ keys.piece[index(moving)][index(kto)] ^
           keys.piece[index(rook)][index(to)] ^ keys.piece[index(rook)][index(rto)];
  } else {
    if (m.kind() == MoveKind::EnPassant) {
      Square victim = offset(to, -forward(us));
      st.captured = piece_on(victim);
      remove(victim);
      key ^= keys.piece[index(st.captured)][index(victim)];
    } else if (Piece target = piece_on(to); target != Piece::None) {
      st.captured = target;
      remove(to);
      key ^= keys.piece[index(target)][index(to)];
    }
    if (st.captured != Piece::None) st.halfmove_clock = 0;
    remove(from);
    Piece placed = m.kind() == MoveKind::Promotion ? make_piece(us, m.promotion()) : moving;
    put(placed, to);
    key ^= keys.piece[index(moving)][index(from)] ^ keys.piece[index(placed)][index(to)];
    if (type_of(moving) == PieceType::Pawn) {
      st.halfmove_clock = 0;
      if ((index(to) ^ index(from)) == 16) {
        Square ep = Square((index(from) + index(to)) / 2);
        side_ = them;  // en passant legality is judged with the opponent to move
        if (pawn_attacks(us, ep) & pieces(them, PieceType::Pawn) && en_passant_capture_legal(ep)) {
          st.en_passant = ep;
          key ^= keys.en_passant[file_of(ep)];
        }
        side_ = us;
      }
    }
  }
  castling &= uint8_t(~(castling_mask_[index(from)] | castling_mask_[index(to)]));
  if (castling != old.castling) key ^= keys.castling[old.castling] ^ keys.castling[castling];
  st.castling = castling;
  side_ = them;
  st.key = key;
  // Before the move the side now to move was not in check (a legal position), so only
  // the man on `to` and a slider that the empty `from` uncovers can check it now.
  // Castling and en passant move or remove a second man: those are computed in full.
  if (m.kind() == MoveKind::Castling || m.kind() == MoveKind::EnPassant) {
    st.checkers = compute_checkers();
  } else {
    const Square k = king_square(them);
    const PieceType placed = type_of(piece_on(to));
    const Bitboard occ = occupied();
    Bitboard checkers;
    if (placed == PieceType::Pawn ? pawn_attacks(us, to).has(k) : piece_attacks(placed, to, occ).has(k)) checkers |= to;
    if (const Bitboard line = line_through(k, from)) {
      const bool straight = file_of(k) == file_of(from) || rank_of(k) == rank_of(from);
      checkers |= line & (straight ? rook_attacks(k, occ) & pieces(us, PieceType::Rook, PieceType::Queen)
                                   : bishop_attacks(k, occ) & pieces(us, PieceType::Bishop, PieceType::Queen));
    }
    st.checkers = checkers;
  }
}

bool Position::do_null_move() {
  if (in_check()) return false;
  State st = states_.back();
  st.key ^= zobrist::kKeys.black_to_move;
  if (st.en_passant != Square::None) st.key ^= zobrist::kKeys.en_passant[file_of(st.en_passant)];
  st.en_passant = Square::None;
  st.move = Move();
  st.captured = Piece::None;
  ++st.halfmove_clock;
  // The side now to move was not to move before, and a legal position never leaves that
  // side in check: nothing checks it.
  st.checkers = Bitboard();
  states_.push_back(st);
  side_ = ~side_;
  return true;
}

void Position::undo_null_move() {
  states_.pop_back();
  side_ = ~side_;
}

void Position::undo_move(Move m) {
  State& st = states_.back();
  Color them = side_, us = ~them;
  Square from = m.from(), to = m.to();
  if (m.kind() == MoveKind::Castling) {
    bool king_side = file_of(to) > file_of(from);
    Square kto = castling_king_target(us, king_side), rto = castling_rook_target(us, king_side);
    Piece king = piece_on(kto), rook = piece_on(rto);
    remove(kto);
    remove(rto);
    put(king, from);
    put(rook, to);
  } else {
    Piece placed = piece_on(to);
    remove(to);
    put(m.kind() == MoveKind::Promotion ? make_piece(us, PieceType::Pawn) : placed, from);
    if (st.captured != Piece::None)
      put(st.captured, m.kind() == MoveKind::EnPassant ? offset(to, -forward(us)) : to);
  }
  side_ = us;
  states_.pop_back();
}

bool Position::gives_check(Move m) const {
  if (m.kind() == MoveKind::Castling || m.kind() == MoveKind::EnPassant) {
    Position after = *this;
    after.do_move(m);
    return after.in_check();
  }
  const Color us = side_;
  const Square k = king_square(~us), from = m.from(), to = m.to();
  const PieceType type = m.kind() == MoveKind::Promotion ? m.promotion() : type_of(piece_on(from));
  const Bitboard occ = (occupied() ^ from) | to;
  if (type == PieceType::Pawn ? pawn_attacks(us, to).has(k) : piece_attacks(type, to, occ).has(k)) return true;
  Bitboard sliders = ((bishop_attacks(k, occ) & pieces(us, PieceType::Bishop, PieceType::Queen)) |
                      (rook_attacks(k, occ) & pieces(us, PieceType::Rook, PieceType::Queen)));
  return !(sliders & ~Bitboard::of(from)).empty();
}

int Position::repetitions() const {
  int n = 0;
  int limit = std::min<int>(state().halfmove_clock, ply());
  for (int back = 2; back <= limit; back += 2)
    if (states_[states_.size() - 1 - back].key == state().key) ++n;
  return n;
}

bool Position::same_position(const Position& o) const {
  if (board_ != o.board_ || side_ != o.side_ || castling_rights() != o.castling_rights() ||
      en_passant() != o.en_passant())
    return false;
  // Only the rooks of rights still held count: castling_rooks_ keeps lost rights' rooks.
  for (int i = 0; i < 4; ++i)
    if ((castling_rights() & (1 << i)) && castling_rooks_[i] != o.castling_rooks_[i]) return false;
  return true;
}

}  // namespace arbiter::board
