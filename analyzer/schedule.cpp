#include "analyzer/schedule.hpp"

#include <array>
#include <charconv>
#include <sstream>
#include <utility>

namespace arbiter::analyzer {

const Schedule& default_schedule() {
  // Each entry is sound on its own: a step either decides with a proof or a replayed
  // witness, or passes the question on. The budgets were chosen by timing the final
  // positions of real games and checked on the test vector (commit messages and
  // docs/schedule.md give the measurements).
  static const Schedule schedule{
      {Step::GameOver, 0, 0, {}, "checkmate or stalemate already: nothing can change"},
      {Step::Material, 0, 0, {}, "costs nothing: a lone king, a minor piece against a lone king, one-coloured bishops"},
      {Step::Tables, 0, 0, {}, "exact, and the witness is a shortest one, wherever the tables cover the material"},
      {Step::Cache, 0, 0, {}, "a verdict proved before for this exact position and side"},
      {Step::Enumeration, 0, 0, {}, "small pawnless material whose men can stand in no mate (milliseconds, once a material)"},
      {Step::Blockade, 0, 0, {}, "a microsecond or two: locked pawn walls settle before any search"},
      {Step::WideIfBoxed, 2'000, 0, {},
       "a king with no empty square beside it is mated along a line its own men open, which the narrow focus never opens"},
      {Step::Narrow, 10'000, 8, {}, "finds most witnesses of real games; greedier in its first look"},
      {Step::DepthFirst, 700, 0, {}, "the shortest mates, which the narrow focus may prune away"},
      {Step::Net, 120'000, 0, {},
       "a king and one minor piece mate mostly in a corner, the loser's men blocking: routed there directly"},
      {Step::NetAnywhere, 80'000, 0, {},
       "the nets on edges and in the middle, where the loser's men hem in their king: many more squares, "
       "each searched on its own, tried after the corners"},
      {Step::Guided, 100, 0, {}, "a first look before the steering below, which delays some mates"},
      {Step::MateSquares, 0, 0, {}, "where walls leave the losing king at most eight mate squares, explorations head there"},
      {Step::Guided, 2'000, 0, {}, "finds the mates where the narrow focus leads astray"},
      {Step::Narrow, 40'000, 0, {}, "most witnesses that the short looks missed"},
      {Step::Wide, 10'000, 0, {}, "moves near the losing king that the narrow focus leaves out"},
      {Step::Guided, 18'000, 0, {}, "the guided exploration taken further"},
      {Step::DepthFirst, 10'000, 0, {}, "a longer look for short mates"},
      {Step::Race, 1'000'000, 0, {10, 6, 80, 2},
       "first round: most nodes to the exhaustive exploration, which alone can prove"},
      {Step::Race, 0, 0, {60, 6, 30, 2}, "the rest: most nodes to the narrow exploration, which finds the long witnesses"},
      {Step::Shorten, 20'000, 0, {},
       "iterative deepening below the witness's length, cut by the flights bound, proves it shortest or finds "
       "a shorter one; a quarter of what finding it cost, at least 2,000 nodes: most short witnesses are "
       "proven within that (all that is left with --shortest)",
       25, 2'000},
  };
  return schedule;
}

namespace {

constexpr std::array<std::pair<Step, const char*>, 16> kNames{{
    {Step::GameOver, "game-over"},
    {Step::Material, "material"},
    {Step::Tables, "tables"},
    {Step::Cache, "cache"},
    {Step::Enumeration, "enumeration"},
    {Step::Blockade, "blockade"},
    {Step::WideIfBoxed, "wide-if-boxed"},
    {Step::Narrow, "narrow"},
    {Step::Wide, "wide"},
    {Step::Guided, "guided"},
    {Step::DepthFirst, "depth-first"},
    {Step::Net, "net"},
    {Step::NetAnywhere, "net-anywhere"},
    {Step::MateSquares, "mate-squares"},
    {Step::Race, "race"},
    {Step::Shorten, "shorten"},
}};

template <typename T>
bool read_number(std::string_view word, T& out) {
  auto [end, error] = std::from_chars(word.data(), word.data() + word.size(), out);
  return error == std::errc() && end == word.data() + word.size();
}

}  // namespace

const char* step_name(Step step) {
  for (auto [s, name] : kNames)
    if (s == step) return name;
  return "?";
}

std::string format_schedule(const Schedule& schedule) {
  std::ostringstream out;
  for (const ScheduleEntry& e : schedule) {
    out << step_name(e.step);
    if (e.nodes) out << ' ' << e.nodes;
    if (e.greedy_turns) out << " greedy=" << e.greedy_turns;
    if (e.spent_percent) out << " spent=" << e.spent_percent;
    if (e.floor) out << " floor=" << e.floor;
    if (e.step == Step::Race)
      out << " narrow=" << e.shares.narrow << " wide=" << e.shares.wide << " guided=" << e.shares.guided
          << " dfs=" << e.shares.depth_first;
    if (*e.why) out << "  # " << e.why;
    out << '\n';
  }
  return out.str();
}

std::expected<Schedule, std::string> parse_schedule(std::string_view text) {
  Schedule schedule;
  int line_number = 0;
  std::istringstream lines{std::string(text)};
  for (std::string line; std::getline(lines, line);) {
    ++line_number;
    if (auto hash = line.find('#'); hash != std::string::npos) line.erase(hash);
    std::istringstream words(line);
    std::string word;
    if (!(words >> word)) continue;
    auto where = [&](const std::string& what) { return "schedule line " + std::to_string(line_number) + ": " + what; };
    ScheduleEntry entry{Step::GameOver};
    bool known = false;
    for (auto [s, name] : kNames)
      if (word == name) entry.step = s, known = true;
    if (!known) return std::unexpected(where("'" + word + "' is not a step"));
    while (words >> word) {
      const auto eq = word.find('=');
      if (eq == std::string::npos) {
        if (!read_number(word, entry.nodes)) return std::unexpected(where("'" + word + "' is not a node count"));
        continue;
      }
      const std::string key = word.substr(0, eq);
      const std::string_view value = std::string_view(word).substr(eq + 1);
      bool ok = false;
      if (key == "greedy") ok = read_number(value, entry.greedy_turns);
      else if (key == "narrow") ok = read_number(value, entry.shares.narrow);
      else if (key == "wide") ok = read_number(value, entry.shares.wide);
      else if (key == "guided") ok = read_number(value, entry.shares.guided);
      else if (key == "dfs") ok = read_number(value, entry.shares.depth_first);
      else if (key == "spent") ok = read_number(value, entry.spent_percent);
      else if (key == "floor") ok = read_number(value, entry.floor);
      else return std::unexpected(where("'" + key + "' is not a setting (greedy, narrow, wide, guided, dfs, spent, floor)"));
      if (!ok) return std::unexpected(where("'" + word + "' needs a whole number"));
    }
    const RaceShares& s = entry.shares;
    if (entry.step == Step::Race &&
        (s.narrow < 0 || s.wide < 0 || s.guided < 0 || s.depth_first < 0 ||
         s.narrow + s.wide + s.guided + 2 * s.depth_first > 100))
      return std::unexpected(where("a race round's shares (two depth-first searches) add up to more than 100"));
    schedule.push_back(entry);
  }
  if (schedule.empty()) return std::unexpected(std::string("the schedule has no step"));
  return schedule;
}

}  // namespace arbiter::analyzer
