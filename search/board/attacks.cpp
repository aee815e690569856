#include "search/board/attacks.hpp"

#include <algorithm>
#include <bit>
#include <cstdlib>
#include <memory>

namespace arbiter::board {
namespace detail {
namespace {

// Directions d and d ^ 1 point opposite ways (the masks and lines below rely on it).
constexpr int kRookDirs[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
constexpr int kBishopDirs[4][2] = {{1, 1}, {-1, -1}, {1, -1}, {-1, 1}};

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

#ifndef ARBITER_USE_PEXT
// Magics that the search below finds from its seed, kept so that start-up only checks
// them (microseconds) instead of searching (a quarter of a second). Each is checked like
// a candidate of the search; one that fails (it never does) sends that square to the search.
constexpr uint64_t kRookMagics[64] = {
    0x1080004008801020ULL, 0x0840092002c03000ULL, 0x1900200010400900ULL, 0x0880100008000480ULL,
    0x4200100420080200ULL, 0x8100020100080400ULL, 0x0200040110886200ULL, 0x0200008040220411ULL,
    0x0404800084400220ULL, 0x0000401000402000ULL, 0x0086001081220440ULL, 0x0408800800100280ULL,
    0x000a001201040820ULL, 0x8848800200840080ULL, 0x4001000100040200ULL, 0x0442000102105084ULL,
    0x9080010020804100ULL, 0x0040404000201009ULL, 0x0000808010002009ULL, 0x2200090021d00100ULL,
    0x0008008008040080ULL, 0x0004004002010040ULL, 0x0011040008015042ULL, 0x00000a0001768104ULL,
    0x0000800080204009ULL, 0x2010004140002001ULL, 0x9800200280100080ULL, 0x1000100080080080ULL,
    0x0050500500080100ULL, 0x0000020080040080ULL, 0x0c10010400420810ULL, 0x1040008200005104ULL,
    0x01808240088004a0ULL, 0x0882804004802000ULL, 0x0880402001001100ULL, 0x2000210409001000ULL,
    0x2000480131001500ULL, 0x0000800400800200ULL, 0x000002380c001003ULL, 0x4600084882000431ULL,
    0x0080002000504000ULL, 0x0300500020004002ULL, 0x0040408200220011ULL, 0x0010040008004040ULL,
    0x0000080004008080ULL, 0x0010040002008080ULL, 0x2012004881020004ULL, 0x8300842444820011ULL,
    0x0088403882010200ULL, 0x0820400080210100ULL, 0x0110910040a00300ULL, 0x0801100280080480ULL,
    0x0242009008200600ULL, 0x1002000489500200ULL, 0x0040800200010080ULL, 0x0091800041000080ULL,
    0x0000209300488001ULL, 0x04c1002414824001ULL, 0x020020000b001041ULL, 0x7000100004200901ULL,
    0x8002002004100802ULL, 0x30010002084c0007ULL, 0x0888221800813004ULL, 0x4000002840840112ULL,
};
constexpr uint64_t kBishopMagics[64] = {
    0x20c0090901061081ULL, 0x0024040094030104ULL, 0x8210810200290200ULL, 0x0011040484620000ULL,
    0x0081104002221000ULL, 0x0009012011001350ULL, 0x0081010802400380ULL, 0x0000420210010408ULL,
    0x0008105002280050ULL, 0x0001028484040044ULL, 0x2a00880810408804ULL, 0x7020022282000100ULL,
    0x0084040420100a50ULL, 0x000401010840e000ULL, 0x2020020210420888ULL, 0x0008084202012010ULL,
    0x2010400810018800ULL, 0x0445122008020840ULL, 0x0804100808002008ULL, 0x0008002104110100ULL,
    0x0061005820080800ULL, 0x2001000200820100ULL, 0x480c210084010800ULL, 0x3004442500480420ULL,
    0x1010102240048100ULL, 0x00182009084220a3ULL, 0x8803090a10004205ULL, 0x0208080040202020ULL,
    0x000c044084010040ULL, 0x00a1010002004106ULL, 0x6008210020640202ULL, 0x1600902112860801ULL,
    0x00042008c1220200ULL, 0x010c042002440140ULL, 0x5022080200040820ULL, 0x0402004042940100ULL,
    0x0860108400008020ULL, 0x000c080022021000ULL, 0x0264080652822100ULL, 0x4005031221010401ULL,
    0x0004502410008400ULL, 0x000500b010a20400ULL, 0x0415094050080800ULL, 0x080000201800a104ULL,
    0x4022a80304000110ULL, 0x4012140802028020ULL, 0x40200104010100a0ULL, 0x12810806008b0c41ULL,
    0x0020441008080000ULL, 0x2002120084045420ULL, 0x0704020062080002ULL, 0x0000001084040001ULL,
    0x0322200891240200ULL, 0xf040200210024800ULL, 0x0140824832008042ULL, 0x000210020a004602ULL,
    0x0083042805141020ULL, 0x002c12009a011000ULL, 0x0041a00044140400ULL, 0x00004004020a0202ULL,
    0x0000140010020210ULL, 0x2864160811012200ULL, 0x2060080841082a17ULL, 0xa010041108003100ULL,
};

// Whether `magic` maps every subset to an index holding its attack set (subsets that
// share an index have the same attacks); fills the square's table when it does.
bool try_magic(SliderEntry& e, uint64_t magic, const uint64_t* occupancies, std::size_t size, const Bitboard* reference,
               unsigned* epoch, unsigned attempt, Bitboard* storage) {
  e.magic = magic;
  for (std::size_t i = 0; i < size; ++i) {
    unsigned idx = unsigned((occupancies[i] * e.magic) >> e.shift);
    if (epoch[idx] != attempt) {
      epoch[idx] = attempt;
      storage[idx] = reference[i];
    } else if (storage[idx] != reference[i]) {
      return false;
    }
  }
  return true;
}
#endif

// The squares a slider on s attacks along one direction on an empty board, for each
// direction of `dirs`.
std::array<Bitboard, 4> empty_rays(const int (&dirs)[4][2], Square s) {
  std::array<Bitboard, 4> rays;
  for (std::size_t d = 0; d < 4; ++d) {
    int f = file_of(s) + dirs[d][0], r = rank_of(s) + dirs[d][1];
    while (f >= 0 && f < 8 && r >= 0 && r < 8) {
      rays[d] |= make_square(f, r);
      f += dirs[d][0];
      r += dirs[d][1];
    }
  }
  return rays;
}

// Of squares on one ray in direction `dir`, the one nearest to the slider: the lowest when
// the direction raises the square index (rank first, then file), else the highest.
int nearest_on_ray(const int (&dir)[2], uint64_t squares) {
  const bool rising = dir[1] > 0 || (dir[1] == 0 && dir[0] > 0);
  return rising ? std::countr_zero(squares) : 63 - std::countl_zero(squares);
}

// The occupancy bits that matter for a slider on s: its rays without their last square
// (the edge), which is attacked whatever stands there.
Bitboard relevant_mask(const std::array<std::array<Bitboard, 4>, 64>& rays, const int (&dirs)[4][2], Square s) {
  Bitboard mask;
  for (std::size_t d = 0; d < 4; ++d) {
    const Bitboard ray = rays[std::size_t(index(s))][d];
    if (ray) mask |= ray & ~Bitboard::of(Square(nearest_on_ray(dirs[d ^ 1], ray.bits())));
  }
  return mask;
}

// A slider's attacks: along each direction up to and including the first occupied square.
// By bit operations: the empty board's ray less the ray beyond that square.
Bitboard blocked_rays(const std::array<std::array<Bitboard, 4>, 64>& rays, const int (&dirs)[4][2], Square s,
                      uint64_t occupied) {
  Bitboard result;
  for (std::size_t d = 0; d < 4; ++d) {
    const Bitboard ray = rays[std::size_t(index(s))][d];
    const uint64_t blockers = ray.bits() & occupied;
    if (!blockers) {
      result |= ray;
      continue;
    }
    result |= Bitboard(ray.bits() & ~rays[std::size_t(nearest_on_ray(dirs[d], blockers))][d].bits());
  }
  return result;
}

// Fills one square's slider entry: enumerates every subset of the mask (carry-rippler),
// and (without PEXT) finds a magic that maps them to indices without harmful collisions.
// `occupancies`, `reference` and `epoch` are scratch space of 4,096 entries (the most a
// square has), shared by the squares.
void fill_slider(SliderEntry& e, const std::array<std::array<Bitboard, 4>, 64>& rays, const int (&dirs)[4][2], Square s,
                 Bitboard* storage, Prng& prng, uint64_t known, uint64_t* occupancies, Bitboard* reference,
                 unsigned* epoch) {
  e.mask = relevant_mask(rays, dirs, s).bits();
  const int bits = std::popcount(e.mask);
  const std::size_t size = std::size_t(1) << bits;
  e.shift = unsigned(64 - bits);
  e.table = storage;
  uint64_t subset = 0;
  for (std::size_t i = 0; i < size; ++i) {
    occupancies[i] = subset;
    reference[i] = blocked_rays(rays, dirs, s, subset);
    subset = (subset - e.mask) & e.mask;
  }
#ifdef ARBITER_USE_PEXT
  for (std::size_t i = 0; i < size; ++i) storage[_pext_u64(occupancies[i], e.mask)] = reference[i];
  (void)prng;
  (void)known;
  (void)epoch;
#else
  std::fill(epoch, epoch + size, 0u);
  if (try_magic(e, known, occupancies, size, reference, epoch, 1, storage)) return;
  for (unsigned attempt = 2;; ++attempt) {
    uint64_t magic;
    do magic = prng.sparse();
    while (std::popcount((e.mask * magic) >> 56) < 6);
    if (try_magic(e, magic, occupancies, size, reference, epoch, attempt, storage)) break;
  }
#endif
}

AttackTables build() {
  AttackTables t;
  constexpr int knight_steps[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
  constexpr int king_steps[8][2] = {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
  constexpr int white_pawn[2][2] = {{-1, 1}, {1, 1}};
  constexpr int black_pawn[2][2] = {{-1, -1}, {1, -1}};
  std::size_t rook_size = 0, bishop_size = 0;
  std::array<std::array<Bitboard, 4>, 64> rook_rays, bishop_rays;
  for (int i = 0; i < 64; ++i) {
    Square s = Square(i);
    t.knight[i] = leaper(s, knight_steps, 8);
    t.king[i] = leaper(s, king_steps, 8);
    t.pawn[0][i] = leaper(s, white_pawn, 2);
    t.pawn[1][i] = leaper(s, black_pawn, 2);
    rook_rays[std::size_t(i)] = empty_rays(kRookDirs, s);
    bishop_rays[std::size_t(i)] = empty_rays(kBishopDirs, s);
    rook_size += std::size_t(1) << relevant_mask(rook_rays, kRookDirs, s).count();
    bishop_size += std::size_t(1) << relevant_mask(bishop_rays, kBishopDirs, s).count();
  }
  // Default-initialised (not zeroed): every entry is written below.
  t.slider_storage = std::make_unique_for_overwrite<Bitboard[]>(rook_size + bishop_size);
  Bitboard* next = t.slider_storage.get();
  const auto occupancies = std::make_unique_for_overwrite<uint64_t[]>(4096);
  const auto reference = std::make_unique_for_overwrite<Bitboard[]>(4096);
  const auto epoch = std::make_unique_for_overwrite<unsigned[]>(4096);
  Prng prng{0x9E3779B97F4A7C15ULL};
  for (int i = 0; i < 64; ++i) {
#ifdef ARBITER_USE_PEXT
    const uint64_t rook_magic = 0, bishop_magic = 0;
#else
    const uint64_t rook_magic = kRookMagics[i], bishop_magic = kBishopMagics[i];
#endif
    fill_slider(t.rook[i], rook_rays, kRookDirs, Square(i), next, prng, rook_magic, occupancies.get(), reference.get(),
                epoch.get());
    next += std::size_t(1) << std::popcount(t.rook[i].mask);
    fill_slider(t.bishop[i], bishop_rays, kBishopDirs, Square(i), next, prng, bishop_magic, occupancies.get(),
                reference.get(), epoch.get());
    next += std::size_t(1) << std::popcount(t.bishop[i].mask);
  }
  // For b on a's ray d: the line through them is a's rays d and d ^ 1 (opposite ways) and
  // a; between them lies a's ray d less b's ray d and less b.
  for (int a = 0; a < 64; ++a) {
    for (const auto* rays : {&rook_rays, &bishop_rays}) {
      const auto& from_a = (*rays)[std::size_t(a)];
      for (std::size_t d = 0; d < 4; ++d) {
        for (Square b : from_a[d]) {
          t.line[a][index(b)] = from_a[d] | from_a[d ^ 1] | Square(a);
          t.between[a][index(b)] =
              Bitboard(from_a[d].bits() & ~(*rays)[std::size_t(index(b))][d].bits()) & ~Bitboard::of(b);
        }
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
