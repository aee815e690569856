#include "analyzer/game_result.hpp"

namespace arbiter::analyzer {

const char* to_string(GameResult r) {
  switch (r) {
    case GameResult::WhiteWins: return "1-0";
    case GameResult::BlackWins: return "0-1";
    case GameResult::Draw: return "1/2-1/2";
    case GameResult::Unfinished: return "*";
  }
  return "*";
}

std::optional<GameResult> parse_result(std::string_view text) {
  if (text == "1-0") return GameResult::WhiteWins;
  if (text == "0-1") return GameResult::BlackWins;
  if (text == "1/2-1/2") return GameResult::Draw;
  if (text == "*") return GameResult::Unfinished;
  return std::nullopt;
}

GameResult win_for(board::Color c) { return c == board::Color::White ? GameResult::WhiteWins : GameResult::BlackWins; }

std::optional<board::Color> loser_of(GameResult r) {
  if (r == GameResult::WhiteWins) return board::Color::Black;
  if (r == GameResult::BlackWins) return board::Color::White;
  return std::nullopt;
}

const char* to_string(Ending e) {
  switch (e) {
    case Ending::Checkmate: return "checkmate";
    case Ending::Stalemate: return "stalemate";
    case Ending::DeadPosition: return "dead-position";
    case Ending::Fivefold: return "fivefold";
    case Ending::SeventyFive: return "seventy-five";
    case Ending::Threefold: return "threefold";
    case Ending::FiftyMove: return "fifty-move";
    case Ending::Timeout: return "timeout";
    case Ending::Resignation: return "resignation";
    case Ending::Agreement: return "agreement";
    case Ending::Unfinished: return "unfinished";
    case Ending::NotOver: return "not-over";
  }
  return "unfinished";
}

}  // namespace arbiter::analyzer
