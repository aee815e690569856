// The retrograde build of one material's helpmate table. A helpmate is cooperative, so
// the shortest one is a shortest path in the game graph: d(p) = 1 + min over the legal
// moves of d(child), d = 0 where the loser is to move, in check, with no legal move.
// The build seeds every position with its mate (0) and with its conversions (captures and
// promotions, read from the smaller tables already built), then relaxes predecessors
// (un-moves) level by level: every edge costs one ply, so a position is final when its
// level is scanned.
#pragma once

#include <expected>
#include <functional>
#include <string>

#include "tablebase/helpmate/table_data.hpp"

namespace arbiter::tablebase::helpmate {

// The table of a canonical material, or nothing when it has not been built.
using TableLookup = std::function<const TableData*(const Material&)>;

// Builds the table of the canonical material m (at most 5 men... kMaxMen). Every table a
// capture or promotion leads to must be available through lookup (materials whose men are
// only kings excepted). Parallel over slots (oneTBB); the result does not depend on the
// number of threads. Fails (with a message) when a needed table is missing.
std::expected<TableData, std::string> build_table(const Material& m, const TableLookup& lookup);

}  // namespace arbiter::tablebase::helpmate
