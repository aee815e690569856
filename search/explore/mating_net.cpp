#include "search/explore/mating_net.hpp"

#include <algorithm>
#include <array>

#include "search/board/attacks.hpp"
#include "search/board/movegen.hpp"
#include "search/checking_moves.hpp"
#include "search/explore/transposition.hpp"

namespace arbiter::search {

using namespace board;

namespace {

constexpr int kFar = 64;      // a place a man cannot reach
constexpr int kNever = 1000;  // plies when no net can be reached

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

// Moves a man of the loser needs to stand on `to`: a piece's moves; a pawn's steps
// (captures may change its file, the winner offering them), or its promotion and the
// new piece's moves.
int man_distance(const Position& pos, Square from, Square to) {
  const Piece piece = pos.piece_on(from);
  const PieceType type = type_of(piece);
  if (type != PieceType::Pawn) return piece_distance(type, from, to);
  const Color c = color_of(piece);
  const int rank = relative_rank(c, from), target = relative_rank(c, to);
  const int files = std::abs(file_of(from) - file_of(to));
  const int head_start = rank == 1 ? 1 : 0;  // the double step
  int best = kFar;
  if (target > rank && target < 7 && files <= target - rank) best = std::max(files, target - rank - head_start);
  if (target == rank && files == 0) best = 0;
  // Promotion on the nearest file it can reach, then the piece's moves.
  const int steps = std::max(1, 7 - rank - head_start);
  const int file = std::clamp(file_of(to), file_of(from) - (7 - rank), file_of(from) + (7 - rank));
  const Square promotion = make_square(file, c == Color::White ? 7 : 0);
  int after = kFar;
  for (PieceType t : {PieceType::Queen, PieceType::Knight})
    after = std::min(after, piece_distance(t, promotion, to));
  return std::min(best, steps + after);
}

// Mating nets that share the losing king's corner and the squares its men must fill:
// for each, where the winner's king may stand (None: anywhere, it covers no flight) and
// the squares the piece may check from.
struct NetGroup {
  Square corner;
  std::array<Square, 2> blocks;
  int block_count;
  std::vector<std::pair<Square, Bitboard>> placements;  // the winner's king, the checks
};

// Every net with the losing king in a corner, checked by `piece` standing on squares of
// `colours` (a bishop keeps its colour), with at most two flights (and at most
// `loser_men`) left for the loser's men to fill.
std::vector<NetGroup> mating_nets(PieceType piece, Bitboard colours, int loser_men) {
  std::vector<NetGroup> groups;
  for (Square corner : {Square::A1, Square::H1, Square::A8, Square::H8}) {
    const Bitboard flights = king_attacks(corner);
    for (int w = 0; w < 65; ++w) {
      const Square king = Square(w);  // 64: None, the winner's king covers nothing
      if (king != Square::None && distance(king, corner) < 2) continue;
      const Bitboard king_cover = king == Square::None ? Bitboard() : king_attacks(king);
      if (king != Square::None && !(king_cover & flights)) continue;
      for (Square from : colours) {
        if (from == corner || from == king) continue;
        Bitboard occupied = Bitboard::of(from);
        if (king != Square::None) occupied |= king;
        // The check; the squares behind the king on the checking line stay attacked.
        if (!piece_attacks(piece, from, occupied).has(corner)) continue;
        if (flights.has(from) && !king_cover.has(from)) continue;  // the king would take it
        const Bitboard open = flights & ~king_cover & ~piece_attacks(piece, from, occupied) & ~occupied;
        if (!open || open.count() > 2 || open.count() > loser_men) continue;
        // Per king square the open flights can differ with the checking square: one
        // entry per (king, open flights), the checks gathered.
        const std::array<Square, 2> b{open.first(), open.last()};
        auto group = std::find_if(groups.begin(), groups.end(), [&](const NetGroup& g) {
          return g.corner == corner && g.blocks == b;
        });
        if (group == groups.end()) {
          groups.push_back({corner, b, open.count(), {}});
          group = groups.end() - 1;
        }
        auto placement = std::find_if(group->placements.begin(), group->placements.end(),
                                      [&](const auto& p) { return p.first == king; });
        if (placement == group->placements.end()) group->placements.push_back({king, Bitboard::of(from)});
        else placement->second |= from;
      }
    }
  }
  return groups;
}

class NetSearch {
 public:
  NetSearch(const Position& root, Color winner, Limits& limits, int waiting, uint64_t cap)
      : pos_(root), winner_(winner), limits_(limits), table_(16), waiting_(waiting), cap_(cap) {
    const Bitboard pieces = pos_.pieces(winner) ^ pos_.king_square(winner);
    piece_ = type_of(pos_.piece_on(pieces.first()));
    const Bitboard colours = piece_ == PieceType::Bishop ? squares_of_colour(pieces.first()) : ~Bitboard();
    nets_ = mating_nets(piece_, colours, (pos_.pieces(~winner) ^ pos_.king_square(~winner)).count());
  }

