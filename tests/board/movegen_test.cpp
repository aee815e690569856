// Move generation and make/unmake as properties over whole move trees (undo restores
// the position, the incremental key equals the recomputed one, the kept checkers are the
// attackers of the king, counting equals listing), plus the special cases with counts
// that are known facts: en passant under a pin, castling through or into check, Chess960
// castling where the king or the rook stays.
#include <catch2/catch.hpp>
#include <algorithm>
#include <fstream>
#include <functional>

#include "search/board/movegen.hpp"
#include "search/board/notation.hpp"
#include "search/perft.hpp"
#include "support.hpp"

using namespace arbiter;
using test::epd_fens;
using test::lines_of;
using test::walk;
using namespace arbiter::board;

namespace {

Square sq(const char* name) { return *parse_square(name); }

// The positions the property tests walk from: the published perft suite, the Chess960
// suite, and positions rich in en passant, promotions and castling.
std::vector<std::string> walk_roots() {
  auto out = epd_fens(test::fixture("perft/perft.epd"));
  for (auto& fen : epd_fens(test::data("perft960.epd"))) out.push_back(fen);
  for (const char* fen : {
           "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",  // e.p. legal
           "8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1",                             // e.p. pinned
           "3k4/3p4/8/K1P4r/8/8/8/8 b - - 0 1",                             // d5 makes e.p. illegal
           "8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1",                           // e.p. gives check
           "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",                       // promotions
           "2K2r2/4P3/8/8/8/8/8/3k4 w - - 0 1",                             // promote out of check
           "r3k2r/8/3Q4/8/8/5q2/8/R3K2R b KQkq - 0 1",                      // castling prevented
           "r3k2r/1b4bq/8/8/8/8/7B/R3K2R w KQkq - 0 1",                     // castling rights
           "k7/8/8/8/8/8/8/6KR w K - 0 1",                                  // 960: king stays
           "k7/8/8/8/8/8/8/4KR2 w F - 0 1",                                 // 960: rook stays
       })
    out.push_back(fen);
  return out;
}

// Calls visit(pos, depth_left) at every node of the legal move tree, the root included.
void walk(Position& pos, int depth, const std::function<void(Position&, int)>& visit) {
  visit(pos, depth);
  if (depth == 0) return;
  for (Move m : legal_moves(pos)) {
    pos.do_move(m);
    walk(pos, depth - 1, visit);
    pos.undo_move(m);
  }
}

// Everything undo must restore, in one comparable value.
struct Snapshot {
  std::string fen;
  uint64_t key;
  Bitboard checkers;
  int ply;
  Move last;
  bool operator==(const Snapshot&) const = default;
};
Snapshot snapshot(const Position& p) { return {p.fen(), p.key(), p.checkers(), p.ply(), p.last_move()}; }

// Collects failures without one Catch assertion per node; reports the first.
struct Failures {
  std::vector<std::string> list;
  long checked = 0;
  void expect(bool ok, const std::function<std::string()>& what) {
    ++checked;
    if (!ok && list.size() < 10) list.push_back(what());
  }
};

}  // namespace

TEST_CASE("undo_move restores the position exactly after every legal move", "[movegen][make]") {
  for (const auto& root : walk_roots()) {
    auto pos = test::pos(root);
    Failures f;
    walk(pos, 2, [&](Position& p, int) {
      Snapshot before = snapshot(p);
      for (Move m : legal_moves(p)) {
        p.do_move(m);
        p.undo_move(m);
        Snapshot after = snapshot(p);
        f.expect(after == before, [&] {
          return before.fen + " " + to_uci(p, m) + ": undo gave " + after.fen + (after.key != before.key ? " (key differs)" : "");
        });
      }
    });
    INFO(root << ": " << f.checked << " moves made and undone");
    INFO((f.list.empty() ? std::string() : f.list.front()));
    CHECK(f.list.empty());
    CHECK(pos.fen() == test::pos(root).fen());
  }
}

