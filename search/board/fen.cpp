// FEN text to Setup (reading), field by field, naming the field and offset of any error.
#include <charconv>
#include <vector>

#include "search/board/setup.hpp"

namespace arbiter::board {

std::string_view fen_field_name(int field) {
  switch (field) {
    case 1: return "piece placement";
    case 2: return "side to move";
    case 3: return "castling";
    case 4: return "en passant";
    case 5: return "halfmove clock";
    case 6: return "fullmove number";
    default: return "FEN";
  }
}

std::string FenError::to_string() const {
  return "FEN field " + std::to_string(field) + " (" + std::string(fen_field_name(field)) + "), character " +
         std::to_string(offset + 1) + ": " + message;
}

namespace {

struct Field {
  std::string_view text;
  std::size_t offset;
};

std::unexpected<FenError> fail(int field, std::size_t offset, std::string message) {
  return std::unexpected(FenError{field, offset, std::move(message)});
}

std::string quoted(char c) {
  if (c >= 32 && c < 127) return std::string("'") + c + "'";
  static constexpr char kHex[] = "0123456789ABCDEF";
  auto u = static_cast<unsigned char>(c);
  std::string hex = std::string("0x") + kHex[u >> 4] + kHex[u & 15];
  if (u >= 128) return "byte " + hex + " (not ASCII; fields are separated by plain spaces)";
  return "control byte " + hex;
}

// At most 20 characters of a field, for messages (a field may be megabytes long).
std::string excerpt(std::string_view text) {
  if (text.size() <= 20) return std::string(text);
  return std::string(text.substr(0, 20)) + "...";
}

std::expected<void, FenError> read_placement(Field f, Setup& setup) {
  int rank = 7, file = 0;
  for (std::size_t i = 0; i < f.text.size(); ++i) {
    char c = f.text[i];
    std::size_t at = f.offset + i;
    if (c == '/') {
      if (file != 8) return fail(1, at, "rank " + std::to_string(rank + 1) + " has " + std::to_string(file) +
                                            " squares, expected 8");
      if (rank == 0) return fail(1, at, "more than 8 ranks");
      --rank;
      file = 0;
    } else if (c >= '1' && c <= '8') {
      // A run of empty squares is one digit: "44" is malformed, not a rank of 8.
      if (i > 0 && f.text[i - 1] >= '0' && f.text[i - 1] <= '9')
        return fail(1, at, "two digits in a row: a run of empty squares is written as one digit 1-8");
      file += c - '0';
      if (file > 8) return fail(1, at, "rank " + std::to_string(rank + 1) + " has more than 8 squares");
    } else if (auto piece = piece_from_char(c)) {
      if (file >= 8) return fail(1, at, "rank " + std::to_string(rank + 1) + " has more than 8 squares");
      setup.board[index(make_square(file, rank))] = *piece;
      ++file;
    } else if (c == '[') {
      return fail(1, at, "a piece pocket ('[') belongs to a chess variant such as crazyhouse, not standard chess");
    } else {
      return fail(1, at, quoted(c) + " is not a piece letter (PNBRQK, pnbrqk), a digit 1-8 or '/'");
    }
  }
  if (rank != 0) return fail(1, f.offset + f.text.size(), std::to_string(8 - rank) + " ranks, expected 8");
  if (file != 8)
    return fail(1, f.offset + f.text.size(), "rank 1 has " + std::to_string(file) + " squares, expected 8");
  return {};
}

std::optional<Square> king_on_back_rank(const Setup& s, Color c) {
  int rank = c == Color::White ? 0 : 7;
  for (int file = 0; file < 8; ++file)
    if (s.board[index(make_square(file, rank))] == make_piece(c, PieceType::King)) return make_square(file, rank);
  return std::nullopt;
}

std::expected<void, FenError> read_castling(Field f, Setup& setup) {
  if (f.text == "-") return {};
  for (std::size_t i = 0; i < f.text.size(); ++i) {
    char c = f.text[i];
    std::size_t at = f.offset + i;
    Color color = (c >= 'a' && c <= 'z') ? Color::Black : Color::White;
    char upper = color == Color::Black ? char(c - 'a' + 'A') : c;
    int rank = color == Color::White ? 0 : 7;
    auto king = king_on_back_rank(setup, color);
    Piece rook = make_piece(color, PieceType::Rook);
    int rook_file = -1;
    bool king_side;
    if (upper == 'K' || upper == 'Q') {
      king_side = upper == 'K';
      // X-FEN: the outermost rook on that wing; standard chess: the h- or a-file rook.
      int default_file = king_side ? 7 : 0;
      rook_file = default_file;
      if (king) {
        int kf = file_of(*king);
        for (int file = default_file; file != kf; file += king_side ? -1 : 1)
          if (setup.board[index(make_square(file, rank))] == rook) {
            rook_file = file;
            break;
          }
      }
    } else if (upper >= 'A' && upper <= 'H') {
      rook_file = upper - 'A';
      king_side = king ? rook_file > file_of(*king) : rook_file >= 4;
      setup.chess960 = true;
    } else {
      return fail(3, at, quoted(c) + " is not a castling right (KQkq, or a rook's file A-H/a-h)");
    }
    int slot = castling_index(color, king_side);
    if (setup.castling_rooks[slot] != Square::None)
      return fail(3, at, "the " + std::string(king_side ? "king" : "queen") + "-side right of " +
                             std::string(color_name(color)) + " is given twice");
    setup.castling_rooks[slot] = make_square(rook_file, rank);
    if (king && (file_of(*king) != 4 || (rook_file != 0 && rook_file != 7))) setup.chess960 = true;
  }
  return {};
}

// A counter from `minimum` to kMaxMoveCounter; larger values (and those past int) are
// refused rather than wrapped, so that counting moves on from them cannot overflow.
std::expected<int, FenError> read_counter(Field f, int field, int minimum) {
  bool digits = !f.text.empty();
  for (char c : f.text) digits = digits && c >= '0' && c <= '9';
  if (!digits)
    return fail(field, f.offset, "'" + excerpt(f.text) + "' is not a whole number of at least " +
                                     std::to_string(minimum));
  long long value = 0;
  auto [end, ec] = std::from_chars(f.text.data(), f.text.data() + f.text.size(), value);
  if (ec != std::errc() || end != f.text.data() + f.text.size() || value > kMaxMoveCounter)
    return fail(field, f.offset, "'" + excerpt(f.text) + "' is too large: at most " + std::to_string(kMaxMoveCounter));
  if (value < minimum)
    return fail(field, f.offset, "'" + excerpt(f.text) + "' is less than " + std::to_string(minimum));
  return int(value);
}

}  // namespace

std::expected<Setup, FenError> parse_fen(std::string_view text) {
  std::vector<Field> fields;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && (text[i] == ' ' || text[i] == '\t' || text[i] == '\r' || text[i] == '\n')) ++i;
    std::size_t start = i;
    while (i < text.size() && !(text[i] == ' ' || text[i] == '\t' || text[i] == '\r' || text[i] == '\n')) ++i;
    if (i > start) fields.push_back({text.substr(start, i - start), start});
  }
  if (fields.empty()) return fail(1, 0, "the FEN is empty");
  // The placement is read first: a bad byte in it (a non-breaking space between fields,
  // a stray word) is a better message than the fields it hides.
  Setup setup;
  if (auto r = read_placement(fields[0], setup); !r) return std::unexpected(r.error());
  // Placement and side to move are required. The short forms that leave out castling
  // and en passant (published test sets use them) mean '-' for both: no rights.
  if (fields.size() < 2)
    return fail(2, text.size(), "missing: a FEN needs at least the piece placement and the side to move");
  if (fields.size() > 6) return fail(6, fields[6].offset, "unexpected text after the sixth field");
  if (fields[1].text == "w") setup.side_to_move = Color::White;
  else if (fields[1].text == "b") setup.side_to_move = Color::Black;
  else return fail(2, fields[1].offset, "'" + excerpt(fields[1].text) + "' is not 'w' or 'b'");
  if (fields.size() >= 3)
    if (auto r = read_castling(fields[2], setup); !r) return std::unexpected(r.error());

  if (fields.size() >= 4 && fields[3].text != "-") {
    auto sq = parse_square(fields[3].text);
    if (!sq) return fail(4, fields[3].offset, "'" + excerpt(fields[3].text) + "' is not a square or '-'");
    setup.en_passant = *sq;
  }
  if (fields.size() >= 5) {
    auto v = read_counter(fields[4], 5, 0);
    if (!v) return std::unexpected(v.error());
    setup.halfmove_clock = *v;
  }
  if (fields.size() >= 6) {
    auto v = read_counter(fields[5], 6, 0);
    if (!v) return std::unexpected(v.error());
    setup.fullmove_number = *v == 0 ? 1 : *v;  // some tools write 0; the game starts at move 1
  }
  return setup;
}

}  // namespace arbiter::board
