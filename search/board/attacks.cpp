#include "search/board/attacks.hpp"

#include <cstdlib>

namespace arbiter::board {
namespace detail {
namespace {

constexpr int kRookDirs[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
constexpr int kBishopDirs[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

// Attacks along four directions, stopping at (and including) the first occupied square.
Bitboard ray_attacks(const int (&dirs)[4][2], Square s, Bitboard occupied) {
  Bitboard result;
  for (const auto& d : dirs) {
    int f = file_of(s) + d[0], r = rank_of(s) + d[1];
    while (f >= 0 && f < 8 && r >= 0 && r < 8) {
      Square t = make_square(f, r);
      result |= t;
      if (occupied.has(t)) break;
      f += d[0];
      r += d[1];
    }
  }
  return result;
}

// The occupancy bits that matter for a slider on s: its rays without the board edge.
Bitboard relevant_mask(const int (&dirs)[4][2], Square s) {
  Bitboard mask;
  for (const auto& d : dirs) {
    int f = file_of(s) + d[0], r = rank_of(s) + d[1];
    while (f + d[0] >= 0 && f + d[0] < 8 && r + d[1] >= 0 && r + d[1] < 8) {
      mask |= make_square(f, r);
      f += d[0];
      r += d[1];
    }
  }
  return mask;
}

Bitboard leaper(Square s, const int (*steps)[2], int n) {
  Bitboard result;
  for (int i = 0; i < n; ++i) {
    int f = file_of(s) + steps[i][0], r = rank_of(s) + steps[i][1];
    if (f >= 0 && f < 8 && r >= 0 && r < 8) result |= make_square(f, r);
  }
  return result;
}

// xorshift64*: a small deterministic generator for magic candidates.
struct Prng {
  uint64_t s;
  uint64_t next() {
    s ^= s >> 12;
    s ^= s << 25;
    s ^= s >> 27;
    return s * 2685821657736338717ULL;
  }
  uint64_t sparse() { return next() & next() & next(); }
};

// Fills one square's slider entry: enumerates every subset of the mask (carry-rippler),
// and (without PEXT) searches a magic that maps them to indices without harmful collisions.
void fill_slider(SliderEntry& e, const int (&dirs)[4][2], Square s, Bitboard* storage, Prng& prng) {
  e.mask = relevant_mask(dirs, s).bits();
  const int bits = std::popcount(e.mask);
  const std::size_t size = std::size_t(1) << bits;
  e.shift = unsigned(64 - bits);
  e.table = storage;
  std::vector<uint64_t> occupancies(size);
  std::vector<Bitboard> reference(size);
  uint64_t subset = 0;
  for (std::size_t i = 0; i < size; ++i) {
    occupancies[i] = subset;
    reference[i] = ray_attacks(dirs, s, Bitboard(subset));
    subset = (subset - e.mask) & e.mask;
  }
#ifdef ARBITER_USE_PEXT
  for (std::size_t i = 0; i < size; ++i) storage[_pext_u64(occupancies[i], e.mask)] = reference[i];
#else
  std::vector<unsigned> epoch(size, 0);
  for (unsigned attempt = 1;; ++attempt) {
    do e.magic = prng.sparse();
    while (std::popcount((e.mask * e.magic) >> 56) < 6);
    bool ok = true;
    for (std::size_t i = 0; i < size && ok; ++i) {
      unsigned idx = unsigned((occupancies[i] * e.magic) >> e.shift);
      if (epoch[idx] != attempt) {
        epoch[idx] = attempt;
        storage[idx] = reference[i];
      } else if (storage[idx] != reference[i]) {
        ok = false;
      }
    }
    if (ok) break;
  }
#endif
  (void)prng;
}

AttackTables build() {
  AttackTables t;
  constexpr int knight_steps[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
  constexpr int king_steps[8][2] = {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
  constexpr int white_pawn[2][2] = {{-1, 1}, {1, 1}};
  constexpr int black_pawn[2][2] = {{-1, -1}, {1, -1}};
  std::size_t rook_size = 0, bishop_size = 0;
  for (int i = 0; i < 64; ++i) {
    Square s = Square(i);
    t.knight[i] = leaper(s, knight_steps, 8);
    t.king[i] = leaper(s, king_steps, 8);
    t.pawn[0][i] = leaper(s, white_pawn, 2);
    t.pawn[1][i] = leaper(s, black_pawn, 2);
    rook_size += std::size_t(1) << relevant_mask(kRookDirs, s).count();
    bishop_size += std::size_t(1) << relevant_mask(kBishopDirs, s).count();
  }
  t.slider_storage.resize(rook_size + bishop_size);
  Bitboard* next = t.slider_storage.data();
  Prng prng{0x9E3779B97F4A7C15ULL};
  for (int i = 0; i < 64; ++i) {
    fill_slider(t.rook[i], kRookDirs, Square(i), next, prng);
    next += std::size_t(1) << std::popcount(t.rook[i].mask);
    fill_slider(t.bishop[i], kBishopDirs, Square(i), next, prng);
    next += std::size_t(1) << std::popcount(t.bishop[i].mask);
  }
  for (int a = 0; a < 64; ++a) {
    for (int b = 0; b < 64; ++b) {
      if (a == b) continue;
      Square sa = Square(a), sb = Square(b);
      Bitboard only_b = Bitboard::of(sb), only_a = Bitboard::of(sa);
      if (ray_attacks(kRookDirs, sa, Bitboard()).has(sb)) {
        t.line[a][b] = (ray_attacks(kRookDirs, sa, Bitboard()) & ray_attacks(kRookDirs, sb, Bitboard())) | sa | sb;
        t.between[a][b] = ray_attacks(kRookDirs, sa, only_b) & ray_attacks(kRookDirs, sb, only_a);
      } else if (ray_attacks(kBishopDirs, sa, Bitboard()).has(sb)) {
        t.line[a][b] =
            (ray_attacks(kBishopDirs, sa, Bitboard()) & ray_attacks(kBishopDirs, sb, Bitboard())) | sa | sb;
        t.between[a][b] = ray_attacks(kBishopDirs, sa, only_b) & ray_attacks(kBishopDirs, sb, only_a);
      }
    }
  }
  return t;
}

}  // namespace

const AttackTables kAttackTables = build();

}  // namespace detail

const char* slider_indexing() {
#ifdef ARBITER_USE_PEXT
  return "pext";
#else
  return "magic";
#endif
}

}  // namespace arbiter::board
