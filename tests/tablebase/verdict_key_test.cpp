// The verdict table's key: exact and canonical. It round-trips, tells apart positions
// that differ only in castling rights (and, in Chess960, in the castling rook), in a legal
// en-passant capture, in the side to move or in the side asked about, and does not tell
// apart what the rules do not: move counters, or an en-passant square with no legal capture.
#include <catch2/catch.hpp>

#include <algorithm>
#include <random>
#include <set>

#include "support.hpp"
#include "tablebase/verdict_key.hpp"

using namespace arbiter;
using board::Color;
using tablebase::decode_key;
using tablebase::encode_key;

namespace {

tablebase::VerdictKey key(const std::string& fen, Color winner = Color::White) {
  return encode_key(test::pos(fen), winner);
}

// Placement, side to move, castling, en passant: the FEN without its counters.
std::string first_fields(const std::string& fen) {
  std::size_t at = 0;
  for (int i = 0; i < 4 && at != std::string::npos; ++i) at = fen.find(' ', at + 1);
  return fen.substr(0, at);
}

void check_round_trip(const board::Position& p, Color winner) {
  auto k = encode_key(p, winner);
  auto back = decode_key(k.view());
  INFO(p.fen());
  REQUIRE(back.has_value());
  CHECK(back->winner == winner);
  CHECK(back->position.same_position(p));
  CHECK(first_fields(back->position.fen()) == first_fields(p.fen()));
  CHECK(encode_key(back->position, winner) == k);
}

}  // namespace

TEST_CASE("verdict key: round trip over move trees and special positions", "[tablebase][key]") {
  for (std::string fen : {std::string(board::Position::kStartFen),
                          std::string("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
                          std::string("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"),
                          std::string("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9")}) {
    auto root = test::pos(fen);
    test::walk(root, 2, [](board::Position& p) {
      check_round_trip(p, Color::White);
      check_round_trip(p, Color::Black);
    });
  }
  check_round_trip(test::pos("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3"), Color::Black);
  check_round_trip(test::pos("4k3/8/8/8/8/8/8/1R1R1K2 w D - 0 1"), Color::White);
}

TEST_CASE("verdict key: castling rights, and the castling rook in Chess960", "[tablebase][key]") {
  std::set<std::array<uint8_t, tablebase::VerdictKey::kSize>> keys;
  for (std::string rights : {"-", "K", "Q", "k", "q", "KQ", "Kk", "Kq", "Qk", "Qq", "kq", "KQk", "KQq", "Kkq", "Qkq",
                             "KQkq"})
    keys.insert(key("r3k2r/8/8/8/8/8/8/R3K2R w " + rights + " - 0 1").bytes);
  CHECK(keys.size() == 16);
  // Same men, same right (white queen-side), another rook: the b-file or the d-file one.
  CHECK(key("4k3/8/8/8/8/8/8/1R1R1K2 w B - 0 1") != key("4k3/8/8/8/8/8/8/1R1R1K2 w D - 0 1"));
  CHECK(key("4k3/8/8/8/8/8/8/1R1R1K2 w B - 0 1") != key("4k3/8/8/8/8/8/8/1R1R1K2 w - - 0 1"));
  // X-FEN's Q names the outermost rook: the same right as B.
  CHECK(key("4k3/8/8/8/8/8/8/1R1R1K2 w B - 0 1") == key("4k3/8/8/8/8/8/8/1R1R1K2 w Q - 0 1"));
}

TEST_CASE("verdict key: en passant only when the capture is legal", "[tablebase][key]") {
  // d4xe3 is legal: the square counts.
  CHECK(key("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3") !=
        key("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3"));
  // No black pawn beside e4: the square is not part of the position.
  CHECK(key("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1") ==
        key("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"));
  // d4xe3 would expose the black king to the rook on h4: no legal capture, same key.
  CHECK(key("8/8/8/8/k2pP2R/8/8/4K3 b - e3 0 1") == key("8/8/8/8/k2pP2R/8/8/4K3 b - - 0 1"));
}

TEST_CASE("verdict key: the question and the side to move count, the counters do not", "[tablebase][key]") {
  const std::string placement = "8/8/8/4k3/4p3/8/8/KN6";
  CHECK(key(placement + " w - - 0 1", Color::White) != key(placement + " w - - 0 1", Color::Black));
  CHECK(key(placement + " w - - 0 1") != key(placement + " b - - 0 1"));
  CHECK(key(placement + " w - - 0 1") == key(placement + " w - - 37 80"));
}

TEST_CASE("verdict key: arbitrary bytes never crash the decoder, and what decodes is canonical", "[tablebase][key]") {
  std::mt19937_64 rng(6);
  auto good = key("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
  int decoded = 0;
  for (int i = 0; i < 20000; ++i) {
    auto bytes = good.bytes;
    if (i % 2) {
      for (auto& b : bytes) b = uint8_t(rng());
    } else {
      bytes[rng() % bytes.size()] ^= uint8_t(1u << (rng() % 8));
    }
    std::span<const uint8_t> view(bytes.data(), i % 7 == 0 ? bytes.size() - 1 : bytes.size());
    auto back = decode_key(view);
    if (!back) continue;
    ++decoded;
    CHECK(std::equal(view.begin(), view.end(), encode_key(back->position, back->winner).bytes.begin()));
  }
  CHECK(decode_key(good.view()).has_value());
  CHECK_FALSE(decode_key(std::span<const uint8_t>()).has_value());
}

TEST_CASE("verdict key: the clocked key of the automatic draws round-trips and stays apart from the plain one",
          "[tablebase][key]") {
  const auto p = test::pos("8/8/8/4k3/4p3/8/8/KN6 w - - 148 90");
  const auto plain = encode_key(p, Color::White);
  for (int plies : {1, 2, 75, 150}) {
    const auto k = tablebase::encode_clocked_key(p, Color::White, plies);
    CHECK(k.bytes[0] == tablebase::ClockedVerdictKey::kKeyFormat);
    CHECK(k.bytes[0] != plain.bytes[0]);
    CHECK(std::equal(plain.bytes.begin() + 1, plain.bytes.end(), k.bytes.begin() + 1));  // the same position
    auto back = decode_key(k.view());
    REQUIRE(back.has_value());
    CHECK(back->plies_left == plies);
    CHECK(back->winner == Color::White);
    CHECK(back->position.same_position(p));
  }
  CHECK(decode_key(plain.view())->plies_left == 0);
  CHECK(tablebase::encode_clocked_key(p, Color::White, 1) != tablebase::encode_clocked_key(p, Color::White, 2));
  CHECK(tablebase::encode_clocked_key(p, Color::White, 2) != tablebase::encode_clocked_key(p, Color::Black, 2));
  // Damage: plies left out of range, an unknown rules byte, a wrong size.
  auto bad = tablebase::encode_clocked_key(p, Color::White, 2);
  bad.bytes[34] = 0;
  CHECK_FALSE(decode_key(bad.view()).has_value());
  bad.bytes[34] = 151;
  CHECK_FALSE(decode_key(bad.view()).has_value());
  bad.bytes[34] = 2;
  bad.bytes[33] = 7;
  CHECK_FALSE(decode_key(bad.view()).has_value());
  auto good = tablebase::encode_clocked_key(p, Color::White, 2);
  CHECK_FALSE(decode_key(good.view().first(34)).has_value());
}
