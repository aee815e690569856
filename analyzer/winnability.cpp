#include "analyzer/winnability.hpp"

#include <algorithm>
#include <atomic>
#include <functional>
#include <mutex>
#include <utility>

#include <tbb/task_group.h>

#include "analyzer/witness.hpp"
#include "search/proofs/blockade.hpp"
#include "search/board/attacks.hpp"
#include "search/board/movegen.hpp"
#include "search/explore/closure.hpp"
#include "search/explore/focus.hpp"
#include "search/explore/helpmate.hpp"
#include "search/proofs/mate_existence.hpp"
#include "search/proofs/material.hpp"

namespace arbiter::analyzer {

using namespace board;
using search::Limits;
using search::Reason;
using search::Verdict;

namespace {

std::string name(Color c) { return c == Color::White ? "White" : "Black"; }

// What one searcher of the race found.
struct Finding {
  enum class Kind { Nothing, Witness, Exhausted } kind = Kind::Nothing;
  std::vector<Move> line;
  uint64_t positions = 0;
  const char* how = "";
};

// Shares of a round of the race, in percent of its nodes: the two focused explorations,
// the exhaustive one, and each of the two depth-first searches. The first million nodes
// go mostly to the exhaustive exploration, which alone can prove (no proof in the test
// vector needs more than 2.4M nodes); later ones mostly to the narrow exploration, which
// finds the long witnesses (up to 6M nodes there).
struct Shares {
  int narrow, wide, guided, depth_first;
};
constexpr Shares kFirstRound{10, 6, 80, 2}, kLaterRound{60, 6, 30, 2};
constexpr uint64_t kFirstRoundNodes = 1'000'000;

}  // namespace

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

WinnabilityAnalyzer::WinnabilityAnalyzer(AnalysisOptions options, search::VerdictStore* store)
    : options_(options), store_(store), table_(std::make_unique<search::TranspositionTable>(20)) {}

Verdict WinnabilityAnalyzer::analyze(const Position& pos, Color winner) {
  return analyze(pos, winner, options_.max_nodes);
}

Verdict WinnabilityAnalyzer::analyze(const Position& pos, Color winner, uint64_t max_nodes) {
  const Color loser = ~winner;
  // 1. The game may be over already.
  if (!has_legal_move(pos)) {
    if (pos.in_check() && pos.side_to_move() == loser)
      return Verdict::winnable({}, Reason::Helpmate, name(loser) + " is already checkmated", 0);
    if (pos.in_check()) return Verdict::unwinnable(Reason::GameOver, name(winner) + " is checkmated: the game is over");
    return Verdict::unwinnable(Reason::GameOver, "stalemate: the game is over");
  }
  // 2. Sound material facts that cost nothing.
  if (auto why = search::material_forbids_mate(pos, winner))
    return Verdict::unwinnable(Reason::InsufficientMaterial, *why);

  // 3. A verdict proved before for this exact position and question. A witness is
  // replayed again before it is trusted; one that does not replay is dropped.
  if (store_) {
    if (auto kept = store_->find(pos, winner)) {
      if (kept->outcome != search::Outcome::Winnable || replays_to_mate(pos, kept->line, winner)) return *kept;
      store_->reject(pos, winner);
    }
  }
  // 4. Small pawnless material whose men can stand in no mate (the enumeration may take
  // a while the first time a run meets that material, hence after the table).
  const auto why = no_mate_position(pos, winner);
  Verdict v = why ? Verdict::unwinnable(Reason::InsufficientMaterial, *why) : decide(pos, winner, max_nodes);
  if (store_ && v.decided()) store_->store(pos, winner, v);
  return v;
}

Verdict WinnabilityAnalyzer::decide(const Position& pos, Color winner, uint64_t max_nodes) {
  auto deadline = Limits::Clock::time_point::max();
  if (options_.max_seconds > 0)
    deadline = Limits::Clock::now() +
               std::chrono::duration_cast<Limits::Clock::duration>(std::chrono::duration<double>(options_.max_seconds));
  uint64_t spent = 0;
  auto winnable = [&](std::vector<Move> line, const char* how) -> std::optional<Verdict> {
    if (!replays_to_mate(pos, line, winner)) return std::nullopt;  // never report an unverified mate
    std::string detail = name(winner) + " mates in " + std::to_string((line.size() + 1) / 2) + " moves " + how;
    return Verdict::winnable(std::move(line), Reason::Helpmate, detail, spent);
  };
  auto exhausted = [&](uint64_t positions) {
    return Verdict::unwinnable(Reason::Exhaustive,
                               "all " + std::to_string(positions) + " reachable positions visited; none is a mate by " +
                                   name(winner),
                               spent);
  };
  // A depth-first helpmate search with a share of the budget.
  auto helpmate = [&](uint64_t nodes) -> std::optional<Verdict> {
    Limits limits(nodes, deadline, nullptr, options_.interrupt);
    auto r = search::find_helpmate(pos, winner, limits, *table_);
    spent += limits.nodes();
    if (r.line) return winnable(std::move(*r.line), "(cooperative search)");
    return std::nullopt;
  };

  // An exploration taken up where it last stopped, with a share of the budget: a witness,
  // or (when it is not focused) a proof.
  auto explore = [&](search::Exploration& e, uint64_t nodes, const char* how) -> std::optional<Verdict> {
    Limits limits(nodes, deadline, nullptr, options_.interrupt);
    auto r = e.run(limits);
    spent += limits.nodes();
    if (r.kind == search::ClosureResult::Kind::MateFound) return winnable(std::move(r.line), how);
    if (r.kind == search::ClosureResult::Kind::Exhausted) return exhausted(r.positions);
    return std::nullopt;
  };
  // Three explorations serve steps 6 and 7 and the race, each made when first needed
  // (most questions end with the first): a guided one, exhaustive, which finds a mate or
  // proves there is none, and two witness-only ones over the moves in focus
  // (search/explore/focus.hpp), far cheaper than the exhaustive one in positions with many men.
  std::optional<search::Exploration> guided_exploration, narrow_exploration, wide_exploration;
  auto made = [&](std::optional<search::Exploration>& e, search::MoveFocus focus) -> search::Exploration& {
    if (!e) {
      e.emplace(pos, winner, options_.max_closure_positions, search::Order::Guided);
      if (focus) e->set_focus(focus);
    }
    return *e;
  };
  auto guided_one = [&]() -> search::Exploration& { return made(guided_exploration, nullptr); };
  auto narrow_one = [&]() -> search::Exploration& { return made(narrow_exploration, search::closing_focus); };
  auto wide_one = [&]() -> search::Exploration& { return made(wide_exploration, search::wide_focus); };
  auto guided = [&](uint64_t nodes) { return explore(guided_one(), nodes, "(guided exhaustive search)"); };
  auto narrow = [&](uint64_t nodes) { return explore(narrow_one(), nodes, "(focused search)"); };
  auto wide = [&](uint64_t nodes) { return explore(wide_one(), nodes, "(focused search)"); };

  // 5. A locked pawn structure that keeps the winner away for ever (a microsecond or two).
  if (auto why = search::blockade_forbids_mate(pos, winner))
    return Verdict::unwinnable(Reason::Blocked, *why, spent);

  // 6. Short searches: most positions of real games end here. The narrow exploration
  // first (it finds most of their witnesses), then depth-first (the shortest mates,
  // which the narrow focus may prune away), then a first look by the guided
  // exploration. (Order and budgets chosen by replaying each searcher alone on the
  // final positions of the fixture games and simulating schedules, then timing the
  // best: mean ~88 -> ~81 us; after the three-turn greedy queue, narrow 1.8K -> 10K and
  // depth-first 200 -> 700, ~60 -> ~57 us. The guided exploration's 100 nodes before
  // the mate squares below are set are what finds test-vector line 516 for White: with
  // 0 or 20 it is lost at 10M nodes, with 50 to 700 it is found.)
  // A losing king with no empty square beside it (as in the opening) is mated by a check
  // along a line its own men open: the narrow focus, which keeps the loser to king
  // moves and captures, cannot open one; the wide one looks first. (Game-end mean
  // ~88 -> ~82 us; the audit of the fixture games x4, with its aborted games at the
  // start position, 1.02 -> 0.91 s.)
  const Square loser_king = pos.king_square(~winner);
  if (!(board::king_attacks(loser_king) & ~pos.occupied()))
    if (auto v = wide(std::min<uint64_t>(max_nodes / 20, 2'000))) return *v;
  // The narrow exploration's first look favours its greedy queue a little more (four
  // pops to one from the depth-ordered queue, three afterwards): game-end nodes 648 ->
  // 613 (each half of the positions -4% and -7%; five to eight turns gain less).
  narrow_one().set_greedy_turns(4);
  if (auto v = narrow(std::min<uint64_t>(max_nodes / 20, 10'000))) return *v;
  narrow_one().set_greedy_turns(search::kDefaultGreedyTurns);
  if (auto v = helpmate(std::min<uint64_t>(max_nodes / 20, 700))) return *v;
  if (auto v = guided(std::min<uint64_t>(max_nodes / 20, 100))) return *v;

  // Where the walls leave the losing king few squares to be mated on (at most eight),
  // the explorations steer it there.
  const board::Bitboard mate_squares = search::possible_mate_squares(pos, winner, 8);
  search::Exploration &exploration = guided_one(), &narrowed = narrow_one(), &widened = wide_one();
  for (search::Exploration* e : {&exploration, &narrowed, &widened}) e->set_mate_squares(mate_squares);

  // 7. Longer searches: a short look by the guided exploration, now steered to the mate
  // squares; the focused explorations, narrow then wide (most witnesses of real games
  // that step 6 missed are found here); the guided exploration taken further, then a
  // longer helpmate search. Together they spend what the race's exhaustive exploration
  // can spare. (The budgets of steps 6 and 7 were chosen by timing the final positions
  // of the fixture games: mean 120 -> 90 us; since then the narrow and wide ones have
  // 40K and 10K, not 50K and 20K. The guided 2K first: 7 of the 20 dearest game-end
  // questions cost 20K-62K nodes, the narrow focus failing, and the guided exploration
  // alone finds their mates in 0.4K-2.3K; game-end nodes 613 -> 579, each half of the
  // positions -8% and -3%, time -5%; 1K gains less, 4K or 8K no more, a wide look first
  // nothing more.)
  if (auto v = guided(std::min<uint64_t>(max_nodes / 20, 2'000))) return *v;
  if (auto v = narrow(std::min<uint64_t>(max_nodes / 20, 40'000))) return *v;
  if (auto v = wide(std::min<uint64_t>(max_nodes / 20, 10'000))) return *v;
  if (auto v = guided(std::min<uint64_t>(max_nodes / 20, 18'000))) return *v;
  if (auto v = helpmate(std::min<uint64_t>(max_nodes / 20, 10'000))) return *v;

  // 8. The race: the two focused explorations, a guided exhaustive exploration (finds a
  // mate or proves there is none) and two differently ordered depth-first searches, each
  // with its own share of the budget: most to the exhaustive exploration, which alone can
  // prove, then to the focused ones, which find most witnesses. The first decisive
  // finding cancels the others. With one thread they run in turn, the cheap witness
  // searches first; the verdict does not depend on the order. Two rounds, with other
  // shares (Shares above); the explorations go on where they stopped.
  const uint64_t budget = max_nodes > spent ? max_nodes - spent : 0;
  std::atomic<bool> cancel{false};
  std::mutex mutex;
  Finding decisive;
  Reason limit = Reason::NodeLimit;
  std::atomic<uint64_t> race_nodes{0};
  auto report = [&](Finding f, const Limits& limits) {
    race_nodes += limits.nodes();
    std::lock_guard lock(mutex);
    if (f.kind != Finding::Kind::Nothing && decisive.kind == Finding::Kind::Nothing) {
      decisive = std::move(f);
      cancel = true;
    } else if (f.kind == Finding::Kind::Nothing && limits.limit_hit() == Reason::TimeLimit) {
      limit = Reason::TimeLimit;
    }
  };
  // In the race the exhaustive exploration does not expand positions the blockade analysis
  // or the mate-position enumeration (small pawnless material, answered once per
  // material) proves hopeless: this settles structures that still have a few pawn moves
  // to make before they lock, and lines whose captures leave material that can never mate.
  auto hopeless = [this](const Position& p, Color w) {
    return search::blockade_forbids_mate_fast(p, w) || no_mate_position(p, w).has_value();
  };
  exploration.set_dead_end(hopeless);
  // The narrow exploration follows the winner's men closing in during steps 6 and 7
  // (game-end nodes -10%, time -4%); in the race it keeps to the narrow focus proper,
  // which finds test-vector line 51 for White (with the closing focus throughout, it is
  // not found at 10M nodes).
  narrowed.set_focus(search::narrow_focus);
  // In the race the guided order takes turns one by one between its greedy and its
  // depth-ordered queue: three greedy turns to one find most witnesses of real games
  // sooner (steps 6 and 7) but bury some long ones (K+B against K and two pawns, mate in
  // 6 at ply 104 of a fixture game: 150K nodes one by one, none in 1M with three turns).
  // Test vector at 10M: mean nodes 28.8K (29.7K with three turns throughout).
  for (search::Exploration* e : {&exploration, &narrowed, &widened}) e->set_greedy_turns(1);
  // One round of the race over `round_budget` nodes, shared as `shares` says.
  auto race = [&](uint64_t round_budget, Shares shares) {
    std::vector<std::function<void()>> searchers;
    for (auto [e, percent] : {std::pair{&narrowed, shares.narrow}, std::pair{&widened, shares.wide}}) {
      searchers.push_back([&, e, percent] {
        Limits limits(round_budget * uint64_t(percent) / 100, deadline, &cancel, options_.interrupt);
        auto r = e->run(limits);
        Finding f;
        if (r.kind == search::ClosureResult::Kind::MateFound) {
          f.kind = Finding::Kind::Witness;
          f.line = std::move(r.line);
          f.how = "(focused search)";
        }
        report(std::move(f), limits);
      });
    }
    searchers.push_back([&] {
      Limits limits(round_budget * uint64_t(shares.guided) / 100, deadline, &cancel, options_.interrupt);
      auto r = exploration.run(limits);
      Finding f;
      f.positions = r.positions;
      if (r.kind == search::ClosureResult::Kind::Exhausted) f.kind = Finding::Kind::Exhausted;
      if (r.kind == search::ClosureResult::Kind::MateFound) {
        f.kind = Finding::Kind::Witness;
        f.line = std::move(r.line);
        f.how = "(guided exhaustive search)";
        // Greedy lines wander: look again, weighting depth more, for a shorter one.
        if (f.line.size() > 16 && !cancel) {
          Limits again(std::min<uint64_t>(limits.nodes(), round_budget / 10), deadline, &cancel, options_.interrupt);
          auto shorter = search::explore_all(pos, winner, again, options_.max_closure_positions,
                                             search::Order::GuidedShort, hopeless);
          race_nodes += again.nodes();
          if (shorter.kind == search::ClosureResult::Kind::MateFound && shorter.line.size() < f.line.size())
            f.line = std::move(shorter.line);
        }
      }
      report(std::move(f), limits);
    });
    for (int variant : {0, 1}) {
      searchers.push_back([&, variant] {
        Limits limits(round_budget * uint64_t(shares.depth_first) / 100, deadline, &cancel, options_.interrupt);
        search::HelpmateConfig config;
        config.variant = variant;
        auto r = search::find_helpmate(pos, winner, limits, *table_, config);
        Finding f;
        if (r.line) {
          f.kind = Finding::Kind::Witness;
          f.line = std::move(*r.line);
          f.how = "(cooperative search)";
        }
        report(std::move(f), limits);
      });
    }
    if (options_.threads <= 1) {
      for (auto& s : searchers)
        if (!cancel) s();
    } else {
      tbb::task_group group;
      for (auto& s : searchers) group.run(s);
      group.wait();
    }
  };
  const uint64_t first = std::min<uint64_t>(budget, kFirstRoundNodes);
  race(first, kFirstRound);
  if (decisive.kind == Finding::Kind::Nothing && limit != Reason::TimeLimit && budget > first)
    race(budget - first, kLaterRound);
  spent += race_nodes;

  if (decisive.kind == Finding::Kind::Exhausted) return exhausted(decisive.positions);
  if (decisive.kind == Finding::Kind::Witness)
    if (auto v = winnable(std::move(decisive.line), decisive.how)) return *v;
  if (options_.interrupt && options_.interrupt->load()) limit = Reason::Cancelled;
  return Verdict::undetermined(limit, "no mate found and no proof within " + std::to_string(spent) + " nodes", spent);
}

}  // namespace arbiter::analyzer
