// search::find_conversion, the stalemate-to-checkmate conversion rule of docs/rules.md §4: the
// three examples stated there, typed errors for positions that are no stalemate, the
// move and position bounds, and the shortest length against an independent
// iterative-deepening search written here (which passes the move by editing the FEN).
#include <catch2/catch.hpp>
#include <optional>

#include "search/board/movegen.hpp"
#include "search/board/notation.hpp"
#include "search/problems/conversion.hpp"
#include "support.hpp"

using namespace arbiter;
using board::Move;
using board::Position;
using Kind = search::Conversion::Kind;
using ErrorKind = search::ConversionError::Kind;

namespace {

search::Conversion convert(const std::string& fen, int max_moves = 20) {
  search::ConversionOptions options;
  options.max_moves = max_moves;
  auto r = search::find_conversion(test::pos(fen), options);
  REQUIRE(r);
  return *r;
}

// The UCI text of a conversion line (each move written with the stalemating side to move).
std::vector<std::string> uci(const std::string& fen, const std::vector<Move>& line) {
  std::vector<std::string> out;
  Position current = test::pos(fen);
  for (Move m : line) {
    Position mover = *search::pass_stalemated_side(current);
    out.push_back(board::to_uci(mover, m));
    mover.do_move(m);
    current = mover;
  }
  return out;
}

// The stalemated side passes: the FEN with the other side to move and no en-passant square.
std::optional<Position> passed(const Position& pos) {
  std::string fen = pos.fen();
  std::vector<std::string> fields;
  for (std::size_t start = 0, end; start <= fen.size(); start = end + 1) {
    end = fen.find(' ', start);
    if (end == std::string::npos) end = fen.size();
    fields.push_back(fen.substr(start, end - start));
  }
  fields[1] = fields[1] == "w" ? "b" : "w";
  fields[3] = "-";
  std::string flipped;
  for (const auto& f : fields) flipped += (flipped.empty() ? "" : " ") + f;
  auto p = Position::from_fen(flipped);
  if (!p) return std::nullopt;
  return *p;
}

// Is there a conversion of exactly `moves` moves from this stalemate? Plain depth-first
// search, no deduplication.
bool converts_in(const Position& stalemate, int moves) {
  auto mover = passed(stalemate);
  REQUIRE(mover);
  for (Move m : board::legal_moves(*mover)) {
    Position after = *mover;
    after.do_move(m);
    const bool stuck = board::legal_moves(after).empty();
    if (!stuck) continue;
    if (after.in_check()) {
      if (moves == 1) return true;
      continue;
    }
    if (moves > 1 && converts_in(after, moves - 1)) return true;
  }
  return false;
}

std::optional<int> shortest_by_deepening(const std::string& fen, int max_moves) {
  for (int n = 1; n <= max_moves; ++n)
    if (converts_in(test::pos(fen), n)) return n;
  return std::nullopt;
}

}  // namespace

TEST_CASE("conversion (docs/rules.md §4): Qg7 mates at once", "[conversion]") {
  const std::string fen = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1";
  auto r = convert(fen);
  REQUIRE(r.kind == Kind::Converted);
  CHECK(uci(fen, r.line) == std::vector<std::string>{"f7g7"});
  CHECK(search::replays_as_conversion(test::pos(fen), r.line));
  CHECK(r.positions >= 1);
}

TEST_CASE("conversion (docs/rules.md §4): K+P against K has no conversion, the draw stands", "[conversion]") {
  // Every white move frees a square for the black king (or checks it without mate).
  auto r = convert("5k2/5P2/5K2/8/8/8/8/8 b - - 0 1");
  CHECK(r.kind == Kind::NoConversion);
  CHECK(r.line.empty());
  CHECK(r.exhausted);  // not a matter of the bound: no line of any length converts
  CHECK(r.positions == 1);
}

TEST_CASE("conversion (docs/rules.md §4): Qc2 then Qc1 mate, Qa3 first is not allowed", "[conversion]") {
  const std::string fen = "7K/8/8/8/8/1Q6/p7/k7 b - - 0 1";
  auto r = convert(fen);
  REQUIRE(r.kind == Kind::Converted);
  CHECK(uci(fen, r.line) == std::vector<std::string>{"b3c2", "c2c1"});
  CHECK(search::replays_as_conversion(test::pos(fen), r.line));

  // Qa3 frees b1: Black is no longer stalemated, so no line may start with it.
  Position mover = *search::pass_stalemated_side(test::pos(fen));
  Move qa3 = *board::parse_move(mover, "b3a3");
  mover.do_move(qa3);
  CHECK_FALSE(board::legal_moves(mover).empty());
  for (const char* second : {"a3c1", "a3b2", "a3b3"}) {
    Position again = *search::pass_stalemated_side(test::pos(fen));
    std::vector<Move> line{qa3};
    again.do_move(qa3);
    if (auto next = passed(again)) {
      if (auto m = board::parse_move(*next, second)) line.push_back(*m);
    }
    CHECK_FALSE(search::replays_as_conversion(test::pos(fen), line));
  }
  // One move is not enough, so the bound of 1 finds nothing (and says it was the bound).
  auto bounded = convert(fen, 1);
  CHECK(bounded.kind == Kind::NoConversion);
  CHECK_FALSE(bounded.exhausted);
}

