// A game read from PGN, replayed: the start position (from the SetUp/FEN tags), every
// main-line move checked against the legal moves, and the final position with its
// history. Only standard chess and Chess960 are replayed; other variants are rejected.
#pragma once

#include <expected>
#include <string>
#include <vector>

#include "analyzer/pgn_reader.hpp"
#include "analyzer/rule_endings.hpp"
#include "search/board/position.hpp"

namespace arbiter::analyzer {

// Why a game could not be replayed, and where.
struct GameError {
  enum class Kind : uint8_t {
    Syntax,       // the PGN text is broken (RawGame::error)
    Setup,        // the FEN tag is unreadable or describes an illegal position
    Variant,      // not standard chess nor Chess960: not audited
    IllegalMove,  // a move that is no legal move (or no move at all) in its position
  };
  Kind kind = Kind::Syntax;
  int game = 0;         // RawGame::index
  int line = 0;         // line of the move or tag at fault (the game's first line if none)
  int move_number = 0;  // for IllegalMove: the full-move number of the move, else 0
  board::Color side = board::Color::White;  // for IllegalMove: the side that made it
  std::string move;     // for IllegalMove: the move as written
  std::string message;  // what is wrong

  // "game 12, line 345: move 23... Nf3: no legal move matches (...)".
  std::string to_string() const;
};

// A replayed game. `moves[i]` is played from the position after moves[0..i-1], and stands
// on line `move_lines[i]`. `end` is the position after the last move, whose history goes
// back to `start` (so repetitions can be counted from it).
struct Game {
  RawGame raw;
  board::Position start = board::Position::startpos();
  board::Position end = board::Position::startpos();
  std::vector<board::Move> moves;
  std::vector<int> move_lines;
  bool chess960 = false;
  // Moves written after a checkmate or a stalemate ended the game: no legal move can
  // match them, and they are void (not replayed, not an error).
  int moves_after_end = 0;
  // first_rule_ending(start, moves), found while replaying (the audit needs it, and a
  // second pass over the moves would cost as much as the replay's moves themselves).
  std::optional<RuleEnding> rule_ending;
};

// Whether a Variant tag value names standard chess or Chess960 (case and blanks ignored):
// "Standard", "From Position", "Chess960", "Fischerandom", "chess 960", ...
bool variant_is_standard(std::string_view variant);

// Replays the game. Fails on a syntax error, a bad FEN, a variant, or the first move that
// is not legal; `raw.warnings` of the result also lists what was read leniently (castling
// rights the FEN cannot have, a move number out of step, a FEN tag without SetUp, ...).
std::expected<Game, GameError> replay(RawGame raw);

}  // namespace arbiter::analyzer
