#include "analyzer/standings.hpp"

#include <algorithm>

namespace arbiter::analyzer {

void Standings::score(Row& row, board::Color side, std::optional<GameResult> r, double Row::*total,
                      int Row::*unscored) const {
  if (!r || *r == GameResult::Unfinished) {
    ++(row.*unscored);
    return;
  }
  if (*r == GameResult::Draw) row.*total += points_[1];
  else row.*total += *r == win_for(side) ? points_[0] : points_[2];
}

void Standings::add(const std::string& white, const std::string& black, std::optional<GameResult> recorded,
                    std::optional<GameResult> correct) {
  for (auto [name, side] : {std::pair{&white, board::Color::White}, std::pair{&black, board::Color::Black}}) {
    Row& row = rows_[*name];
    row.player = *name;
    ++row.games;
    score(row, side, recorded, &Row::recorded, &Row::unscored_recorded);
    score(row, side, correct, &Row::correct, &Row::unscored_correct);
  }
}

std::vector<Standings::Row> Standings::rows() const {
  std::vector<Row> out;
  for (const auto& [name, row] : rows_) out.push_back(row);
  std::stable_sort(out.begin(), out.end(), [](const Row& a, const Row& b) { return a.correct > b.correct; });
  return out;
}

}  // namespace arbiter::analyzer
