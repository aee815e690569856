// Per-player totals of a set of games, with the recorded and with the correct results,
// on a scale of points for a win, a draw and a loss (standard 1, 1/2, 0).
#pragma once

#include <array>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "analyzer/game_result.hpp"

namespace arbiter::analyzer {

class Standings {
 public:
  explicit Standings(std::array<double, 3> points = {1, 0.5, 0}) : points_(points) {}

  // A game between two players. A result that is unfinished or unknown scores nothing
  // on that side of the table (and is counted as such).
  void add(const std::string& white, const std::string& black, std::optional<GameResult> recorded,
           std::optional<GameResult> correct);

  struct Row {
    std::string player;
    int games = 0;
    double recorded = 0, correct = 0;
    int unscored_recorded = 0, unscored_correct = 0;  // games without a decided result
  };
  // Sorted by correct points, then by name.
  std::vector<Row> rows() const;

 private:
  void score(Row& row, board::Color side, std::optional<GameResult> r, double Row::*total, int Row::*unscored) const;
  std::array<double, 3> points_;
  std::map<std::string, Row> rows_;
};

}  // namespace arbiter::analyzer
