// search::solve_helpmate, the helpmate-problem solver: every solution of h#N and h#N.5,
// checked against chess facts worked out by hand and against two independent
// enumerations written here (every line of the stipulated length, and a memoised count),
// the same answer with 1 or 2 threads, and an honest "incomplete" at a node limit.
#include <catch2/catch.hpp>
#include <array>
#include <cctype>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string_view>
#include <unordered_map>

#include <tbb/global_control.h>

#include "analyzer/witness.hpp"
#include "search/board/movegen.hpp"
#include "search/board/notation.hpp"
#include "search/board/packed.hpp"
#include "search/problems/no_solution_table.hpp"
#include "search/problems/problem_helpmate.hpp"
#include "support.hpp"

using namespace arbiter;
using board::Move;
using board::Position;
using Lines = std::vector<std::vector<std::string>>;

namespace {

search::Stipulation stip(const std::string& text) {
  auto s = search::parse_stipulation(text);
  REQUIRE(s);
  return *s;
}

search::HelpmateSolutions solve(const std::string& fen, const std::string& moves, bool first_only = false,
                                unsigned threads = 0) {
  search::Limits limits;
  search::HelpmateProblemOptions options;
  options.first_only = first_only;
  options.threads = threads;
  return search::solve_helpmate(test::pos(fen), stip(moves), limits, options);
}

Lines uci_lines(const std::string& fen, const std::vector<std::vector<Move>>& lines) {
  Position pos = test::pos(fen);
  Lines out;
  for (const auto& line : lines) out.push_back(board::uci_line(pos, line));
  return out;
}

Lines solution_lines(const std::string& fen, const std::string& moves) {
  auto result = solve(fen, moves);
  CHECK(result.complete);
  return uci_lines(fen, result.solutions);
}

Lines split(std::initializer_list<const char*> lines) {
  Lines out;
  for (const char* text : lines) {
    std::istringstream in(text);
    out.emplace_back();
    for (std::string word; in >> word;) out.back().push_back(word);
  }
  return out;
}

// Independent enumeration: every sequence of exactly `plies` legal moves, kept when it
// ends in checkmate. No pruning at all.
void every_mating_line(Position& pos, int plies, std::vector<Move>& path, std::vector<std::vector<Move>>& out) {
  if (plies == 0) {
    if (pos.in_check() && board::legal_moves(pos).empty()) out.push_back(path);
    return;
  }
  for (Move m : board::legal_moves(pos)) {
    path.push_back(m);
    pos.do_move(m);
    every_mating_line(pos, plies - 1, path, out);
    pos.undo_move(m);
    path.pop_back();
  }
}

Lines brute_force(const std::string& fen, int plies) {
  Position pos = test::pos(fen);
  std::vector<Move> path;
  std::vector<std::vector<Move>> found;
  every_mating_line(pos, plies, path, found);
  Lines out = uci_lines(fen, found);
  std::sort(out.begin(), out.end());
  return out;
}

// Independent count of the mating lines of exactly `plies` plies, memoised on the exact
// packed position (the number of solutions below a position depends on nothing else).
class MatingLineCounter {
 public:
  uint64_t count(Position& pos, int plies) {
    if (plies == 0) return pos.in_check() && board::legal_moves(pos).empty() ? 1 : 0;
    Key key{};
    if (plies >= 2) {
      board::PackedPosition packed = board::pack(pos);
      std::memcpy(key.data(), &packed, sizeof(packed));
      key.back() = char(plies);
      if (auto it = memo_.find(key); it != memo_.end()) return it->second;
    }
    uint64_t n = 0;
    for (Move m : board::legal_moves(pos)) {
      pos.do_move(m);
      n += count(pos, plies - 1);
      pos.undo_move(m);
    }
    if (plies >= 2) memo_[key] = n;
    return n;
  }

