// Sparse endings for benchmarking the analysis, made from real games: from a game's final
// position (one FEN a line on stdin), a seeded random legal play-out until at most a drawn
// number of men (4 to 9, kings included) stand, taking a capture, when there is one, with
// a fixed probability. A play-out that ends the game, or runs past 400 plies first, is
// dropped. Each line written is "FEN SIDE": the side asked, drawn among those that have
// more than a lone king (a lone king is settled by the material step at no cost, and would
// only dilute the figures). The same seed gives the same file; two seeds give two
// independent draws (scripts/bench-endings drops from the held-out set any position the
// tuning set holds).
// Usage: gen_endings SEED COUNT < game-ends.fen > endings.txt
#include <cstdint>
#include <iostream>
#include <random>
#include <string>
#include <vector>

#include "search/board/movegen.hpp"
#include "search/board/position.hpp"

using namespace arbiter;
using namespace arbiter::board;

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: gen_endings SEED COUNT < game-ends.fen > endings.txt\n";
    return 2;
  }
  const uint64_t seed = std::stoull(argv[1]);
  const int count = std::stoi(argv[2]);
  std::vector<Position> sources;
  for (std::string line; std::getline(std::cin, line);)
    if (auto pos = Position::from_fen(line); pos && has_legal_move(*pos)) sources.push_back(*pos);
  if (sources.empty()) {
    std::cerr << "gen_endings: no playable position on stdin\n";
    return 1;
  }
  std::mt19937_64 rng(seed);
  auto below = [&](uint64_t n) { return std::uniform_int_distribution<uint64_t>(0, n - 1)(rng); };
  constexpr int kCapturePercent = 70;  // sooner to few men, and more varied material than random play
  int written = 0;
  while (written < count) {
    Position pos = sources[below(sources.size())];
    const int target = 4 + int(below(6));
    bool ok = true;
    for (int ply = 0; int(pos.occupied().count()) > target; ++ply) {
      MoveList moves;
      generate_legal(pos, moves);
      if (moves.size() == 0 || ply > 400) {
        ok = false;
        break;
      }
      std::vector<Move> captures;
      for (Move m : moves)
        if (m.kind() == MoveKind::EnPassant || (m.kind() != MoveKind::Castling && pos.piece_on(m.to()) != Piece::None))
          captures.push_back(m);
      Move m = !captures.empty() && int(below(100)) < kCapturePercent ? captures[below(captures.size())]
                                                                     : moves.begin()[below(moves.size())];
      pos.do_move(m);
    }
    if (!ok || !has_legal_move(pos)) continue;
    std::vector<const char*> sides;
    if (pos.pieces(Color::White).count() > 1) sides.push_back("white");
    if (pos.pieces(Color::Black).count() > 1) sides.push_back("black");
    if (sides.empty()) continue;
    std::cout << pos.fen() << ' ' << sides[below(sides.size())] << '\n';
    ++written;
  }
  return 0;
}
