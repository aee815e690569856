#include "analyzer/winnability.hpp"

#include <algorithm>
#include <chrono>
#include <utility>

#include "analyzer/steps.hpp"
#include "search/proofs/mate_existence.hpp"

namespace arbiter::analyzer {

using namespace board;
using search::Limits;
using search::Reason;
using search::Verdict;

std::optional<std::string> WinnabilityAnalyzer::no_mate_position(const Position& pos, Color winner) {
  // Small pawnless material: enumerate the mate positions once per material and side
  // (bishops told apart by the colour of their squares).
  if (pos.pieces(PieceType::Pawn) || pos.occupied().count() > 10) return std::nullopt;
  // A rook or a queen alone mates a bare king, and the enumeration tries every subset of
  // the men (the others captured): it would find a mate position, after milliseconds.
  if (pos.pieces(winner, PieceType::Rook, PieceType::Queen)) return std::nullopt;
  std::string key(1, winner == Color::White ? 'w' : 'b');
  for (Square s : pos.occupied()) {
    const Piece p = pos.piece_on(s);
    // The answer depends on the colour of each bishop's squares.
    if (type_of(p) == PieceType::Bishop) key += (color_of(p) == Color::White ? "DL" : "dl")[is_dark(s) ? 0 : 1];
    else key += piece_char(p);
  }
  std::sort(key.begin() + 1, key.end());
  {
    std::lock_guard lock(material_mutex_);
    if (auto it = material_answers_.find(key); it != material_answers_.end()) return it->second;
  }
  auto answer = search::no_mate_position_exists(pos, winner);
  std::lock_guard lock(material_mutex_);
  material_answers_.emplace(key, answer);
  return answer;
}

WinnabilityAnalyzer::WinnabilityAnalyzer(AnalysisOptions options, search::VerdictStore* store,
                                         const search::HelpmateTables* tables)
    : options_(std::move(options)),
      store_(store),
      tables_(tables),
      table_(std::make_unique<search::TranspositionTable>(20)) {}

Verdict WinnabilityAnalyzer::analyze(const Position& pos, Color winner) {
  return analyze(pos, winner, options_.max_nodes);
}

// The schedule, step by step, until one decides. A decided verdict of a step dearer than a
// lookup is kept in the store.
Verdict WinnabilityAnalyzer::analyze(const Position& pos, Color winner, uint64_t max_nodes,
                                     std::vector<StepRecord>* trace) {
  const auto deadline = Limits::deadline_after(options_.max_seconds);  // saturates: 1e10 or inf is no limit
  const StepServices services{store_,
                              tables_,
                              table_.get(),
                              options_.max_closure_positions,
                              options_.threads,
                              options_.shortening == Shortening::Full,
                              options_.interrupt,
                              [this](const Position& p, Color w) { return no_mate_position(p, w); }};
  Question q(pos, winner, max_nodes, deadline, services);
  auto run = [&](const ScheduleEntry& entry) {
    const auto start = trace ? Limits::Clock::now() : Limits::Clock::time_point{};
    const uint64_t before = q.spent;
    std::optional<Verdict> v = runner_for(entry.step).run(q, entry);
    if (trace)
      trace->push_back({entry.step, q.spent - before,
                        uint64_t(std::chrono::duration_cast<std::chrono::microseconds>(Limits::Clock::now() - start)
                                     .count()),
                        v.has_value(), {}, {}});
    return v;
  };
  const Schedule& schedule = options_.schedule;
  for (std::size_t i = 0; i < schedule.size(); ++i) {
    if (schedule[i].step == Step::Shorten) continue;  // only ever after a witness
    std::optional<Verdict> v = run(schedule[i]);
    if (!v) {
      if (q.stop) break;
      if (options_.interrupt && options_.interrupt->load()) {
        q.limit = Reason::Cancelled;
        break;
      }
      continue;
    }
    bool keep = kept_in_store(schedule[i].step);
    // A witness not known to be shortest goes through the shortening steps (a verdict from
    // the store only when asked to prove the shortest: it was shortened when it was kept).
    const bool shorten = v->outcome == search::Outcome::Winnable && !v->shortest &&
                         options_.shortening != Shortening::FirstWitness &&
                         (schedule[i].step != Step::Cache || options_.shortening == Shortening::Full);
    if (shorten) {
      if (schedule[i].step == Step::Cache) q.found_how = "(from the verdict table)";
      q.found = std::move(*v);
      const std::size_t before = q.found->line.size();
      const bool was_shortest = q.found->shortest;
      const uint32_t ruled_out = q.found->no_shorter_than;
      for (std::size_t j = i + 1; j < schedule.size(); ++j)
        if (schedule[j].step == Step::Shorten) run(schedule[j]);
      v = std::move(q.found);
      keep = keep || v->line.size() < before || v->shortest != was_shortest || v->no_shorter_than > ruled_out;
    }
    if (store_ && v->decided() && keep) store_->store(pos, winner, *v);
    return *v;
  }
  return Verdict::undetermined(q.limit, "no mate found and no proof within " + std::to_string(q.spent) + " nodes",
                               q.spent);
}

}  // namespace arbiter::analyzer
