#include "analyzer/dead_position.hpp"

#include <algorithm>

#include "analyzer/rule_endings.hpp"
#include "analyzer/simple_rule.hpp"

namespace arbiter::analyzer {

using board::Color;
using board::Position;
using search::Outcome;

namespace {

// Both verdicts as far as needed; Dead needs both unwinnable.
struct Probe {
  DeadPositionCheck::Kind kind;
  std::optional<search::Verdict> white, black;
};

// The men's usual worth (pawn 1, minor piece 3, rook 5, queen 9); none for men that
// could never mate a bare king, even helped (what the servers' simple table calls
// insufficient: one knight, or bishops of one colour): their mate needs the other side's
// men to block, a long witness to find, while the other side, with a pawn or more,
// usually mates sooner.
int force(const Position& pos, Color c) {
  using board::PieceType;
  if (!simple_can_mate(pos, c)) return 0;
  return pos.pieces(c, PieceType::Pawn).count() + 3 * pos.pieces(c, PieceType::Knight, PieceType::Bishop).count() +
         5 * pos.pieces(c, PieceType::Rook).count() + 9 * pos.pieces(c, PieceType::Queen).count();
}

Probe probe(const Position& pos, std::optional<Color> first, WinnabilityAnalyzer& analyzer) {
  Probe p{DeadPositionCheck::Kind::Dead, {}, {}};
  auto verdict = [&](Color c) -> std::optional<search::Verdict>& { return c == Color::White ? p.white : p.black; };
  // Without a side asked for, the side with more force looks first: its mate is usually
  // the cheaper one to find (White on a tie). Which side settles it changes no verdict.
  const Color order =
      first.value_or(force(pos, Color::Black) > force(pos, Color::White) ? Color::Black : Color::White);
  if (!first) {
    // Either side's mate shows the position live: a quick look at both first (a
    // twentieth of the budget each), so that an easy mate for one side is not found
    // only after a hard one for the other.
    for (Color c : {order, ~order}) {
      verdict(c) = analyzer.analyze(pos, c, std::max<uint64_t>(1, analyzer.options().max_nodes / 20));
      if (verdict(c)->outcome == Outcome::Winnable) {
        p.kind = DeadPositionCheck::Kind::Live;
        return p;
      }
    }
  }
  for (Color c : {order, ~order}) {
    if (!verdict(c) || verdict(c)->outcome == Outcome::Undetermined) verdict(c) = analyzer.analyze(pos, c);
    Outcome o = verdict(c)->outcome;
    if (o == Outcome::Winnable) {
      p.kind = DeadPositionCheck::Kind::Live;
      return p;
    }
    if (o == Outcome::Undetermined) p.kind = DeadPositionCheck::Kind::Undetermined;
  }
  return p;
}

std::string why_dead(const Probe& p) {
  return "White: " + p.white->detail + "; Black: " + p.black->detail;
}

}  // namespace

DeadPositionCheck find_dead_position(const Position& start, std::span<const board::Move> moves, int last,
                                     std::optional<Color> first, WinnabilityAnalyzer& analyzer) {
  return find_dead_position(start, moves, last, position_after(start, moves, last), first, analyzer);
}

DeadPositionCheck find_dead_position(const Position& start, std::span<const board::Move> moves, int last,
                                     const Position& last_position, std::optional<Color> first,
                                     WinnabilityAnalyzer& analyzer) {
  DeadPositionCheck result;
  Probe at_last = probe(last_position, first, analyzer);
  result.kind = at_last.kind;
  result.white = at_last.white;
  result.black = at_last.black;
  if (at_last.kind != DeadPositionCheck::Kind::Dead) return result;

  // Dead at `last`: find the first dead ply. Invariant: dead at hi; live before lo. A
  // position reached from a dead one is dead, so the plies split into live ones, then dead
  // ones, and any order of probes that keeps the invariant finds the same first dead ply.
  // Games mostly end at the move that made the position dead: so the probes go back from
  // `last`, one ply, then twice as far each time, until a live one; then they halve the gap
  // left. Probes near the end cost less (fewer men) and are fewer: one when `last` is the
  // first dead ply.
  int lo = 0, hi = last, back = 1;
  bool going_back = true;
  std::string why = why_dead(at_last);
  while (lo < hi) {
    const int mid = going_back ? std::max(lo, hi - back) : lo + (hi - lo) / 2;
    Probe p = probe(position_after(start, moves, mid), std::nullopt, analyzer);
    if (p.kind == DeadPositionCheck::Kind::Dead) {
      hi = mid;
      back *= 2;
      why = why_dead(p);
    } else if (p.kind == DeadPositionCheck::Kind::Live) {
      lo = mid + 1;
      going_back = false;
    } else {
      result.exact = false;  // dead by hi at the latest; earlier plies not settled
      break;
    }
  }
  result.ply = hi;
  result.why = why;
  return result;
}

}  // namespace arbiter::analyzer
