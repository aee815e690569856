#include "tablebase/helpmate/table_builder.hpp"

#include <algorithm>
#include <atomic>
#include <cstring>
#include <memory>

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include "search/board/attacks.hpp"
#include "tablebase/helpmate/table_index.hpp"

namespace arbiter::tablebase::helpmate {

using board::Bitboard;
using board::Color;
using board::Piece;
using board::PieceType;
using board::Square;

namespace {

using Pieces = std::array<Piece, kMaxMen>;

// A few men on the board, in the slot order of some material: what the build moves around.
struct Men {
  Squares squares{};
  Pieces pieces{};
  int count = 0;
};

// Whether a man of colour `by` (other than the one in slot `skip`) attacks `target`.
bool attacked(const Squares& sq, const Pieces& pc, int n, int skip, Square target, Color by, Bitboard occupied) {
  for (int i = 0; i < n; ++i) {
    if (i == skip || color_of(pc[std::size_t(i)]) != by) continue;
    const Square s = sq[std::size_t(i)];
    const PieceType t = type_of(pc[std::size_t(i)]);
    const Bitboard a = t == PieceType::Pawn ? board::pawn_attacks(by, s) : board::piece_attacks(t, s, occupied);
    if (a.has(target)) return true;
  }
  return false;
}

Bitboard occupancy(const Squares& sq, int n) {
  Bitboard b;
  for (int i = 0; i < n; ++i) b |= sq[std::size_t(i)];
  return b;
}

int king_slot(Color c) { return c == Color::White ? 0 : 1; }

// Values of the tables that captures and promotions lead to, by (non-canonical) material.
class ChildTables {
 public:
  bool add(const Material& m, const TableLookup& lookup) {
    Material c = m.canonical() ? m : m.flipped();
    if (c.men() <= 2) return true;
    for (const auto& e : entries_)
      if (e.material == c) return true;
    const TableData* data = lookup(c);
    if (!data || data->material != c) return false;
    entries_.push_back({c, std::make_unique<TableIndex>(c), data});
    return true;
  }

  // The value for `winner` of the position of these men with `to_move` to move.
  // kInvalid when no table holds it (which a complete build never meets).
  uint8_t value(const Men& men, Color to_move, Color winner) const {
    Material m;
    for (int i = 2; i < men.count; ++i) {
      const Piece p = men.pieces[std::size_t(i)];
      ++m.counts[index(color_of(p))][index(type_of(p))];
    }
    if (m.lone_king(winner)) return kNone;
    const bool flip = !m.canonical();
    if (flip) {
      m = m.flipped();
      to_move = ~to_move;
      winner = ~winner;
    }
    for (const auto& e : entries_) {
      if (e.material != m) continue;
      // Each slot of the child's order takes the next man of its piece.
      Squares squares{};
      uint32_t used = 0;
      for (int slot = 0; slot < e.index->men(); ++slot) {
        Piece want = e.index->piece(slot);
        if (flip) want = board::make_piece(~color_of(want), type_of(want));
        for (int i = 0; i < men.count; ++i) {
          if (used >> i & 1 || men.pieces[std::size_t(i)] != want) continue;
          used |= 1u << i;
          const Square s = men.squares[std::size_t(i)];
          squares[std::size_t(slot)] = flip ? board::flip_rank(s) : s;
          break;
        }
      }
      const uint64_t slot = e.index->encode(squares);
      if (slot >= e.data->size) return kInvalid;
      return e.data->at(winner, to_move, slot);
    }
    return kInvalid;
  }

 private:
  struct Entry {
    Material material;
    std::unique_ptr<TableIndex> index;
    const TableData* data;
  };
  std::vector<Entry> entries_;
};

// Copies the men, leaving out slot `gone` (a captured man) and changing slot `changed`
// to stand on `to` as `as`: the men after a capture or promotion, kings still first.
Men after_move(const Squares& sq, const Pieces& pc, int n, int changed, Square to, Piece as, int gone) {
  Men m;
  for (int i = 0; i < n; ++i) {
    if (i == gone) continue;
    m.squares[std::size_t(m.count)] = i == changed ? to : sq[std::size_t(i)];
    m.pieces[std::size_t(m.count)] = i == changed ? as : pc[std::size_t(i)];
    ++m.count;
  }
  return m;
}

class Builder {
 public:
  Builder(const Material& m, TableData& out, const ChildTables& children)
      : index_(m), out_(out), children_(children) {
    n_ = index_.men();
    for (int i = 0; i < n_; ++i) pieces_[std::size_t(i)] = index_.piece(i);
  }

