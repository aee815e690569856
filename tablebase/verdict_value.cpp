#include "tablebase/verdict_value.hpp"

#include <algorithm>

#include "tablebase/checksum.hpp"

namespace arbiter::tablebase {

using search::Outcome;
using search::Reason;

namespace {

void put(std::vector<uint8_t>& out, uint64_t v, int bytes) {
  for (int i = 0; i < bytes; ++i) out.push_back(uint8_t(v >> (8 * i)));
}

uint64_t get(std::span<const uint8_t> in, std::size_t at, int bytes) {
  uint64_t v = 0;
  for (int i = bytes - 1; i >= 0; --i) v = v << 8 | in[at + i];
  return v;
}

// The reasons a stored verdict of each outcome may carry.
bool reason_fits(Outcome o, Reason r) {
  switch (r) {
    case Reason::Helpmate: return o == Outcome::Winnable;
    case Reason::GameOver:
    case Reason::InsufficientMaterial:
    case Reason::Blocked:
    case Reason::Exhaustive: return o == Outcome::Unwinnable;
    case Reason::Tablebase:
    case Reason::Cache: return true;
    default: return false;  // the limits of undetermined verdicts
  }
}

// Bytes before the moves: format 1 had no shortest facts.
constexpr std::size_t kFixedV1 = 17, kFixed = 20;

}  // namespace

std::expected<std::vector<uint8_t>, std::string> encode_value(uint32_t algorithm_version,
                                                              const search::Verdict& v) {
  if (!v.decided()) return std::unexpected("an undetermined verdict is never stored");
  if (!reason_fits(v.outcome, v.reason)) return std::unexpected("the reason does not fit the outcome");
  if (v.line.size() > 0xFFFF) return std::unexpected("witness line too long to store");
  if (v.outcome == Outcome::Unwinnable && !v.line.empty()) return std::unexpected("an unwinnable verdict with a line");
  std::vector<uint8_t> out;
  std::size_t detail = std::min<std::size_t>(v.detail.size(), 0xFFFF);
  out.reserve(kFixed + 2 * v.line.size() + 2 + detail + 4);
  put(out, StoredVerdict::kValueFormat, 1);
  put(out, algorithm_version, 4);
  put(out, uint8_t(v.outcome), 1);
  put(out, uint8_t(v.reason), 1);
  put(out, v.nodes, 8);
  put(out, v.shortest ? 1 : 0, 1);
  put(out, std::min<uint32_t>(v.no_shorter_than, 0xFFFF), 2);
  put(out, v.line.size(), 2);
  for (auto m : v.line) put(out, m.raw(), 2);
  put(out, detail, 2);
  out.insert(out.end(), v.detail.begin(), v.detail.begin() + std::ptrdiff_t(detail));
  put(out, crc32(out), 4);
  return out;
}

std::expected<StoredVerdict, std::string> decode_value(std::span<const uint8_t> in) {
  auto fail = [](std::string why) { return std::unexpected("verdict value: " + std::move(why)); };
  if (in.size() < kFixedV1 + 2 + 4) return fail("too short (" + std::to_string(in.size()) + " bytes)");
  const std::size_t body = in.size() - 4;
  if (crc32(in.first(body)) != uint32_t(get(in, body, 4))) return fail("checksum mismatch");
  if (in[0] != StoredVerdict::kValueFormat && in[0] != 1)
    return fail("value format " + std::to_string(in[0]) + " unknown");
  const std::size_t fixed = in[0] == 1 ? kFixedV1 : kFixed;
  if (in.size() < fixed + 2 + 4) return fail("too short (" + std::to_string(in.size()) + " bytes)");
  StoredVerdict s;
  s.algorithm_version = uint32_t(get(in, 1, 4));
  if (in[5] > uint8_t(Outcome::Undetermined) || in[6] > uint8_t(Reason::Cancelled)) return fail("unknown outcome or reason");
  auto& v = s.verdict;
  v.outcome = Outcome(in[5]);
  v.reason = Reason(in[6]);
  if (!v.decided()) return fail("an undetermined verdict");
  if (!reason_fits(v.outcome, v.reason)) return fail("the reason does not fit the outcome");
  v.nodes = get(in, 7, 8);
  if (fixed == kFixed) {
    if (in[15] > 1) return fail("shortest flag " + std::to_string(in[15]) + " is not 0 or 1");
    v.shortest = in[15] == 1;
    v.no_shorter_than = uint32_t(get(in, 16, 2));
  }
  std::size_t plies = get(in, fixed - 2, 2);
  std::size_t at = fixed;
  if (at + 2 * plies + 2 > body) return fail("witness line runs past the end");
  if (v.outcome == Outcome::Unwinnable && plies != 0) return fail("an unwinnable verdict with a line");
  if (v.no_shorter_than > plies && v.outcome == Outcome::Winnable)
    return fail("a witness shorter than the length ruled out");
  v.line.reserve(plies);
  for (std::size_t i = 0; i < plies; ++i, at += 2) v.line.push_back(board::Move::from_raw(uint16_t(get(in, at, 2))));
  std::size_t detail = get(in, at, 2);
  at += 2;
  if (at + detail != body) return fail("detail length does not match the value's size");
  v.detail.assign(reinterpret_cast<const char*>(in.data() + at), detail);
  v.source = search::Source::Search;
  return s;
}

}  // namespace arbiter::tablebase