TEST_CASE("the incremental key equals the recomputed key after every move", "[movegen][key]") {
  for (const auto& root : walk_roots()) {
    auto pos = test::pos(root);
    Failures f;
    walk(pos, 3, [&](Position& p, int) {
      f.expect(p.key() == recompute_key(p), [&] {
        return p.fen() + " after " + std::to_string(p.ply()) + " plies";
      });
    });
    INFO(root << ": " << f.checked << " positions");
    INFO((f.list.empty() ? std::string() : f.list.front()));
    CHECK(f.list.empty());
  }
}

TEST_CASE("key_after is the key after the move, except where castling rights or en passant change", "[movegen][key]") {
  for (const auto& root : walk_roots()) {
    auto pos = test::pos(root);
    Failures f;
    long exact = 0;
    walk(pos, 2, [&](Position& p, int) {
      for (Move m : legal_moves(p)) {
        const uint64_t guess = p.key_after(m);
        const uint8_t rights = p.castling_rights();
        p.do_move(m);
        // What the guess leaves out (position.hpp): a castling move, a change of rights, a
        // new en-passant square. Everywhere else it is the key itself.
        const bool left_out =
            m.kind() == MoveKind::Castling || p.castling_rights() != rights || p.en_passant() != Square::None;
        const uint64_t key = p.key();
        p.undo_move(m);
        if (left_out) continue;
        ++exact;
        f.expect(guess == key, [&] { return p.fen() + " " + to_uci(p, m); });
      }
    });
    INFO(root << ": " << exact << " moves compared");
    INFO((f.list.empty() ? std::string() : f.list.front()));
    CHECK(f.list.empty());
    CHECK(exact > 0);
  }
}

TEST_CASE("the checkers kept after every move are the men attacking the king", "[movegen][check]") {
  for (const auto& root : walk_roots()) {
    auto pos = test::pos(root);
    Failures f;
    walk(pos, 3, [&](Position& p, int) {
      const Color us = p.side_to_move();
      const Bitboard attackers = p.attackers_to(p.king_square(us), p.occupied()) & p.pieces(~us);
      f.expect(p.checkers() == attackers, [&] { return p.fen() + " after " + std::to_string(p.ply()) + " plies"; });
    });
    INFO(root << ": " << f.checked << " positions");
    INFO((f.list.empty() ? std::string() : f.list.front()));
    CHECK(f.list.empty());
  }
}

TEST_CASE("count_legal equals the number of listed moves everywhere", "[movegen][count]") {
  for (const auto& root : walk_roots()) {
    auto pos = test::pos(root);
    Failures f;
    walk(pos, 3, [&](Position& p, int) {
      int counted = count_legal(p);
      std::size_t listed = legal_moves(p).size();
      f.expect(std::size_t(counted) == listed && has_legal_move(p) == (listed > 0), [&] {
        return p.fen() + ": count_legal " + std::to_string(counted) + ", listed " + std::to_string(listed);
      });
    });
    INFO(root << ": " << f.checked << " positions");
    INFO((f.list.empty() ? std::string() : f.list.front()));
    CHECK(f.list.empty());
  }
}

