#include "search/explore/mating_net.hpp"

#include <algorithm>
#include <array>
#include <memory>
#include <optional>
#include <span>

#include "search/board/attacks.hpp"
#include "search/board/movegen.hpp"
#include "search/checking_moves.hpp"
#include "search/explore/transposition.hpp"

namespace arbiter::search {

using namespace board;

namespace {

constexpr int kFar = 64;      // a place a man cannot reach
constexpr int kNever = 1000;  // plies when no net can be reached
constexpr int kMaxBlocks = 4; // flights left for the loser's men at most
// A search aimed at one square of the losing king follows, at each turn, at most this many
// of the moves that bring none of its nets nearer (waiting moves): a side with moves to
// spare would otherwise try each of them at each of its turns.
constexpr int kWaitingMoves = 2;
// The squares' searches share one table of positions without a net mate within d plies,
// each fact keyed with its square.
constexpr unsigned kNetTableLog2 = 16;

// Knight moves between two squares on an empty board.
const std::array<std::array<uint8_t, 64>, 64>& knight_distances() {
  static const auto table = [] {
    std::array<std::array<uint8_t, 64>, 64> d{};
    for (int from = 0; from < 64; ++from) {
      d[std::size_t(from)].fill(uint8_t(kFar));
      d[std::size_t(from)][std::size_t(from)] = 0;
      Bitboard seen = Bitboard::of(Square(from)), ring = seen;
      for (uint8_t step = 1; ring; ++step) {
        Bitboard next;
        for (Square s : ring) next |= knight_attacks(s);
        next &= ~seen;
        for (Square s : next) d[std::size_t(from)][std::size_t(index(s))] = step;
        seen |= next;
        ring = next;
      }
    }
    return d;
  }();
  return table;
}

bool same_diagonal(Square a, Square b) {
  return file_of(a) - rank_of(a) == file_of(b) - rank_of(b) || file_of(a) + rank_of(a) == file_of(b) + rank_of(b);
}
bool same_line(Square a, Square b) { return file_of(a) == file_of(b) || rank_of(a) == rank_of(b); }

// Moves a piece of `type` needs from `from` to `to` on an empty board.
int piece_distance(PieceType type, Square from, Square to) {
  if (from == to) return 0;
  switch (type) {
    case PieceType::Knight: return knight_distances()[std::size_t(index(from))][std::size_t(index(to))];
    case PieceType::Bishop: return is_dark(from) != is_dark(to) ? kFar : same_diagonal(from, to) ? 1 : 2;
    case PieceType::Rook: return same_line(from, to) ? 1 : 2;
    case PieceType::Queen: return same_line(from, to) || same_diagonal(from, to) ? 1 : 2;
    case PieceType::King: return distance(from, to);
    default: return kFar;
  }
}

// Moves a man of the loser needs to stand on `to`, by kind of man: a piece's moves; a
// pawn's steps up its own file, still a pawn; or its promotion there to `promoted` and the
// new piece's moves. A pawn never changes file on the way to a net: the winner's only man
// it could take is the mating piece, and a lone king mates nothing.
int pawn_distance(Color c, Square from, Square to, std::optional<PieceType> promoted) {
  const int rank = relative_rank(c, from), target = relative_rank(c, to);
  const int head_start = rank == 1 ? 1 : 0;  // the double step
  if (!promoted) {
    if (file_of(from) != file_of(to) || target < rank || target == 7) return kFar;
    return target == rank ? 0 : std::max(1, target - rank - head_start);
  }
  const int after = piece_distance(*promoted, make_square(file_of(from), c == Color::White ? 7 : 0), to);
  return after >= kFar ? kFar : std::max(1, 7 - rank - head_start) + after;
}

// A man's moves to every square, computed once for every man and square: the search asks
// for them for every man of every child position. A pawn's row is its walk as a pawn.
using DistanceRow = std::array<uint8_t, 64>;
const DistanceRow& man_distances(Piece piece, Square from) {
  static const auto table = [] {
    // By colour and piece type (the pawns' rows differ by colour), then by square.
    auto t = std::make_unique<std::array<std::array<std::array<DistanceRow, 64>, 7>, 2>>();
    for (Color c : {Color::White, Color::Black})
      for (int type = index(PieceType::Pawn); type <= index(PieceType::King); ++type)
        for (int f = 0; f < 64; ++f)
          for (int to = 0; to < 64; ++to)
            (*t)[std::size_t(index(c))][std::size_t(type)][std::size_t(f)][std::size_t(to)] = uint8_t(std::min(
                kFar, PieceType(type) == PieceType::Pawn ? pawn_distance(c, Square(f), Square(to), std::nullopt)
                                                         : piece_distance(PieceType(type), Square(f), Square(to))));
    return t;
  }();
  return (*table)[std::size_t(index(color_of(piece)))][std::size_t(index(type_of(piece)))][std::size_t(index(from))];
}

// A pawn's moves to every square as the piece it promotes to, one row for each kind bit
// 1 << t (knight, bishop, rook, queen; see kind_bit), so that a flight only some kinds may
// fill counts only those.
using PromotedRows = std::array<DistanceRow, 4>;
const PromotedRows& promoted_distances(Color c, Square from) {
  static constexpr std::array<PieceType, 4> kKinds{PieceType::Knight, PieceType::Bishop, PieceType::Rook,
                                                   PieceType::Queen};
  static const auto table = [] {
    auto t = std::make_unique<std::array<std::array<PromotedRows, 64>, 2>>();
    for (Color colour : {Color::White, Color::Black})
      for (int f = 0; f < 64; ++f)
        for (std::size_t k = 0; k < kKinds.size(); ++k)
          for (int to = 0; to < 64; ++to)
            (*t)[std::size_t(index(colour))][std::size_t(f)][k][std::size_t(to)] =
                uint8_t(std::min(kFar, pawn_distance(colour, Square(f), Square(to), kKinds[k])));
    return t;
  }();
  return (*table)[std::size_t(index(c))][std::size_t(index(from))];
}

// A mating net: the losing king on `square`, the flights that the winner's men leave
// open (`blocks`, filled by the loser's own men), and where the winner's men may stand.
// Each placement is a square for the winner's king (None: anywhere, it covers no flight)
// with the moves the piece needs from each square to a checking square of that placement
// (at least one: its last move gives the check).
struct Placement {
  Square king;
  std::array<uint8_t, 64> piece_moves;
};
struct Net {
  Square square;
  int block_count;
  std::array<Square, kMaxBlocks> blocks;
  std::vector<Placement> placements;
  // From each square, the piece's fewest moves over the placements (the king's ignored):
  // a floor for the winner's moves that spares the placements of a net out of reach.
  std::array<uint8_t, 64> fewest_piece_moves;
  // For each flight to fill, the kinds of piece (bits by kind_bit) that may fill it: those
  // that could neither take the checker nor step between it and the king from there, for
  // some checking square of the net. A pawn is judged by the kinds it may promote to.
  std::array<uint8_t, kMaxBlocks> fillers;
};

// A bit for each kind of piece that may fill a flight; 0 for a pawn (not judged).
constexpr uint8_t kind_bit(PieceType type) {
  switch (type) {
    case PieceType::Knight: return 1;
    case PieceType::Bishop: return 2;
    case PieceType::Rook: return 4;
    case PieceType::Queen: return 8;
    default: return 0;
  }
}

// Every net for `piece` checking from squares of `colours` (a bishop keeps its colour),
// indexed by the losing king's square, with at most kMaxBlocks flights left open. The
// winner's king covers flights only from two steps away (nearer, it would stand in
// check); the squares behind the losing king on the checking line stay attacked.
std::array<std::vector<Net>, 64> build_nets(PieceType piece, Bitboard colours) {
  std::array<std::vector<Net>, 64> nets;
  for (int k = 0; k < 64; ++k) {
    const Square square = Square(k);
    const Bitboard flights = king_attacks(square);
    std::vector<std::pair<Bitboard, std::vector<std::pair<Square, Bitboard>>>> groups;  // open -> king -> checks
    Bitboard kings;
    for (Square s : ~Bitboard()) if (distance(s, square) == 2) kings |= s;
    for (int w = 0; w < 65; ++w) {
      const Square king = Square(w);  // 64: None
      if (king != Square::None && !kings.has(king)) continue;
      const Bitboard king_cover = king == Square::None ? Bitboard() : king_attacks(king);
      for (Square from : piece_attacks(piece, square, Bitboard()) & colours) {
        if (from == king) continue;
        Bitboard occupied = Bitboard::of(from);
        if (king != Square::None) occupied |= king;
        if (!piece_attacks(piece, from, occupied).has(square)) continue;
        if (flights.has(from) && !king_cover.has(from)) continue;  // the king would take it
        const Bitboard open = flights & ~king_cover & ~piece_attacks(piece, from, occupied) & ~occupied;
        if (!open || open.count() > kMaxBlocks) continue;
        auto group = std::find_if(groups.begin(), groups.end(), [&](const auto& g) { return g.first == open; });
        if (group == groups.end()) {
          groups.push_back({open, {}});
          group = groups.end() - 1;
        }
        auto placement = std::find_if(group->second.begin(), group->second.end(),
                                      [&](const auto& p) { return p.first == king; });
        if (placement == group->second.end()) group->second.push_back({king, Bitboard::of(from)});
        else placement->second |= from;
      }
    }
    for (const auto& [open, placements] : groups) {
      Net net{square, open.count(), {}, {}, {}, {}};
      net.fewest_piece_moves.fill(uint8_t(kFar));
      int i = 0;
      for (Square b : open) net.blocks[std::size_t(i++)] = b;
      // A placement whose checks the king-free placement also has is never nearer.
      Bitboard free_checks;
      for (const auto& [king, checks] : placements)
        if (king == Square::None) free_checks = checks;
      // The squares where a loser man would spoil the check from each checking square.
      Bitboard all_checks;
      for (const auto& [king, checks] : placements) all_checks |= checks;
      for (int j = 0; j < net.block_count; ++j) {
        const Square b = net.blocks[std::size_t(j)];
        for (PieceType t : {PieceType::Knight, PieceType::Bishop, PieceType::Rook, PieceType::Queen}) {
          const Bitboard reach = piece_attacks(t, b, Bitboard::of(square));  // its own king stands in the way
          for (Square c : all_checks)
            if (!(reach & (between(c, square) | c))) {
              net.fillers[std::size_t(j)] |= kind_bit(t);
              break;
            }
        }
      }
      for (const auto& [king, checks] : placements) {
        if (king != Square::None && (checks & ~free_checks) == Bitboard()) continue;
        Placement p{king, {}};
        for (int from = 0; from < 64; ++from) {
          int moves = kFar;
          for (Square c : checks) moves = std::min(moves, std::max(1, piece_distance(piece, Square(from), c)));
          p.piece_moves[std::size_t(from)] = uint8_t(moves);
          net.fewest_piece_moves[std::size_t(from)] =
              std::min(net.fewest_piece_moves[std::size_t(from)], uint8_t(moves));
        }
        net.placements.push_back(p);
      }
      nets[std::size_t(k)].push_back(std::move(net));
    }
  }
  return nets;
}

// The nets of a knight, a light-squared and a dark-squared bishop, built once.
const std::array<std::vector<Net>, 64>& nets_for(PieceType piece, Square where) {
  static const auto knight = build_nets(PieceType::Knight, ~Bitboard());
  static const auto light = build_nets(PieceType::Bishop, kLightSquares);
  static const auto dark = build_nets(PieceType::Bishop, kDarkSquares);
  if (piece == PieceType::Knight) return knight;
  return is_dark(where) ? dark : light;
}

// The squares in order of distance from each square (nearest first).
const std::array<std::array<Square, 64>, 64>& squares_by_distance() {
  static const auto table = [] {
    std::array<std::array<Square, 64>, 64> t{};
    for (int from = 0; from < 64; ++from) {
      auto& row = t[std::size_t(from)];
      for (int s = 0; s < 64; ++s) row[std::size_t(s)] = Square(s);
      std::stable_sort(row.begin(), row.end(),
                       [&](Square a, Square b) { return distance(Square(from), a) < distance(Square(from), b); });
    }
    return t;
  }();
  return table;
}

// The nets a search aims at: the losing king's squares, the most flights left open.
struct NetScope {
  Bitboard squares;
  int blocks;
};
constexpr Bitboard kCorners{0x8100000000000081ULL};

class NetSearch {
 public:
  // `table` may be shared by the searches of several scopes, each with its own `salt`.
  NetSearch(const Position& root, Color winner, Limits& limits, NetScope scope, int waiting,
            TranspositionTable& table, uint64_t salt)
      : pos_(root), winner_(winner), limits_(limits), table_(table), salt_(salt), scope_(scope), waiting_(waiting) {
    const Bitboard pieces = pos_.pieces(winner) ^ pos_.king_square(winner);
    piece_ = type_of(pos_.piece_on(pieces.first()));
    nets_ = &nets_for(piece_, pieces.first());
  }