  // Marks invalid slots and seeds every legal position with its mate and conversions.
  void seed(uint64_t slot) {
    const Squares sq = index_.decode(slot);
    const Bitboard occ = occupancy(sq, n_);
    const bool valid = occ.count() == n_ && index_.encode(sq) == slot;
    for (Color stm : {Color::White, Color::Black}) {
      uint8_t best[2] = {kInvalid, kInvalid};
      if (valid && !attacked(sq, pieces_, n_, -1, sq[std::size_t(king_slot(~stm))], stm, occ))
        forward(sq, occ, stm, best);
      for (Color w : {Color::White, Color::Black}) {
        out_.values[value_offset(w, stm, slot, out_.size)] = best[index(w)];
        if (best[index(w)] <= kMaxPlies) note_seed(best[index(w)]);
      }
    }
  }

  // Relaxes the predecessors of every position of winner w whose value is `level`.
  // Returns whether any value level + 1 was written.
  bool relax_level(Color w, uint64_t begin, uint64_t end, uint8_t level) {
    bool any = false;
    const uint64_t spread = 0x0101010101010101ULL * level;
    for (Color stm : {Color::White, Color::Black}) {
      const uint8_t* section = out_.values.data() + value_offset(w, stm, 0, out_.size);
      for (uint64_t slot = begin; slot < end;) {
        // Eight values at a time: most words hold none of this level. (Other threads only
        // write level + 1 over larger values meanwhile, so a byte equal to `level` never
        // changes during the scan: a word read while one of them is written still shows
        // every byte that matters.)
        if (slot + 8 <= end) {
          uint64_t word;
          std::memcpy(&word, section + slot, 8);
          const uint64_t x = word ^ spread;
          if (((x - 0x0101010101010101ULL) & ~x & 0x8080808080808080ULL) == 0) {
            slot += 8;
            continue;
          }
        }
        const uint64_t stop = std::min(end, slot + 8);
        for (; slot < stop; ++slot) {
          std::atomic_ref<uint8_t> v(out_.values[value_offset(w, stm, slot, out_.size)]);
          if (v.load(std::memory_order_relaxed) == level) any |= unmoves(index_.decode(slot), stm, w, level);
        }
      }
    }
    return any;
  }

  int max_seed() const { return max_seed_.load(); }
  bool broken() const { return broken_.load(); }

 private:
  void note_seed(uint8_t v) {
    int cur = max_seed_.load(std::memory_order_relaxed);
    while (v > cur && !max_seed_.compare_exchange_weak(cur, v, std::memory_order_relaxed)) {
    }
  }

  void conversion(uint8_t best[2], const Men& child, Color to_move, int extra) {
    for (Color w : {Color::White, Color::Black}) {
      const uint8_t v = children_.value(child, to_move, w);
      if (v == kInvalid) {
        broken_ = true;
        continue;
      }
      if (v == kNone) continue;
      best[index(w)] = uint8_t(std::min<int>(best[index(w)], v + extra));
    }
  }

