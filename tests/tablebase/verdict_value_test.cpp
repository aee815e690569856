// The verdict table's value: every decided kind of verdict round-trips with its reason,
// line, detail, nodes and version; undetermined verdicts are never encoded; any damage is
// detected (checksum, lengths) and arbitrary bytes never crash the decoder.
#include <catch2/catch.hpp>

#include <random>
#include <string>

#include "search/board/movegen.hpp"
#include "support.hpp"
#include "tablebase/checksum.hpp"
#include "tablebase/verdict_value.hpp"

using namespace arbiter;
using search::Reason;
using search::Verdict;
using tablebase::decode_value;
using tablebase::encode_value;

namespace {

std::vector<Verdict> every_decided_kind() {
  auto p = test::pos("8/8/8/4k3/4p3/8/8/KN6 w - - 0 1");
  std::vector<board::Move> line;
  for (int i = 0; i < 5; ++i) {
    auto moves = board::legal_moves(p);
    line.push_back(moves[0]);
    p.do_move(moves[0]);
  }
  return {
      Verdict::winnable(line, Reason::Helpmate, "White mates in 3 moves (cooperative search)", 1234),
      Verdict::winnable({}, Reason::Helpmate, "Black is already checkmated", 0),
      Verdict::unwinnable(Reason::GameOver, "stalemate: the game is over"),
      Verdict::unwinnable(Reason::InsufficientMaterial, "White has a lone king"),
      Verdict::unwinnable(Reason::Blocked, "the black king is confined to 24 squares", 3029),
      Verdict::unwinnable(Reason::Exhaustive, "all 17 reachable positions visited; none is a mate by White", 17),
      Verdict::unwinnable(Reason::Tablebase, "the small-material table", 0),
      Verdict::winnable(line, Reason::Tablebase, "the small-material table", 0),
      Verdict::unwinnable(Reason::Blocked, std::string(70000, 'x'), uint64_t(1) << 40),
  };
}

}  // namespace

TEST_CASE("verdict value: every decided kind round-trips", "[tablebase][value]") {
  for (const auto& v : every_decided_kind()) {
    INFO(search::to_string(v.outcome) << " " << search::to_string(v.reason));
    auto bytes = encode_value(7, v);
    REQUIRE(bytes.has_value());
    auto back = decode_value(*bytes);
    REQUIRE(back.has_value());
    CHECK(back->algorithm_version == 7);
    CHECK(back->verdict.outcome == v.outcome);
    CHECK(back->verdict.reason == v.reason);
    CHECK(back->verdict.line == v.line);
    CHECK(back->verdict.detail == v.detail.substr(0, 0xFFFF));
    CHECK(back->verdict.nodes == v.nodes);
    CHECK(back->verdict.source == search::Source::Search);
  }
}

TEST_CASE("verdict value: undetermined verdicts and mismatched reasons are never encoded", "[tablebase][value]") {
  CHECK_FALSE(encode_value(1, Verdict::undetermined(Reason::NodeLimit, "limit", 10)).has_value());
  CHECK_FALSE(encode_value(1, Verdict::undetermined(Reason::TimeLimit, "limit", 10)).has_value());
  CHECK_FALSE(encode_value(1, Verdict::unwinnable(Reason::Helpmate, "nonsense")).has_value());
  CHECK_FALSE(encode_value(1, Verdict::winnable({}, Reason::Blocked, "nonsense", 0)).has_value());
}

TEST_CASE("verdict value: damage is detected, arbitrary bytes never crash", "[tablebase][value]") {
  auto kinds = every_decided_kind();
  auto good = *encode_value(3, kinds[0]);
  // Every single-bit flip and every truncation is caught.
  for (std::size_t i = 0; i < good.size(); ++i)
    for (int bit = 0; bit < 8; ++bit) {
      auto bad = good;
      bad[i] ^= uint8_t(1u << bit);
      CHECK_FALSE(decode_value(bad).has_value());
    }
  for (std::size_t n = 0; n < good.size(); ++n)
    CHECK_FALSE(decode_value(std::span<const uint8_t>(good.data(), n)).has_value());
  std::mt19937_64 rng(6);
  for (int i = 0; i < 20000; ++i) {
    std::vector<uint8_t> bytes(rng() % 64);
    for (auto& b : bytes) b = uint8_t(rng());
    (void)decode_value(bytes);
  }
}

// The records' and table blocks' checksum is the standard CRC-32: files written before
// it came from zlib stay readable. Check values of the CRC-32 catalogue.
TEST_CASE("crc32 is the standard CRC-32", "[tablebase][checksum]") {
  const std::string nine = "123456789";
  CHECK(arbiter::tablebase::crc32({reinterpret_cast<const uint8_t*>(nine.data()), nine.size()}) == 0xCBF43926u);
  CHECK(arbiter::tablebase::crc32({}) == 0u);
  const std::string fox = "The quick brown fox jumps over the lazy dog";
  CHECK(arbiter::tablebase::crc32({reinterpret_cast<const uint8_t*>(fox.data()), fox.size()}) == 0x414FA339u);
}
