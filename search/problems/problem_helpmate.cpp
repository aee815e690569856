#include "search/problems/problem_helpmate.hpp"

#include <algorithm>
#include <atomic>
#include <charconv>
#include <limits>
#include <memory>
#include <span>

#include <tbb/global_control.h>
#include <tbb/parallel_for.h>

#include "search/board/movegen.hpp"
#include "search/checking_moves.hpp"
#include "search/proofs/check_reach.hpp"
#include "search/proofs/flight_cover.hpp"
#include "search/proofs/material.hpp"
#include "search/problems/no_solution_table.hpp"
#include "search/problems/solution_memo.hpp"

namespace arbiter::search {

using namespace board;

std::string Stipulation::to_string() const { return "h#" + std::to_string(moves) + (half ? ".5" : ""); }

std::expected<Stipulation, std::string> parse_stipulation(std::string_view text) {
  const std::string original(text);
  if (text.starts_with("h#")) text.remove_prefix(2);
  Stipulation s;
  s.half = text.ends_with(".5");
  if (s.half) text.remove_suffix(2);
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), s.moves);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size())
    return std::unexpected("'" + original + "' is not a number of moves such as 2 or 2.5");
  if (s.moves < Stipulation::kMinMoves || s.moves > Stipulation::kMaxMoves)
    return std::unexpected("'" + original + "': the number of moves must be from " +
                           std::to_string(Stipulation::kMinMoves) + " to " + std::to_string(Stipulation::kMaxMoves) +
                           " (or N.5)");
  return s;
}

namespace {

constexpr std::size_t kNoRank = std::numeric_limits<std::size_t>::max();
constexpr uint64_t kNodeBatch = 1024;
// The most moves the memo of known solutions keeps (2 bytes each).
constexpr uint64_t kMemoMaxMoves = uint64_t(1) << 25;

// Table sizes measured on the benchmark problems: beyond these, a bigger table saves
// little; 2^21 entries are 64 MB.
unsigned table_size_for(int plies) {
  if (plies <= 2) return 0;
  if (plies <= 4) return 16;
  if (plies <= 6) return 18;
  if (plies <= 8) return 20;
  return 21;
}

// What the tasks of one solve share: the table, the limits, and (first_only) the rank
// of the earliest task known to hold a solution.
struct Shared {
  Color winner;
  bool first_only;
  Limits& limits;
  NoSolutionTable* table;
  SolutionMemo* memo;  // null with first_only
  const HelpmateTables* tables;
  bool flights_cut;
  std::atomic<std::size_t> best_rank{kNoRank};
  std::atomic<uint64_t> nodes{0};
};

// One task: a depth-first enumeration of every continuation below a fixed prefix.
class Solver {
 public:
  Solver(const Position& root, std::span<const Move> prefix, std::size_t rank, Shared& shared)
      : pos_(root), rank_(rank), shared_(shared) {
    for (Move m : prefix) {
      pos_.do_move(m);
      path_.push_back(m);
    }
    pending_ = prefix.size();
  }

  // Searches the `remaining` plies below the prefix. Returns true when the task ran to its
  // end (every solution below the prefix found, or with first_only one of them, or it was
  // superseded by an earlier task's solution); false when a limit stopped it.
  bool run(int remaining) {
    if (!superseded()) {
      if (shared_.limits.stopped())
        limit_hit_ = true;  // never started: its subtree is unexplored
      else
        search(remaining);
    }
    shared_.nodes.fetch_add(pending_, std::memory_order_relaxed);
    shared_.limits.spend(pending_);  // the last batch; the task already ended either way
    pending_ = 0;
    if (shared_.first_only && !found_.empty()) {
      std::size_t best = shared_.best_rank.load();
      while (rank_ < best && !shared_.best_rank.compare_exchange_weak(best, rank_)) {
      }
    }
    return !limit_hit_;
  }

  std::vector<std::vector<Move>>& solutions() { return found_; }

