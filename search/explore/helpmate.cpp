#include "search/explore/helpmate.hpp"

#include <algorithm>
#include <bit>
#include <optional>
#include <vector>

#include "search/board/check_test.hpp"
#include "search/board/movegen.hpp"
#include "search/proofs/check_reach.hpp"
#include "search/proofs/flight_cover.hpp"
#include "search/checking_moves.hpp"
#include "search/explore/guidance.hpp"
#include "search/huge_page_allocator.hpp"
#include "search/proofs/material.hpp"

namespace arbiter::search {

using namespace board;

namespace {

constexpr Square kCorners[4] = {Square(0), Square(7), Square(56), Square(63)};

Square target_corner(Square king, int variant) {
  std::array<Square, 4> corners;
  std::copy(std::begin(kCorners), std::end(kCorners), corners.begin());
  std::stable_sort(corners.begin(), corners.end(),
                   [king](Square a, Square b) { return distance(king, a) < distance(king, b); });
  return corners[variant & 3];
}

class Searcher {
 public:
  Searcher(const Position& root, Color winner, Limits& limits, TranspositionTable& table, int variant,
           const HelpmateTables* tables, bool flights_cut, bool last_ply_memo)
      : pos_(root),
        winner_(winner),
        limits_(limits),
        table_(table),
        tables_(tables),
        flights_cut_(flights_cut),
        last_ply_memo_(last_ply_memo) {
    corner_ = target_corner(pos_.king_square(~winner), variant);
  }

  // True when a mate is found within `remaining` plies; the line is then in line_
  // (in reverse order).
  bool search(int remaining) {
    if (++pending_ >= batch_) {  // a flights test may have counted the last one
      if (!limits_.spend(pending_)) aborted_ = true;
      pending_ = 0;
    }
    if (aborted_) return false;
    const Color side = pos_.side_to_move();
    const bool losing_side = side != winner_;
    if (losing_side && pos_.in_check() && !has_legal_move(pos_)) return true;
    if (remaining <= 0) return false;
    // The memo and the table before the check-reach bound: a hit is one load, and each
    // of the three only ever answers "no mate", so their order changes nothing found.
    if (!losing_side && remaining == 1) {  // not the shared table: its deeper facts would be pushed out
      const uint64_t key = pos_.key();
      uint64_t& seen = no_mate_in_one_[key & no_mate_mask_];
      if (last_ply_memo_ && seen == key && key != 0) return false;
      if (mate_out_of_reach(pos_, winner_, remaining)) return false;  // no man can check in time
      // The last move must mate: only checks, and only those that leave the king no step.
      if (auto mate = find_mating_move(pos_)) {
        line_.push_back(*mate);
        return true;
      }
      seen = key;
      return false;
    }
    const uint64_t key = pos_.key();
    if (table_.probe(key, winner_) >= remaining) return false;
    if (mate_out_of_reach(pos_, winner_, remaining)) return false;
    // Dearer than the table's probe, so after it; what it proves goes into the table.
    if (flights_cut_) {
      // A test is a few nodes' work: it counts as a node of the budget, so that the cut
      // buys depth without stretching a bounded search's time as much.
      ++pending_;
      if (flights_forbid_mate(pos_, winner_, remaining)) {
        table_.store(key, winner_, remaining);
        return false;
      }
    }
    if (tables_ && pos_.occupied().count() <= tables_->max_men()) {
      const TableAnswer answer = tables_->probe(pos_, winner_);
      if (answer.kind == TableAnswer::Kind::NoMate) {
        table_.store(key, winner_, 255);
        return false;
      }
      if (answer.kind == TableAnswer::Kind::Mate) {
        if (answer.plies > remaining) return false;
        auto rest = table_line(*tables_, pos_, winner_, &mate_distance_estimate);
        if (!rest) return false;  // the caller replays what it gets; a broken table gives nothing
        line_.insert(line_.end(), rest->rbegin(), rest->rend());
        return true;
      }
    }
    if (material_forbids_mate_fast(pos_, winner_)) {
      table_.store(key, winner_, 255);
      return false;
    }
    MoveList moves;
    generate_legal(pos_, moves);
    std::array<int, MoveList::kCapacity> scores;
    const Square loser_king = pos_.king_square(~winner_);
    const std::optional<CheckTest> checks =
        !losing_side && remaining <= 3 ? std::optional<CheckTest>(pos_) : std::nullopt;
    for (std::size_t i = 0; i < moves.size(); ++i) scores[i] = score(moves[i], losing_side, loser_king, checks);
    // Insertion sort by score, best first (lists are short).
    for (std::size_t i = 1; i < moves.size(); ++i) {
      Move m = moves[i];
      int s = scores[i];
      std::size_t j = i;
      for (; j > 0 && scores[j - 1] < s; --j) {
        moves[j] = moves[j - 1];
        scores[j] = scores[j - 1];
      }
      moves[j] = m;
      scores[j] = s;
    }
    // The child's slot (the last-ply memo's, or the table's) is loaded while the sibling
    // before it is searched, when the table is too big for the caches (a probe there is a
    // cache miss); in a small one the key's guess would cost more than it saves.
    const bool prefetch = remaining == 2 ? prefetch_memo_ : prefetch_table_;
    auto load = [&](Move m) {
      const uint64_t child = pos_.key_after(m);
      if (remaining == 2) __builtin_prefetch(&no_mate_in_one_[child & no_mate_mask_]);
      else table_.prefetch(child, winner_);
    };
    if (prefetch && moves.size()) load(moves[0]);
    for (std::size_t i = 0; i < moves.size(); ++i) {
      const Move m = moves[i];
      if (prefetch && i + 1 < moves.size()) load(moves[i + 1]);
      pos_.do_move(m);
      bool found = search(remaining - 1);
      pos_.undo_move(m);
      if (found) {
        line_.push_back(m);
        return true;
      }
      if (aborted_) return false;
    }
    table_.store(key, winner_, remaining);
    return false;
  }

