#include "search/board/notation.hpp"

#include "search/board/movegen.hpp"

namespace arbiter::board {

namespace {

bool king_side_castling(Move m) { return file_of(m.to()) > file_of(m.from()); }

char lower(char c) { return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c; }

// The one legal move of `piece` to `to` that fits the disambiguation, found backwards
// from the target square (no full move generation: replaying games is mostly this).
// Complete and exact like the legal move list; nullopt when no move or several fit, or
// when "K" to a castling target could mean castling: the full search then decides and
// words the error.
std::optional<Move> unique_san_move(const Position& pos, PieceType piece, Square to, int from_file, int from_rank,
                                    PieceType promo) {
  const Color us = pos.side_to_move(), them = ~us;
  const Bitboard own = pos.pieces(us), occ = pos.occupied();
  if (own.has(to)) return std::nullopt;
  if ((piece == PieceType::Pawn && relative_rank(us, to) == 7) != (promo != PieceType::None)) return std::nullopt;
  const Square ep = pos.en_passant();
  Bitboard origins;
  switch (piece) {
    case PieceType::Pawn: {
      if (relative_rank(us, to) < 2) return std::nullopt;
      const Bitboard pawns = pos.pieces(us, PieceType::Pawn);
      const int up = forward(us);
      if (!occ.has(to)) {
        Square one = offset(to, -up);
        if (pawns.has(one)) origins |= one;
        else if (!occ.has(one) && relative_rank(us, to) == 3 && pawns.has(offset(one, -up))) origins |= offset(one, -up);
      }
      if (pos.pieces(them).has(to) || to == ep) origins |= pawn_attacks(them, to) & pawns;
      break;
    }
    case PieceType::Knight: origins = knight_attacks(to) & pos.pieces(us, PieceType::Knight); break;
    case PieceType::Bishop: origins = bishop_attacks(to, occ) & pos.pieces(us, PieceType::Bishop); break;
    case PieceType::Rook: origins = rook_attacks(to, occ) & pos.pieces(us, PieceType::Rook); break;
    case PieceType::Queen: origins = queen_attacks(to, occ) & pos.pieces(us, PieceType::Queen); break;
    case PieceType::King:
      if (!pos.chess960())
        for (bool king_side : {true, false})
          if (pos.can_castle(us, king_side) && Position::castling_king_target(us, king_side) == to) return std::nullopt;
      origins = king_attacks(to) & pos.pieces(us, PieceType::King);
      break;
    default: return std::nullopt;
  }
  if (from_file >= 0) origins &= file_bb(from_file);
  if (from_rank >= 0) origins &= rank_bb(from_rank);
  if (!origins) return std::nullopt;

  std::optional<Move> found;
  for (Square from : origins) {
    const Move m = piece == PieceType::Pawn && to == ep && file_of(from) != file_of(to)
                       ? Move::make(MoveKind::EnPassant, from, to)
                   : promo != PieceType::None ? Move::make(MoveKind::Promotion, from, to, promo)
                                              : Move(from, to);
    // The origin was found by the man's reach: only the king's safety and the pins are left.
    if (!(m.kind() == MoveKind::EnPassant ? is_legal(pos, m) : legal_once_reached(pos, m, piece))) continue;
    if (found) return std::nullopt;  // ambiguous
    found = m;
  }
  return found;
}
}  // namespace

std::string to_uci(const Position& pos, Move m) {
  Square to = m.to();
  if (m.kind() == MoveKind::Castling && !pos.chess960())
    to = Position::castling_king_target(pos.side_to_move(), king_side_castling(m));
  std::string out = square_name(m.from()) + square_name(to);
  if (m.kind() == MoveKind::Promotion) out += lower(type_char(m.promotion()));
  return out;
}

std::expected<Move, std::string> parse_uci(const Position& pos, std::string_view text) {
  if (text.size() < 4 || text.size() > 5) return std::unexpected("'" + std::string(text) + "' is not a UCI move");
  auto from = parse_square(text.substr(0, 2)), to = parse_square(text.substr(2, 2));
  if (!from || !to) return std::unexpected("'" + std::string(text) + "' is not a UCI move");
  PieceType promo = PieceType::None;
  if (text.size() == 5) {
    switch (lower(text[4])) {
      case 'q': promo = PieceType::Queen; break;
      case 'r': promo = PieceType::Rook; break;
      case 'b': promo = PieceType::Bishop; break;
      case 'n': promo = PieceType::Knight; break;
      default: return std::unexpected("'" + std::string(text) + "': promotion piece must be q, r, b or n");
    }
  }
  for (Move m : legal_moves(pos)) {
    if (m.from() != *from) continue;
    bool target = m.to() == *to;
    if (m.kind() == MoveKind::Castling)
      target = target || Position::castling_king_target(pos.side_to_move(), king_side_castling(m)) == *to;
    if (!target) continue;
    if ((m.kind() == MoveKind::Promotion ? m.promotion() : PieceType::None) != promo) continue;
    return m;
  }
  return std::unexpected("'" + std::string(text) + "' is not a legal move in " + pos.fen());
}

std::string to_san(const Position& pos, Move m) {
  std::string out;
  if (m.kind() == MoveKind::Castling) {
    out = king_side_castling(m) ? "O-O" : "O-O-O";
  } else {
    PieceType t = type_of(pos.piece_on(m.from()));
    bool capture = pos.is_capture(m);
    if (t == PieceType::Pawn) {
      if (capture) out += char('a' + file_of(m.from()));
    } else {
      out += type_char(t);
      // Disambiguate by file, else rank, else both.
      bool others = false, same_file = false, same_rank = false;
      for (Move o : legal_moves(pos)) {
        if (o == m || o.to() != m.to() || o.from() == m.from() || o.kind() == MoveKind::Castling) continue;
        if (type_of(pos.piece_on(o.from())) != t) continue;
        others = true;
        same_file |= file_of(o.from()) == file_of(m.from());
        same_rank |= rank_of(o.from()) == rank_of(m.from());
      }
      if (others) {
        if (!same_file) out += char('a' + file_of(m.from()));
        else if (!same_rank) out += char('1' + rank_of(m.from()));
        else out += square_name(m.from());
      }
    }
    if (capture) out += 'x';
    out += square_name(m.to());
    if (m.kind() == MoveKind::Promotion) {
      out += '=';
      out += type_char(m.promotion());
    }
  }
  Position after = pos;
  after.do_move(m);
  if (after.in_check()) out += has_legal_move(after) ? '+' : '#';
  return out;
}

std::expected<Move, std::string> parse_san(const Position& pos, std::string_view original) {
  std::string_view text = original;
  auto error = [&](const std::string& why) {
    return std::unexpected("'" + std::string(original) + "': " + why);
  };
  while (!text.empty() && (text.back() == '+' || text.back() == '#' || text.back() == '!' || text.back() == '?'))
    text.remove_suffix(1);
  if (text.empty()) return error("empty move");

  const bool castling_shape = text[0] == 'O' || text[0] == '0' || text[0] == 'o';
  if (castling_shape && (text == "O-O" || text == "0-0" || text == "o-o" || text == "O-O-O" || text == "0-0-0" ||
                         text == "o-o-o")) {
    bool king_side = text.size() == 3;
    MoveList castlings;
    generate_castling(pos, castlings);
    for (Move m : castlings)
      if (king_side_castling(m) == king_side) return m;
    return error(std::string("castling ") + (king_side ? "king-side" : "queen-side") + " is not legal here");
  }

  PieceType piece = PieceType::Pawn;
  if (text[0] >= 'A' && text[0] <= 'Z' && text[0] != 'O') {
    switch (text[0]) {
      case 'N': piece = PieceType::Knight; break;
      case 'B': piece = PieceType::Bishop; break;
      case 'R': piece = PieceType::Rook; break;
      case 'Q': piece = PieceType::Queen; break;
      case 'K': piece = PieceType::King; break;
      case 'P': piece = PieceType::Pawn; break;
      default: return error(std::string("'") + text[0] + "' is not a piece letter");
    }
    text.remove_prefix(1);
  }
  PieceType promo = PieceType::None;
  if (!text.empty() && piece == PieceType::Pawn) {
    char last = text.back();
    PieceType p = PieceType::None;
    switch (last) {
      case 'Q': case 'q': p = PieceType::Queen; break;
      case 'R': case 'r': p = PieceType::Rook; break;
      case 'B': p = PieceType::Bishop; break;  // 'b' would be a file
      case 'N': case 'n': p = PieceType::Knight; break;
      default: break;
    }
    if (p != PieceType::None && text.size() >= 3) {
      promo = p;
      text.remove_suffix(1);
      if (!text.empty() && text.back() == '=') text.remove_suffix(1);
    }
  }
  if (text.size() < 2) return error("no target square");
  auto to = parse_square(text.substr(text.size() - 2));
  if (!to) return error("no target square");
  text.remove_suffix(2);
  bool capture = false;
  if (!text.empty() && (text.back() == 'x' || text.back() == ':')) {
    capture = true;
    text.remove_suffix(1);
  }
  if (!text.empty() && text.back() == '-') text.remove_suffix(1);  // long algebraic "e2-e4"
  int from_file = -1, from_rank = -1;
  for (char c : text) {
    if (c >= 'a' && c <= 'h') from_file = c - 'a';
    else if (c >= '1' && c <= '8') from_rank = c - '1';
    else return error(std::string("unexpected '") + c + "'");
  }
  (void)capture;
  if (auto move = unique_san_move(pos, piece, *to, from_file, from_rank, promo)) return *move;

  MoveList legal = legal_moves(pos);
  Move found;
  int matches = 0;
  for (Move m : legal) {
    if (m.kind() == MoveKind::Castling) {
      // "Kg1" for castling is accepted in standard chess only when unambiguous.
      if (piece != PieceType::King || pos.chess960()) continue;
      if (Position::castling_king_target(pos.side_to_move(), king_side_castling(m)) != *to) continue;
    } else if (m.to() != *to || type_of(pos.piece_on(m.from())) != piece) {
      continue;
    }
    if (from_file >= 0 && file_of(m.from()) != from_file) continue;
    if (from_rank >= 0 && rank_of(m.from()) != from_rank) continue;
    if ((m.kind() == MoveKind::Promotion ? m.promotion() : PieceType::None) != promo) continue;
    found = m;
    ++matches;
  }
  if (matches == 1) return found;
  if (matches > 1) return error("ambiguous: " + std::to_string(matches) + " legal moves match");
  if (piece == PieceType::Pawn && promo == PieceType::None && relative_rank(pos.side_to_move(), *to) == 7)
    return error("a pawn reaching the last rank must name its promotion piece");
  return error("no legal move matches in " + pos.fen());
}

std::expected<Move, std::string> parse_move(const Position& pos, std::string_view text) {
  bool uci_shape =
      text.size() >= 4 && text.size() <= 5 && parse_square(text.substr(0, 2)) && parse_square(text.substr(2, 2));
  if (uci_shape) {
    if (auto m = parse_uci(pos, text)) return m;
  }
  return parse_san(pos, text);
}

std::string san_line(Position& pos, std::span<const Move> line) {
  std::string out;
  int done = 0;
  for (Move m : line) {
    if (!out.empty()) out += ' ';
    if (pos.side_to_move() == Color::White) out += std::to_string(pos.fullmove_number()) + ". ";
    else if (done == 0) out += std::to_string(pos.fullmove_number()) + "... ";
    out += to_san(pos, m);
    pos.do_move(m);
    ++done;
  }
  for (auto it = line.rbegin(); it != line.rend(); ++it) pos.undo_move(*it);
  return out;
}

std::vector<std::string> uci_line(Position& pos, std::span<const Move> line) {
  std::vector<std::string> out;
  for (Move m : line) {
    out.push_back(to_uci(pos, m));
    pos.do_move(m);
  }
  for (auto it = line.rbegin(); it != line.rend(); ++it) pos.undo_move(*it);
  return out;
}

}  // namespace arbiter::board
