// The answer to "can `winner` checkmate?", as a type: winnable with the witness line,
// unwinnable with the argument that proved it, or undetermined with the limit that
// was hit. A limit never turns into "unwinnable".
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "search/board/move.hpp"

namespace arbiter::search {

enum class Outcome : uint8_t { Winnable, Unwinnable, Undetermined };

enum class Reason : uint8_t {
  // winnable
  Helpmate,              // a cooperative line ending in mate (the witness)
  // unwinnable
  GameOver,              // the position is already checkmate or stalemate
  InsufficientMaterial,  // a sound material fact (e.g. a lone king never mates)
  Blocked,               // static analysis of a locked pawn structure
  Exhaustive,            // every reachable position was visited; none is a mate
  // either, from stored tables
  Tablebase,
  Cache,
  // undetermined: the limit that was hit
  NodeLimit,
  TimeLimit,
  Cancelled,
};

// Where a verdict comes from: this run's analysis, or a table that kept an earlier proof
// (the reason stays the one that proved it then).
enum class Source : uint8_t { Search, Cache };

const char* to_string(Outcome o);
// The contract's names: "helpmate", "insufficient-material", "blocked", "exhaustive",
// "game-over", "tablebase", "cache", "node-limit", "time-limit", "cancelled".
const char* to_string(Reason r);

struct Verdict {
  Outcome outcome = Outcome::Undetermined;
  Reason reason = Reason::NodeLimit;
  std::vector<board::Move> line;  // winnable: from the given position to the mate
  std::string detail;             // one human line saying why
  uint64_t nodes = 0;             // positions visited to reach the verdict
  Source source = Source::Search;
  // Winnable: `shortest` when no shorter helpmate exists (proven: by the exact tables, or by
  // a search that exhausted every shorter length); no helpmate has fewer than
  // `no_shorter_than` plies (0 when nothing was ruled out).
  bool shortest = false;
  uint32_t no_shorter_than = 0;

  static Verdict winnable(std::vector<board::Move> line, Reason reason, std::string detail, uint64_t nodes) {
    return {Outcome::Winnable, reason, std::move(line), std::move(detail), nodes, Source::Search, false, 0};
  }
  static Verdict unwinnable(Reason reason, std::string detail, uint64_t nodes = 0) {
    return {Outcome::Unwinnable, reason, {}, std::move(detail), nodes, Source::Search, false, 0};
  }
  static Verdict undetermined(Reason limit, std::string detail, uint64_t nodes) {
    return {Outcome::Undetermined, limit, {}, std::move(detail), nodes, Source::Search, false, 0};
  }
  bool decided() const { return outcome != Outcome::Undetermined; }
};

}  // namespace arbiter::search
