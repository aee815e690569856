#include "search/problems/clock_helpmate.hpp"

#include <algorithm>
#include <string_view>
#include <unordered_map>

#include "search/board/movegen.hpp"
#include "search/board/packed.hpp"

namespace arbiter::search {

using namespace board;

namespace {

struct PackedHash {
  std::size_t operator()(const PackedPosition& p) const {
    return std::hash<std::string_view>{}(std::string_view(reinterpret_cast<const char*>(&p), sizeof(p)));
  }
};

constexpr int kClockLimit = 150;  // 9.6.2: 75 moves by each side

class ClockSearch {
 public:
  ClockSearch(const Position& root, Color winner, Limits& limits, const ResetOracle& oracle)
      : pos_(root), winner_(winner), limits_(limits), oracle_(oracle) {}

  ClockHelpmateResult run() {
    ClockHelpmateResult r;
    const Result res = search(kClockLimit - pos_.halfmove_clock());
    r.nodes = limits_.nodes();
    r.resets = resets_.size();
    switch (res) {
      case Result::Found:
        r.outcome = Outcome::Winnable;
        r.line = std::move(witness_);
        break;
      case Result::Failed:
        r.outcome = Outcome::Unwinnable;
        break;
      case Result::Open:
        r.limit = open_limit_;
        break;
      case Result::Stopped:
        r.limit = limits_.limit_hit();
        break;
    }
    return r;
  }

 private:
  enum class Result : uint8_t { Found, Failed, Open, Stopped };
  struct Entry {
    int plies = 0;      // the most plies left this position was searched with
    bool open = false;  // that search met an undetermined reset
  };

  // The side to move in pos_ has a legal move; `plies` (>= 1) non-resetting plies may pass.
  Result search(int plies) {
    if (!limits_.spend(1)) return Result::Stopped;
    const PackedPosition here = pack(pos_);
    if (auto it = memo_.find(here); it != memo_.end() && it->second.plies >= plies)
      return it->second.open ? Result::Open : Result::Failed;
    path_.push_back({pos_.key(), here});
    MoveList moves = legal_moves(pos_);
    // Resets first (the oracle's whole analysis finds long mates after them), then checks.
    auto rank = [&](Move m) {
      if (pos_.is_capture(m) || type_of(pos_.piece_on(m.from())) == PieceType::Pawn) return 0;
      return pos_.gives_check(m) ? 1 : 2;
    };
    std::stable_sort(moves.begin(), moves.end(), [&](Move a, Move b) { return rank(a) < rank(b); });
    bool open = false;
    Result result = Result::Failed;
    for (Move m : moves) {
      pos_.do_move(m);
      line_.push_back(m);
      Result r = child(plies);
      line_.pop_back();
      pos_.undo_move(m);
      if (r == Result::Found || r == Result::Stopped) {
        result = r;
        break;
      }
      if (r == Result::Open) open = true;
    }
    path_.pop_back();
    if (result == Result::Failed) {
      Entry& e = memo_[here];
      e.plies = std::max(e.plies, plies);
      e.open = open;
      if (open) result = Result::Open;
    }
    return result;
  }

  // The position after a move made with `plies` left before it.
  Result child(int plies) {
    if (!has_legal_move(pos_)) {
      // Checkmate ends the game, even on the move that completes the 150 plies.
      if (pos_.in_check() && pos_.side_to_move() == ~winner_) {
        witness_ = line_;
        return Result::Found;
      }
      return Result::Failed;  // stalemate, or the winner mated
    }
    if (pos_.halfmove_clock() == 0) return reset();
    if (plies - 1 <= 0) return Result::Failed;  // 9.6.2 ends the game here
    if (on_path()) return Result::Failed;
    return search(plies - 1);
  }

  bool on_path() const {
    for (const auto& [key, packed] : path_)
      if (key == pos_.key() && packed == pack(pos_)) return true;
    return false;
  }

  Result reset() {
    const PackedPosition here = pack(pos_);
    auto it = resets_.find(here);
    if (it == resets_.end()) {
      if (limits_.stopped() || limits_.remaining() == 0) return Result::Stopped;
      ResetAnswer a = oracle_(pos_, limits_.remaining());
      if (!limits_.spend(a.nodes) && a.outcome != Outcome::Winnable) return Result::Stopped;
      it = resets_.emplace(here, std::move(a)).first;
    }
    const ResetAnswer& a = it->second;
    switch (a.outcome) {
      case Outcome::Winnable:
        witness_ = line_;
        witness_.insert(witness_.end(), a.line.begin(), a.line.end());
        return Result::Found;
      case Outcome::Unwinnable:
        return Result::Failed;
      case Outcome::Undetermined:
        open_limit_ = a.limit;
        return Result::Open;
    }
    return Result::Open;
  }

  Position pos_;
  Color winner_;
  Limits& limits_;
  const ResetOracle& oracle_;
  std::unordered_map<PackedPosition, Entry, PackedHash> memo_;
  std::unordered_map<PackedPosition, ResetAnswer, PackedHash> resets_;
  std::vector<std::pair<uint64_t, PackedPosition>> path_;
  std::vector<Move> line_;
  std::vector<Move> witness_;
  Reason open_limit_ = Reason::NodeLimit;
};

}  // namespace

ClockHelpmateResult clock_limited_helpmate(const Position& root, Color winner, Limits& limits,
                                           const ResetOracle& oracle) {
  return ClockSearch(root, winner, limits, oracle).run();
}

}  // namespace arbiter::search