 private:
  // True when a solution lies below; every one found is recorded. With first_only, stops
  // at the first. Records "no solution here" only for a subtree searched to its end.
  // `flights_open`: the parent's QuietMoveFlights already found the flights bound open here.
  bool search(int remaining, bool flights_open = false) {
    if (!count_node()) return false;
    if (remaining == 1) return mating_moves();
    if (material_forbids_mate_fast(pos_, shared_.winner)) return false;
    // The table first: transpositions make it the cut that fires most (half the nodes of
    // the long problems). Each cut below only ever answers "no solution", so their order
    // changes no node count and no solution.
    const uint64_t key = pos_.key();
    NoSolutionTable* table = shared_.table;
    if (table && table->known_unsolvable(pos_, key, remaining)) return false;
    // The mate falls on the last ply, so it must be within reach of the plies left. The
    // flights bound below rules out every position this rules out (a king out of reach has
    // no square to be mated on), and keeps it in the table: with the bound on, this is
    // left to it.
    if (!shared_.flights_cut && mate_out_of_reach(pos_, shared_.winner, remaining)) return false;
    // A mate in exactly `remaining` plies needs a shortest one no longer.
    if (const HelpmateTables* tables = shared_.tables; tables && pos_.occupied().count() <= tables->max_men()) {
      const TableAnswer known = tables->probe(pos_, shared_.winner);
      if (known.kind == TableAnswer::Kind::NoMate || (known.kind == TableAnswer::Kind::Mate && known.plies > remaining))
        return false;
    }
    // Dearer than the table's probe, so after it; what it proves goes into the table.
    if (shared_.flights_cut && !flights_open && flights_forbid_mate(pos_, shared_.winner, remaining)) {
      if (table) table->record_unsolvable(pos_, key, remaining);
      return false;
    }
    SolutionMemo* memo = shared_.memo;
    if (memo) {
      if (auto known = memo->find(pos_, remaining)) {
        splice(*known);
        return true;
      }
    }
    const std::size_t before = found_.size();
    MoveList moves;
    generate_legal(pos_, moves);
    // The loser's quiet moves whose children the flights bound would cut at once: cut
    // here, before the moves are made and the table probed for them. The children at one
    // ply are left to the mating moves, which the bound does not test either.
    QuietMoveFlights* quiet = nullptr;
    if (shared_.flights_cut && remaining >= 3 && pos_.side_to_move() != shared_.winner) {
      const int count = int(std::count_if(moves.begin(), moves.end(), [&](Move m) { return quiet_man_move(pos_, m); }));
      quiet = quiet_move_flights_slot(remaining);
      if (quiet && !quiet->reset(pos_, shared_.winner, remaining, count)) quiet = nullptr;
    }
    bool any = false;
    // The child's bucket is loaded while the sibling before it is searched (a probe of the
    // big table is a cache miss); the children at one ply left do not probe it.
    const bool prefetch = table && remaining >= 3;
    if (prefetch && moves.size()) table->prefetch(pos_.key_after(moves[0]));
    for (std::size_t i = 0; i < moves.size(); ++i) {
      const Move m = moves[i];
      if (prefetch && i + 1 < moves.size()) table->prefetch(pos_.key_after(moves[i + 1]));
      const bool tested = quiet && quiet_man_move(pos_, m);
      if (tested && quiet->forbids(m.from(), m.to(), piece_after(pos_, m))) continue;
      path_.push_back(m);
      pos_.do_move(m);
      any |= search(remaining - 1, tested);
      pos_.undo_move(m);
      path_.pop_back();
      if (stopped_ || (any && shared_.first_only)) return any;
    }
    if (!any && table) table->record_unsolvable(pos_, key, remaining);
    if (any && memo) memo->store(pos_, suffixes(before, remaining));
    return any;
  }

  // The solutions found since index `first`, without the path that leads here.
  SolutionMemo::Lines suffixes(std::size_t first, int remaining) const {
    SolutionMemo::Lines lines;
    lines.plies = remaining;
    lines.moves.reserve((found_.size() - first) * std::size_t(remaining));
    for (std::size_t i = first; i < found_.size(); ++i)
      lines.moves.insert(lines.moves.end(), found_[i].begin() + std::ptrdiff_t(path_.size()), found_[i].end());
    return lines;
  }

  // Records a known list of solutions below the present position.
  void splice(const SolutionMemo::Lines& known) {
    for (std::size_t i = 0; i < known.count(); ++i) {
      found_.push_back(path_);
      auto begin = known.moves.begin() + std::ptrdiff_t(i * std::size_t(known.plies));
      found_.back().insert(found_.back().end(), begin, begin + known.plies);
    }
  }

  // The last ply: the winner's moves that checkmate. Only checking moves can.
  bool mating_moves() {
    CheckingMoves checks;
    generate_checking_moves(pos_, checks);
    bool any = false;
    for (std::size_t i = 0; i < checks.size(); ++i) {
      const Move m = checks[i];
      ++pending_;
      if (king_can_step_after(pos_, m)) continue;  // no mate: the king steps out
      pos_.do_move(m);
      const bool mate = checked_side_is_mated(pos_);
      pos_.undo_move(m);
      if (!mate) continue;
      path_.push_back(m);
      found_.push_back(path_);
      path_.pop_back();
      any = true;
      if (shared_.first_only) return true;
    }
    return any;
  }

  // Counts a node; false once the search must stop (a limit, or superseded).
  bool count_node() {
    if (stopped_) return false;
    if (++pending_ < kNodeBatch) return true;
    const uint64_t nodes = shared_.nodes.fetch_add(pending_, std::memory_order_relaxed) + pending_;
    if (shared_.table) shared_.table->fit(nodes);
    const bool ok = shared_.limits.spend(pending_);
    pending_ = 0;
    if (!ok)
      limit_hit_ = stopped_ = true;
    else if (superseded())
      stopped_ = true;
    return !stopped_;
  }

  // first_only: an earlier task already holds a solution, so this one is not needed.
  bool superseded() const { return shared_.first_only && shared_.best_rank.load(std::memory_order_relaxed) < rank_; }

