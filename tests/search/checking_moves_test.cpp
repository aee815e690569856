// search::generate_checking_moves and checked_side_is_mated, the helpmate solver's last
// ply: over whole move trees they must equal the legal moves filtered by gives_check,
// and "no legal move" for a side in check.
#include <catch2/catch.hpp>
#include <algorithm>
#include <functional>

#include "search/board/movegen.hpp"
#include "search/board/notation.hpp"
#include "search/checking_moves.hpp"
#include "support.hpp"

using namespace arbiter;
using test::epd_fens;
using test::lines_of;
using test::walk;
using namespace arbiter::board;

namespace {

std::vector<uint16_t> sorted_raw(const MoveList& moves) {
  std::vector<uint16_t> out;
  for (Move m : moves) out.push_back(m.raw());
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

TEST_CASE("checking moves: exactly the legal moves that give check, over whole move trees", "[helpmate][checks]") {
  // Discovered checks by every kind of man, pins on the mover, promotions opening a file,
  // castling and en passant (which take the slow path), positions in check.
  const char* roots[] = {
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
      "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
      "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
      "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
      "3k4/8/8/8/3B4/8/3R4/3K4 w - - 0 1",   // the bishop uncovers the rook's file
      "4k3/8/8/8/8/8/4P3/4R1K1 w - - 0 1",   // the pawn uncovers the rook
      "8/3P4/8/8/3k4/8/8/4K3 w - - 0 1",     // d8=Q checks down the file the pawn left
      "1k6/3P4/8/8/8/8/8/3QK3 w - - 0 1",    // promotion on a checking file
      "K7/8/8/8/8/5B2/8/k6q w - - 0 1",      // a pinned bishop
      "8/8/8/2k5/3pP3/8/8/4K2R b K e3 0 1",  // en passant
      "1k6/8/8/8/8/8/8/R3K2R w KQ - 0 1",    // castling that checks
      "8/8/8/8/8/5k2/8/4K2R w K - 0 1",
      "8/8/8/4k3/8/8/3P4/4K3 w - - 0 1",     // d2-d4 checks: a double push onto a checking square
      "8/5k2/4n3/3P4/8/8/8/4K3 w - - 0 1",   // dxe6 checks: a capture onto one
      "8/8/3k4/8/1p3p2/8/2P1P3/3K4 w - - 0 1",  // pushes that check, and the king's pawns too
      "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",  // Chess960 castling
      "3k4/8/8/8/8/8/8/R3K2R w KQ - 0 1",    // both castlings; O-O-O checks
  };
  int positions = 0, checks = 0;
  for (const char* fen : roots) {
    Position root = test::pos(fen);
    walk(root, 2, [&](Position& pos) {
      MoveList expected;
      search::CheckingMoves fast;
      for (Move m : legal_moves(pos))
        if (pos.gives_check(m)) expected.push(m);
      search::generate_checking_moves(pos, fast);
      INFO(pos.fen());
      REQUIRE(sorted_raw(fast) == sorted_raw(expected));
      ++positions;
      checks += int(expected.size());
    });
  }
  CHECK(positions > 3000);
  CHECK(checks > 1000);
}

TEST_CASE("checked side is mated: exactly 'in check and no legal move'", "[helpmate][checks]") {
  const char* roots[] = {
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
      "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
      "k7/8/1K6/8/8/8/p7/7R b - - 0 1",
  };
  int in_check = 0, mates = 0;
  for (const char* fen : roots) {
    Position root = test::pos(fen);
    walk(root, 3, [&](Position& pos) {
      if (!pos.in_check()) return;
      ++in_check;
      const bool mate = legal_moves(pos).empty();
      mates += mate;
      INFO(pos.fen());
      REQUIRE(search::checked_side_is_mated(pos) == mate);
    });
  }
  CHECK(in_check > 1000);
  CHECK(mates > 0);
}

TEST_CASE("other man saves king: exactly 'a legal move of a man not the king', in check near the perft positions",
          "[helpmate][checks]") {
  int in_check = 0, saved = 0, not_saved = 0;
  for (const std::string& fen : epd_fens(test::fixture("perft/perft.epd"))) {
    Position root = test::pos(fen);
    walk(root, 4, [&](Position& pos) {
      if (!pos.in_check()) return;
      ++in_check;
      const Square king = pos.king_square(pos.side_to_move());
      const MoveList legal = legal_moves(pos);
      const bool expected = std::any_of(legal.begin(), legal.end(), [&](Move m) { return m.from() != king; });
      (expected ? saved : not_saved) += 1;
      if (search::other_man_saves_king(pos) != expected) FAIL_CHECK(pos.fen() << ": a man saves the king: " << expected);
    });
  }
  CHECK(in_check > 200'000);
  CHECK(saved > 200'000);
  CHECK(not_saved > 10'000);
}

TEST_CASE("king can step after a move: judged without making it, as making it shows", "[helpmate][checks]") {
  const char* roots[] = {
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
      "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
      "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
      "k7/8/1K6/8/8/8/p7/7R b - - 0 1",
      "8/8/8/2k5/3pP3/8/8/4K2R b K e3 0 1",
      "1k6/3P4/8/8/8/8/8/3QK3 w - - 0 1",
  };
  int moves = 0, stuck = 0;
  for (const char* fen : roots) {
    Position root = test::pos(fen);
    walk(root, 2, [&](Position& pos) {
      for (Move m : legal_moves(pos)) {
        Position after = pos;
        after.do_move(m);
        const Square king = after.king_square(after.side_to_move());
        bool step = false;
        for (Move reply : legal_moves(after)) step |= reply.from() == king && reply.kind() != MoveKind::Castling;
        INFO(pos.fen() << " " << to_uci(pos, m));
        REQUIRE(search::king_can_step_after(pos, m) == step);
        ++moves;
        stuck += !step;
      }
    });
  }
  CHECK(moves > 10000);
  CHECK(stuck > 100);
}

namespace {

// What find_pass_and_mate looks for, by brute force: whether the other side would mate at
// once after a pass, and whether some move of the side to move leaves it a mate in one.
struct PassAndMate {
  bool threat = false, some_move_keeps_a_mate = false;
};

PassAndMate pass_and_mate_by_brute_force(Position pos) {
  PassAndMate found;
  auto mate_in_one = [](Position& p) {
    for (Move m : legal_moves(p)) {
      p.do_move(m);
      const bool mate = p.in_check() && legal_moves(p).empty();
      p.undo_move(m);
      if (mate) return true;
    }
    return false;
  };
  if (pos.in_check() || !pos.do_null_move()) return found;
  found.threat = mate_in_one(pos);
  pos.undo_null_move();
  for (Move m : legal_moves(pos)) {
    pos.do_move(m);
    found.some_move_keeps_a_mate |= mate_in_one(pos);
    pos.undo_move(m);
  }
  return found;
}

}  // namespace

TEST_CASE("pass and mate: found exactly where a mate is threatened and some move keeps one, and replays to mate",
          "[helpmate][checks]") {
  struct Root {
    const char* fen;
    int depth;
  };
  const Root roots[] = {
      {"7k/8/6K1/8/8/7p/8/Q7 b - - 0 1", 3},      // Qa8# is threatened: any move of Black's lets it through
      {"8/4k3/6P1/5K2/8/8/5n2/8 w - - 1 61", 3},  // Hansen-Carlsen: g7 Ke8 Ke6 Nd1 g8=Q#
      {"6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", 3},
      {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 2},
      {"k7/8/1K6/8/8/8/p7/7R b - - 0 1", 3},
  };
  int positions = 0, threats = 0, found = 0;
  for (const Root& r : roots) {
    Position root = test::pos(r.fen);
    walk(root, r.depth, [&](Position& pos) {
      ++positions;
      const std::string before = pos.fen();
      const PassAndMate truth = pass_and_mate_by_brute_force(pos);
      const auto got = search::find_pass_and_mate(pos);
      INFO(before);
      REQUIRE(pos.fen() == before);
      REQUIRE(got.has_value() == (truth.threat && truth.some_move_keeps_a_mate));
      threats += truth.threat;
      if (!got) return;
      ++found;
      Position line = pos;
      REQUIRE(is_legal(line, got->first));
      line.do_move(got->first);
      REQUIRE(is_legal(line, got->second));
      line.do_move(got->second);
      CHECK(line.in_check());
      CHECK(legal_moves(line).empty());
    });
  }
  CHECK(positions > 5000);
  CHECK(threats > 100);
  CHECK(found > 100);
  INFO(positions << " positions, " << threats << " threats, " << found << " found");
  CHECK(found < threats);  // some threat that every move spoils
}