  // Fewest plies to a mate by any net, by the counts on an empty board, or `cap` when
  // no net is nearer than that. Nets are visited by the losing king's distance to them,
  // which bounds the plies from below, so the far ones are never looked at.
  int plies_needed(int cap = kNever) const {
    const Color loser = ~winner_;
    const Square loser_king = pos_.king_square(loser), winner_king = pos_.king_square(winner_);
    const Bitboard pieces = pos_.pieces(winner_) ^ winner_king;
    if (!pieces) return cap;  // the piece was taken
    const Square piece = pieces.first();
    // Each man's moves to each square.
    std::array<const DistanceRow*, 16> men{};
    std::array<const PromotedRows*, 16> promoted{};  // a pawn's; null for a piece
    std::array<uint8_t, 16> kinds{};
    int men_count = 0;
    for (Square m : pos_.pieces(loser) ^ loser_king)
      if (men_count < 16) {
        const Piece man = pos_.piece_on(m);
        kinds[std::size_t(men_count)] = kind_bit(type_of(man));
        if (type_of(man) == PieceType::Pawn) promoted[std::size_t(men_count)] = &promoted_distances(loser, m);
        men[std::size_t(men_count++)] = &man_distances(man, m);
      }
    // The moves of man m to flight j of the net, kFar when it would spoil every check of
    // the net there (a pawn is judged by the pieces it may promote to, not as a pawn).
    auto man_to = [&](int m, const Net& net, int j) {
      const std::size_t b = std::size_t(index(net.blocks[std::size_t(j)]));
      const uint8_t fits = net.fillers[std::size_t(j)];
      int moves = (*men[std::size_t(m)])[b];
      if (kinds[std::size_t(m)]) return kinds[std::size_t(m)] & fits ? moves : kFar;
      const PromotedRows& as_piece = *promoted[std::size_t(m)];
      for (std::size_t t = 0; t < as_piece.size(); ++t)
        if (fits >> t & 1) moves = std::min(moves, int(as_piece[t][b]));
      return moves;
    };
    const bool winner_moves = pos_.side_to_move() == winner_;
    // The winner makes the last move: w of its moves and l of the loser's interleaved.
    auto plies = [&](int w, int l) { return winner_moves ? 2 * std::max(w, l + 1) - 1 : 2 * std::max(w, l); };
    int best = cap;
    // The scope's squares by the losing king's distance: a scope of one square (the
    // searches aimed at a square) is that square alone, not a walk over the board to it.
    const auto& by_distance = squares_by_distance()[std::size_t(index(loser_king))];
    const Square only = scope_.squares ? scope_.squares.first() : Square::None;
    const std::span<const Square> order = scope_.squares.more_than_one()
                                              ? std::span<const Square>(by_distance)
                                              : std::span<const Square>(&only, scope_.squares ? 1 : 0);
    for (Square square : order) {
      const int steps = distance(loser_king, square);
      if (plies(1, steps) >= best) break;
      if (!scope_.squares.has(square)) continue;
      for (const Net& net : (*nets_)[std::size_t(index(square))]) {
        if (net.block_count > men_count || net.block_count > scope_.blocks) continue;
        const int fewest = net.fewest_piece_moves[std::size_t(index(piece))];
        if (fewest >= kFar || plies(fewest, steps) >= best) continue;
        int w = kFar;
        for (const Placement& p : net.placements)
          w = std::min(w, (p.king == Square::None ? 0 : distance(winner_king, p.king)) +
                              int(p.piece_moves[std::size_t(index(piece))]));
        if (w >= kFar || plies(w, steps) >= best) continue;
        // Each flight needs a man of its own, so the nearest man to each flight, summed,
        // bounds the assignment below: a net that cannot beat `best` even so is skipped
        // without it.
        int nearest_sum = 0;
        for (int j = 0; j < net.block_count; ++j) {
          int nearest = kFar;
          for (int m = 0; m < men_count; ++m)
            nearest = std::min(nearest, man_to(m, net, j));
          nearest_sum += nearest;
        }
        if (nearest_sum >= kFar || plies(w, steps + nearest_sum) >= best) continue;
        // The blockers: distinct men on the open flights, the cheapest assignment (each
        // man taken at most once, masks visited downwards).
        std::array<int, 1 << kMaxBlocks> cost;
        cost.fill(kFar);
        cost[0] = 0;
        const int full = (1 << net.block_count) - 1;
        for (int m = 0; m < men_count; ++m)
          for (int mask = full - 1; mask >= 0; --mask) {
            if (cost[std::size_t(mask)] >= kFar) continue;
            for (int j = 0; j < net.block_count; ++j) {
              if (mask & (1 << j)) continue;
              const int c = cost[std::size_t(mask)] + man_to(m, net, j);
              int& slot = cost[std::size_t(mask | (1 << j))];
              slot = std::min(slot, c);
            }
          }
        if (cost[std::size_t(full)] >= kFar) continue;
        best = std::min(best, plies(w, steps + cost[std::size_t(full)]));
      }
    }
    return best;
  }

