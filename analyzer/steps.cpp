#include "analyzer/steps.hpp"

#include <algorithm>
#include <atomic>
#include <mutex>
#include <utility>
#include <vector>

#include <tbb/task_group.h>

#include "analyzer/witness.hpp"
#include "search/board/attacks.hpp"
#include "search/board/movegen.hpp"
#include "search/explore/focus.hpp"
#include "search/explore/guidance.hpp"
#include "search/explore/helpmate.hpp"
#include "search/explore/mating_net.hpp"
#include "search/proofs/blockade.hpp"
#include "search/proofs/material.hpp"

namespace arbiter::analyzer {

using namespace board;
using search::Limits;
using search::Reason;
using search::Verdict;

namespace {

std::string name(Color c) { return c == Color::White ? "White" : "Black"; }

// A search's share of the budget: its own cap, and at most 1/kSearchShare of the question's.
uint64_t search_budget(const Question& q, const ScheduleEntry& e) {
  return std::min<uint64_t>(q.max_nodes / kSearchShare, e.nodes);
}

// A witness the move generator replays to mate, as a verdict; nothing if it does not
// replay (never report an unverified mate).
std::optional<Verdict> witness(Question& q, std::vector<Move> line, const char* how) {
  if (!replays_to_mate(q.pos, line, q.winner)) return std::nullopt;
  Verdict v = Verdict::winnable(std::move(line), Reason::Helpmate, "", q.spent);
  v.detail = witness_detail(q.winner, v, how);
  q.found_how = how;
  return v;
}

// A witness known to be a shortest helpmate.
void mark_shortest(const Question& q, Verdict& v) {
  v.shortest = true;
  v.no_shorter_than = uint32_t(v.line.size());
  v.detail = witness_detail(q.winner, v, q.found_how);
}

Verdict exhausted(const Question& q, uint64_t positions) {
  return Verdict::unwinnable(
      Reason::Exhaustive,
      "all " + std::to_string(positions) + " reachable positions visited; none is a mate by " + name(q.winner), q.spent);
}

enum class Kind { Guided, Narrow, Wide };

// The exploration of that kind, made the first time a step asks for it: the guided one is
// exhaustive (a witness or a proof); the focused ones follow fewer moves and find
// witnesses only (search/explore/focus.hpp).
search::Exploration& exploration(Question& q, Kind kind) {
  std::optional<search::Exploration>& e = kind == Kind::Guided ? q.guided : kind == Kind::Narrow ? q.narrow : q.wide;
  if (!e) {
    e.emplace(q.pos, q.winner, q.services.max_closure_positions, search::Order::Guided);
    if (kind == Kind::Narrow) e->set_focus(search::closing_focus_moves);
    if (kind == Kind::Wide) e->set_focus(search::wide_focus_moves);
    e->set_tables(q.services.tables);
  }
  return *e;
}

// Positions the exhaustive exploration of the race need not expand: the blockade or the
// mate-position enumeration proves them hopeless.
search::DeadEnd hopeless(const Question& q) {
  return [&services = q.services](const Position& p, Color w) {
    return search::blockade_forbids_mate_fast(p, w) || services.no_mate_position(p, w).has_value();
  };
}

class GameOverStep final : public StepRunner {
 public:
  std::optional<Verdict> run(Question& q, const ScheduleEntry&) const override {
    if (has_legal_move(q.pos)) return std::nullopt;
    const Color loser = ~q.winner;
    if (q.pos.in_check() && q.pos.side_to_move() == loser) {
      Verdict v = Verdict::winnable({}, Reason::Helpmate, name(loser) + " is already checkmated", 0);
      v.shortest = true;
      return v;
    }
    if (q.pos.in_check())
      return Verdict::unwinnable(Reason::GameOver, name(q.winner) + " is checkmated: the game is over");
    return Verdict::unwinnable(Reason::GameOver, "stalemate: the game is over");
  }
};

class MaterialStep final : public StepRunner {
 public:
  std::optional<Verdict> run(Question& q, const ScheduleEntry&) const override {
    if (auto why = search::material_forbids_mate(q.pos, q.winner))
      return Verdict::unwinnable(Reason::InsufficientMaterial, *why);
    return std::nullopt;
  }
};

// The exact tables: a shortest witness walked down them (replayed), or their proof that
// no helpmate exists.
class TablesStep final : public StepRunner {
 public:
  std::optional<Verdict> run(Question& q, const ScheduleEntry&) const override {
    if (!q.services.tables) return std::nullopt;
    const search::TableAnswer answer = q.services.tables->probe(q.pos, q.winner);
    if (!answer.covered()) return std::nullopt;
    const std::string material = q.services.tables->material_name(q.pos);
    if (answer.kind == search::TableAnswer::Kind::NoMate)
      return Verdict::unwinnable(Reason::Tablebase,
                                 "the " + material + " table: no helpmate by " + name(q.winner) + " exists");
    auto line = search::table_line(*q.services.tables, q.pos, q.winner, &search::mate_distance_estimate);
    if (!line || int(line->size()) != answer.plies || !replays_to_mate(q.pos, *line, q.winner)) return std::nullopt;
    Verdict v = Verdict::winnable(std::move(*line), Reason::Tablebase,
                                  name(q.winner) + " mates in " + std::to_string((answer.plies + 1) / 2) +
                                      " moves, a shortest mate (the " + material + " table)",
                                  0);
    v.shortest = true;
    v.no_shorter_than = uint32_t(answer.plies);
    return v;
  }
};

// A verdict proved before; a witness is replayed again, and dropped if it does not.
class CacheStep final : public StepRunner {
 public:
  std::optional<Verdict> run(Question& q, const ScheduleEntry&) const override {
    search::VerdictStore* store = q.services.store;
    if (!store) return std::nullopt;
    auto kept = store->find(q.pos, q.winner);
    if (!kept) return std::nullopt;
    if (kept->outcome != search::Outcome::Winnable || replays_to_mate(q.pos, kept->line, q.winner)) return kept;
    store->reject(q.pos, q.winner);
    return std::nullopt;
  }
};

class EnumerationStep final : public StepRunner {
 public:
  std::optional<Verdict> run(Question& q, const ScheduleEntry&) const override {
    if (auto why = q.services.no_mate_position(q.pos, q.winner))
      return Verdict::unwinnable(Reason::InsufficientMaterial, *why);
    return std::nullopt;
  }
};

class BlockadeStep final : public StepRunner {
 public:
  std::optional<Verdict> run(Question& q, const ScheduleEntry&) const override {
    if (auto why = search::blockade_forbids_mate(q.pos, q.winner))
      return Verdict::unwinnable(Reason::Blocked, *why, q.spent);
    return std::nullopt;
  }
};

// An exploration taken up where it last stopped, with the step's share of the budget.
class ExploreStep final : public StepRunner {
 public:
  explicit ExploreStep(Kind kind, bool only_if_boxed = false) : kind_(kind), only_if_boxed_(only_if_boxed) {}
  std::optional<Verdict> run(Question& q, const ScheduleEntry& e) const override {
    if (only_if_boxed_ && (king_attacks(q.pos.king_square(~q.winner)) & ~q.pos.occupied())) return std::nullopt;
    search::Exploration& x = exploration(q, kind_);
    if (e.greedy_turns) x.set_greedy_turns(e.greedy_turns);
    Limits limits(search_budget(q, e), q.deadline, nullptr, q.services.interrupt);
    auto r = x.run(limits);
    if (e.greedy_turns) x.set_greedy_turns(search::kDefaultGreedyTurns);
    q.spent += limits.nodes();
    if (r.kind == search::ClosureResult::Kind::MateFound)
      return witness(q, std::move(r.line), kind_ == Kind::Guided ? "(guided exhaustive search)" : "(focused search)");
    if (r.kind == search::ClosureResult::Kind::Exhausted) return exhausted(q, r.positions);
    return std::nullopt;
  }

