#include "analyzer/helpmate_problem.hpp"

#include <algorithm>

#include "analyzer/witness.hpp"

namespace arbiter::analyzer {

namespace {

// Keeps the lines that replay to mate in exactly the stipulated plies.
void keep_replayed(const board::Position& pos, search::Stipulation stipulation, search::HelpmateSolutions& result,
                   std::vector<std::string>& not_replayed) {
  const board::Color winner = stipulation.half ? pos.side_to_move() : ~pos.side_to_move();
  std::erase_if(result.solutions, [&](const std::vector<board::Move>& line) {
    if (int(line.size()) == stipulation.plies() && replays_to_mate(pos, line, winner)) return false;
    not_replayed.push_back("a " + stipulation.to_string() + " solution found for " + pos.fen() +
                           " does not replay to mate in " + std::to_string(stipulation.plies()) + " plies");
    return true;
  });
}

}  // namespace

HelpmateProblemAnswer solve_helpmate_problem(const board::Position& pos, search::Stipulation stipulation,
                                             const search::HelpmateProblemOptions& options,
                                             const ProblemLimits& limits) {
  HelpmateProblemAnswer answer;
  {
    search::Limits own(limits.max_nodes, limits.deadline, nullptr, limits.interrupt);
    answer.result = search::solve_helpmate(pos, stipulation, own, options);
  }
  keep_replayed(pos, stipulation, answer.result, answer.not_replayed);
  if (options.first_only) return answer;
  answer.shorter.emplace();
  for (int k = 1; k < stipulation.moves; ++k) {
    const search::Stipulation shorter{k, stipulation.half};
    search::Limits own(limits.max_nodes, limits.deadline, nullptr, limits.interrupt);
    ShortSolutions part{shorter, search::solve_helpmate(pos, shorter, own, options)};
    keep_replayed(pos, shorter, part.result, answer.not_replayed);
    answer.shorter->push_back(std::move(part));
  }
  return answer;
}

}  // namespace arbiter::analyzer