 private:
  using Key = std::array<char, sizeof(board::PackedPosition) + 1>;
  struct KeyHash {
    std::size_t operator()(const Key& k) const { return std::hash<std::string_view>()({k.data(), k.size()}); }
  };
  std::unordered_map<Key, uint64_t, KeyHash> memo_;
};

uint64_t counted(const std::string& fen, int plies) {
  Position pos = test::pos(fen);
  return MatingLineCounter().count(pos, plies);
}

// The rows of a problem file (tests/data/helpmates.txt's format): the fields of each,
// trimmed, and the line itself.
std::vector<std::pair<std::string, std::vector<std::string>>> problem_rows(const std::string& name) {
  std::ifstream in(test::data(name));
  REQUIRE(in.good());
  std::vector<std::pair<std::string, std::vector<std::string>>> rows;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::vector<std::string> fields;
    std::istringstream row(line);
    for (std::string f; std::getline(row, f, ';');) {
      while (!f.empty() && f.front() == ' ') f.erase(f.begin());
      while (!f.empty() && f.back() == ' ') f.pop_back();
      fields.push_back(f);
    }
    REQUIRE(fields.size() >= 3);
    rows.emplace_back(line, std::move(fields));
  }
  return rows;
}

}  // namespace

TEST_CASE("stipulation: N and N.5 for N from 1 to 10, anything else is refused with a reason", "[helpmate]") {
  CHECK(stip("1").plies() == 2);
  CHECK(stip("2").plies() == 4);
  CHECK(stip("2.5").plies() == 5);
  CHECK(stip("h#3").plies() == 6);
  CHECK(stip("10").plies() == 20);
  CHECK(stip("10.5").plies() == 21);
  CHECK(stip("1.5").to_string() == "h#1.5");
  CHECK(stip("3").to_string() == "h#3");
  for (const char* bad : {"0", "0.5", "11", "11.5", "2.3", "2.", ".5", "", "two", "-1", "2.55", "h#", "3 "}) {
    INFO("'" << bad << "'");
    auto s = search::parse_stipulation(bad);
    REQUIRE_FALSE(s);
    CHECK_FALSE(s.error().empty());
  }
  CHECK_THAT(search::parse_stipulation("11").error(), Catch::Contains("from 1 to 10"));
}

TEST_CASE("h#1: a unique solution, a king step into the corner", "[helpmate]") {
  // Black Kh8 may only go to g8 (g7 and h7 are covered by Kg6); Ra8 then mates: the rook
  // covers the eighth rank, the king the seventh.
  CHECK(solution_lines("7k/8/6K1/8/8/8/8/R7 b - - 0 1", "1") == split({"h8g8 a1a8"}));
}

TEST_CASE("h#1: three solutions, the promotions that do not cover h8 and the king step", "[helpmate]") {
  // Black Ka8, pawn a2; White Kb6, Rh1. Rh8 mates unless Black can take h8: after a1=Q
  // or a1=B the new piece guards the long diagonal and takes the rook; after a1=R, a1=N
  // or Kb8 it is mate (Kb6 covers a7, b7, c7). Nothing else checks usefully.
  CHECK(solution_lines("k7/8/1K6/8/8/8/p7/7R b - - 0 1", "1") == split({"a2a1n h1h8", "a2a1r h1h8", "a8b8 h1h8"}));
}

TEST_CASE("h#1, h#3: no solution where no mate can ever come", "[helpmate]") {
  // King and knight cannot mate a lone king.
  CHECK(solution_lines("8/8/8/4k3/8/8/8/KN6 b - - 0 1", "1").empty());
  CHECK(solution_lines("8/8/8/4k3/8/8/8/KN6 b - - 0 1", "3").empty());
  // Black Kh8, pawn h7; White Ka1, Rg1. A lone rook must check on the eighth rank or on the
  // h-file and still cover the flights on the g-file: impossible, and the pawn can never
  // leave the h-file to block g7 or g8. (The king on a1 is too far to help in three moves.)
  CHECK(solution_lines("7k/7p/8/8/8/8/8/K5R1 b - - 0 1", "3").empty());
  // A position already over: checkmate and stalemate have no moves at all.
  CHECK(solution_lines("k7/1QK5/8/8/8/8/8/8 b - - 0 1", "1").empty());
  CHECK(solution_lines("k7/8/1QK5/8/8/8/8/8 b - - 0 1", "2").empty());
}