 private:
  Kind kind_;
  bool only_if_boxed_;
};

class DepthFirstStep final : public StepRunner {
 public:
  std::optional<Verdict> run(Question& q, const ScheduleEntry& e) const override {
    Limits limits(search_budget(q, e), q.deadline, nullptr, q.services.interrupt);
    search::HelpmateConfig config;
    config.tables = q.services.tables;
    auto r = search::find_helpmate(q.pos, q.winner, limits, *q.services.table, config);
    q.spent += limits.nodes();
    if (!r.line) return std::nullopt;
    // Iterative deepening: every shorter length was searched in full first.
    auto v = witness(q, std::move(*r.line), "(cooperative search)");
    if (v) mark_shortest(q, *v);
    return v;
  }
};

// A winner with a king and one minor piece: the depth-first search toward the mating
// nets in a corner, or anywhere (search/explore/mating_net.hpp); witnesses only.
class NetStep final : public StepRunner {
 public:
  explicit NetStep(search::NetReach reach) : reach_(reach) {}

  std::optional<Verdict> run(Question& q, const ScheduleEntry& e) const override {
    if (!search::mating_net_applies(q.pos, q.winner)) return std::nullopt;
    Limits limits(search_budget(q, e), q.deadline, nullptr, q.services.interrupt);
    auto line = search::find_net_mate(q.pos, q.winner, limits, reach_);
    q.spent += limits.nodes();
    if (!line) return std::nullopt;
    return witness(q, std::move(*line), "(mating-net search)");
  }

