#include "analyzer/dead_position.hpp"

#include "analyzer/rule_endings.hpp"

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

Probe probe(const Position& pos, Color first, WinnabilityAnalyzer& analyzer) {
  Probe p{DeadPositionCheck::Kind::Dead, {}, {}};
  for (Color c : {first, ~first}) {
    auto v = analyzer.analyze(pos, c);
    Outcome o = v.outcome;
    (c == Color::White ? p.white : p.black) = std::move(v);
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

DeadPositionCheck find_dead_position(const Position& start, std::span<const board::Move> moves, int last, Color first,
                                     WinnabilityAnalyzer& analyzer) {
  return find_dead_position(start, moves, last, position_after(start, moves, last), first, analyzer);
}

DeadPositionCheck find_dead_position(const Position& start, std::span<const board::Move> moves, int last,
                                     const Position& last_position, Color first, WinnabilityAnalyzer& analyzer) {
  DeadPositionCheck result;
  Probe at_last = probe(last_position, first, analyzer);
  result.kind = at_last.kind;
  result.white = at_last.white;
  result.black = at_last.black;
  if (at_last.kind != DeadPositionCheck::Kind::Dead) return result;

  // Dead at `last`: find the first dead ply. Invariant: dead at hi; live before lo.
  int lo = 0, hi = last;
  std::string why = why_dead(at_last);
  while (lo < hi) {
    int mid = lo + (hi - lo) / 2;
    Probe p = probe(position_after(start, moves, mid), Color::White, analyzer);
    if (p.kind == DeadPositionCheck::Kind::Dead) {
      hi = mid;
      why = why_dead(p);
    } else if (p.kind == DeadPositionCheck::Kind::Live) {
      lo = mid + 1;
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