TEST_CASE("conversion: a position that is not a stalemate is a typed error", "[conversion]") {
  auto error_of = [](const std::string& fen) {
    auto r = search::find_conversion(test::pos(fen));
    REQUIRE_FALSE(r);
    return r.error();
  };
  auto start = error_of(std::string(Position::kStartFen));
  CHECK(start.kind == ErrorKind::HasMoves);
  CHECK_THAT(start.message, Catch::Contains("not a stalemate") && Catch::Contains("20 legal moves"));
  auto mate = error_of("k7/1QK5/8/8/8/8/8/8 b - - 0 1");
  CHECK(mate.kind == ErrorKind::Checkmate);
  CHECK_THAT(mate.message, Catch::Contains("checkmated"));
  auto check = error_of("k7/8/1K6/8/8/8/8/R7 b - - 0 1");
  CHECK(check.kind == ErrorKind::InCheck);
  CHECK_THAT(check.message, Catch::Contains("in check"));
  CHECK_FALSE(search::replays_as_conversion(test::pos(std::string(Position::kStartFen)), {}));
}

TEST_CASE("conversion: the position bound gives 'undetermined', never 'no conversion'", "[conversion]") {
  // The white knight roams freely while the black king stays boxed in: many stalemates
  // before the knight reaches b6 or c7 (mate) four moves later.
  search::ConversionOptions options;
  options.max_positions = 3;
  options.max_moves = 20;
  auto r = search::find_conversion(test::pos("k7/P7/K7/8/8/8/8/6N1 b - - 0 1"), options);
  REQUIRE(r);
  CHECK(r->kind == Kind::LimitHit);
  CHECK(r->positions <= 3);
}

TEST_CASE("conversion: breadth-first finds the shortest line, as an independent deepening search does",
          "[conversion]") {
  const char* stalemates[] = {
      "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",  "5k2/5P2/5K2/8/8/8/8/8 b - - 0 1", "7K/8/8/8/8/1Q6/p7/k7 b - - 0 1",
      "k7/2Q5/1K6/8/8/8/8/8 b - - 0 1",  "k7/P7/K7/8/8/8/8/7R b - - 0 1",   "k7/P7/K7/8/8/8/8/8 b - - 0 1",
      "7k/7P/6K1/8/8/8/8/1B6 b - - 0 1",  // a bishop of the wrong colour: no mate ever
      "8/8/8/8/8/1K6/2Q5/k7 b - - 0 1",  "k7/2K5/1P6/8/8/8/8/8 b - - 0 1",
      "k7/P7/K7/8/8/8/8/6N1 b - - 0 1",  // the knight walks four moves to b6 or c7
  };
  for (const char* fen : stalemates) {
    INFO(fen);
    auto r = convert(fen, 4);
    auto expected = shortest_by_deepening(fen, 4);
    if (expected) {
      REQUIRE(r.kind == Kind::Converted);
      CHECK(int(r.line.size()) == *expected);
      CHECK(search::replays_as_conversion(test::pos(fen), r.line));
    } else {
      CHECK(r.kind == Kind::NoConversion);
    }
  }
}

TEST_CASE("conversion: a knight walks to the mating square while the king stays boxed in", "[conversion]") {
  // Black Ka8 is stalemated by the pawn a7 and Ka6; the knight from g1 needs four moves
  // to reach b6 or c7, and none of its moves on the way frees a black square.
  const std::string fen = "k7/P7/K7/8/8/8/8/6N1 b - - 0 1";
  auto r = convert(fen);
  REQUIRE(r.kind == Kind::Converted);
  CHECK(r.line.size() == 4);
  auto moves = uci(fen, r.line);
  CHECK((moves.back().substr(2) == "b6" || moves.back().substr(2) == "c7"));
  CHECK(search::replays_as_conversion(test::pos(fen), r.line));
  CHECK(convert(fen, 3).kind == Kind::NoConversion);
}