  // True when a mate is found within `remaining` plies; the line is then in line_
  // (in reverse order).
  bool search(int remaining) {
    const bool winner_moves = pos_.side_to_move() == winner_;
    if (!winner_moves && pos_.in_check() && !has_legal_move(pos_)) return true;
    if (remaining <= 0) return false;
    if (winner_moves && remaining == 1) {
      if (auto mate = find_mating_move(pos_)) {
        line_.push_back(*mate);
        return true;
      }
      return false;
    }
    const uint64_t key = pos_.key();
    if (table_.probe(key ^ salt_, winner_) >= remaining) return false;
    MoveList moves;
    generate_legal(pos_, moves);
    if (!limits_.spend(1 + moves.size())) {
      aborted_ = true;
      return false;
    }
    // The children that keep a net within reach, nearest first. A child that gains
    // nothing on the ply it spends is a waiting move: only the nearest waiting_ of them
    // are followed, for a side with moves to spare would otherwise try each of its moves
    // at each of its turns.
    const int here = plies_needed();
    std::array<std::pair<int, Move>, MoveList::kCapacity> next;
    std::size_t count = 0;
    for (Move m : moves) {
      pos_.do_move(m);
      const int need = plies_needed(remaining);
      pos_.undo_move(m);
      if (need <= remaining - 1) next[count++] = {need, m};
    }
    std::stable_sort(next.begin(), next.begin() + std::ptrdiff_t(count),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    int waiting = 0;
    for (std::size_t i = 0; i < count; ++i) {
      if (next[i].first >= here - 1 && ++waiting > waiting_) break;
      const Move m = next[i].second;
      pos_.do_move(m);
      const bool found = search(remaining - 1);
      pos_.undo_move(m);
      if (found) {
        line_.push_back(m);
        return true;
      }
      if (aborted_) return false;
    }
    table_.store(key ^ salt_, winner_, remaining);
    return false;
  }

  bool aborted() const { return aborted_; }
  void set_scope(NetScope scope) { scope_ = scope; }
  std::vector<Move> line() const { return {line_.rbegin(), line_.rend()}; }

 private:
  Position pos_;
  Color winner_;
  Limits& limits_;
  // "No net mate within d plies" as this search follows moves: not the analysis's shared
  // table, since the cut makes the fact weaker, and keyed with the salt of the scope, whose
  // nets the fact is about.
  TranspositionTable& table_;
  uint64_t salt_;
  NetScope scope_;
  int waiting_;
  PieceType piece_ = PieceType::Bishop;
  const std::array<std::vector<Net>, 64>* nets_ = nullptr;
  std::vector<Move> line_;
  bool aborted_ = false;
};

// A key of its own for each square's facts (a splitmix64 step of the square's index).
uint64_t square_salt(Square square) {
  uint64_t z = (uint64_t(index(square)) + 1) * 0x9E3779B97F4A7C15ULL;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

}  // namespace

bool mating_net_applies(const Position& pos, Color winner) {
  const Bitboard pieces = pos.pieces(winner) ^ pos.king_square(winner);
  if (pieces.count() != 1) return false;
  const PieceType type = type_of(pos.piece_on(pieces.first()));
  if (type != PieceType::Bishop && type != PieceType::Knight) return false;
  return (pos.pieces(~winner) ^ pos.king_square(~winner)).count() > 0;
}

std::optional<std::vector<Move>> find_net_mate(const Position& root, Color winner, Limits& limits, NetReach reach,
                                              int max_plies) {
  if (!mating_net_applies(root, winner)) return std::nullopt;
  const NetScope scope = reach == NetReach::Corners ? NetScope{kCorners, 2} : NetScope{~Bitboard(), kMaxBlocks};
  const int parity = root.side_to_move() == winner ? 1 : 0;  // a mate falls on the loser's turn
  // The squares of the scope where some net is within max_plies, by their own floors.
  TranspositionTable table(kNetTableLog2);
  std::vector<std::pair<int, Square>> targets;
  {
    NetSearch floors(root, winner, limits, scope, kWaitingMoves, table, 0);
    for (Square k : scope.squares) {
      floors.set_scope({Bitboard::of(k), scope.blocks});
      const int plies = std::max(floors.plies_needed(max_plies + 1), parity);
      if (plies <= max_plies) targets.push_back({plies, k});
    }
  }
  if (targets.empty()) return std::nullopt;
  std::stable_sort(targets.begin(), targets.end());
  // A search for each square, made when the depth first reaches its floor; all deepen
  // together, so that the first mate found is among the shortest these searches find.
  std::vector<std::unique_ptr<NetSearch>> searches(targets.size());
  int depth = targets.front().first;
  if ((depth & 1) != parity) ++depth;
  for (; depth <= max_plies; depth += 2) {
    for (std::size_t i = 0; i < targets.size() && targets[i].first <= depth; ++i) {
      if (!searches[i])
        searches[i] = std::make_unique<NetSearch>(root, winner, limits,
                                                  NetScope{Bitboard::of(targets[i].second), scope.blocks}, kWaitingMoves,
                                                  table, square_salt(targets[i].second));
      if (searches[i]->search(depth)) return searches[i]->line();
      if (searches[i]->aborted()) return std::nullopt;
    }
  }
  return std::nullopt;
}

}  // namespace arbiter::search