  Position pos_;
  std::size_t rank_;
  Shared& shared_;
  std::vector<Move> path_;
  std::vector<std::vector<Move>> found_;
  uint64_t pending_ = 0;
  bool stopped_ = false;
  bool limit_hit_ = false;
};

// A number that orders moves as their UCI text does ("a1b1" < "a1b1n" < "a1b1q" < "a2a3"):
// squares by file then rank, castling by the king's target in standard chess.
uint32_t uci_order(Move m, bool chess960) {
  auto name_order = [](Square s) { return uint32_t(file_of(s) * 8 + rank_of(s)); };
  Square to = m.to();
  if (m.kind() == MoveKind::Castling && !chess960)
    to = Position::castling_king_target(rank_of(m.from()) == 0 ? Color::White : Color::Black,
                                        file_of(m.to()) > file_of(m.from()));
  uint32_t promotion = 0;  // none, then b, n, q, r as the letters sort
  if (m.kind() == MoveKind::Promotion) {
    switch (m.promotion()) {
      case PieceType::Bishop:
        promotion = 1;
        break;
      case PieceType::Knight:
        promotion = 2;
        break;
      case PieceType::Queen:
        promotion = 3;
        break;
      default:
        promotion = 4;
        break;
    }
  }
  return (name_order(m.from()) * 64 + name_order(to)) * 5 + promotion;
}

std::vector<Move> moves_by_uci(const Position& pos) {
  MoveList list = legal_moves(pos);
  std::vector<Move> out(list.begin(), list.end());
  const bool chess960 = pos.chess960();
  std::sort(out.begin(), out.end(),
            [chess960](Move a, Move b) { return uci_order(a, chess960) < uci_order(b, chess960); });
  return out;
}

// The tasks: every line of the first `length` plies, in UCI order (the rank of a task).
std::vector<std::vector<Move>> prefixes(const Position& root, int length) {
  std::vector<std::vector<Move>> out{{}};
  for (int ply = 0; ply < length; ++ply) {
    std::vector<std::vector<Move>> longer;
    for (const auto& prefix : out) {
      Position pos = root;
      for (Move m : prefix) pos.do_move(m);
      for (Move m : moves_by_uci(pos)) {
        longer.push_back(prefix);
        longer.back().push_back(m);
      }
    }
    out.swap(longer);
  }
  return out;
}

}  // namespace

HelpmateSolutions solve_helpmate(const Position& root, Stipulation stipulation, Limits& limits,
                                 const HelpmateProblemOptions& options) {
  const int plies = stipulation.plies();
  const Color winner = stipulation.half ? root.side_to_move() : ~root.side_to_move();
  const unsigned log2 = options.table_log2 ? options.table_log2 : table_size_for(plies);
  std::unique_ptr<NoSolutionTable> table = log2 ? std::make_unique<NoSolutionTable>(log2) : nullptr;
  std::unique_ptr<SolutionMemo> memo = options.first_only ? nullptr : std::make_unique<SolutionMemo>(kMemoMaxMoves);
  Shared shared{winner, options.first_only, limits, table.get(), memo.get(), options.tables, options.flights_cut};

  const int split = std::min(2, plies - 1);
  const auto tasks = prefixes(root, split);
  std::vector<std::vector<std::vector<Move>>> found(tasks.size());
  std::vector<char> finished(tasks.size(), 0);
  auto solve_task = [&](std::size_t i) {
    Solver solver(root, tasks[i], i, shared);
    finished[i] = solver.run(plies - split);
    found[i] = std::move(solver.solutions());
  };
  // With one thread, the tasks run here in turn (active_value does not start the scheduler).
  if (options.threads == 1 || tbb::global_control::active_value(tbb::global_control::max_allowed_parallelism) <= 1) {
    for (std::size_t i = 0; i < tasks.size(); ++i) solve_task(i);
  } else {
    tbb::parallel_for(std::size_t(0), tasks.size(), solve_task);
  }

  HelpmateSolutions result;
  result.nodes = shared.nodes.load() + 1;
  result.complete = std::all_of(finished.begin(), finished.end(), [](char f) { return f; });
  if (options.first_only) {
    // The earliest task with a solution ran to its end (only later tasks are superseded):
    // its first solution is the answer whatever the thread count.
    const std::size_t best = shared.best_rank.load();
    if (best != kNoRank) {
      result.solutions.push_back(found[best].front());
      result.complete = true;  // one solution was asked for, and it is found
    }
  } else {
    for (auto& list : found)
      for (auto& line : list) result.solutions.push_back(std::move(line));
    const bool chess960 = root.chess960();
    std::sort(result.solutions.begin(), result.solutions.end(), [chess960](const auto& a, const auto& b) {
      return std::lexicographical_compare(a.begin(), a.end(), b.begin(), b.end(), [chess960](Move x, Move y) {
        return uci_order(x, chess960) < uci_order(y, chess960);
      });
    });
  }
  if (!result.complete) result.limit = limits.limit_hit();
  return result;
}

}  // namespace arbiter::search
