// Constructed games for the endings tests: a start position and SAN moves.
#pragma once

#include <sstream>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "search/board/notation.hpp"
#include "support.hpp"

namespace arbiter::test {

struct GameLine {
  board::Position start;
  std::vector<board::Move> moves;
};

// SAN moves separated by spaces (move numbers like "1." are skipped).
inline GameLine game(const std::string& fen, const std::string& sans) {
  GameLine g{pos(fen), {}};
  board::Position p = g.start;
  std::istringstream in(sans);
  std::string word;
  while (in >> word) {
    if (word.back() == '.') continue;
    auto m = board::parse_san(p, word);
    INFO("move " << word << " in " << p.fen());
    REQUIRE(m.has_value());
    g.moves.push_back(*m);
    p.do_move(*m);
  }
  return g;
}

inline GameLine game(const std::string& sans) { return game(std::string(board::Position::kStartFen), sans); }

// The same moves repeated n times.
inline std::string repeat(const std::string& sans, int n) {
  std::string out;
  for (int i = 0; i < n; ++i) out += sans + " ";
  return out;
}

}  // namespace arbiter::test