  // The legal moves of a stored position: its mate value and conversion seeds in best.
  void forward(const Squares& sq, Bitboard occ, Color stm, uint8_t best[2]) {
    best[0] = best[1] = kNone;
    Bitboard own, enemy;
    for (int i = 0; i < n_; ++i) (color_of(pieces_[std::size_t(i)]) == stm ? own : enemy) |= sq[std::size_t(i)];
    const int ks = king_slot(stm);
    bool has_move = false;
    auto slot_on = [&](Square s) {
      for (int j = 0; j < n_; ++j)
        if (sq[std::size_t(j)] == s) return j;
      return -1;
    };
    auto try_move = [&](int i, Square to, PieceType promo, bool double_push) {
      const Square from = sq[std::size_t(i)];
      const int cap = enemy.has(to) ? slot_on(to) : -1;
      if (cap == king_slot(~stm)) return;
      Squares nsq = sq;
      nsq[std::size_t(i)] = to;
      const Bitboard nocc = (occ ^ from) | to;
      if (attacked(nsq, pieces_, n_, cap, nsq[std::size_t(ks)], ~stm, nocc)) return;
      has_move = true;
      if (cap >= 0 || promo != PieceType::None) {
        const Piece as = promo != PieceType::None ? board::make_piece(stm, promo) : pieces_[std::size_t(i)];
        conversion(best, after_move(sq, pieces_, n_, i, to, as, cap), ~stm, 1);
        return;
      }
      if (!double_push) return;
      // A double push that allows a legal en-passant capture leads to a position the table
      // does not hold: its capture is seeded here (two plies), its other moves are those
      // of the stored placement (relaxed by the un-moves, unless that is a mate).
      const Square mid = board::offset(from, board::forward(stm));
      for (int e = 0; e < n_; ++e) {
        if (pieces_[std::size_t(e)] != board::make_piece(~stm, PieceType::Pawn)) continue;
        if (!board::pawn_attacks(stm, mid).has(sq[std::size_t(e)])) continue;
        Squares esq = nsq;
        esq[std::size_t(e)] = mid;
        const Bitboard eocc = (nocc ^ sq[std::size_t(e)] ^ to) | mid;
        if (attacked(esq, pieces_, n_, i, esq[std::size_t(king_slot(~stm))], stm, eocc)) continue;
        conversion(best, after_move(nsq, pieces_, n_, e, mid, pieces_[std::size_t(e)], i), stm, 2);
      }
    };
    for (int i = 0; i < n_; ++i) {
      const Piece p = pieces_[std::size_t(i)];
      if (color_of(p) != stm) continue;
      const Square from = sq[std::size_t(i)];
      if (type_of(p) == PieceType::Pawn) {
        const Square one = board::offset(from, board::forward(stm));
        const bool promotes = board::relative_rank(stm, one) == 7;
        auto each = [&](Square to) {
          if (promotes)
            for (PieceType t : {PieceType::Queen, PieceType::Rook, PieceType::Bishop, PieceType::Knight})
              try_move(i, to, t, false);
          else
            try_move(i, to, PieceType::None, false);
        };
        if (!occ.has(one)) {
          each(one);
          const Square two = board::offset(one, board::forward(stm));
          if (board::relative_rank(stm, from) == 1 && !occ.has(two)) try_move(i, two, PieceType::None, true);
        }
        for (Square to : board::pawn_attacks(stm, from) & enemy) each(to);
      } else {
        for (Square to : board::piece_attacks(type_of(p), from, occ) & ~own) try_move(i, to, PieceType::None, false);
      }
    }
    if (!has_move) {
      const bool in_check = attacked(sq, pieces_, n_, -1, sq[std::size_t(ks)], ~stm, occ);
      // Mate of the loser: 0 for the other side; stalemate or the winner mated: none.
      best[0] = best[1] = kNone;
      if (in_check) best[index(~stm)] = 0;
    }
  }

  // Whether, after the pawn in slot i (of the side not to move) has just pushed two
  // squares, the side to move has a legal en-passant capture.
  bool en_passant_legal(const Squares& sq, Bitboard occ, Color stm, int i) const {
    const Square to = sq[std::size_t(i)];
    const Square mid = board::offset(to, -board::forward(~stm));
    for (int e = 0; e < n_; ++e) {
      if (pieces_[std::size_t(e)] != board::make_piece(stm, PieceType::Pawn)) continue;
      if (!board::pawn_attacks(~stm, mid).has(sq[std::size_t(e)])) continue;
      Squares esq = sq;
      esq[std::size_t(e)] = mid;
      const Bitboard eocc = (occ ^ sq[std::size_t(e)] ^ to) | mid;
      if (!attacked(esq, pieces_, n_, i, esq[std::size_t(king_slot(stm))], ~stm, eocc)) return true;
    }
    return false;
  }

  // The predecessors of (sq, stm) by a move that stays in this material, each given
  // level + 1 when that is shorter. Returns whether any was.
  bool unmoves(const Squares& sq, Color stm, Color w, uint8_t level) {
    const Color mover = ~stm;
    const Bitboard occ = occupancy(sq, n_);
    const uint8_t next = uint8_t(level + 1);
    bool any = false;
    auto relax = [&](int i, Square from) {
      Squares q = sq;
      q[std::size_t(i)] = from;
      const uint64_t slot = index_.encode(q);
      if (slot >= out_.size) return;  // the kings would stand side by side
      std::atomic_ref<uint8_t> v(out_.values[value_offset(w, mover, slot, out_.size)]);
      const uint8_t old = v.load(std::memory_order_relaxed);
      if (old == kInvalid || old <= next) return;
      v.store(next, std::memory_order_relaxed);
      any = true;
    };
    for (int i = 0; i < n_; ++i) {
      const Piece p = pieces_[std::size_t(i)];
      if (color_of(p) != mover) continue;
      const Square to = sq[std::size_t(i)];
      if (type_of(p) == PieceType::Pawn) {
        const Square one = board::offset(to, -board::forward(mover));
        if (board::relative_rank(mover, one) < 1 || occ.has(one)) continue;
        relax(i, one);
        if (board::relative_rank(mover, to) != 3) continue;
        const Square two = board::offset(one, -board::forward(mover));
        if (occ.has(two)) continue;
        // From the placement with an en-passant capture this mate is no mate.
        if (level == 0 && en_passant_legal(sq, occ, stm, i)) continue;
        relax(i, two);
      } else {
        for (Square from : board::piece_attacks(type_of(p), to, occ) & ~occ) relax(i, from);
      }
    }
    return any;
  }

