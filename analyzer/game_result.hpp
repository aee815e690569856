// The result of a game as PGN writes it ("1-0", "0-1", "1/2-1/2", "*") and the ways a
// game ends (docs/rules.md §3), with the contract's names.
#pragma once

#include <optional>
#include <string_view>

#include "search/board/types.hpp"

namespace arbiter::analyzer {

enum class GameResult : uint8_t { WhiteWins, BlackWins, Draw, Unfinished };

// "1-0", "0-1", "1/2-1/2", "*".
const char* to_string(GameResult r);
// Reads the four PGN results exactly as written here; what real files write ("½-½", odd
// dashes, forfeit marks) is first brought to this form by normalise_result (pgn_reader.hpp).
std::optional<GameResult> parse_result(std::string_view text);
GameResult win_for(board::Color c);
// The loser of a decisive result.
std::optional<board::Color> loser_of(GameResult r);

enum class Ending : uint8_t {
  Checkmate,     // 5.1.1
  Stalemate,     // 5.2.1
  DeadPosition,  // 5.2.2
  Fivefold,      // 9.6.1
  SeventyFive,   // 9.6.2
  Threefold,     // 9.2, a claim the moves confirm
  FiftyMove,     // 9.3, a claim the moves confirm
  Timeout,       // 6.9
  Resignation,
  Agreement,
  Unfinished,
  // The server ended the game (its own insufficient-material or stalemate rule) where the
  // Laws had not: the position is live, a side can still mate. The game goes on ("*").
  NotOver,
};

// "checkmate", "stalemate", "dead-position", "fivefold", "seventy-five", "threefold",
// "fifty-move", "timeout", "resignation", "agreement", "unfinished", "not-over".
const char* to_string(Ending e);

}  // namespace arbiter::analyzer