TEST_CASE("is_legal answers whether a move is among the listed ones", "[movegen][is-legal]") {
  // Every 16-bit move at the roots (castling, en passant and promotions among them), and
  // one ply on: every man's step to every square, and every listed move's squares under
  // each kind and promotion piece (the bit patterns a wrong match would confuse).
  auto roots = walk_roots();
  roots.push_back("4r2k/8/8/8/8/3n4/8/1B2K3 w - - 0 1");     // double check: Bxd3 takes one checker only
  roots.push_back("4r2k/8/8/8/1b6/8/3R4/4K3 w - - 0 1");     // check, the rook pinned: Rd2-e2 not legal
  for (const auto& root : roots) {
    auto pos = test::pos(root);
    Failures f;
    auto agree = [&](Position& p, Move m, const MoveList& listed) {
      f.expect(is_legal(p, m) == listed.contains(m), [&] { return p.fen() + ": raw move " + std::to_string(m.raw()); });
    };
    const MoveList at_root = legal_moves(pos);
    for (uint32_t raw = 0; raw < 0x10000; ++raw) agree(pos, Move::from_raw(uint16_t(raw)), at_root);
    walk(pos, 1, [&](Position& p, int) {
      const MoveList listed = legal_moves(p);
      for (Square from : p.pieces(p.side_to_move()))
        for (int to = 0; to < 64; ++to) agree(p, Move(from, Square(to)), listed);
      for (Move m : listed)
        for (MoveKind kind : {MoveKind::Normal, MoveKind::Promotion, MoveKind::EnPassant, MoveKind::Castling})
          for (PieceType t : {PieceType::Knight, PieceType::Bishop, PieceType::Rook, PieceType::Queen}) {
            agree(p, Move::make(kind, m.from(), m.to(), t), listed);
            agree(p, Move::make(kind, m.to(), m.from(), t), listed);
          }
    });
    INFO(root << ": " << f.checked << " moves");
    INFO((f.list.empty() ? std::string() : f.list.front()));
    CHECK(f.list.empty());
    CHECK(f.checked > 0x10000);
  }
}

TEST_CASE("listed moves are distinct", "[movegen]") {
  for (const auto& root : walk_roots()) {
    auto pos = test::pos(root);
    Failures f;
    walk(pos, 2, [&](Position& p, int) {
      auto moves = legal_moves(p);
      std::vector<uint16_t> raw;
      for (Move m : moves) raw.push_back(m.raw());
      std::sort(raw.begin(), raw.end());
      f.expect(std::adjacent_find(raw.begin(), raw.end()) == raw.end(), [&] { return p.fen(); });
    });
    INFO(root);
    INFO((f.list.empty() ? std::string() : f.list.front()));
    CHECK(f.list.empty());
  }
}

