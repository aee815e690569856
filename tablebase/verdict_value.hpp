// The value of a verdict in the on-disk table: the decided verdict (outcome, reason,
// witness line, detail, nodes) and the version of the analysis that proved it, with a
// checksum. Only winnable and unwinnable verdicts are ever encoded.
#pragma once

#include <cstdint>
#include <expected>
#include <span>
#include <string>
#include <vector>

#include "search/verdict.hpp"

namespace arbiter::tablebase {

// Layout (multi-byte fields little-endian):
//   [0]      value format (kValueFormat)
//   [1..4]   algorithm version of the analysis that proved the verdict
//   [5]      outcome (Winnable or Unwinnable)
//   [6]      reason
//   [7..14]  nodes spent proving it
//   [15]     1 when the witness is a shortest helpmate (proven), else 0
//   [16..17] no helpmate has fewer plies than this (0: nothing ruled out)
//   [18..19] n, the witness length in plies; then n moves of 2 bytes (Move::raw)
//   then     m, the detail length (2 bytes), and m bytes of UTF-8 text
//   last 4   CRC-32 of every byte before it
struct StoredVerdict {
  // Format 2 added the shortest facts; format 1 values are still read (without them).
  static constexpr uint8_t kValueFormat = 2;
  uint32_t algorithm_version = 0;
  search::Verdict verdict;
};

// The bytes of a decided verdict; nothing for an undetermined one (never stored). A
// detail longer than 65535 bytes is cut.
std::expected<std::vector<uint8_t>, std::string> encode_value(uint32_t algorithm_version,
                                                              const search::Verdict& verdict);

// Decodes and checks a value: format, checksum, lengths, an outcome and reason that go
// together (winnable: a line; unwinnable: none). Never trusts a length it has not checked.
// The verdict comes back with source Search; callers mark what they serve from the table.
std::expected<StoredVerdict, std::string> decode_value(std::span<const uint8_t> bytes);

}  // namespace arbiter::tablebase
