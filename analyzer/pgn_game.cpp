#include "analyzer/pgn_game.hpp"

#include <algorithm>
#include <cctype>

#include "search/board/movegen.hpp"
#include "search/board/notation.hpp"
#include "search/board/setup.hpp"

namespace arbiter::analyzer {

namespace {

using board::Color;
using board::Position;
using board::Setup;
using Kind = GameError::Kind;

// Lower case with blanks, '-' and '_' removed: "From Position" -> "fromposition".
std::string squeezed(std::string_view text) {
  std::string out;
  for (char c : text)
    if (!std::isspace((unsigned char)c) && c != '-' && c != '_') out += char(std::tolower((unsigned char)c));
  return out;
}

bool variant_is_960(std::string_view variant) {
  std::string v = squeezed(variant);
  return v == "chess960" || v == "960" || v == "fischerandom" || v == "fischerrandom" || v == "fischerrandomchess" ||
         v == "freestyle";
}

std::string_view trimmed(std::string_view s) {
  while (!s.empty() && std::isspace((unsigned char)s.front())) s.remove_prefix(1);
  while (!s.empty() && std::isspace((unsigned char)s.back())) s.remove_suffix(1);
  return s;
}

// Drops the castling rights and the en-passant square that the board cannot have (files
// written by hand or by old tools carry "KQkq" whatever the board); says what was dropped.
std::string drop_impossible_rights(Setup& s) {
  std::string dropped;
  static constexpr char kLetters[4] = {'K', 'Q', 'k', 'q'};
  for (Color c : {Color::White, Color::Black}) {
    int king_file = -1, kings = 0;
    for (int k = 0; k < 64; ++k) {
      if (s.board[k] != board::make_piece(c, board::PieceType::King)) continue;
      ++kings;
      if (board::relative_rank(c, board::Square(k)) == 0) king_file = board::file_of(board::Square(k));
    }
    for (bool king_side : {true, false}) {
      int i = board::castling_index(c, king_side);
      board::Square rook = s.castling_rooks[i];
      if (rook == board::Square::None) continue;
      bool ok = kings == 1 && king_file >= 0 && s.board[index(rook)] == board::make_piece(c, board::PieceType::Rook) &&
                (board::file_of(rook) > king_file) == king_side;
      if (!ok) {
        s.castling_rooks[i] = board::Square::None;
        dropped += kLetters[i];
      }
    }
  }
  return dropped;
}

}  // namespace

std::string GameError::to_string() const {
  std::string out = "game " + std::to_string(game) + ", line " + std::to_string(line) + ": ";
  if (kind == Kind::IllegalMove)
    out += "move " + std::to_string(move_number) + (side == Color::White ? ". " : "... ") + move + ": ";
  return out + message;
}

bool variant_is_standard(std::string_view variant) {
  std::string v = squeezed(variant);
  return v.empty() || v == "standard" || v == "fromposition" || v == "normal" || v == "chess" ||
         v == "standardchess" || variant_is_960(variant);
}

std::expected<Game, GameError> replay(RawGame raw) {
  auto fail = [&](Kind kind, int line, std::string message) {
    GameError e;
    e.kind = kind;
    e.game = raw.index;
    e.line = line;
    e.message = std::move(message);
    return std::unexpected(std::move(e));
  };
  if (raw.error) return fail(Kind::Syntax, raw.error->line, raw.error->message);

  bool chess960 = false;
  if (const std::string* variant = raw.tag("Variant")) {
    if (!variant_is_standard(*variant))
      return fail(Kind::Variant, raw.first_line,
                  "variant '" + std::string(trimmed(*variant)) + "' is not standard chess: not audited");
    chess960 = variant_is_960(*variant);
  }
  for (const MoveToken& m : raw.moves)
    if (m.text().find('@') != std::string_view::npos)
      return fail(Kind::Variant, m.line,
                  "'" + std::string(m.text()) +
                      "' drops a piece: a crazyhouse or bughouse game, not standard chess: not audited");

  // The start position.
  std::optional<Position> start;
  const std::string* fen = raw.tag("FEN");
  std::string_view fen_text = fen ? trimmed(*fen) : std::string_view();
  if (!fen_text.empty()) {
    auto setup = board::parse_fen(fen_text);
    if (!setup) return fail(Kind::Setup, raw.first_line, "FEN tag: " + setup.error().to_string());
    if (chess960) setup->chess960 = true;
    auto pos = Position::from_setup(*setup);
    if (!pos) {
      bool only_rights = std::all_of(pos.error().begin(), pos.error().end(), [](const board::SetupError& e) {
        return e.kind == board::SetupError::Kind::BadCastling || e.kind == board::SetupError::Kind::BadEnPassant;
      });
      if (!only_rights) return fail(Kind::Setup, raw.first_line, "FEN tag: " + board::describe(pos.error()));
      std::string dropped = drop_impossible_rights(*setup);
      bool bad_ep = std::any_of(pos.error().begin(), pos.error().end(), [](const board::SetupError& e) {
        return e.kind == board::SetupError::Kind::BadEnPassant;
      });
      if (bad_ep) setup->en_passant = board::Square::None;
      pos = Position::from_setup(*setup);
      if (!pos) return fail(Kind::Setup, raw.first_line, "FEN tag: " + board::describe(pos.error()));
      raw.warnings.push_back("FEN tag: " +
                             (dropped.empty() ? std::string() : "castling rights " + dropped + " dropped, ") +
                             (bad_ep ? "the en-passant square dropped, " : "") + "the board cannot have them");
    }
    start = std::move(*pos);
    if (const std::string* set_up = raw.tag("SetUp"); !set_up || trimmed(*set_up) != "1")
      raw.warnings.push_back("a FEN tag without SetUp \"1\": the FEN is used");
  } else {
    start = Position::startpos();
    if (const std::string* set_up = raw.tag("SetUp"); set_up && trimmed(*set_up) == "1")
      raw.warnings.push_back("SetUp \"1\" without a FEN tag: the standard start position is used");
  }
  chess960 = chess960 || start->chess960();

  // The moves.
  Position pos = *start;
  std::vector<board::Move> moves;
  std::vector<int> lines;
  moves.reserve(raw.moves.size());
  lines.reserve(raw.moves.size());
  bool number_warned = false;
  int after_end = 0;
  // The first rule ending, looked for in each position once a legal move leaves it (the
  // game goes on from it) and in the last position after the loop.
  std::optional<RuleEnding> rule_ending;
  for (const MoveToken& token : raw.moves) {
    int number = pos.fullmove_number();
    auto move = board::parse_move(pos, token.text());
    if (!move && !board::has_legal_move(pos)) {
      // Checkmate or stalemate: the game ended there; what follows was played after it.
      after_end = int(raw.moves.size() - moves.size());
      break;
    }
    if (!move) {
      std::string why = move.error();
      // parse_san's messages start with the quoted move; the error names it already.
      std::string prefix = "'" + std::string(token.text()) + "': ";
      if (why.starts_with(prefix)) why.erase(0, prefix.size());
      if (token.text() == "--" || token.text() == "Z0" || token.text() == "z0") why = "a null move is no move of chess";
      GameError e;
      e.kind = Kind::IllegalMove;
      e.game = raw.index;
      e.line = token.line;
      e.move_number = number;
      e.side = pos.side_to_move();
      e.move = token.text();
      e.message = std::move(why);
      return std::unexpected(std::move(e));
    }
    if (token.number != 0 && token.number != number && !number_warned) {
      raw.warnings.push_back("line " + std::to_string(token.line) + ": move number " + std::to_string(token.number) +
                             " written where " + std::to_string(number) + " was expected");
      number_warned = true;
    }
    if (!rule_ending) rule_ending = rule_ending_at(pos, int(moves.size()), true);
    pos.do_move(*move);
    moves.push_back(*move);
    lines.push_back(token.line);
  }
  if (!rule_ending) rule_ending = rule_ending_at(pos, int(moves.size()), false);
  return Game{std::move(raw),   std::move(*start), std::move(pos), std::move(moves),
              std::move(lines), chess960,          after_end,      rule_ending};
}

}  // namespace arbiter::analyzer