  bool aborted() const { return aborted_; }
  void flush() {
    limits_.spend(pending_);
    pending_ = 0;
  }
  std::vector<Move> line() const { return {line_.rbegin(), line_.rend()}; }

 private:
  // Ordering: the losing king walks to its corner and its men gather round it; the
  // winner's men close in on the losing king; captures of the winner's men come last.
  // `checks` is given when checks count (the winner to move, close to the end).
  int score(Move m, bool losing_side, Square loser_king, const std::optional<CheckTest>& checks) const {
    const Square from = m.from(), to = m.to();
    const PieceType type = type_of(pos_.piece_on(from));
    const bool capture = m.kind() != MoveKind::Castling && pos_.piece_on(to) != Piece::None;
    int s = 0;
    if (losing_side) {
      if (type == PieceType::King) {
        s += 8 * (distance(from, corner_) - distance(m.kind() == MoveKind::Castling ? from : to, corner_));
      } else {
        s += 2 * (distance(from, loser_king) - distance(to, loser_king));
        if (m.kind() == MoveKind::Promotion) s += 2;
      }
      if (capture) s -= 24;
    } else {
      if (type == PieceType::Pawn) {
        s += 3;
        if (m.kind() == MoveKind::Promotion) s += m.promotion() == PieceType::Queen ? 20 : 6;
      } else if (m.kind() != MoveKind::Castling) {
        const Bitboard occ = pos_.occupied() ^ from;
        s += 6 * (approach_gap(type, from, loser_king, occ) - approach_gap(type, to, loser_king, occ));
      }
      if (capture && distance(to, loser_king) <= 1) s -= 6;
      if (checks && checks->gives_check(m)) s += 12;
    }
    return s;
  }

  Position pos_;
  Color winner_;
  Limits& limits_;
  TranspositionTable& table_;
  const HelpmateTables* tables_;
  bool flights_cut_;
  bool last_ply_memo_;
  Square corner_;
  std::vector<Move> line_;
  uint64_t pending_ = 0;
  // Nodes counted between looks at the limits: fewer than the budget, so that a small
  // budget is kept (a look costs an atomic add).
  uint64_t batch_ = std::clamp<uint64_t>(limits_.max_nodes() / 8, 1, 1024);
  // The keys of last-ply positions where the winner has no mating move. A proof meets
  // about half of them again (the loser's moves in another order), and a hit skips only a
  // look that would find nothing again: nodes and results are those without it. Direct
  // mapped, about an entry for every two nodes of the budget (1K to 256K entries).
  unsigned no_mate_log2_ = std::clamp<unsigned>(unsigned(std::bit_width(limits_.max_nodes() / 2)), 10, 18);
  std::unique_ptr<uint64_t[], ZeroedHugeFree> no_mate_in_one_ = zeroed_array<uint64_t>(std::size_t(1) << no_mate_log2_);
  uint64_t no_mate_mask_ = (uint64_t(1) << no_mate_log2_) - 1;
  // Tables past this size are prefetched (about what a core's own caches hold).
  static constexpr std::size_t kPrefetchBytes = std::size_t(1) << 20;
  bool prefetch_table_ = table_.size_bytes() > kPrefetchBytes;
  bool prefetch_memo_ = (sizeof(uint64_t) << no_mate_log2_) > kPrefetchBytes;
  bool aborted_ = false;
};

}  // namespace

HelpmateResult find_helpmate(const Position& root, Color winner, Limits& limits, TranspositionTable& table,
                             const HelpmateConfig& config) {
  HelpmateResult result;
  Searcher searcher(root, winner, limits, table, config.variant, config.tables, config.flights_cut,
                    config.last_ply_memo);
  // A mate falls on the loser's turn: odd plies when the winner moves first.
  int first = root.side_to_move() == winner ? 1 : 0;
  for (int depth = first; depth <= config.max_plies; depth += 2) {
    if (searcher.search(depth)) {
      searcher.flush();
      result.line = searcher.line();
      return result;
    }
    if (searcher.aborted()) break;
    result.depth_completed = depth;
  }
  searcher.flush();
  return result;
}

}  // namespace arbiter::search