  TableIndex index_;
  TableData& out_;
  const ChildTables& children_;
  int n_ = 0;
  Pieces pieces_{};
  std::atomic<int> max_seed_{-1};
  std::atomic<bool> broken_{false};
};

}  // namespace

std::expected<TableData, std::string> build_table(const Material& m, const TableLookup& lookup) {
  if (!m.canonical()) return std::unexpected("not a canonical material: " + m.name());
  if (m.men() > kMaxMen || m.men() < 3) return std::unexpected("no table for " + m.name());
  // Every material one capture or promotion leads to (the builder asks only these).
  ChildTables children;
  for (std::size_t side = 0; side < 2; ++side) {
    for (int t = index(PieceType::Pawn); t <= index(PieceType::Queen); ++t) {
      if (!m.counts[side][std::size_t(t)]) continue;
      Material c = m;
      --c.counts[side][std::size_t(t)];
      std::vector<Material> wanted{c};
      if (t == index(PieceType::Pawn)) {
        for (int promo = index(PieceType::Knight); promo <= index(PieceType::Queen); ++promo) {
          Material p = m;
          --p.counts[side][std::size_t(t)];
          ++p.counts[side][std::size_t(promo)];
          wanted.push_back(p);
          for (int victim = index(PieceType::Knight); victim <= index(PieceType::Queen); ++victim) {
            if (!p.counts[1 - side][std::size_t(victim)]) continue;
            Material q = p;
            --q.counts[1 - side][std::size_t(victim)];
            wanted.push_back(q);
          }
        }
      }
      for (const Material& w : wanted)
        if (!children.add(w, lookup))
          return std::unexpected("the table of " + (w.canonical() ? w : w.flipped()).name() + " (needed by " +
                                 m.name() + ") is missing");
    }
  }

  TableData data;
  data.material = m;
  data.size = TableIndex(m).size();
  Builder builder(m, data, children);
  data.values.assign(4 * data.size, kInvalid);
  const uint64_t size = data.size;
  tbb::parallel_for(tbb::blocked_range<uint64_t>(0, size, 1024), [&](const tbb::blocked_range<uint64_t>& r) {
    for (uint64_t slot = r.begin(); slot < r.end(); ++slot) builder.seed(slot);
  });
  if (builder.broken()) return std::unexpected("a table read while building " + m.name() + " has a hole");
  for (Color w : {Color::White, Color::Black}) {
    if (m.lone_king(w)) continue;
    for (int level = 0;; ++level) {
      if (level >= kMaxPlies) return std::unexpected(m.name() + ": a helpmate longer than the format holds");
      std::atomic<bool> any{false};
      tbb::parallel_for(tbb::blocked_range<uint64_t>(0, size, 4096), [&](const tbb::blocked_range<uint64_t>& r) {
        if (builder.relax_level(w, r.begin(), r.end(), uint8_t(level))) any = true;
      });
      if (!any && level >= builder.max_seed()) break;
    }
  }
  return data;
}

TableSummary summarize(const TableData& data) {
  TableSummary s;
  for (Color stm : {Color::White, Color::Black}) {
    for (uint64_t slot = 0; slot < data.size; ++slot) {
      const uint8_t w = data.at(Color::White, stm, slot), b = data.at(Color::Black, stm, slot);
      if (w == kInvalid) continue;
      ++s.positions[index(stm)];
      if (w <= kMaxPlies) {
        ++s.wins[0];
        s.longest[0] = std::max<uint32_t>(s.longest[0], w);
      }
      if (b <= kMaxPlies) {
        ++s.wins[1];
        s.longest[1] = std::max<uint32_t>(s.longest[1], b);
      }
    }
  }
  return s;
}

}  // namespace arbiter::tablebase::helpmate