TEST_CASE("h#2 from the start position: White is mated by Qh4 in exactly 8 ways (Fool's mate)", "[helpmate]") {
  // White must open f2 and play g4 (f3 or f4, in either order: 4 lines), Black must free
  // the queen with e5 or e6 (2 lines): 8. Every other check (Bb4, Qa5) can be blocked.
  const std::string fen(Position::kStartFen);
  Lines expected = split({"f2f3 e7e5 g2g4 d8h4", "f2f3 e7e6 g2g4 d8h4", "f2f4 e7e5 g2g4 d8h4", "f2f4 e7e6 g2g4 d8h4",
                          "g2g4 e7e5 f2f3 d8h4", "g2g4 e7e5 f2f4 d8h4", "g2g4 e7e6 f2f3 d8h4", "g2g4 e7e6 f2f4 d8h4"});
  CHECK(solution_lines(fen, "2") == expected);
  CHECK(brute_force(fen, 4) == expected);
}

TEST_CASE("h#1.5: the mating side moves first", "[helpmate]") {
  // White Kc6, Rh1 against Ka8, White first: 1...Kb6 2.Kb8 Rh8# or 1...Kc7 2.Ka7 Ra1#.
  const std::string fen = "k7/8/2K5/8/8/8/8/7R w - - 0 1";
  Lines expected = split({"c6b6 a8b8 h1h8", "c6c7 a8a7 h1a1"});
  CHECK(solution_lines(fen, "1.5") == expected);
  CHECK(brute_force(fen, 3) == expected);
}

TEST_CASE("h#3: a unique solution ending in a promotion", "[helpmate]") {
  // White Ka3, Bc3, Rb2 is mated by the black pawn d4, the only black man that can mate:
  // it needs all three black moves to promote, and d3 is its own king's square, so
  // 1...dxc3 2...c2 3...c1=Q is forced (the bishop must stay to be taken). White walks
  // Ka2-a1 (the only two-move way to a1) and blocks a2 with the rook; only a queen then
  // mates (it also covers the vacated b2).
  CHECK(solution_lines("8/8/8/8/3p4/K1Bk4/1R6/8 w - - 0 1", "3") == split({"a3a2 d4c3 a2a1 c3c2 b2a2 c2c1q"}));
  CHECK(counted("8/8/8/8/3p4/K1Bk4/1R6/8 w - - 0 1", 6) == 1);
}

TEST_CASE("h#3: two solutions that differ only in the order of White's moves are both listed", "[helpmate]") {
  // Black Kb1 walks nowhere; its pawn runs c4-c3-c2 to block c2 while White plays Ra5 and
  // Bf6 in either order; Ra1 mates (the bishop covers b2 once c3 is empty).
  const std::string fen = "1K6/8/8/2pR4/7B/8/8/1k6 b - - 0 1";
  auto lines = solution_lines(fen, "3");
  CHECK(lines == split({"c5c4 d5a5 c4c3 h4f6 c3c2 a5a1", "c5c4 h4f6 c4c3 d5a5 c3c2 a5a1"}));
  CHECK(counted(fen, 6) == 2);
}

TEST_CASE("helpmate: the solver finds exactly the lines a plain enumeration finds", "[helpmate]") {
  struct Case {
    const char* fen;
    const char* moves;
  };
  const Case cases[] = {
      {"k7/8/1K6/8/8/8/p7/7R b - - 0 1", "1"},
      {"7k/8/6K1/8/8/8/8/R7 b - - 0 1", "1.5"},
      {"k7/8/2K5/8/8/8/8/7R b - - 0 1", "2"},
      {"8/8/8/4k3/4p3/8/8/KN6 b - - 0 1", "2"},
      {"8/8/8/8/8/2k5/1p6/K1N5 w - - 0 1", "2"},
      {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "1.5"},  // castling
      {"8/8/8/2k5/3pP3/8/8/4K2R b K e3 0 1", "1.5"},    // en passant, castling
      {"4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1", "2"},       // promotions on both sides
      {"6k1/5ppp/8/8/8/8/5PPP/3R2K1 b - - 0 1", "1"},   // back-rank mate
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1", "1.5"},
      {"8/8/8/3k4/8/8/8/K1B1N3 b - - 0 1", "2"},
      {"7k/6pp/8/8/8/8/1B6/K5R1 w - - 0 1", "1.5"},
  };
  for (const Case& c : cases) {
    INFO(c.fen << "  h#" << c.moves);
    const Lines expected = brute_force(c.fen, stip(c.moves).plies());
    CHECK(solution_lines(c.fen, c.moves) == expected);
  }
}

