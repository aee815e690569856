// libFuzzer target: SAN and UCI move text against a position. The first line is a FEN
// (when it is not a legal position, the starting position is used); each further line
// is a move, read as SAN, as UCI and in either notation. A move read is one of the legal
// moves, its own SAN and UCI read back to it, and it is played before the next line.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz/check.hpp"
#include "fuzz/targets.hpp"
#include "search/board/movegen.hpp"
#include "search/board/notation.hpp"

using namespace arbiter::board;

namespace {

// The plain definition, kept apart from board::is_legal (which the tests check against it).
bool among_legal_moves(const Position& p, Move m) {
  auto moves = legal_moves(p);
  return std::find(moves.begin(), moves.end(), m) != moves.end();
}

void check_move(const Position& p, const std::expected<Move, std::string>& m) {
  if (!m) {
    FUZZ_CHECK(!m.error().empty());
    return;
  }
  FUZZ_CHECK(among_legal_moves(p, *m));
  auto san = parse_san(p, to_san(p, *m));
  FUZZ_CHECK(san.has_value() && *san == *m);
  auto uci = parse_uci(p, to_uci(p, *m));
  FUZZ_CHECK(uci.has_value() && *uci == *m);
}

}  // namespace

int arbiter::fuzz::fuzz_moves(const uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  std::size_t eol = text.find('\n');
  auto parsed = Position::from_fen(text.substr(0, eol));
  Position p = parsed ? *parsed : Position::startpos();
  int played = 0;
  while (eol != std::string_view::npos && played < 64) {
    text.remove_prefix(eol + 1);
    eol = text.find('\n');
    std::string_view line = text.substr(0, eol);
    auto san = parse_san(p, line);
    auto uci = parse_uci(p, line);
    auto any = parse_move(p, line);
    check_move(p, san);
    check_move(p, uci);
    check_move(p, any);
    if (any) {
      p.do_move(*any);
      ++played;
    }
  }
  return 0;
}

#ifndef ARBITER_FUZZ_NO_MAIN
extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
  return arbiter::fuzz::fuzz_moves(data, size);
}
#endif
