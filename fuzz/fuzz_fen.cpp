// libFuzzer target: FEN text into a validated position. Whatever the bytes, the reader
// returns a position or an error (never a crash); a position round-trips through its FEN,
// its incremental key equals the recomputed one after every move, and undo restores it.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz/check.hpp"
#include "fuzz/targets.hpp"
#include "search/board/movegen.hpp"
#include "search/board/position.hpp"

using namespace arbiter::board;

int arbiter::fuzz::fuzz_fen(const uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  auto setup = parse_fen(text);
  if (!setup) {
    FUZZ_CHECK(!setup.error().to_string().empty());
    FUZZ_CHECK(setup.error().to_string().size() < 1000);  // messages quote excerpts, not the input
    return 0;
  }
  auto pos = Position::from_setup(*setup);
  if (!pos) {
    FUZZ_CHECK(!describe(pos.error()).empty());
    return 0;
  }
  Position& p = *pos;
  const std::string fen = p.fen();
  auto again = Position::from_fen(fen);
  FUZZ_CHECK(again.has_value());
  FUZZ_CHECK(again->fen() == fen);
  FUZZ_CHECK(again->key() == p.key());
  FUZZ_CHECK(recompute_key(p) == p.key());
  // Every legal move, and one reply to each: keys and FENs restored exactly.
  for (Move m : legal_moves(p)) {
    p.do_move(m);
    FUZZ_CHECK(recompute_key(p) == p.key());
    const std::string after = p.fen();
    auto replies = legal_moves(p);
    if (!replies.empty()) {
      Move r = replies[0];
      p.do_move(r);
      FUZZ_CHECK(recompute_key(p) == p.key());
      p.undo_move(r);
    }
    FUZZ_CHECK(p.fen() == after);
    p.undo_move(m);
    FUZZ_CHECK(p.key() == again->key());
  }
  FUZZ_CHECK(p.fen() == fen);
  return 0;
}

#ifndef ARBITER_FUZZ_NO_MAIN
extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
  return arbiter::fuzz::fuzz_fen(data, size);
}
#endif