TEST_CASE("helpmate: every solution replays to mate in exactly the stipulated plies", "[helpmate]") {
  const std::string fen = "k7/8/2K5/8/8/8/8/7R b - - 0 1";
  auto result = solve(fen, "3");
  REQUIRE(result.complete);
  REQUIRE(result.solutions.size() > 10);
  CHECK(result.solutions.size() == counted(fen, 6));
  for (const auto& line : result.solutions) {
    CHECK(line.size() == 6);
    CHECK(analyzer::replays_to_mate(test::pos(fen), line, board::Color::White));
  }
}

TEST_CASE("helpmate: the same solutions in the same order with 1 and 2 threads, --first agrees", "[helpmate]") {
  const std::string fen = "r3k3/pp3p2/2n5/8/8/2N5/PP3P2/R3K2R b - - 0 1";
  auto with_threads = [&](int threads, bool first) {
    tbb::global_control control(tbb::global_control::max_allowed_parallelism, std::size_t(threads));
    return solve(fen, "2", first);
  };
  auto one = with_threads(1, false), two = with_threads(2, false);
  REQUIRE(one.complete);
  REQUIRE(two.complete);
  CHECK(one.solutions == two.solutions);
  CHECK(one.solutions.size() == counted(fen, 4));
  Lines lines = uci_lines(fen, one.solutions);
  CHECK(std::is_sorted(lines.begin(), lines.end()));

  auto first_one = with_threads(1, true), first_two = with_threads(2, true);
  REQUIRE(first_one.solutions.size() == 1);
  CHECK(first_one.complete);
  CHECK(first_one.solutions == first_two.solutions);
  CHECK(std::find(one.solutions.begin(), one.solutions.end(), first_one.solutions[0]) != one.solutions.end());
  CHECK(first_one.nodes <= one.nodes);

  // threads = 1: the calling thread alone, without the scheduler; the same answers.
  auto serial = solve(fen, "2", false, 1), first_serial = solve(fen, "2", true, 1);
  CHECK(serial.solutions == one.solutions);
  CHECK(serial.nodes == one.nodes);
  CHECK(first_serial.solutions == first_one.solutions);
}

TEST_CASE("helpmate --first: no solution is still a complete answer", "[helpmate]") {
  auto result = solve("7k/7p/8/8/8/8/8/K5R1 b - - 0 1", "2", true);
  CHECK(result.complete);
  CHECK(result.solutions.empty());
}

TEST_CASE("helpmate: a node limit gives an honest incomplete answer, never 'no solution'", "[helpmate]") {
  const std::string fen = "r3k3/pp3p2/2n5/8/8/2N5/PP3P2/R3K2R b - - 0 1";
  auto full = solve(fen, "3");
  REQUIRE(full.complete);
  for (uint64_t budget : {1ull, 1000ull, 100000ull}) {
    INFO("budget " << budget);
    search::Limits limits(budget);
    auto cut = search::solve_helpmate(test::pos(fen), stip("3"), limits);
    CHECK_FALSE(cut.complete);
    CHECK(cut.limit == search::Reason::NodeLimit);
    CHECK(cut.solutions.size() < full.solutions.size());
    for (const auto& line : cut.solutions)  // what was found is a true solution
      CHECK(std::find(full.solutions.begin(), full.solutions.end(), line) != full.solutions.end());
  }
  // Around the real node count a budget may or may not suffice; whenever the answer says
  // complete, it must be the full answer.
  int completed = 0;
  for (double share : {0.5, 0.9, 0.99, 1.0, 1.01, 1.1, 2.0}) {
    search::Limits limits(uint64_t(double(full.nodes) * share));
    auto cut = search::solve_helpmate(test::pos(fen), stip("3"), limits);
    INFO("share " << share << ": " << cut.nodes << " nodes, complete " << cut.complete);
    if (cut.complete) CHECK(cut.solutions == full.solutions);
    completed += cut.complete;
  }
  CHECK(completed >= 1);
  std::atomic<bool> cancel{true};
  search::Limits cancelled(std::numeric_limits<uint64_t>::max(), search::Limits::Clock::time_point::max(), &cancel);
  auto stopped = search::solve_helpmate(test::pos(fen), stip("3"), cancelled);
  CHECK_FALSE(stopped.complete);
  CHECK(stopped.limit == search::Reason::Cancelled);
}

