// search/focus: the moves a witness-only exploration follows. The narrow focus keeps
// every capture, castling, promotion and en-passant capture, the loser's king moves, the
// winner's checks, its king's steps toward the losing king (all of them in check) and its
// pawn steps (while it has a rook or a queen, only those into the mating zone or onto the
// seventh rank), and at most one other move; the wide one keeps at least as much. An
// exploration with a focus finds witnesses that replay, and when it runs dry it proves
// nothing (GaveUp, never Exhausted). Each focus with the generation (narrow_focus_moves, ...)
// gives exactly the focus of the legal moves, in order.
#include <catch2/catch.hpp>
#include <fstream>

#include "analyzer/bfs_shortest.hpp"
#include "analyzer/pgn_game.hpp"
#include "analyzer/witness.hpp"
#include "search/board/movegen.hpp"
#include "search/explore/closure.hpp"
#include "search/explore/focus.hpp"
#include "support.hpp"

using namespace arbiter;
using board::Color;
using board::Move;
using board::MoveKind;
using board::MoveList;
using board::PieceType;

namespace {

const char* const kPositions[] = {
    "6k1/1p3p1p/p3pp2/3p4/1b1P4/3BP3/PP3PPP/2R3K1 b - - 0 19",
    "r3k2r/4bppp/p7/8/2p5/5R2/PPPN2PP/4q1K1 w kq - 0 22",
    "8/1k2b3/8/5P2/8/8/P1K5/6R1 b - - 2 41",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2",
};

// Whether every focus keeps a quiet step of the winner's pawn: always when the winner has
// no rook and no queen (a promotion may be its only way to mate), else when the step ends
// within two king steps of the losing king or on the seventh rank.
bool pawn_step_kept(const board::Position& pos, Move m, Color winner) {
  if (!pos.pieces(winner, PieceType::Rook, PieceType::Queen)) return true;
  return board::distance(m.to(), pos.king_square(~winner)) <= 2 || board::relative_rank(winner, m.to()) == 6;
}

// Whether every focus keeps a quiet step of the winner's king: in check, or when it ends
// nearer the losing king.
bool king_step_kept(const board::Position& pos, Move m, Color winner) {
  const board::Square king = pos.king_square(~winner);
  return pos.in_check() || board::distance(m.to(), king) < board::distance(m.from(), king);
}

// The moves every focus must keep.
bool must_keep(const board::Position& pos, Move m, Color winner) {
  const PieceType type = board::type_of(pos.piece_on(m.from()));
  if (m.kind() == MoveKind::Castling || m.kind() == MoveKind::Promotion || m.kind() == MoveKind::EnPassant) return true;
  if (pos.piece_on(m.to()) != board::Piece::None) return true;
  if (pos.side_to_move() != winner) return type == PieceType::King;
  return (type == PieceType::Pawn && pawn_step_kept(pos, m, winner)) ||
         (type == PieceType::King && king_step_kept(pos, m, winner)) || pos.gives_check(m);
}

std::vector<uint16_t> raw_moves(const MoveList& moves) {
  std::vector<uint16_t> out;
  for (Move m : moves) out.push_back(m.raw());
  return out;
}

// What the narrow focus keeps for White as the winner in `fen`, checked to be what the
// generator sink keeps too.
MoveList narrow_for_white(const char* fen) {
  const board::Position pos = test::pos(fen);
  MoveList legal, kept, generated;
  board::generate_legal(pos, legal);
  search::narrow_focus(pos, Color::White, legal, kept);
  search::narrow_focus_moves(pos, Color::White, generated);
  CHECK(raw_moves(generated) == raw_moves(kept));
  return kept;
}

}  // namespace