  bool usable() const { return !nets_.empty(); }

  // Fewest plies to a mate by any net, by the counts on an empty board.
  int plies_needed() const {
    const Color loser = ~winner_;
    const Square loser_king = pos_.king_square(loser), winner_king = pos_.king_square(winner_);
    const Bitboard pieces = pos_.pieces(winner_) ^ winner_king;
    if (!pieces) return kNever;  // the piece was taken
    const Square piece = pieces.first();
    const Bitboard men = pos_.pieces(loser) ^ loser_king;
    const bool winner_moves = pos_.side_to_move() == winner_;
    int best = kNever;
    for (const NetGroup& net : nets_) {
      int blockers = kFar;
      if (net.block_count == 1) {
        for (Square m : men) blockers = std::min(blockers, man_distance(pos_, m, net.blocks[0]));
      } else {
        for (Square a : men)
          for (Square b : men)
            if (a != b)
              blockers = std::min(blockers, man_distance(pos_, a, net.blocks[0]) + man_distance(pos_, b, net.blocks[1]));
      }
      if (blockers >= kFar) continue;
      const int l = distance(loser_king, net.corner) + blockers;
      int w = kFar;
      for (const auto& [king, checks] : net.placements) {
        // The piece's last move gives the check: at least one move even when it stands ready.
        int piece_moves = kFar;
        for (Square s : checks) piece_moves = std::min(piece_moves, std::max(1, piece_distance(piece_, piece, s)));
        w = std::min(w, (king == Square::None ? 0 : distance(winner_king, king)) + piece_moves);
      }
      if (w >= kFar) continue;
      // The winner makes the last move: w of its moves and l of the loser's interleaved.
      const int plies = winner_moves ? 2 * std::max(w, l + 1) - 1 : 2 * std::max(w, l);
      best = std::min(best, plies);
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
    if (table_.probe(key, winner_) >= remaining) return false;
    MoveList moves;
    generate_legal(pos_, moves);
    spent_ += 1 + moves.size();
    if (spent_ > cap_ || !limits_.spend(1 + moves.size())) {
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
      const int need = plies_needed();
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
    table_.store(key, winner_, remaining);
    return false;
  }

  bool aborted() const { return aborted_; }
  std::vector<Move> line() const { return {line_.rbegin(), line_.rend()}; }
  Position& position() { return pos_; }

 private:
  Position pos_;
  Color winner_;
  Limits& limits_;
  // "No net mate within d plies" as this search follows moves: its own table, since the
  // cut makes the fact weaker than the shared table's.
  TranspositionTable table_;
  int waiting_;
  uint64_t cap_, spent_ = 0;  // this width's share of the nodes
  PieceType piece_ = PieceType::Bishop;
  std::vector<NetGroup> nets_;
  std::vector<Move> line_;
  bool aborted_ = false;
};

}  // namespace

bool mating_net_applies(const Position& pos, Color winner) {
  const Bitboard pieces = pos.pieces(winner) ^ pos.king_square(winner);
  if (pieces.count() != 1) return false;
  const PieceType type = type_of(pos.piece_on(pieces.first()));
  if (type != PieceType::Bishop && type != PieceType::Knight) return false;
  return (pos.pieces(~winner) ^ pos.king_square(~winner)).count() > 0;
}

std::optional<std::vector<Move>> find_net_mate(const Position& root, Color winner, Limits& limits, int max_plies) {
  if (!mating_net_applies(root, winner)) return std::nullopt;
  // Two widths, each a search of its own (what its table holds depends on the width),
  // each with half the nodes: four waiting moves a turn finds most nets soonest, two
  // reach deeper where four spread too thin (one alone ran out of lines on every example
  // tried).
  const uint64_t half = limits.max_nodes() / 2;
  for (int waiting : {4, 2}) {
    NetSearch search(root, winner, limits, waiting, waiting == 4 ? half : limits.max_nodes());
    if (!search.usable()) return std::nullopt;
    const int parity = root.side_to_move() == winner ? 1 : 0;  // a mate falls on the loser's turn
    int depth = std::max(search.plies_needed(), parity);
    if (depth > max_plies) return std::nullopt;
    if ((depth & 1) != parity) ++depth;
    for (; depth <= max_plies; depth += 2) {
      if (search.search(depth)) return search.line();
      if (search.aborted()) break;
    }
    if (limits.stopped()) return std::nullopt;
  }
  return std::nullopt;
}

}  // namespace arbiter::search