TEST_CASE("helpmate: the table of positions without solution never loses one (tiny table, many overwrites)",
          "[helpmate]") {
  const std::string fen = "k7/8/2K5/8/8/8/8/7R b - - 0 1";
  search::Limits limits;
  search::HelpmateProblemOptions options;
  options.table_log2 = 4;  // 16 entries: constant replacement
  auto small = search::solve_helpmate(test::pos(fen), stip("3"), limits, options);
  options.table_log2 = 0;
  search::Limits limits2;
  auto normal = search::solve_helpmate(test::pos(fen), stip("3"), limits2, options);
  CHECK(small.solutions == normal.solutions);
  CHECK(small.solutions.size() == counted(fen, 6));
}

TEST_CASE("no-solution table: widening the part in use keeps every fact, only true ones, and never narrows it",
          "[helpmate]") {
  search::NoSolutionTable table(20);
  const std::size_t first = table.used_bytes();
  CHECK(first < table.size_bytes());
  // Distinct positions along a walk from the start, each with one fact.
  std::vector<Position> seen;
  Position pos = Position::startpos();
  for (int i = 0; i < 3000; ++i) {
    const auto moves = board::legal_moves(pos);
    if (moves.size() == 0) break;
    seen.push_back(pos);
    table.record_unsolvable(pos, pos.key(), i % 7);
    pos.do_move(moves[std::size_t(i * 7919) % moves.size()]);
  }
  auto check_facts = [&] {
    for (std::size_t i = 0; i < seen.size(); ++i)
      for (int plies = 0; plies < 8; ++plies)
        if (table.known_unsolvable(seen[i], seen[i].key(), plies)) {
          // Another walk position with the same key and packing would be the same position.
          bool recorded = false;
          for (std::size_t j = 0; j < seen.size(); ++j)
            recorded |= seen[j].key() == seen[i].key() && int(j % 7) == plies;
          REQUIRE(recorded);
        }
  };
  check_facts();
  auto known_facts = [&] {
    std::vector<std::pair<std::size_t, int>> known;
    for (std::size_t i = 0; i < seen.size(); ++i)
      for (int plies = 0; plies < 8; ++plies)
        if (table.known_unsolvable(seen[i], seen[i].key(), plies)) known.push_back({i, plies});
    return known;
  };
  const auto before = known_facts();
  CHECK(before.size() > seen.size() / 2);
  table.fit(100);  // fewer than the part in use already: no change
  CHECK(table.used_bytes() == first);
  table.fit(uint64_t(1) << 40);  // more than the whole: the whole
  CHECK(table.used_bytes() == table.size_bytes());
  check_facts();
  // Each fact moved to its bucket under the wider part (where most buckets are others).
  CHECK(known_facts() == before);
  table.fit(1);
  CHECK(table.used_bytes() == table.size_bytes());
  // Facts recorded now are found under the wider part.
  for (std::size_t i = 0; i < seen.size(); ++i) table.record_unsolvable(seen[i], seen[i].key(), 9);
  for (const Position& p : seen) CHECK(table.known_unsolvable(p, p.key(), 9));
}