 private:
  search::NetReach reach_;
};

// Where the walls leave the losing king at most eight squares to be mated on, every
// exploration goes first to positions whose losing king is nearer them (ordering only).
class MateSquaresStep final : public StepRunner {
 public:
  std::optional<Verdict> run(Question& q, const ScheduleEntry&) const override {
    const Bitboard squares = search::possible_mate_squares(q.pos, q.winner, 8);
    for (Kind k : {Kind::Guided, Kind::Narrow, Kind::Wide}) exploration(q, k).set_mate_squares(squares);
    return std::nullopt;
  }
};

// One round of the race: the two focused explorations, the guided exhaustive one and two
// differently ordered depth-first searches, each with its share of the round. The first
// decisive finding cancels the others. With one thread they run in turn, the cheap witness
// searches first; the verdict does not depend on the order. The explorations go on where
// the earlier steps and rounds left them.
class RaceStep final : public StepRunner {
 public:
  std::optional<Verdict> run(Question& q, const ScheduleEntry& e) const override {
    search::Exploration& guided = exploration(q, Kind::Guided);
    search::Exploration& narrow = exploration(q, Kind::Narrow);
    search::Exploration& wide = exploration(q, Kind::Wide);
    if (!q.race_started) {
      q.race_started = true;
      q.race_budget = q.max_nodes > q.spent ? q.max_nodes - q.spent : 0;
      // The exhaustive exploration skips positions proved hopeless (structures that lock
      // after a few more pawn moves, captures that leave material that never mates).
      guided.set_dead_end(hopeless(q));
      // The narrow exploration keeps to the narrow focus proper (the closing-in moves of
      // the short looks bury some long witnesses), and every exploration takes turns one
      // by one between its greedy and its depth-ordered queue (three greedy turns find
      // most witnesses sooner, but bury some long ones).
      narrow.set_focus(search::narrow_focus_moves);
      for (search::Exploration* x : {&guided, &narrow, &wide}) x->set_greedy_turns(1);
    }
    if (q.limit == Reason::TimeLimit) return std::nullopt;
    const uint64_t left = q.race_budget - q.race_given;
    const uint64_t round = e.nodes ? std::min(left, e.nodes) : left;
    if (round == 0) return std::nullopt;
    q.race_given += round;

    struct Finding {
      enum class Kind { Nothing, Witness, Exhausted } kind = Kind::Nothing;
      std::vector<Move> line;
      uint64_t positions = 0;
      const char* how = "";
      bool shortest = false;  // found by iterative deepening
    };
    std::atomic<bool> cancel{false};
    std::mutex mutex;
    Finding decisive;
    std::atomic<uint64_t> nodes{0};
    auto report = [&](Finding f, const Limits& limits) {
      nodes += limits.nodes();
      std::lock_guard lock(mutex);
      if (f.kind != Finding::Kind::Nothing && decisive.kind == Finding::Kind::Nothing) {
        decisive = std::move(f);
        cancel = true;
      } else if (f.kind == Finding::Kind::Nothing && limits.limit_hit() == Reason::TimeLimit) {
        q.limit = Reason::TimeLimit;
      }
    };
    auto share = [&](int percent) { return round * uint64_t(percent) / 100; };

    std::vector<std::function<void()>> searchers;
    for (auto [x, percent] : {std::pair{&narrow, e.shares.narrow}, std::pair{&wide, e.shares.wide}}) {
      searchers.push_back([&, x, percent] {
        Limits limits(share(percent), q.deadline, &cancel, q.services.interrupt);
        auto r = x->run(limits);
        Finding f;
        if (r.kind == search::ClosureResult::Kind::MateFound)
          f = {Finding::Kind::Witness, std::move(r.line), 0, "(focused search)"};
        report(std::move(f), limits);
      });
    }
    searchers.push_back([&] {
      Limits limits(share(e.shares.guided), q.deadline, &cancel, q.services.interrupt);
      auto r = guided.run(limits);
      Finding f;
      f.positions = r.positions;
      if (r.kind == search::ClosureResult::Kind::Exhausted) f.kind = Finding::Kind::Exhausted;
      if (r.kind == search::ClosureResult::Kind::MateFound) {
        f.kind = Finding::Kind::Witness;
        f.line = std::move(r.line);
        f.how = "(guided exhaustive search)";
        // Greedy lines wander: look again, weighting depth more, for a shorter one.
        if (f.line.size() > 16 && !cancel) {
          Limits again(std::min<uint64_t>(limits.nodes(), round / 10), q.deadline, &cancel, q.services.interrupt);
          search::Exploration short_one(q.pos, q.winner, q.services.max_closure_positions,
                                        search::Order::GuidedShort, hopeless(q));
          short_one.set_tables(q.services.tables);
          auto shorter = short_one.run(again);
          nodes += again.nodes();
          if (shorter.kind == search::ClosureResult::Kind::MateFound && shorter.line.size() < f.line.size())
            f.line = std::move(shorter.line);
        }
      }
      report(std::move(f), limits);
    });
    for (int variant : {0, 1}) {
      searchers.push_back([&, variant] {
        Limits limits(share(e.shares.depth_first), q.deadline, &cancel, q.services.interrupt);
        search::HelpmateConfig config;
        config.variant = variant;
        config.tables = q.services.tables;
        auto r = search::find_helpmate(q.pos, q.winner, limits, *q.services.table, config);
        Finding f;
        if (r.line) f = {Finding::Kind::Witness, std::move(*r.line), 0, "(cooperative search)", true};
        report(std::move(f), limits);
      });
    }
    if (q.services.threads <= 1) {
      for (auto& s : searchers)
        if (!cancel) s();
    } else {
      tbb::task_group group;
      for (auto& s : searchers) group.run(s);
      group.wait();
    }
    q.spent += nodes;

    if (decisive.kind == Finding::Kind::Exhausted) return exhausted(q, decisive.positions);
    if (decisive.kind == Finding::Kind::Witness) {
      if (auto v = witness(q, std::move(decisive.line), decisive.how)) {
        if (decisive.shortest) mark_shortest(q, *v);
        return v;
      }
      q.stop = true;  // a witness that does not replay is a bug: stop, undetermined
    }
    return std::nullopt;
  }
};

// A witness made as short as the budget allows: iterative deepening below its length
// finds the shortest helpmate (the first line it finds is one), or rules out every length
// it completes. Exact tables end lines early where they cover the material.
class ShortenStep final : public StepRunner {
  // The table's size follows the budget (about an entry per node, from 4K to 1M entries):
  // a proof that no shorter mate exists revisits positions at every depth, and a table
  // far smaller than the search forgets them; clearing it costs far less than the search.
  static constexpr unsigned kShortenTableBits = 12, kShortenTableMaxBits = 20;

