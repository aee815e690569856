#include "search/proofs/flight_cover.hpp"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <memory>
#include <optional>
#include <vector>

#include "search/board/attacks.hpp"
#include "search/proofs/check_reach.hpp"
#include "search/proofs/men_reach.hpp"

namespace arbiter::search {

using namespace board;

namespace {

constexpr int kMaxMoves = 16;  // the most moves of a side the test counts; beyond, it rules out nothing

// Knight moves from one square to another on an empty board.
const std::array<std::array<uint8_t, 64>, 64>& knight_moves() {
  static const auto table = [] {
    std::array<std::array<uint8_t, 64>, 64> t{};
    for (int from = 0; from < 64; ++from) {
      auto& row = t[std::size_t(from)];
      row.fill(uint8_t(0xFF));
      Bitboard frontier = Bitboard::of(Square(from)), seen = frontier;
      for (int d = 0; frontier; ++d) {
        for (Square s : frontier) row[std::size_t(index(s))] = uint8_t(d);
        frontier = knight_step_spread(frontier) & ~seen;
        seen |= frontier;
      }
    }
    return t;
  }();
  return table;
}

// The winner's men besides its king, when they are few and each a knight, a bishop or a
// pawn that cannot promote within the moves: then one of them gives the check, and covers
// only what it attacks from its checking square, while the others cover on their own.
struct Men {
  static constexpr int kMost = 3;
  int count = 0;  // 0: not such men (or none)
  std::array<PieceType, kMost> type{};
  std::array<Square, kMost> square{};
  // reach[i][o]: the squares man i may attack within o of its moves (empty board).
  std::array<std::array<Bitboard, kMaxMoves + 1>, kMost> reach{};
  // others[i][o]: the union of reach[j][o] over the men j other than i. Both grow with o
  // (a man may spend fewer of its moves), so others[i][o] holds others[i][p] for p <= o.
  std::array<std::array<Bitboard, kMaxMoves + 1>, kMost> others{};
  // walk[i][s]: for a pawn, the fewest of its moves to stand on s still a pawn (a rank a
  // move, two once from its first rank, a file aside only by a capture onto `capturable`);
  // kNever when it cannot within the moves.
  static constexpr uint8_t kNever = 0xFF;
  std::array<std::array<uint8_t, 64>, kMost> walk{};
};

// Fills `men` (freshly made) in place: it is a kilobyte, made once a test at most.
void checking_men(Men& men, const Position& pos, Color winner, int moves, Bitboard capturable) {
  const Bitboard all = pos.pieces(winner) ^ pos.king_square(winner);
  if (all.count() > Men::kMost) return;
  for (Square s : all) {
    const PieceType type = type_of(pos.piece_on(s));
    if (type == PieceType::Pawn) {
      const int r0 = relative_rank(winner, s);
      if (7 - r0 - (r0 == 1 ? 1 : 0) <= moves) {  // may promote: any piece, anywhere
        men.count = 0;
        return;
      }
    } else if (type != PieceType::Knight && type != PieceType::Bishop) {
      men.count = 0;
      return;
    }
    const auto i = std::size_t(men.count++);
    men.type[i] = type;
    men.square[i] = s;
    Bitboard at = Bitboard::of(s);  // where it may stand after o moves
    if (type == PieceType::Pawn) {
      men.walk[i].fill(Men::kNever);
      men.walk[i][std::size_t(index(s))] = 0;
    }
    for (int o = 0; o <= moves; ++o) {
      if (o > 0) {
        if (type == PieceType::Knight) {
          at |= knight_step_spread(at);
        } else if (type == PieceType::Bishop) {
          at = squares_of_colour(s);
        } else {
          const Bitboard next = pawn_step(at, winner, capturable, o == 1 ? at : Bitboard());
          for (Square t : next & ~at) men.walk[i][std::size_t(index(t))] = uint8_t(o);
          at = next;
        }
      }
      Bitboard attacks;
      if (type == PieceType::Knight)
        attacks = knight_step_spread(at);
      else if (type == PieceType::Bishop)
        attacks = o == 0 ? bishop_attacks(s, Bitboard()) : squares_of_colour(s);
      else
        attacks = at.forward(winner).east() | at.forward(winner).west();
      men.reach[i][std::size_t(o)] = attacks;
    }
  }
  for (int i = 0; i < men.count; ++i)
    for (int j = 0; j < men.count; ++j)
      if (j != i)
        for (int o = 0; o <= moves; ++o)
          men.others[std::size_t(i)][std::size_t(o)] |= men.reach[std::size_t(j)][std::size_t(o)];
}

// The counts of the test: the moves of each side; covered[o], the squares the winner's
// men other than its king may attack within o moves; king[s], its king's squares within s
// steps; filled[j], the squares some man of the loser other than its king may stand on
// within j moves. All grow with the count.
struct FlightCounts {
  int winner_moves = 0, loser_moves = 0;
  std::array<Bitboard, kMaxMoves + 1> covered, king, filled;
  Bitboard capturable;        // where the loser's men may stand: the winner's pawns capture only there
  Bitboard loser_capturable;  // where the winner's men may stand: the loser's pawns capture only there
  std::optional<Men> men;  // computed when a square first passes the test of every man on its own
};

// Sets the moves of each side for `plies` left; false when the test can say nothing.
// `loser_ahead`: the loser's men may stand a move further on than in `pos` (1 for the
// children of a loser's quiet move, whose winner's pawns may capture where its man went).
bool set_moves(FlightCounts& c, const Position& pos, Color winner, int plies, bool winner_to_move,
               int loser_ahead = 0) {
  if (plies <= 0) return false;
  c.winner_moves = (plies + (winner_to_move ? 1 : 0)) / 2;
  c.loser_moves = plies - c.winner_moves;
  c.men.reset();
  if (c.winner_moves == 0) return false;
  // A rook or a queen attacks any square after one move: every flight counts as covered.
  if (pos.pieces(winner, PieceType::Rook, PieceType::Queen)) return false;
  if (c.winner_moves > kMaxMoves || c.loser_moves > kMaxMoves) return false;
  c.capturable =
      pos.pieces(winner, PieceType::Pawn) ? fill_reach(pos, ~winner, c.loser_moves + loser_ahead) : kAllSquares;
  c.loser_capturable = pos.pieces(~winner, PieceType::Pawn) ? fill_reach(pos, winner, c.winner_moves) : kAllSquares;
  CheckableSquares covered(pos, winner, c.capturable);
  KingReach king(pos, winner);
  for (int o = 0; o <= c.winner_moves; ++o, covered.next(), king.next()) {
    c.covered[std::size_t(o)] = covered.squares();
    c.king[std::size_t(o)] = king.squares();
  }
  return true;
}

// What a walk over the mate squares does next.
enum class Walk { Go, EndFirst, Stop };

// Walks the squares K the losing king may be mated on, nearest first, and for each the sets
// of flights of which the loser's men must fill one for a mate there (the rest covered by
// the winner), in two kinds: first, with every man of the winner covering on its own (the
// winner's king nowhere near, or in the box two steps away); then, when that is possible
// and the winner has checking men, with one of them giving the check from a square where
// it attacks K. The visitor gets square(left), the loser's moves left for filling at K;
// first(open) and second(open), each answering Go for the next set, EndFirst to end the
// first kind, Stop to end the walk; skip_second(), true to go to the next square;
// fill_limit(), the most flights a set may hold and pass (sets surely above it may be left
// out); may_pass(least), false when no set holding all of `least` can pass (then the first
// kind's sets of the winner's king's box, each holding the flights no square of the box
// covers, are left out); and no_checkers(), called when the winner has no checking men,
// true to stop.
template <class Visitor>
void walk_mate_squares(const Position& pos, Color winner, FlightCounts& c, Visitor& v) {
  const Color loser = ~winner;
  const int winner_moves = c.winner_moves, loser_moves = c.loser_moves;
  const auto& covered = c.covered;
  const auto& king = c.king;
  Bitboard reached;  // the losing king's squares within fewer steps than the ring's
  KingReach losing_king(pos, loser);
  for (int steps = 0; steps <= loser_moves; ++steps, losing_king.next()) {
    const Bitboard within = losing_king.squares();
    const Bitboard ring = within & ~reached & covered[std::size_t(winner_moves)];
    reached = within;
    for (Square k : ring) {
      v.square(loser_moves - steps);
      const Bitboard flights = king_attacks(k);
      // First with the winner's king nowhere near.
      const Bitboard alone = flights & ~covered[std::size_t(winner_moves)];
      Walk next = v.first(alone);
      // Then with it in the box two steps away (nearer, the kings would touch), after its
      // steps there. Each box square leaves open at least the flights above but the three
      // at most its king covers (the other men covering no more with fewer moves): when
      // more are left than the visitor could see filled, none of them will do.
      if (next == Walk::Go && alone.count() > v.fill_limit() + 3) next = Walk::EndFirst;
      if (next == Walk::Stop) return;
      if (next == Walk::EndFirst && v.skip_second()) continue;
      // The box: where the winner's king may stand, two steps from K. Every set below holds
      // the flights the king covers from none of its squares, and those left by the men.
      const Bitboard near = flights | k;
      const Bitboard box_squares = king_step_spread(near) & ~near & king[std::size_t(winner_moves)];
      if (next == Walk::Go && !v.may_pass(alone & ~king_step_spread(box_squares))) {
        next = Walk::EndFirst;
        if (v.skip_second()) continue;
      }
      // The box's squares by the king's steps to them (king[o] holds those it reaches within
      // o), each group with the moves those steps leave the other men. Within a group only
      // the flights each square covers differ.
      struct BoxGroup {
        int moves_left;
        Bitboard squares;
      };
      std::array<BoxGroup, kMaxMoves + 1> box;
      std::size_t groups = 0;
      Bitboard left = box_squares;
      for (int o = 0; left; ++o) {
        const Bitboard at = left & king[std::size_t(o)];
        left &= ~at;
        if (at) box[groups++] = {winner_moves - o, at};
      }
      for (std::size_t g = 0; g < groups && next == Walk::Go; ++g) {
        const int others = box[g].moves_left;
        if (!covered[std::size_t(others)].has(k)) continue;
        const Bitboard open = flights & ~covered[std::size_t(others)];
        if (open.count() > v.fill_limit() + 3) continue;
        if (!v.may_pass(open & ~king_step_spread(box[g].squares))) continue;
        for (Square w : box[g].squares) {
          next = v.first(open & ~king_attacks(w));
          if (next != Walk::Go) break;
        }
      }
      if (next == Walk::Stop) return;
      if (v.skip_second()) continue;
      if (!c.men) checking_men(c.men.emplace(), pos, winner, winner_moves, c.capturable);
      const Men& men = *c.men;
      if (men.count == 0) {
        if (v.no_checkers()) return;
        continue;
      }
      for (int i = 0; i < men.count; ++i) {
        const PieceType type = men.type[std::size_t(i)];
        const Square from = men.square[std::size_t(i)];
        Bitboard checks;
        switch (type) {
          case PieceType::Knight:
            checks = knight_attacks(k);
            break;
          case PieceType::Bishop:
            checks = bishop_attacks(k, Bitboard()) & squares_of_colour(from);
            break;
          default:
            checks = pawn_attacks(loser, k);
            break;
        }
        for (Square a : checks) {
          int moves = 0;
          Bitboard cover;
          switch (type) {
            case PieceType::Knight:
              moves = knight_moves()[std::size_t(index(from))][std::size_t(index(a))];
              cover = knight_attacks(a);
              break;
            case PieceType::Bishop:
              moves = a == from ? 0 : bishop_attacks(from, Bitboard()).has(a) ? 1 : 2;
              cover = bishop_attacks(a, Bitboard());  // through the king: it cannot step back
              break;
            default:
              moves = men.walk[std::size_t(i)][std::size_t(index(a))];
              if (moves == Men::kNever) continue;
              cover = pawn_attacks(winner, a);
              break;
          }
          if (moves > winner_moves) continue;
          const auto& others = men.others[std::size_t(i)];
          const Bitboard open = flights & ~cover;
          const Bitboard left_open = open & ~others[std::size_t(winner_moves - moves)];
          if (v.second(left_open) == Walk::Stop) return;
          // The king two steps from K covers at most three of its flights, and the others
          // cover no more with the fewer moves its steps leave: when even so more flights
          // are left open than the visitor could see filled, no square of the box will do.
          if (left_open.count() > v.fill_limit() + 3) continue;
          for (std::size_t g = 0; g < groups; ++g) {
            const int left_over = box[g].moves_left - moves;
            if (left_over < 0) break;  // the groups leave fewer and fewer moves
            const Bitboard group_open = open & ~others[std::size_t(left_over)];
            if (group_open.count() > v.fill_limit() + 3) continue;
            for (Square w : box[g].squares)
              if (v.second(group_open & ~king_attacks(w)) == Walk::Stop) return;
          }
        }
      }
    }
    if (within == kAllSquares) break;
  }
}

// True when the loser has the moves (`left`) to fill the flights in `open`: each flight
// costs the fewest moves in which some man may stand there (a man per flight, floors
// summed), with `filled` as in FlightCounts.
bool fillable(Bitboard open, int left, int loser_men, const std::array<Bitboard, kMaxMoves + 1>& filled) {
  if (open.count() > loser_men) return false;
  int needed = 0;
  for (int j = 0; j <= left && open; ++j) {
    open &= ~filled[std::size_t(j)];
    needed += open.count();
    if (needed > left) return false;
  }
  return !open;
}

// True when no square of the losing king passes, on the counts of `c`. Of `pos` it reads
// the losing king's reach, the number of the loser's men and the winner's men.
bool no_mate_square(const Position& pos, Color winner, FlightCounts& c) {
  struct Test {
    const FlightCounts& c;
    int loser_men;
    int left = 0;
    bool first_met = false;
    bool ruled_out = true;
    void square(int l) { left = l, first_met = false; }
    Walk first(Bitboard open) {
      first_met = fillable(open, left, loser_men, c.filled);
      return first_met ? Walk::EndFirst : Walk::Go;
    }
    bool skip_second() const { return !first_met; }
    int fill_limit() const { return loser_men; }  // fillable needs a man a flight
    // A set that holds more flights needs more of the loser's men or moves.
    bool may_pass(Bitboard least) const { return fillable(least, left, loser_men, c.filled); }
    bool no_checkers() {                          // a mate on this square is not ruled out
      ruled_out = false;
      return true;
    }
    Walk second(Bitboard open) {
      if (!fillable(open, left, loser_men, c.filled)) return Walk::Go;
      ruled_out = false;
      return Walk::Stop;
    }
  } test{c, (pos.pieces(~winner) ^ pos.king_square(~winner)).count()};
  walk_mate_squares(pos, winner, c, test);
  return test.ruled_out;
}

// no_mate_square compiled for the children of one position, which differ only in the
// loser's men: for each square of the losing king, in the order the test visits them, the
// loser's moves left for filling and the sets of flights of which one must be fillable,
// of the first kind, then (when the winner has checking men) of the second. A child then
// only checks which sets its men can fill. Of sets where one holds another, only the
// smaller is kept: whatever fills the larger fills it.
struct FlightPlan {
  struct Entry {
    int left = 0;
    uint32_t first = 0, second = 0, end = 0;  // sets[first, second), then [second, end)
  };
  std::vector<Entry> entries;
  std::vector<Bitboard> sets;
  bool checkers = true;  // the winner has checking men: the second sets must be met too
};

// Appends `open` to the sets from `begin` unless one of them is within it; drops those it is within.
void add_minimal(std::vector<Bitboard>& sets, std::size_t begin, Bitboard open) {
  for (std::size_t i = begin; i < sets.size(); ++i)
    if ((sets[i] & ~open) == Bitboard()) return;
  std::size_t kept = begin;
  for (std::size_t i = begin; i < sets.size(); ++i)
    if ((open & ~sets[i]) != Bitboard()) sets[kept++] = sets[i];
  sets.resize(kept);
  sets.push_back(open);
}

void build_plan(const Position& pos, Color winner, FlightCounts& c, FlightPlan& plan) {
  struct Builder {
    FlightPlan& plan;
    void close() {
      if (!plan.entries.empty()) plan.entries.back().end = uint32_t(plan.sets.size());
    }
    void square(int left) {
      close();
      const auto at = uint32_t(plan.sets.size());
      plan.entries.push_back({left, at, at, at});
    }
    Walk first(Bitboard open) {
      add_minimal(plan.sets, plan.entries.back().first, open);
      plan.entries.back().second = uint32_t(plan.sets.size());
      return Walk::Go;
    }
    bool skip_second() const { return false; }
    int fill_limit() const { return 8; }  // every set kept: a child's men may differ
    bool may_pass(Bitboard) const { return true; }
    bool no_checkers() {
      plan.checkers = false;
      return false;
    }
    Walk second(Bitboard open) {
      add_minimal(plan.sets, plan.entries.back().second, open);
      return Walk::Go;
    }
  } builder{plan};
  plan.entries.clear();
  plan.sets.clear();
  plan.checkers = true;
  walk_mate_squares(pos, winner, c, builder);
  builder.close();
}

// no_mate_square by the plan, for the loser's men filling as `c.filled` says.
bool plan_rules_out(const FlightPlan& plan, const FlightCounts& c, int loser_men) {
  auto any = [&](uint32_t from, uint32_t to, int left) {
    for (uint32_t i = from; i < to; ++i)
      if (fillable(plan.sets[i], left, loser_men, c.filled)) return true;
    return false;
  };
  for (const FlightPlan::Entry& e : plan.entries) {
    if (!any(e.first, e.second, e.left)) continue;
    if (!plan.checkers || any(e.second, e.end, e.left)) return false;
  }
  return true;
}

// What the counts of the test read of a position: every man but the losing king (the
// counts are of empty-board moves), the castling rights (the kings' reach), whose turn it
// is, and the plies. Positions that differ only in the losing king's square share them.
struct CountsKey {
  std::array<uint64_t, 8> words{};
  bool operator==(const CountsKey&) const = default;
};

CountsKey counts_key(const Position& pos, Color winner, int plies) {
  const Bitboard loser_king = Bitboard::of(pos.king_square(~winner));
  CountsKey k;
  int i = 0;
  for (PieceType t : {PieceType::Pawn, PieceType::Knight, PieceType::Bishop, PieceType::Rook, PieceType::Queen,
                      PieceType::King})
    k.words[std::size_t(i++)] = (pos.pieces(t) & ~loser_king).bits();
  k.words[6] = pos.pieces(winner).bits() & ~loser_king.bits();
  k.words[7] = uint64_t(pos.castling_rights()) | uint64_t(unsigned(plies)) << 8 |
               uint64_t(pos.side_to_move() == winner) << 40 | uint64_t(winner == Color::White) << 41;
  return k;
}

}  // namespace

bool flights_forbid_mate(const Position& pos, Color winner, int plies) {
  // The counts of the last position asked with as many plies left, per thread: a
  // depth-first search asks next at that depth of a sibling, after a step of the losing
  // king, say, which changes none of them.
  struct Last {
    CountsKey key;
    bool says_nothing = false;
    FlightCounts counts;
  };
  thread_local std::array<std::unique_ptr<Last>, 2 * kMaxMoves + 2> by_plies;
  // Beyond these plies the test says nothing (set_moves): no plies, or more moves than it counts.
  if (plies <= 0 || plies >= int(by_plies.size())) return false;
  const CountsKey key = counts_key(pos, winner, plies);
  std::unique_ptr<Last>& slot = by_plies[std::size_t(plies)];
  if (!slot || !(slot->key == key)) {
    if (!slot) slot = std::make_unique<Last>();
    slot->key = key;
    FlightCounts& c = slot->counts;
    slot->says_nothing = !set_moves(c, pos, winner, plies, pos.side_to_move() == winner);
    if (!slot->says_nothing)
      for (int j = 0; j <= c.loser_moves; ++j) c.filled[std::size_t(j)] = fill_reach(pos, ~winner, j, c.loser_capturable);
  }
  return !slot->says_nothing && no_mate_square(pos, winner, slot->counts);
}

// Compiling the test costs about what a dozen direct tests of children do (measured on
// the h#5 to h#8: compiled for every position, h#8 took 2.4 times as long; from
// 12 moves, each problem as long as or less than with either way throughout).
constexpr int kMovesToCompile = 12;

struct QuietMoveFlights::Impl {
  FlightCounts counts;
  FlightPlan plan;
  bool planned = false;
  const Position* pos = nullptr;
  Color winner = Color::White;
  int men_count = 0;
  std::array<Square, 16> men{};
  std::array<std::array<Bitboard, kMaxMoves + 1>, 16> reach{};  // reach[m][j], man m within j moves
};

QuietMoveFlights::QuietMoveFlights() : impl_(std::make_unique<Impl>()) {}
QuietMoveFlights::~QuietMoveFlights() = default;

bool QuietMoveFlights::reset(const Position& pos, Color winner, int plies, int moves) {
  Impl& d = *impl_;
  d.pos = nullptr;
  const Color loser = ~winner;
  if (pos.side_to_move() != loser || !set_moves(d.counts, pos, winner, plies - 1, true, 1)) return false;
  d.pos = &pos;
  d.winner = winner;
  d.men_count = 0;
  for (Square m : pos.pieces(loser) ^ pos.king_square(loser)) {
    if (d.men_count == 16) return d.pos = nullptr, false;
    const auto i = std::size_t(d.men_count++);
    d.men[i] = m;
    for (int j = 0; j <= d.counts.loser_moves; ++j)
      d.reach[i][std::size_t(j)] = man_fill_reach(loser, type_of(pos.piece_on(m)), m, j, d.counts.loser_capturable);
  }
  d.planned = moves >= kMovesToCompile;
  if (d.planned) build_plan(pos, winner, d.counts, d.plan);
  return true;
}

QuietMoveFlights* quiet_move_flights_slot(int plies) {
  // A child position with plies - 1 left: 2 * kMaxMoves plies is the most the test counts.
  thread_local std::array<std::unique_ptr<QuietMoveFlights>, 2 * kMaxMoves + 2> slots;
  if (plies < 0 || plies >= int(slots.size())) return nullptr;
  auto& slot = slots[std::size_t(plies)];
  if (!slot) slot = std::make_unique<QuietMoveFlights>();
  return slot.get();
}

bool QuietMoveFlights::forbids(Square from, Square to, PieceType becomes) {
  Impl& d = *impl_;
  if (!d.pos) return false;
  const Color loser = ~d.winner;
  for (int j = 0; j <= d.counts.loser_moves; ++j) {
    Bitboard filled = man_fill_reach(loser, becomes, to, j, d.counts.loser_capturable);
    for (int m = 0; m < d.men_count; ++m)
      if (d.men[std::size_t(m)] != from) filled |= d.reach[std::size_t(m)][std::size_t(j)];
    d.counts.filled[std::size_t(j)] = filled;
  }
  if (d.planned) return plan_rules_out(d.plan, d.counts, d.men_count);
  return no_mate_square(*d.pos, d.winner, d.counts);
}

}  // namespace arbiter::search
