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
      table_(std::make_unique<search::TranspositionTable>(20, options_.long_lived
                                                                  ? search::TranspositionTable::Pages::AtOnce
                                                                  : search::TranspositionTable::Pages::OnFirstUse)) {}

Verdict WinnabilityAnalyzer::analyze(const Position& pos, Color winner) {
  return analyze(pos, winner, options_.max_nodes);
}

namespace {

// A witness no shortening step has worked on: each sets `shortest` or rules out a length.
bool never_shortened(const Verdict& v) { return !v.shortest && v.no_shorter_than == 0; }

// The search a witness's detail names ("White mates in 5 moves (focused search)"), so that
// shortening it later words it as shortening it at once would have.
std::string how_found(const Verdict& v) {
  const auto open = v.detail.find(" (");
  if (open == std::string::npos || v.detail.back() != ')') return "(from the verdict table)";
  return v.detail.substr(open + 1);
}

// Runs the schedule's shortening entries from `from` on q.found; whether they changed what
// is known of it (a shorter line, or a length proven or ruled out).
template <typename Run>
bool run_shortening(const Schedule& schedule, std::size_t from, Question& q, Run&& run) {
  const std::size_t before = q.found->line.size();
  const bool was_shortest = q.found->shortest;
  const uint32_t ruled_out = q.found->no_shorter_than;
  for (std::size_t j = from; j < schedule.size(); ++j)
    if (schedule[j].step == Step::Shorten) run(schedule[j]);
  return q.found->line.size() < before || q.found->shortest != was_shortest || q.found->no_shorter_than > ruled_out;
}

}  // namespace

StepServices WinnabilityAnalyzer::services() {
  return StepServices{store_,
                      tables_,
                      table_.get(),
                      options_.max_closure_positions,
                      options_.threads,
                      options_.shortening == Shortening::Full,
                      options_.interrupt,
                      [this](const Position& p, Color w) { return no_mate_position(p, w); }};
}

// The schedule, step by step, until one decides. A decided verdict of a step dearer than a
// lookup is kept in the store.
Verdict WinnabilityAnalyzer::analyze(const Position& pos, Color winner, uint64_t max_nodes,
                                     std::vector<StepRecord>* trace) {
  const auto deadline = Limits::deadline_after(options_.max_seconds);  // saturates: 1e10 or inf is no limit
  const StepServices services = this->services();
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
    // A witness not known to be shortest goes through the shortening steps. One from the
    // store was shortened when it was kept, unless it was kept unshortened (by a
    // --first-witness run or a deferring one): the Bounded mode then shortens it with the
    // budget it had when found. The Full mode always goes on with all that is left.
    const bool from_store = schedule[i].step == Step::Cache;
    const Shortening mode = options_.shortening;
    const bool shorten = v->outcome == search::Outcome::Winnable && !v->shortest &&
                         (mode == Shortening::Full ||
                          (mode == Shortening::Bounded && (!from_store || never_shortened(*v))));
    if (shorten) {
      if (from_store) {
        q.found_how = mode == Shortening::Full ? "(from the verdict table)" : how_found(*v);
        if (mode == Shortening::Bounded) q.spent = v->nodes;
      }
      q.found = std::move(*v);
      keep = run_shortening(schedule, i + 1, q, run) || keep;
      *v = std::move(*q.found);
    }
    if (store_ && v->decided() && keep) store_->store(pos, winner, *v);
    return *v;
  }
  return Verdict::undetermined(q.limit, "no mate found and no proof within " + std::to_string(q.spent) + " nodes",
                               q.spent);
}

Verdict WinnabilityAnalyzer::quoted(const Position& pos, Color winner, Verdict found) {
  if (options_.shortening != Shortening::WhenQuoted || found.outcome != search::Outcome::Winnable ||
      !never_shortened(found))
    return found;
  const StepServices services = this->services();
  Question q(pos, winner, options_.max_nodes, Limits::deadline_after(options_.max_seconds), services);
  q.spent = found.nodes;
  q.found_how = how_found(found);
  q.found = std::move(found);
  const bool changed =
      run_shortening(options_.schedule, 0, q, [&](const ScheduleEntry& e) { return runner_for(e.step).run(q, e); });
  if (store_ && changed) store_->store(pos, winner, *q.found);
  return std::move(*q.found);
}

}  // namespace arbiter::analyzer