 public:
  std::optional<Verdict> run(Question& q, const ScheduleEntry& e) const override {
    if (!q.found || q.found->outcome != search::Outcome::Winnable || q.found->shortest) return std::nullopt;
    Verdict& v = *q.found;
    const int length = int(v.line.size());
    // A shorter helpmate has the same parity (the mate falls on the loser's turn) and at
    // least one ply (the position is not a mate).
    const int shorter = length - 2;
    if (shorter < 1) {
      v.shortest = true;
      v.no_shorter_than = uint32_t(length);
    } else {
      const uint64_t left = q.max_nodes > q.spent ? q.max_nodes - q.spent : 0;
      uint64_t budget = q.services.shorten_fully ? std::max(left, e.nodes) : search_budget(q, e);
      if (!q.services.shorten_fully && e.spent_percent)
        budget = std::min(budget, std::max(e.floor, q.spent * e.spent_percent / 100));
      Limits limits(budget, q.deadline, nullptr, q.services.interrupt);
      search::HelpmateConfig config;
      config.max_plies = shorter;
      config.tables = q.services.tables;
      // Exact, and it cuts most of the positions it tests within a few plies of the end,
      // where a proof's nodes are: the same budget completes deeper lengths.
      config.flights_cut = true;
      // A table of its own, fresh for each witness: what the shared one remembers from
      // earlier questions would change how deep the budget reaches, and the facts
      // reported would depend on what was asked before.
      unsigned bits = kShortenTableBits;
      while (bits < kShortenTableMaxBits && (uint64_t(1) << bits) < budget) ++bits;
      search::TranspositionTable table(bits);
      auto r = search::find_helpmate(q.pos, q.winner, limits, table, config);
      q.spent += limits.nodes();
      if (r.line && int(r.line->size()) < length && replays_to_mate(q.pos, *r.line, q.winner)) {
        v.line = std::move(*r.line);
        v.shortest = true;
        v.no_shorter_than = uint32_t(v.line.size());
        q.found_how = "(cooperative search, shortened)";
      } else if (r.depth_completed >= shorter) {
        v.shortest = true;
        v.no_shorter_than = uint32_t(length);
      } else {
        // No mate within depth_completed plies, and a mate's length has the parity of the
        // witness's: the next length of that parity is the least one left.
        const int next = r.depth_completed + ((r.depth_completed - length) % 2 == 0 ? 2 : 1);
        v.no_shorter_than = std::max<uint32_t>(v.no_shorter_than, uint32_t(next));
      }
    }
    v.nodes = q.spent;
    v.detail = witness_detail(q.winner, v, q.found_how);
    return std::nullopt;
  }
};

}  // namespace

std::string witness_detail(Color winner, const Verdict& v, const std::string& how) {
  const std::size_t moves = (v.line.size() + 1) / 2;
  std::string text = name(winner) + " mates in " + std::to_string(moves) + (moves == 1 ? " move" : " moves");
  if (v.shortest) return text + ", a shortest mate " + how;
  text += " " + how;
  if (v.no_shorter_than > 1) text += "; none shorter than " + std::to_string(v.no_shorter_than) + " plies";
  return text;
}

const StepRunner& runner_for(Step step) {
  static const GameOverStep game_over;
  static const MaterialStep material;
  static const TablesStep tables;
  static const CacheStep cache;
  static const EnumerationStep enumeration;
  static const BlockadeStep blockade;
  static const ExploreStep wide_if_boxed(Kind::Wide, true), narrow(Kind::Narrow), wide(Kind::Wide),
      guided(Kind::Guided);
  static const DepthFirstStep depth_first;
  static const NetStep net(search::NetReach::Corners), net_anywhere(search::NetReach::Anywhere);
  static const MateSquaresStep mate_squares;
  static const RaceStep race;
  static const ShortenStep shorten;
  switch (step) {
    case Step::GameOver: return game_over;
    case Step::Material: return material;
    case Step::Tables: return tables;
    case Step::Cache: return cache;
    case Step::Enumeration: return enumeration;
    case Step::Blockade: return blockade;
    case Step::WideIfBoxed: return wide_if_boxed;
    case Step::Narrow: return narrow;
    case Step::Wide: return wide;
    case Step::Guided: return guided;
    case Step::DepthFirst: return depth_first;
    case Step::Net: return net;
    case Step::NetAnywhere: return net_anywhere;
    case Step::MateSquares: return mate_squares;
    case Step::Race: return race;
    case Step::Shorten: return shorten;
  }
  return game_over;
}

bool kept_in_store(Step step) {
  switch (step) {
    case Step::GameOver:
    case Step::Material:
    case Step::Tables:
    case Step::Cache: return false;
    default: return true;
  }
}

}  // namespace arbiter::analyzer