TEST_CASE("focus: with the generation, each focus keeps exactly the same moves in the same order", "[search][focus]") {
  // Every position within two plies of the perft positions (standard and Chess960: pins,
  // checks, promotions, castling, en passant, full boards) and of the fixture games' final
  // positions (endings), with either side the winner.
  std::vector<board::Position> roots;
  for (const std::string& file : {test::data("perft/perft.epd"), test::data("perft960.epd")})
    for (const std::string& fen : test::epd_fens(file)) roots.push_back(test::pos(fen));
  std::ifstream games(test::data("fixtures/games.pgn"));
  REQUIRE(games);
  analyzer::PgnReader reader(games);
  for (analyzer::RawGame raw; reader.next(raw);) {
    auto game = analyzer::replay(raw);
    REQUIRE(game.has_value());
    roots.push_back(game->end);
  }
  REQUIRE(roots.size() > 50);

  using Filter = void (*)(const board::Position&, Color, const MoveList&, MoveList&);
  const std::pair<Filter, search::MoveFocus> focuses[] = {{search::narrow_focus, search::narrow_focus_moves},
                                                          {search::closing_focus, search::closing_focus_moves},
                                                          {search::wide_focus, search::wide_focus_moves}};
  int loser_positions = 0, waiting_moves = 0;
  for (board::Position& root : roots) {
    test::walk(root, 2, [&](board::Position& pos) {
      MoveList legal;
      board::generate_legal(pos, legal);
      for (Color winner : {Color::White, Color::Black}) {
        for (const auto& [filter, generated] : focuses) {
          INFO(pos.fen() << " winner " << (winner == Color::White ? "White" : "Black"));
          MoveList expected, kept;
          filter(pos, winner, legal, expected);
          REQUIRE(generated(pos, winner, kept) == legal.size());
          REQUIRE(raw_moves(kept) == raw_moves(expected));
        }
        if (pos.side_to_move() != winner) {
          ++loser_positions;
          MoveList kept;
          search::narrow_focus_moves(pos, winner, kept);
          waiting_moves += !kept.empty() && !must_keep(pos, kept[kept.size() - 1], winner);
        }
      }
    });
  }
  CHECK(loser_positions > 20'000);
  CHECK(waiting_moves > 20'000);
}

TEST_CASE("focus: the narrow focus keeps the forcing moves and one waiting move, the wide one more",
          "[search][focus]") {
  for (const char* fen : kPositions) {
    const board::Position pos = test::pos(fen);
    MoveList legal;
    board::generate_legal(pos, legal);
    for (Color winner : {Color::White, Color::Black}) {
      INFO(fen << " winner " << (winner == Color::White ? "White" : "Black"));
      MoveList narrow, wide;
      search::narrow_focus(pos, winner, legal, narrow);
      search::wide_focus(pos, winner, legal, wide);
      int others = 0;
      for (Move m : narrow) {
        CHECK(legal.contains(m));
        if (!must_keep(pos, m, winner)) ++others;
      }
      CHECK(others <= 1);
      for (Move m : wide) CHECK(legal.contains(m));
      for (Move m : legal) {
        if (!must_keep(pos, m, winner)) continue;
        CHECK(narrow.contains(m));
        CHECK(wide.contains(m));
      }
      CHECK(wide.size() >= narrow.size());
    }
  }
}

TEST_CASE("focus: at the start each side keeps one waiting move, the winner no far pawn step", "[search][focus]") {
  const board::Position start = board::Position::startpos();
  MoveList legal, as_loser, as_winner, wide;
  board::generate_legal(start, legal);
  search::narrow_focus(start, Color::Black, legal, as_loser);
  search::narrow_focus(start, Color::White, legal, as_winner);
  search::wide_focus(start, Color::White, legal, wide);
  CHECK(legal.size() == 20);
  CHECK(as_loser.size() == 1);
  REQUIRE(as_winner.size() == 1);
  CHECK(board::type_of(start.piece_on(as_winner[0].from())) == PieceType::Knight);
  // The wide focus keeps every pawn step.
  for (Move m : legal)
    if (board::type_of(start.piece_on(m.from())) == PieceType::Pawn) CHECK(wide.contains(m));
}

TEST_CASE("focus: the winner's far pawn steps are dropped only while it has a rook or a queen", "[search][focus]") {
  auto step = [](const char* from, const char* to) {
    return Move(*board::parse_square(from), *board::parse_square(to));
  };
  // With a rook: a2-a3 and a2-a4 end far from the king on g8 and are dropped (the waiting
  // move is the rook's, whose moves come first); e6-e7 reaches the seventh rank, h5-h6 the
  // mating zone.
  const MoveList with_rook = narrow_for_white("6k1/8/4P3/7P/8/8/P7/R5K1 w - - 0 1");
  CHECK_FALSE(with_rook.contains(step("a2", "a3")));
  CHECK_FALSE(with_rook.contains(step("a2", "a4")));
  CHECK(with_rook.contains(step("e6", "e7")));
  CHECK(with_rook.contains(step("h5", "h6")));
  // With a knight instead, every pawn step is kept: promoting may be the only way to mate.
  const MoveList with_knight = narrow_for_white("6k1/8/4P3/7P/8/8/P7/N5K1 w - - 0 1");
  for (const char* to : {"a3", "a4"}) CHECK(with_knight.contains(step("a2", to)));
  // A far step that uncovers the bishop's check on h7 is kept; the other is not.
  const MoveList uncovering = narrow_for_white("8/7k/8/8/8/3P4/P7/RB4K1 w - - 0 1");
  CHECK(uncovering.contains(step("d3", "d4")));
  CHECK_FALSE(uncovering.contains(step("a2", "a3")));
}

TEST_CASE("focus: the winner's king steps toward the losing king, and anywhere when in check", "[search][focus]") {
  auto kings = [](const MoveList& moves, board::Square from) {
    std::vector<std::string> out;
    for (Move m : moves)
      if (m.from() == from) out.push_back(board::square_name(m.to()));
    return out;
  };
  const board::Square d4 = *board::parse_square("d4");
  // From d4 (four steps from h8) only e5 is nearer; c3, the first other step, is the
  // waiting move, which comes last.
  CHECK(kings(narrow_for_white("7k/8/8/8/3K4/8/8/R7 w - - 0 1"), d4) == std::vector<std::string>{"e5", "c3"});
  // In check from the rook on d8 every legal step is kept.
  CHECK(kings(narrow_for_white("3r3k/8/8/8/3K4/8/8/R7 w - - 0 1"), d4) ==
        std::vector<std::string>{"c3", "e3", "c4", "e4", "c5", "e5"});
}

TEST_CASE("focus: a focused exploration that runs dry proves nothing", "[search][focus][closure]") {
  // The locked wall of docs/rules.md §1: the full exploration proves it (closure_test); the
  // focused one only gives up.
  const board::Position wall = test::pos("2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - - 0 1");
  search::Exploration focused(wall, Color::White, 1'000'000, search::Order::Guided);
  focused.set_focus(search::narrow_focus_moves);
  search::Limits limits(10'000'000);
  const auto r = focused.run(limits);
  CHECK(r.kind == search::ClosureResult::Kind::GaveUp);
  search::Limits again(1'000);
  CHECK(focused.run(again).kind == search::ClosureResult::Kind::GaveUp);
}

namespace {

// A guided exploration of `root` under the narrow focus, run within `nodes` nodes.
search::ClosureResult run_narrow(const board::Position& root, Color winner, uint64_t nodes) {
  search::Exploration focused(root, winner, 1'000'000, search::Order::Guided);
  focused.set_focus(search::narrow_focus_moves);
  search::Limits limits(nodes);
  return focused.run(limits);
}

}  // namespace

TEST_CASE("focus: focused explorations find witnesses of game ends that replay to mate", "[search][focus][closure]") {
  struct Row {
    const char* fen;
    Color winner;
  };
  // Once undetermined at 1M nodes; the narrow focus alone finds each within 100k.
  const Row rows[] = {
      {"3R3k/R5b1/6Bp/7P/8/3K1P2/P4r2/8 b - - 1 47", Color::Black},
      {"8/1k2b3/8/5P2/8/8/P1K5/6R1 b - - 2 41", Color::Black},
      {"4r3/5k1p/p4n2/8/4r3/8/KPP4P/5R2 w - - 2 37", Color::White},
  };
  for (const Row& row : rows) {
    INFO(row.fen);
    const board::Position root = test::pos(row.fen);
    const auto r = run_narrow(root, row.winner, 100'000);
    REQUIRE(r.kind == search::ClosureResult::Kind::MateFound);
    CHECK(analyzer::replays_to_mate(root, r.line, row.winner));
  }
}

TEST_CASE("focus: a mate the loser has only to wait for is seen two plies ahead, at its shortest",
          "[search][focus][closure]") {
  // Hansen-Carlsen, the final position (chess.com; White's flag): 61. g7 Ke8 62. Ke6 Nd1
  // 63. g8=Q#, where Black's knight move only waits. The mate-in-one look alone sees it
  // only once the position after 62. Ke6 is expanded (the first witness had 35 plies);
  // the look for a threatened mate sees it when that position is reached, in 5 plies, the
  // shortest (a breadth-first search of 5 plies, below, finds none shorter).
  const board::Position root = test::pos("8/4k3/6P1/5K2/8/8/5n2/8 w - - 1 61");
  const auto r = run_narrow(root, Color::White, 100'000);
  REQUIRE(r.kind == search::ClosureResult::Kind::MateFound);
  CHECK(analyzer::replays_to_mate(root, r.line, Color::White));
  CHECK(r.line.size() == 5);
  CHECK(test::bfs_shortest(root, Color::White, 5) == 5);
}