TEST_CASE("no-solution table: a fact holds for its position alone, whatever shares its men or its bucket",
          "[helpmate]") {
  // The state beside the men: side to move, castling rights, en passant. Each position
  // differs from `base` in what its note says, and in nothing else.
  const Position base = test::pos("r3k2r/8/8/3pP3/8/8/8/R3K2R w KQkq d6 0 2");
  const std::vector<Position> others = {
      test::pos("r3k2r/8/8/3pP3/8/8/8/R3K2R b KQkq - 0 2"),  // Black to move (so no en passant)
      test::pos("r3k2r/8/8/3pP3/8/8/8/R3K2R w Kkq d6 0 2"),  // one castling right fewer
      test::pos("r3k2r/8/8/3pP3/8/8/8/R3K2R w KQkq - 0 2"),  // no en passant
      test::pos("r3k2r/8/8/3pP3/8/8/8/R3K1R1 w kq d6 0 2"),  // a rook elsewhere (and its castling rights gone)
  };
  for (unsigned log2 : {1u, 10u}) {  // one bucket (every position in it), and many
    search::NoSolutionTable table(log2);
    table.record_unsolvable(base, base.key(), search::NoSolutionTable::kMaxPlies);
    table.record_unsolvable(base, base.key(), 3);
    CHECK(table.known_unsolvable(base, base.key(), search::NoSolutionTable::kMaxPlies));
    CHECK(table.known_unsolvable(base, base.key(), 3));
    CHECK_FALSE(table.known_unsolvable(base, base.key(), 4));
    // Probed with the base's key, so that the same bucket is read: the facts are not theirs.
    for (const Position& other : others) {
      INFO(other.fen());
      CHECK_FALSE(table.known_unsolvable(other, base.key(), 3));
      CHECK_FALSE(table.known_unsolvable(other, other.key(), 3));
    }
    // More plies than an entry holds: neither kept nor found.
    table.record_unsolvable(base, base.key(), search::NoSolutionTable::kMaxPlies + 1);
    CHECK_FALSE(table.known_unsolvable(base, base.key(), search::NoSolutionTable::kMaxPlies + 1));
    // Two positions in the one bucket keep their own facts.
    table.record_unsolvable(others[0], others[0].key(), 5);
    CHECK(table.known_unsolvable(others[0], others[0].key(), 5));
    CHECK_FALSE(table.known_unsolvable(others[0], others[0].key(), 3));
    CHECK(table.known_unsolvable(base, base.key(), 3));
  }
}

// The benchmark problems (tests/data/helpmates.txt) against the memoised enumeration; the
// held-out suite (tests/data/helpmates-held-out.txt, h#4 to h#8 whose counts the solver
// before the flights cut also gave) and the tuning suite of long problems
// (tests/data/helpmates-tuning.txt, h#6 to h#8.5, the wave-1 solver's counts too) against
// their counts.
TEST_CASE("helpmate: the held-out and tuning suites' counts", "[helpmate][slow]") {
  for (const auto& [file, least] : {std::pair<const char*, std::size_t>{"helpmates-held-out.txt", 40},
                                    std::pair<const char*, std::size_t>{"helpmates-tuning.txt", 10}}) {
    const auto rows = problem_rows(file);
    for (const auto& [line, fields] : rows) {
      INFO(file << ": " << line);
      auto result = solve(fields[0], fields[1]);
      CHECK(result.complete);
      CHECK(result.solutions.size() == std::stoull(fields[2]));
    }
    CHECK(rows.size() >= least);
  }
}

TEST_CASE("helpmate: the benchmark problems' counts, cross-checked by an independent count", "[helpmate][slow]") {
  const auto rows = problem_rows("helpmates.txt");
  for (const auto& [line, fields] : rows) {
    INFO(line);
    const auto s = stip(fields[1]);
    const uint64_t expected = std::stoull(fields[2]);
    auto result = solve(fields[0], fields[1]);
    CHECK(result.complete);
    CHECK(result.solutions.size() == expected);
    const auto men = std::count_if(fields[0].begin(), fields[0].begin() + long(fields[0].find(' ')),
                                   [](char c) { return std::isalpha(static_cast<unsigned char>(c)); });
    if (s.plies() <= 6 || men <= 5) CHECK(counted(fields[0], s.plies()) == expected);
  }
  CHECK(rows.size() >= 5);
}
