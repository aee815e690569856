#include "search/board/attacks.hpp"

#include <bit>
#include <cstddef>

// Every table here is made by the compiler (constant evaluation): a process starts with
// them in its read-only data, paged in from the executable as they are touched, instead
// of computing 860 KB of slider attacks and writing them to fresh pages first.

namespace arbiter::board {
namespace detail {
namespace {

// Directions d and d ^ 1 point opposite ways (the masks and lines below rely on it).
constexpr int kRookDirs[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
constexpr int kBishopDirs[4][2] = {{1, 1}, {-1, -1}, {1, -1}, {-1, 1}};

constexpr Bitboard leaper(Square s, const int (*steps)[2], int n) {
  uint64_t result = 0;
  for (int i = 0; i < n; ++i) {
    int f = file_of(s) + steps[i][0], r = rank_of(s) + steps[i][1];
    if (f >= 0 && f < 8 && r >= 0 && r < 8) result |= uint64_t(1) << (r * 8 + f);
  }
  return Bitboard(result);
}

#ifndef ARBITER_USE_PEXT
// Magics found by a search for multipliers that map every relevant occupancy of a square
// to an index holding its attack set. The compiler checks each (make_slider_storage): a
// magic that sent two occupancies with different attacks to one index would stop the
// build.
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
#endif

using Rays = std::array<std::array<Bitboard, 4>, 64>;

// The squares a slider on s attacks along one direction on an empty board, for each
// direction of `dirs`.
constexpr std::array<Bitboard, 4> empty_rays(const int (&dirs)[4][2], Square s) {
  std::array<Bitboard, 4> rays{};
  for (std::size_t d = 0; d < 4; ++d) {
    uint64_t ray = 0;
    int f = file_of(s) + dirs[d][0], r = rank_of(s) + dirs[d][1];
    while (f >= 0 && f < 8 && r >= 0 && r < 8) {
      ray |= uint64_t(1) << (r * 8 + f);
      f += dirs[d][0];
      r += dirs[d][1];
    }
    rays[d] = Bitboard(ray);
  }
  return rays;
}

constexpr Rays all_rays(const int (&dirs)[4][2]) {
  Rays rays{};
  for (int s = 0; s < 64; ++s) rays[std::size_t(s)] = empty_rays(dirs, Square(s));
  return rays;
}

constexpr Rays kRookRays = all_rays(kRookDirs), kBishopRays = all_rays(kBishopDirs);

// Of squares on one ray in direction `dir`, the one nearest to the slider: the lowest when
// the direction raises the square index (rank first, then file), else the highest.
constexpr int nearest_on_ray(const int (&dir)[2], uint64_t squares) {
  const bool rising = dir[1] > 0 || (dir[1] == 0 && dir[0] > 0);
  return rising ? std::countr_zero(squares) : 63 - std::countl_zero(squares);
}

// The occupancy bits that matter for a slider on s: its rays without their last square
// (the edge), which is attacked whatever stands there.
constexpr uint64_t relevant_mask(const Rays& rays, const int (&dirs)[4][2], int s) {
  uint64_t mask = 0;
  for (std::size_t d = 0; d < 4; ++d) {
    const uint64_t ray = rays[std::size_t(s)][d].bits();
    if (ray) mask |= ray & ~(uint64_t(1) << nearest_on_ray(dirs[d ^ 1], ray));
  }
  return mask;
}

// A slider's attacks: along each direction up to and including the first occupied square.
// By bit operations: the empty board's ray less the ray beyond that square.
constexpr Bitboard blocked_rays(const Rays& rays, const int (&dirs)[4][2], int s, uint64_t occupied) {
  uint64_t result = 0;
  for (std::size_t d = 0; d < 4; ++d) {
    const uint64_t ray = rays[std::size_t(s)][d].bits();
    const uint64_t blockers = ray & occupied;
    result |= blockers ? ray & ~rays[std::size_t(nearest_on_ray(dirs[d], blockers))][d].bits() : ray;
  }
  return Bitboard(result);
}

// Where each square's entries start in the storage (for each square its rook attacks, then
// its bishop attacks, 2^bits entries each, bits the mask's size), with its mask and magic.
struct SliderSlot {
  std::size_t at = 0;
  uint64_t mask = 0, magic = 0;  // no magic with PEXT
};
struct SliderLayout {
  std::array<SliderSlot, 64> rook{}, bishop{};
  std::size_t size = 0;
};

constexpr SliderLayout slider_layout() {
  SliderLayout layout;
  for (int s = 0; s < 64; ++s) {
    for (bool rook : {true, false}) {
      SliderSlot& slot = rook ? layout.rook[std::size_t(s)] : layout.bishop[std::size_t(s)];
      slot.at = layout.size;
      slot.mask = rook ? relevant_mask(kRookRays, kRookDirs, s) : relevant_mask(kBishopRays, kBishopDirs, s);
#ifndef ARBITER_USE_PEXT
      slot.magic = rook ? kRookMagics[s] : kBishopMagics[s];
#endif
      layout.size += std::size_t(1) << std::popcount(slot.mask);
    }
  }
  return layout;
}

constexpr SliderLayout kSliderLayout = slider_layout();
constexpr std::size_t kSliderStorageSize = kSliderLayout.size;

// Writes one square's entries: every subset of the mask (carry-rippler, which meets them
// in increasing order, so that the i-th has PEXT index i) at its index.
constexpr void fill_slider(std::array<Bitboard, kSliderStorageSize>& storage, std::array<bool, kSliderStorageSize>& set,
                           const SliderSlot& slot, const Rays& rays, const int (&dirs)[4][2], int s) {
  const int bits = std::popcount(slot.mask);
  uint64_t subset = 0;
  for (std::size_t i = 0; i < (std::size_t(1) << bits); ++i) {
    const Bitboard attacks = blocked_rays(rays, dirs, s, subset);
#ifdef ARBITER_USE_PEXT
    const std::size_t at = slot.at + i;
#else
    const std::size_t at = slot.at + std::size_t((subset * slot.magic) >> (64 - bits));
#endif
    // Two occupancies may share an index only when their attacks are the same.
    if (set[at] && storage[at] != attacks) throw "a slider magic maps occupancies with different attacks to one index";
    storage[at] = attacks;
    set[at] = true;
    subset = (subset - slot.mask) & slot.mask;
  }
}

constexpr std::array<Bitboard, kSliderStorageSize> make_slider_storage() {
  std::array<Bitboard, kSliderStorageSize> storage{};
  std::array<bool, kSliderStorageSize> set{};
  for (int s = 0; s < 64; ++s) {
    fill_slider(storage, set, kSliderLayout.rook[std::size_t(s)], kRookRays, kRookDirs, s);
    fill_slider(storage, set, kSliderLayout.bishop[std::size_t(s)], kBishopRays, kBishopDirs, s);
  }
  return storage;
}

constexpr std::array<Bitboard, kSliderStorageSize> kSliderStorage = make_slider_storage();

constexpr SliderEntry slider_entry(const SliderSlot& slot) {
  SliderEntry e;
  e.table = kSliderStorage.data() + slot.at;
  e.mask = slot.mask;
  e.magic = slot.magic;
  e.shift = unsigned(64 - std::popcount(slot.mask));
  return e;
}

constexpr AttackTables build() {
  AttackTables t;
  constexpr int knight_steps[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
  constexpr int king_steps[8][2] = {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
  constexpr int white_pawn[2][2] = {{-1, 1}, {1, 1}};
  constexpr int black_pawn[2][2] = {{-1, -1}, {1, -1}};
  for (int i = 0; i < 64; ++i) {
    const Square s = Square(i);
    t.knight[std::size_t(i)] = leaper(s, knight_steps, 8);
    t.king[std::size_t(i)] = leaper(s, king_steps, 8);
    t.pawn[0][std::size_t(i)] = leaper(s, white_pawn, 2);
    t.pawn[1][std::size_t(i)] = leaper(s, black_pawn, 2);
    t.rook[std::size_t(i)] = slider_entry(kSliderLayout.rook[std::size_t(i)]);
    t.bishop[std::size_t(i)] = slider_entry(kSliderLayout.bishop[std::size_t(i)]);
  }
  // A slider on a attacks its four rays on an empty board. For b on a's ray d: the line
  // through them is a's rays d and d ^ 1 (opposite ways) and a; between them lies a's ray d
  // less b's ray d and less b.
  for (int a = 0; a < 64; ++a) {
    for (const Rays* rays : {&kRookRays, &kBishopRays}) {
      const auto& from_a = (*rays)[std::size_t(a)];
      for (std::size_t d = 0; d < 4; ++d) {
        ((rays == &kRookRays ? t.rook_rays : t.bishop_rays)[std::size_t(a)]) |= from_a[d];
        for (Square b : from_a[d]) {
          t.line[std::size_t(a)][std::size_t(index(b))] = from_a[d] | from_a[d ^ 1] | Square(a);
          t.between[std::size_t(a)][std::size_t(index(b))] =
              Bitboard(from_a[d].bits() & ~(*rays)[std::size_t(index(b))][d].bits()) & ~Bitboard::of(b);
        }
      }
    }
  }
  return t;
}

}  // namespace

constexpr AttackTables kAttackTables = build();

}  // namespace detail

const char* slider_indexing() {
#ifdef ARBITER_USE_PEXT
  return "pext";
#else
  return "magic";
#endif
}

}  // namespace arbiter::board
