// The stalemate-to-checkmate conversion rule (docs/rules.md §4): when side S has stalemated
// side L, S makes moves alone; after each, L must still be stalemated, except after the
// last, which must checkmate L. The search is breadth-first over S's moves with exact
// deduplication, so the line it returns is a shortest conversion, and "no conversion" is
// a proof (every sequence within the bound was examined).
#pragma once

#include <cstdint>
#include <expected>
#include <span>
#include <string>
#include <vector>

#include "search/board/position.hpp"

namespace arbiter::search {

// Why a position cannot be the start of a conversion.
struct ConversionError {
  enum class Kind : uint8_t {
    Checkmate,    // the side to move is mated: nothing to convert
    InCheck,      // the side to move is in check (and can move)
    HasMoves,     // the side to move has a legal move
    IllegalPass,  // the position with the side to move passed on is not legal
  };
  Kind kind;
  std::string message;
};

struct ConversionOptions {
  int max_moves = 20;                  // the most moves S may make (the rule's time bound)
  uint64_t max_positions = 4'000'000;  // memory bound (about 100 bytes a position)
};

struct Conversion {
  enum class Kind : uint8_t {
    Converted,     // `line` converts; no shorter line does
    NoConversion,  // no line of at most max_moves moves converts: the stalemate stands
    LimitHit,      // max_positions was reached first: undetermined
  };
  Kind kind = Kind::NoConversion;
  std::vector<board::Move> line;  // S's moves, each played with S to move (L passes)
  uint64_t positions = 0;         // distinct stalemates (S to move) examined, the start included
  // NoConversion: every stalemate reachable by S's moves was examined, so no line of any
  // length converts (false when the bound max_moves cut the search).
  bool exhausted = false;
};

// The stalemate with its stalemated side passing: the same men, S to move, no
// en-passant square. An error when `pos` is no stalemate.
std::expected<board::Position, ConversionError> pass_stalemated_side(const board::Position& pos);

// The shortest conversion of the stalemate `pos` (L to move, stalemated).
std::expected<Conversion, ConversionError> find_conversion(const board::Position& pos,
                                                           const ConversionOptions& options = {});

// Independent check of a conversion line: each move legal for S in turn, L stalemated
// after every move but the last, and checkmated after the last.
bool replays_as_conversion(const board::Position& pos, std::span<const board::Move> line);

}  // namespace arbiter::search