TEST_CASE("an illegal en-passant capture leaves no trace in the key", "[movegen][key][enpassant]") {
  SECTION("set up with the e.p. square: the capture exd3 would expose the king on the fourth rank") {
    auto with = test::pos("8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1");
    auto without = test::pos("8/8/8/8/k2Pp2Q/8/8/3K4 b - - 0 1");
    CHECK(with.key() == without.key());
    CHECK(with.key() == recompute_key(with));
    CHECK(with.same_position(without));
  }
  SECTION("reached by a double push: c5xd6 would expose the king on a5 to the rook") {
    auto pos = test::pos("3k4/3p4/8/K1P4r/8/8/8/8 b - - 0 1");
    Move push(sq("d7"), sq("d5"));
    REQUIRE(legal_moves(pos).contains(push));
    pos.do_move(push);
    CHECK(pos.en_passant() == Square::None);
    CHECK(pos.key() == recompute_key(pos));
    CHECK(pos.key() == test::pos("3k4/8/8/K1Pp3r/8/8/8/8 w - - 0 2").key());
    CHECK(pos.key() == test::pos("3k4/8/8/K1Pp3r/8/8/8/8 w - d6 0 2").key());
    CHECK_FALSE(legal_moves(pos).contains(Move::make(MoveKind::EnPassant, sq("c5"), sq("d6"))));
  }
  SECTION("a legal en-passant capture does change the key") {
    auto with = test::pos("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
    auto without = test::pos("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3");
    CHECK(with.key() != without.key());
    CHECK_FALSE(with.same_position(without));
  }
}

TEST_CASE("en passant pinned along the rank is not generated", "[movegen][enpassant]") {
  // Black: Ka4 and the pawn e4; White: Pd4 (just pushed), Qh4, Kd1. exd3 would remove both
  // pawns from the fourth rank and expose the king to the queen. Legal: Ka3 Ka5 Kb3 Kb4
  // Kb5 and e3, six moves.
  auto pos = test::pos("8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1");
  auto moves = legal_moves(pos);
  CHECK(moves.size() == 6);
  CHECK(count_legal(pos) == 6);
  CHECK_FALSE(moves.contains(Move::make(MoveKind::EnPassant, sq("e4"), sq("d3"))));
  CHECK(moves.contains(Move(sq("e4"), sq("e3"))));
  CHECK(search::perft(pos, 4) == 20471);  // confirmed with Stockfish 15.1
}

TEST_CASE("castling through, out of or into check is not generated", "[movegen][castling]") {
  SECTION("f1 attacked: no O-O; O-O-O stays legal") {
    // Kb8 and Rf8 against Ra1 Ke1 Rh1. King: Kd1 Kd2 Ke2 (3); Ra1: 7 up, b1 c1 d1 (10);
    // Rh1: 7 up, g1 f1 (9); O-O-O (1): 23.
    auto pos = test::pos("1k3r2/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    auto moves = legal_moves(pos);
    CHECK_FALSE(moves.contains(Move::make(MoveKind::Castling, sq("e1"), sq("h1"))));
    CHECK(moves.contains(Move::make(MoveKind::Castling, sq("e1"), sq("a1"))));
    CHECK(moves.size() == 23);
  }
  SECTION("b1 attacked: only the rook crosses it, so O-O-O is legal") {
    // Kh8 and Rb7 against Ra1 Ke1. King 5, O-O-O 1, Ra1: 7 up, b1 c1 d1 (10): 16.
    auto pos = test::pos("7k/1r6/8/8/8/8/8/R3K3 w Q - 0 1");
    auto moves = legal_moves(pos);
    CHECK(moves.contains(Move::make(MoveKind::Castling, sq("e1"), sq("a1"))));
    CHECK(moves.size() == 16);
  }
  SECTION("d1 or c1 attacked: no O-O-O") {
    CHECK_FALSE(legal_moves(test::pos("3r3k/8/8/8/8/8/8/R3K3 w Q - 0 1"))
                    .contains(Move::make(MoveKind::Castling, sq("e1"), sq("a1"))));
    CHECK_FALSE(legal_moves(test::pos("2r4k/8/8/8/8/8/8/R3K3 w Q - 0 1"))
                    .contains(Move::make(MoveKind::Castling, sq("e1"), sq("a1"))));
  }
  SECTION("in check: no castling") {
    auto pos = test::pos("4r1k1/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    for (Move m : legal_moves(pos)) CHECK(m.kind() != MoveKind::Castling);
  }
}

TEST_CASE("Chess960 castling where the king or the rook does not move", "[movegen][castling][chess960]") {
  SECTION("king on g1 castles with the h1 rook: the king stays, the rook goes to f1") {
    // Kg1: f1 f2 g2 h2 (4); Rh1: h2-h8 (7); O-O (1): 12.
    auto pos = test::pos("k7/8/8/8/8/8/8/6KR w K - 0 1");
    Move castle = Move::make(MoveKind::Castling, sq("g1"), sq("h1"));
    auto moves = legal_moves(pos);
    REQUIRE(moves.contains(castle));
    CHECK(moves.size() == 12);
    CHECK(search::perft(pos, 4) == 3051);  // confirmed with Stockfish 15.1 (UCI_Chess960)
    std::string before = pos.fen();
    pos.do_move(castle);
    CHECK(pos.fen() == "k7/8/8/8/8/8/8/5RK1 b - - 1 1");
    CHECK(pos.key() == recompute_key(pos));
    pos.undo_move(castle);
    CHECK(pos.fen() == before);
  }
  SECTION("rook on f1 stays while the king goes from e1 to g1") {
    // Ke1: d1 d2 e2 f2 (4); Rf1: f2-f8, g1, h1 (9); O-O (1): 14.
    auto pos = test::pos("k7/8/8/8/8/8/8/4KR2 w F - 0 1");
    Move castle = Move::make(MoveKind::Castling, sq("e1"), sq("f1"));
    auto moves = legal_moves(pos);
    REQUIRE(moves.contains(castle));
    CHECK(moves.size() == 14);
    pos.do_move(castle);
    CHECK(pos.fen() == "k7/8/8/8/8/8/8/5RK1 b - - 1 1");
    CHECK(pos.key() == recompute_key(pos));
  }
  SECTION("rook on d1 stays while the king goes from e1 to c1") {
    // Ke1: d2 e2 f2 f1 (4); Rd1: d2-d8, c1 b1 a1 (10); O-O-O (1): 15.
    auto pos = test::pos("k7/8/8/8/8/8/8/3RK3 w D - 0 1");
    Move castle = Move::make(MoveKind::Castling, sq("e1"), sq("d1"));
    auto moves = legal_moves(pos);
    REQUIRE(moves.contains(castle));
    CHECK(moves.size() == 15);
    pos.do_move(castle);
    CHECK(pos.fen() == "k7/8/8/8/8/8/8/2KR4 b - - 1 1");
  }
  SECTION("a rook behind the castling rook on the rank: castling would expose the king") {
    // Kf1, castling rook b1, black rook a1: after O-O-O the king on c1 faces the a1 rook.
    auto pos = test::pos("7k/8/8/8/8/8/8/rR3K2 w Q - 0 1");
    CHECK_FALSE(legal_moves(pos).contains(Move::make(MoveKind::Castling, sq("f1"), sq("b1"))));
  }
}

// Published perft counts of positions built around one rule each (the "perftsuite"
// collected by Martin Sedlak; every count re-checked with Stockfish 15.1's go perft).
TEST_CASE("special-case perft counts", "[movegen][perft]") {
  struct Row {
    const char* what;
    const char* fen;
    int depth;
    uint64_t nodes;
  };
  const Row rows[] = {
      {"illegal e.p. #1", "3k4/3p4/8/K1P4r/8/8/8/8 b - - 0 1", 6, 1134888},
      {"illegal e.p. #2", "8/8/4k3/8/2p5/8/B2P2K1/8 w - - 0 1", 6, 1015133},
      {"e.p. capture checks the opponent", "8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1", 6, 1440467},
      {"short castling gives check", "5k2/8/8/8/8/8/8/4K2R w K - 0 1", 6, 661072},
      {"long castling gives check", "3k4/8/8/8/8/8/8/R3K3 w Q - 0 1", 6, 803711},
      {"castling rights", "r3k2r/1b4bq/8/8/8/8/7B/R3K2R w KQkq - 0 1", 4, 1274206},
      {"castling prevented", "r3k2r/8/3Q4/8/8/5q2/8/R3K2R b KQkq - 0 1", 4, 1720476},
      {"promote out of check", "2K2r2/4P3/8/8/8/8/8/3k4 w - - 0 1", 6, 3821001},
      {"discovered check", "8/8/1P2K3/8/2n5/1q6/8/5k2 b - - 0 1", 5, 1004658},
      {"promote to give check", "4k3/1P6/8/8/8/8/K7/8 w - - 0 1", 6, 217342},
      {"under-promote to give check", "8/P1k5/K7/8/8/8/8/8 w - - 0 1", 6, 92683},
      {"self stalemate", "K1k5/8/P7/8/8/8/8/8 w - - 0 1", 6, 2217},
      {"stalemate and checkmate #1", "8/k1P5/8/1K6/8/8/8/8 w - - 0 1", 7, 567584},
      {"stalemate and checkmate #2", "8/8/2k5/5q2/5n2/8/5K2/8 b - - 0 1", 4, 23527},
      {"promotions", "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1", 5, 3605103},
      {"castling both wings", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", 4, 314346},
  };
  for (const auto& r : rows) {
    INFO(r.what << ": " << r.fen << " depth " << r.depth);
    auto pos = test::pos(r.fen);
    CHECK(search::perft(pos, r.depth) == r.nodes);
  }
}
