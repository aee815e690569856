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
  auto deadline = Limits::Clock::time_point::max();
  if (options_.max_seconds > 0)
    deadline = Limits::Clock::now() +
               std::chrono::duration_cast<Limits::Clock::duration>(std::chrono::duration<double>(options_.max_seconds));
  const StepServices services{store_, tables_, table_.get(), options_.max_closure_positions, options_.threads,
                              options_.interrupt, [this](const Position& p, Color w) { return no_mate_position(p, w); }};
  Question q(pos, winner, max_nodes, deadline, services);
  for (const ScheduleEntry& entry : options_.schedule) {
    const auto start = trace ? Limits::Clock::now() : Limits::Clock::time_point{};
    const uint64_t before = q.spent;
    std::optional<Verdict> v = runner_for(entry.step).run(q, entry);
    if (trace)
      trace->push_back({entry.step, q.spent - before,
                        uint64_t(std::chrono::duration_cast<std::chrono::microseconds>(Limits::Clock::now() - start)
                                     .count()),
                        v.has_value()});
    if (v) {
      if (store_ && v->decided() && kept_in_store(entry.step)) store_->store(pos, winner, *v);
      return *v;
    }
    if (q.stop) break;
    if (options_.interrupt && options_.interrupt->load()) {
      q.limit = Reason::Cancelled;
      break;
    }
  }
  return Verdict::undetermined(q.limit, "no mate found and no proof within " + std::to_string(q.spent) + " nodes",
                               q.spent);
}

}  // namespace arbiter::analyzer
