#include "search/problems/conversion.hpp"

#include <cstring>
#include <unordered_set>

#include "search/board/movegen.hpp"
#include "search/board/packed.hpp"

namespace arbiter::search {

using namespace board;

namespace {

std::string side_name(Color c) { return c == Color::White ? "White" : "Black"; }

std::unexpected<ConversionError> error(ConversionError::Kind kind, std::string message) {
  return std::unexpected(ConversionError{kind, std::move(message)});
}

// The stalemated side passes: same men, the other side to move, no en-passant square.
// Legal whenever the stalemated side is not in check (then the side that moved last is
// not in check either: it is to move in a legal position); still checked, never assumed.
std::expected<Position, ConversionError> pass(const Position& stalemate) {
  Setup setup = stalemate.to_setup();
  setup.side_to_move = ~setup.side_to_move;
  setup.en_passant = Square::None;
  auto passed = Position::from_setup(setup);
  if (!passed)
    return error(ConversionError::Kind::IllegalPass, "the position with " + side_name(stalemate.side_to_move()) +
                                                         " passing is illegal: " + describe(passed.error()));
  return std::move(*passed);
}

enum class AfterMove : uint8_t { Stalemate, Checkmate, Neither };

// The state of the stalemated side (to move in `pos`) after a move of S.
AfterMove outcome_for_stalemated(const Position& pos) {
  if (has_legal_move(pos)) return AfterMove::Neither;
  return pos.in_check() ? AfterMove::Checkmate : AfterMove::Stalemate;
}

struct PackedHash {
  std::size_t operator()(const PackedPosition& p) const {
    uint64_t w[4];
    std::memcpy(w, &p, sizeof(p));
    uint64_t h = w[0] * 0x9E3779B97F4A7C15ULL ^ w[1] * 0xC2B2AE3D27D4EB4FULL ^ w[2] * 0x165667B19E3779F9ULL ^
                 w[3] * 0xD6E8FEB86659FD93ULL;
    return std::size_t(h ^ (h >> 31));
  }
};

// A stalemate reached by S's moves, with S to move; the parent links give the line.
struct Node {
  PackedPosition packed;
  uint32_t parent;
  Move move;
  uint16_t moves;  // S's moves from the start
};
constexpr uint32_t kNoParent = 0xFFFFFFFF;

std::vector<Move> line_to(const std::vector<Node>& nodes, uint32_t index, Move last) {
  std::vector<Move> reversed{last};
  for (; nodes[index].parent != kNoParent; index = nodes[index].parent) reversed.push_back(nodes[index].move);
  return {reversed.rbegin(), reversed.rend()};
}

}  // namespace

std::expected<Position, ConversionError> pass_stalemated_side(const Position& pos) {
  const std::string mover = side_name(pos.side_to_move());
  if (has_legal_move(pos)) {
    if (pos.in_check())
      return error(ConversionError::Kind::InCheck, "not a stalemate: " + mover + " is in check (and can move)");
    return error(ConversionError::Kind::HasMoves,
                 "not a stalemate: " + mover + " to move has " + std::to_string(count_legal(pos)) + " legal moves");
  }
  if (pos.in_check())
    return error(ConversionError::Kind::Checkmate,
                 "not a stalemate: " + mover + " is already checkmated; there is nothing to convert");
  return pass(pos);
}

std::expected<Conversion, ConversionError> find_conversion(const Position& pos, const ConversionOptions& options) {
  auto start = pass_stalemated_side(pos);
  if (!start) return std::unexpected(start.error());
  Conversion result;
  std::vector<Node> nodes{{pack(*start), kNoParent, Move(), 0}};
  std::unordered_set<PackedPosition, PackedHash> seen{nodes[0].packed};
  bool cut = false;  // some stalemate was left unexpanded by the move bound
  for (uint32_t i = 0; i < nodes.size(); ++i) {
    if (nodes[i].moves >= options.max_moves) {
      cut = true;
      continue;
    }
    Position current = unpack(nodes[i].packed, *start);
    for (Move m : legal_moves(current)) {
      current.do_move(m);
      const AfterMove outcome = outcome_for_stalemated(current);
      if (outcome == AfterMove::Checkmate) {
        result.kind = Conversion::Kind::Converted;
        result.line = line_to(nodes, i, m);
        result.positions = nodes.size();
        return result;
      }
      if (outcome == AfterMove::Stalemate) {
        auto next = pass(current);
        if (!next) return std::unexpected(next.error());
        PackedPosition packed = pack(*next);
        if (seen.insert(packed).second) {
          if (nodes.size() >= options.max_positions) {
            result.kind = Conversion::Kind::LimitHit;
            result.positions = nodes.size();
            return result;
          }
          nodes.push_back({packed, i, m, uint16_t(nodes[i].moves + 1)});
        }
      }
      current.undo_move(m);
    }
  }
  result.kind = Conversion::Kind::NoConversion;
  result.positions = nodes.size();
  result.exhausted = !cut;
  return result;
}

bool replays_as_conversion(const Position& pos, std::span<const Move> line) {
  auto passed = pass_stalemated_side(pos);
  if (!passed || line.empty()) return false;
  Position current = std::move(*passed);
  for (std::size_t i = 0; i < line.size(); ++i) {
    if (!legal_moves(current).contains(line[i])) return false;
    current.do_move(line[i]);
    const AfterMove outcome = outcome_for_stalemated(current);
    if (i + 1 == line.size()) return outcome == AfterMove::Checkmate;
    if (outcome != AfterMove::Stalemate) return false;
    auto next = pass(current);
    if (!next) return false;
    current = std::move(*next);
  }
  return false;
}

}  // namespace arbiter::search
