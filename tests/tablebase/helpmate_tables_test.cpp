// The helpmate tables: built into a temporary folder (the 3-man tables and KNvKP with the
// 4-man tables it reads), then checked against their own definition on whole tables
// (every d > 0 has a move to d - 1 and none to less), against a brute-force breadth-first
// search over the game graph written here, against known facts, and the file format
// against damage.
#include <catch2/catch.hpp>

#include <tbb/global_control.h>

#include <unistd.h>

#include <cstring>
#include <deque>
#include <fstream>
#include <random>
#include <unordered_set>

#include "analyzer/winnability.hpp"
#include "analyzer/witness.hpp"
#include "search/board/movegen.hpp"
#include "search/board/packed.hpp"
#include "search/explore/guidance.hpp"
#include "search/helpmate_tables.hpp"
#include "search/problems/problem_helpmate.hpp"
#include "support.hpp"
#include "tablebase/checksum.hpp"
#include "tablebase/helpmate/build_tables.hpp"
#include "tablebase/helpmate/table_file.hpp"
#include "tablebase/helpmate/table_index.hpp"
#include "tablebase/helpmate_table_set.hpp"

using namespace arbiter;
using board::Color;
using board::Position;
using search::TableAnswer;
using tablebase::HelpmateTableSet;
using tablebase::helpmate::Material;
using tablebase::helpmate::TableIndex;

namespace {

Material material(const std::string& name) {
  auto m = Material::parse(name);
  if (!m) throw std::runtime_error("bad material " + name);
  return *m;
}

// The tables every test reads, built once per run into a folder removed at exit.
struct BuiltFolder {
  std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("arbiter-helpmate-tables-" + std::to_string(::getpid()));
  BuiltFolder() {
    std::filesystem::remove_all(dir);
    std::vector<Material> wanted;
    for (const char* name : {"KQvK", "KRvK", "KBvK", "KNvK", "KPvK", "KBvKB", "KNvKP"}) wanted.push_back(material(name));
    auto built = tablebase::helpmate::build_tables(dir, wanted);
    if (!built) throw std::runtime_error("building the test tables failed: " + built.error());
  }
  ~BuiltFolder() {
    std::error_code ec;
    std::filesystem::remove_all(dir, ec);
  }
};
const std::filesystem::path& tables_dir() {
  static const BuiltFolder folder;
  return folder.dir;
}

const HelpmateTableSet& tables() {
  static const HelpmateTableSet set(tables_dir());
  return set;
}

// The position a slot stands for, when it is a legal one.
std::optional<Position> position_of(const TableIndex& index, uint64_t slot, Color to_move) {
  const auto squares = index.decode(slot);
  board::Setup setup;
  for (int i = 0; i < index.men(); ++i) {
    if (setup.board[board::index(squares[std::size_t(i)])] != board::Piece::None) return std::nullopt;
    setup.board[board::index(squares[std::size_t(i)])] = index.piece(i);
  }
  setup.side_to_move = to_move;
  auto p = Position::from_setup(setup);
  if (!p) return std::nullopt;
  return std::move(*p);
}

bool mated(const Position& p) { return p.in_check() && !board::has_legal_move(p); }

struct PackedHash {
  std::size_t operator()(const board::PackedPosition& p) const {
    uint64_t h = p.occupied * 0x9E3779B97F4A7C15ULL;
    for (uint8_t b : p.men) h = (h ^ b) * 0x100000001B3ULL;
    return std::size_t(h ^ p.side_to_move ^ uint64_t(p.en_passant) << 8);
  }
};

// Brute force: breadth-first over every position reachable from p (all legal moves),
// layer by layer, until one where `winner`'s opponent is to move and mated. The depth of
// that layer is the shortest helpmate. Nothing found and nothing left: none (-1). Over
// `limit` positions: the depth reached so far as a lower bound (`complete` false).
struct BruteForce {
  int plies = -1;
  bool complete = true;
};
BruteForce brute_force(const Position& start, Color winner, std::size_t limit) {
  if (start.side_to_move() != winner && mated(start)) return {0, true};
  std::unordered_set<board::PackedPosition, PackedHash> seen;
  std::vector<board::PackedPosition> layer{board::pack(start)};
  seen.insert(layer[0]);
  Position q = start;
  for (int depth = 1; !layer.empty(); ++depth) {
    if (seen.size() > limit) return {depth - 1, false};
    std::vector<board::PackedPosition> next;
    for (const auto& packed : layer) {
      board::unpack(packed, start, q);
      for (board::Move m : board::legal_moves(q)) {
        q.do_move(m);
        const auto child = board::pack(q);
        if (seen.insert(child).second) {
          if (q.side_to_move() != winner && mated(q)) return {depth, true};
          next.push_back(child);
        }
        q.undo_move(m);
      }
    }
    layer = std::move(next);
  }
  return {-1, true};
}

// Checks the definition at one position: d = 0 is a mate of the loser, d > 0 has a child
// at d - 1 and none nearer, none has no child with a mate. Returns a failure message.
std::string check_definition(const Position& pos, Color winner) {
  const TableAnswer a = tables().probe(pos, winner);
  if (!a.covered()) return "not covered";
  int best = -1;
  Position p = pos;
  for (board::Move m : board::legal_moves(pos)) {
    p.do_move(m);
    TableAnswer c;
    if (Material::of(p).lone_king(winner)) c = {TableAnswer::Kind::NoMate, 0};
    else c = tables().probe(p, winner);
    p.undo_move(m);
    if (!c.covered()) return "child not covered";
    if (c.kind == TableAnswer::Kind::Mate && (best < 0 || c.plies + 1 < best)) best = c.plies + 1;
  }
  const bool is_mate = pos.side_to_move() != winner && mated(pos);
  const int expected = is_mate ? 0 : best;
  const int got = a.kind == TableAnswer::Kind::Mate ? a.plies : -1;
  if (got != expected) return "table " + std::to_string(got) + ", definition " + std::to_string(expected);
  return "";
}

}  // namespace

TEST_CASE("helpmate material names are Syzygy's and only one twin is canonical", "[tables]") {
  CHECK(material("KNvKP").canonical());
  CHECK_FALSE(material("KPvKN").canonical());
  CHECK(material("KPvKN").flipped() == material("KNvKP"));
  CHECK(material("KBvKB").canonical());
  CHECK_FALSE(Material::parse("KPNvK"));  // out of order
  CHECK_FALSE(Material::parse("KNK"));
  CHECK(Material::of(test::pos("8/8/8/4k3/4p3/8/8/KN6 w - - 0 1")).name() == "KNvKP");
  const auto all = tablebase::helpmate::all_materials(4);
  CHECK(all.size() == 35);  // 5 with three men, 30 with four
}

TEST_CASE("every index slot round-trips through decode and encode when canonical", "[tables]") {
  for (const char* name : {"KBvKB", "KNvKP", "KRRvK"}) {
    const TableIndex index(material(name));
    std::mt19937_64 rng(7);
    for (int i = 0; i < 20000; ++i) {
      const uint64_t slot = rng() % index.size();
      const auto squares = index.decode(slot);
      const uint64_t back = index.encode(squares);
      INFO(name << " slot " << slot);
      REQUIRE(back < index.size());
      // The canonical slot of the same men decodes to an equivalent placement.
      CHECK(index.encode(index.decode(back)) == back);
    }
  }
}

// whole 3-man tables satisfy the definition of the shortest helpmate
static void check_0() {
  // KQvK and KRvK whole; every 7th slot of the others (the ASan build is slow).
  for (const char* name : {"KQvK", "KRvK", "KBvK", "KNvK", "KPvK"}) {
    const TableIndex index(material(name));
    const uint64_t step = (std::string(name) == "KQvK" || std::string(name) == "KRvK") ? 1 : 7;
    int checked = 0;
    for (uint64_t slot = 0; slot < index.size(); slot += step) {
      for (Color stm : {Color::White, Color::Black}) {
        auto p = position_of(index, slot, stm);
        if (!p) continue;
        for (Color w : {Color::White, Color::Black}) {
          const std::string failure = check_definition(*p, w);
          INFO(name << " " << p->fen() << " winner " << board::color_name(w));
          REQUIRE(failure.empty());
        }
        ++checked;
      }
    }
    CHECK(checked > 5000);
  }
}

// sampled 4-man positions satisfy the definition of the shortest helpmate
static void check_1() {
  std::mt19937_64 rng(11);
  for (const char* name : {"KBvKB", "KNvKP", "KQvKN", "KNvKN"}) {
    const TableIndex index(material(name));
    int checked = 0;
    while (checked < 3000) {
      auto p = position_of(index, rng() % index.size(), rng() % 2 ? Color::White : Color::Black);
      if (!p) continue;
      for (Color w : {Color::White, Color::Black}) {
        const std::string failure = check_definition(*p, w);
        INFO(name << " " << p->fen() << " winner " << board::color_name(w));
        REQUIRE(failure.empty());
      }
      ++checked;
    }
  }
}

// the tables agree with a brute-force search of the game graph
static void check_2() {
  std::mt19937_64 rng(5);
  for (const char* name : {"KQvK", "KRvK", "KBvK", "KNvK", "KPvK", "KNvKP", "KBvKB"}) {
    const TableIndex index(material(name));
    const bool small = index.men() == 3;
    for (int sampled = 0; sampled < (small ? 4 : 6);) {
      auto p = position_of(index, rng() % index.size(), rng() % 2 ? Color::White : Color::Black);
      if (!p) continue;
      ++sampled;
      for (Color w : {Color::White, Color::Black}) {
        const TableAnswer a = tables().probe(*p, w);
        const BruteForce b = brute_force(*p, w, small ? 100000 : 30000);
        INFO(name << " " << p->fen() << " winner " << board::color_name(w) << " brute force " << b.plies
                  << (b.complete ? "" : " (partial)"));
        REQUIRE(a.covered());
        if (b.complete) {
          CHECK((a.kind == TableAnswer::Kind::Mate ? a.plies : -1) == b.plies);
        } else {
          // No mate in the layers searched: the table's is longer, or there is none.
          CHECK((a.kind == TableAnswer::Kind::NoMate || a.plies >= b.plies));
        }
      }
    }
  }
}

// known facts: lone minor pieces and same-coloured bishops never mate; K+N v K+P mostly can
static void check_3() {
  for (const char* name : {"KNvK", "KBvK", "KBvKB"}) {
    const TableIndex index(material(name));
    for (uint64_t slot = 0; slot < index.size(); slot += (index.men() == 3 ? 1 : 97)) {
      for (Color stm : {Color::White, Color::Black}) {
        auto p = position_of(index, slot, stm);
        if (!p) continue;
        const auto bishops = p->pieces(board::PieceType::Bishop);
        const bool same_colour = (bishops & board::kDarkSquares).empty() || (bishops & board::kLightSquares).empty();
        if (std::string(name) == "KBvKB" && !same_colour) continue;
        INFO(p->fen());
        REQUIRE(tables().probe(*p, Color::White).kind == TableAnswer::Kind::NoMate);
        REQUIRE(tables().probe(*p, Color::Black).kind == TableAnswer::Kind::NoMate);
      }
    }
  }
  // Opposite-coloured bishops can (RULES.md).
  CHECK(tables().probe(test::pos("8/8/8/4k3/8/8/8/KB2b3 w - - 0 1"), Color::White).kind == TableAnswer::Kind::Mate);
  // K+N v K+P: the pawn can block its own king.
  const auto knp = tables().probe(test::pos("8/8/8/4k3/4p3/8/8/KN6 w - - 0 1"), Color::White);
  CHECK(knp.kind == TableAnswer::Kind::Mate);
  const TableIndex index(material("KNvKP"));
  std::mt19937_64 rng(3);
  int legal = 0, won = 0;
  while (legal < 2000) {
    auto p = position_of(index, rng() % index.size(), rng() % 2 ? Color::White : Color::Black);
    if (!p) continue;
    ++legal;
    if (tables().probe(*p, Color::White).kind == TableAnswer::Kind::Mate) ++won;
  }
  CHECK(won > legal * 9 / 10);
}

// The tables, counting the probes made of them.
class CountingTables final : public search::HelpmateTables {
 public:
  explicit CountingTables(const search::HelpmateTables& inner) : inner_(inner) {}
  TableAnswer probe(const Position& pos, Color winner) const override {
    ++probes;
    return inner_.probe(pos, winner);
  }
  std::string material_name(const Position& pos) const override { return inner_.material_name(pos); }
  int max_men() const override { return inner_.max_men(); }
  mutable uint64_t probes = 0;

 private:
  const search::HelpmateTables& inner_;
};

// table_line replays to mate in exactly the stated plies, in move order or guided
static void check_4() {
  std::mt19937_64 rng(9);
  int lines = 0;
  const CountingTables plain(tables()), guided(tables());
  for (const char* name : {"KQvK", "KRvK", "KPvK", "KNvKP", "KBvKB"}) {
    const TableIndex index(material(name));
    for (int sampled = 0; sampled < 40;) {
      auto p = position_of(index, rng() % index.size(), rng() % 2 ? Color::White : Color::Black);
      if (!p) continue;
      ++sampled;
      for (Color w : {Color::White, Color::Black}) {
        const TableAnswer a = tables().probe(*p, w);
        INFO(name << " " << p->fen());
        for (const auto& line : {search::table_line(plain, *p, w),
                                 search::table_line(guided, *p, w, &search::mate_distance_estimate)}) {
          REQUIRE(line.has_value() == (a.kind == TableAnswer::Kind::Mate));
          if (!line) continue;
          REQUIRE(int(line->size()) == a.plies);
          Position q = *p;
          for (board::Move m : *line) {
            REQUIRE(board::legal_moves(q).contains(m));
            q.do_move(m);
          }
          CHECK(q.side_to_move() != w);
          CHECK(mated(q));
          ++lines;
        }
      }
    }
  }
  CHECK(lines > 100);
  // Any child one ply nearer will do; the guess finds one sooner (each probe into a block
  // not yet unpacked costs microseconds).
  CHECK(guided.probes * 4 < plain.probes * 3);  // 6,691 against 9,874 here
}

// a colour-flipped material is answered as the mirrored position
static void check_5() {
  std::mt19937_64 rng(13);
  const TableIndex index(material("KNvKP"));
  for (int sampled = 0; sampled < 500;) {
    auto p = position_of(index, rng() % index.size(), rng() % 2 ? Color::White : Color::Black);
    if (!p) continue;
    ++sampled;
    // The same position with colours swapped and ranks flipped: KPvKN.
    board::Setup s;
    for (int sq = 0; sq < 64; ++sq) {
      const board::Piece piece = p->piece_on(board::Square(sq));
      if (piece == board::Piece::None) continue;
      s.board[board::index(board::flip_rank(board::Square(sq)))] = board::make_piece(~color_of(piece), type_of(piece));
    }
    s.side_to_move = ~p->side_to_move();
    auto mirrored = Position::from_setup(s);
    REQUIRE(mirrored);
    CHECK(tables().material_name(*mirrored) == "KPvKN");
    for (Color w : {Color::White, Color::Black}) {
      const TableAnswer a = tables().probe(*p, w), b = tables().probe(*mirrored, ~w);
      INFO(p->fen() << " / " << mirrored->fen());
      CHECK(a.kind == b.kind);
      CHECK(a.plies == b.plies);
    }
  }
}

// helpmate problems have the same solutions with the tables as without, and fewer nodes
static void check_9() {
  tbb::global_control one(tbb::global_control::max_allowed_parallelism, 1);  // node counts repeat
  const HelpmateTableSet set(tables_dir());
  uint64_t nodes_without = 0, nodes_with = 0;
  for (const char* fen : {"k7/8/1K6/8/8/8/p7/2N5 b - - 0 1", "8/8/8/4k3/4p3/8/8/KN6 w - - 0 1",
                          "8/8/8/4k3/4p3/8/8/KN6 b - - 0 1", "7k/8/5K2/8/8/2p5/8/6N1 b - - 0 1",
                          "8/8/8/8/2b5/1k6/8/K1B5 w - - 0 1"}) {
    for (const char* moves : {"2", "3", "2.5"}) {
      INFO(fen << " h#" << moves);
      const Position pos = test::pos(fen);
      const search::Stipulation stipulation = *search::parse_stipulation(moves);
      search::Limits plain_limits, table_limits;
      search::HelpmateProblemOptions options;
      const auto plain = search::solve_helpmate(pos, stipulation, plain_limits, options);
      options.tables = &set;
      const auto cut = search::solve_helpmate(pos, stipulation, table_limits, options);
      REQUIRE(plain.complete);
      REQUIRE(cut.complete);
      CHECK(cut.solutions == plain.solutions);
      nodes_without += plain.nodes;
      nodes_with += cut.nodes;
    }
  }
  CHECK(nodes_with < nodes_without);
}

// positions the tables do not hold: castling rights, missing materials
static void check_6() {
  CHECK(tables().probe(test::pos("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1"), Color::White).kind ==
        TableAnswer::Kind::NotCovered);
  CHECK(tables().probe(test::pos("4k3/8/8/8/8/8/8/R3K3 w - - 0 1"), Color::White).kind == TableAnswer::Kind::Mate);
  CHECK(tables().probe(test::pos("4k3/8/8/8/8/8/8/RR2K3 w - - 0 1"), Color::White).kind ==
        TableAnswer::Kind::NotCovered);
  CHECK(tables().probe(test::pos("4k3/8/8/8/8/8/8/4K3 w - - 0 1"), Color::White).kind ==
        TableAnswer::Kind::NotCovered);
}

// Builds KPvKP (with the 4-man tables it reads): minutes, so hidden; the en-passant rules
// of the build and of the probe need pawns of both colours.
TEST_CASE("pawns of both colours: en passant in the build and in the probe", "[.][tables-slow]") {
  REQUIRE(tablebase::helpmate::build_tables(tables_dir(), {material("KPvKP")}));
  const HelpmateTableSet set(tables_dir());
  const auto definition = [&](const Position& pos, Color winner) {
    const TableAnswer a = set.probe(pos, winner);
    int best = -1;
    Position p = pos;
    for (board::Move m : board::legal_moves(pos)) {
      p.do_move(m);
      TableAnswer c = Material::of(p).lone_king(winner) ? TableAnswer{TableAnswer::Kind::NoMate, 0} : set.probe(p, winner);
      p.undo_move(m);
      REQUIRE(c.covered());
      if (c.kind == TableAnswer::Kind::Mate && (best < 0 || c.plies + 1 < best)) best = c.plies + 1;
    }
    const int expected = pos.side_to_move() != winner && mated(pos) ? 0 : best;
    REQUIRE(a.covered());
    CHECK((a.kind == TableAnswer::Kind::Mate ? a.plies : -1) == expected);
  };
  const Position ep = test::pos("8/8/8/8/1Pp5/8/8/K1k5 b - b3 0 1");
  REQUIRE(ep.en_passant() != board::Square::None);
  definition(ep, Color::White);
  definition(ep, Color::Black);
  // Every double push from sampled positions, and the positions before it.
  const TableIndex index(material("KPvKP"));
  std::mt19937_64 rng(17);
  int pushes = 0;
  while (pushes < 400) {
    auto p = position_of(index, rng() % index.size(), rng() % 2 ? Color::White : Color::Black);
    if (!p) continue;
    for (board::Move m : board::legal_moves(*p)) {
      if (board::distance(m.from(), m.to()) != 2 || type_of(p->piece_on(m.from())) != board::PieceType::Pawn) continue;
      Position q = *p;
      q.do_move(m);
      INFO(p->fen() << " then " << q.fen());
      for (Color w : {Color::White, Color::Black}) {
        definition(*p, w);
        definition(q, w);
        const BruteForce b = brute_force(q, w, 100000);
        const TableAnswer a = set.probe(q, w);
        if (b.complete) CHECK((a.kind == TableAnswer::Kind::Mate ? a.plies : -1) == b.plies);
        else CHECK((a.kind == TableAnswer::Kind::NoMate || a.plies >= b.plies));
      }
      ++pushes;
    }
  }
}

// the tables are the same built with one thread or many
static void check_7() {
  test::TempDir dir;
  {
    tbb::global_control one(tbb::global_control::max_allowed_parallelism, 1);
    REQUIRE(tablebase::helpmate::build_tables(dir.path(), {material("KPvK")}));
  }
  const auto bytes = [](const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
  };
  for (const char* name : {"KQvK", "KRvK", "KBvK", "KNvK", "KPvK"}) {
    INFO(name);
    const std::string file = std::string(name) + ".hmt";
    CHECK(bytes(std::filesystem::path(dir.path()) / file) == bytes(tables_dir() / file));
  }
}

// a damaged or truncated table file is rejected with a warning, never answered from
static void check_8() {
  const auto dir = std::filesystem::temp_directory_path() / ("arbiter-damaged-tables-" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  const auto copy = [&](const char* name) {
    std::filesystem::copy_file(tables_dir() / name, dir / name, std::filesystem::copy_options::overwrite_existing);
  };
  const Position kq = test::pos("8/8/8/4k3/8/8/8/KQ6 w - - 0 1");
  const TableAnswer truth = tables().probe(kq, Color::White);
  REQUIRE(truth.kind == TableAnswer::Kind::Mate);

  SECTION("a byte changed in a block") {
    copy("KQvK.hmt");
    const auto path = dir / "KQvK.hmt";
    const auto size = std::filesystem::file_size(path);
    std::fstream f(path, std::ios::in | std::ios::out | std::ios::binary);
    // Every block is read by probing all positions below; damage the middle of the data.
    f.seekp(std::streamoff(size - size / 3));
    char c = 0;
    f.read(&c, 1);
    f.seekp(std::streamoff(size - size / 3));
    c = char(c ^ 0x5A);
    f.write(&c, 1);
    f.close();
    std::vector<std::string> told;
    HelpmateTableSet set(dir, [&](const std::string& m) { told.push_back(m); });
    const TableIndex index(material("KQvK"));
    int not_covered = 0;
    for (uint64_t slot = 0; slot < index.size(); ++slot) {
      auto p = position_of(index, slot, Color::Black);
      if (!p) continue;
      const TableAnswer a = set.probe(*p, Color::White), b = tables().probe(*p, Color::White);
      if (!a.covered()) ++not_covered;
      else REQUIRE((a.kind == b.kind && a.plies == b.plies));
    }
    CHECK(not_covered > 0);
    REQUIRE(told.size() == 1);
    CHECK(told[0].find("KQvK") != std::string::npos);
    CHECK(set.warnings() == told);
  }
  SECTION("a truncated file") {
    copy("KQvK.hmt");
    std::filesystem::resize_file(dir / "KQvK.hmt", std::filesystem::file_size(dir / "KQvK.hmt") - 100);
    HelpmateTableSet set(dir);
    CHECK(set.probe(kq, Color::White).kind == TableAnswer::Kind::NotCovered);
    CHECK(set.probe(kq, Color::Black).kind == TableAnswer::Kind::NotCovered);
    REQUIRE(set.warnings().size() == 1);
    CHECK(set.warnings()[0].find("truncated") != std::string::npos);
  }
  SECTION("another material's file under this name") {
    std::filesystem::copy_file(tables_dir() / "KRvK.hmt", dir / "KQvK.hmt");
    HelpmateTableSet set(dir);
    CHECK(set.probe(kq, Color::White).kind == TableAnswer::Kind::NotCovered);
    REQUIRE(set.warnings().size() == 1);
    CHECK(set.warnings()[0].find("holds KRvK") != std::string::npos);
  }
  SECTION("not a table at all") {
    std::ofstream(dir / "KQvK.hmt") << "hello";
    HelpmateTableSet set(dir);
    CHECK(set.probe(kq, Color::White).kind == TableAnswer::Kind::NotCovered);
    CHECK(set.warnings().size() == 1);
  }
  SECTION("a file in blocks of another size answers the same") {
    // Blocks of 64 KiB, as the tables were first written, and of 1 KiB, the smallest read.
    for (uint32_t block_bytes : {uint32_t(1) << 16, uint32_t(1) << 10}) {
      INFO(block_bytes);
      auto original = tablebase::helpmate::TableFile::open(tables_dir() / "KQvK.hmt", material("KQvK"));
      REQUIRE(original);
      auto data = (*original)->read_all();
      REQUIRE(data);
      REQUIRE(tablebase::helpmate::write_table_file(dir / "KQvK.hmt", *data, block_bytes));
      auto reread = tablebase::helpmate::TableFile::open(dir / "KQvK.hmt", material("KQvK"));
      REQUIRE(reread);
      CHECK((*reread)->block_bytes() == block_bytes);
      auto values = (*reread)->read_all();
      REQUIRE(values);
      CHECK(values->values == data->values);
      HelpmateTableSet set(dir);
      const TableAnswer a = set.probe(kq, Color::White);
      CHECK((a.kind == truth.kind && a.plies == truth.plies));
      CHECK(set.warnings().empty());
    }
  }
  SECTION("a block size that is not a power of two is refused, and named") {
    copy("KQvK.hmt");
    const auto path = dir / "KQvK.hmt";
    std::string header(96, '\0');
    {
      std::ifstream in(path, std::ios::binary);
      in.read(header.data(), 96);
    }
    const uint32_t odd = 3000;
    std::memcpy(header.data() + 40, &odd, 4);  // the block size, after magic, versions, material, slots
    const uint32_t crc = tablebase::crc32({reinterpret_cast<const uint8_t*>(header.data()), 88});
    std::memcpy(header.data() + 88, &crc, 4);  // so that only the size is wrong
    {
      std::fstream f(path, std::ios::in | std::ios::out | std::ios::binary);
      f.write(header.data(), 96);
    }
    HelpmateTableSet set(dir);
    CHECK(set.probe(kq, Color::White).kind == TableAnswer::Kind::NotCovered);
    REQUIRE(set.warnings().size() == 1);
    CHECK(set.warnings()[0].find("block size 3000") != std::string::npos);
    CHECK_FALSE(tablebase::helpmate::write_table_file(dir / "other.hmt", tablebase::helpmate::TableData{}, 3000));
  }
  SECTION("the intact file answers") {
    copy("KQvK.hmt");
    HelpmateTableSet set(dir);
    const TableAnswer a = set.probe(kq, Color::White);
    CHECK((a.kind == truth.kind && a.plies == truth.plies));
    CHECK(set.warnings().empty());
  }
  std::filesystem::remove_all(dir);
}

// The tables against the analysis: the default (bounded) shortening, with no tables to
// read, reaches the length the tables hold on Hansen-Carlsen (chess.com, the final
// position, White's flag; #17) and proves it shortest. The first witness is 40 plies.
static void check_10() {
  const Position pos = test::pos("8/4k3/6P1/5K2/8/8/5n2/8 w - - 1 61");
  const TableAnswer truth = tables().probe(pos, Color::Black);
  REQUIRE(truth.kind == TableAnswer::Kind::Mate);
  CHECK(truth.plies == 10);
  analyzer::AnalysisOptions options;
  options.shortening = analyzer::Shortening::Bounded;
  analyzer::WinnabilityAnalyzer analysis(options);
  const auto v = analysis.analyze(pos, Color::Black);
  INFO(v.detail);
  REQUIRE(v.outcome == search::Outcome::Winnable);
  CHECK(analyzer::replays_to_mate(pos, v.line, Color::Black));
  CHECK(int(v.line.size()) == int(truth.plies));
  CHECK(v.shortest);
}

// One test case for everything that reads the built tables: ctest runs each test case in
// a process of its own, and each would build the tables again.
TEST_CASE("helpmate tables built in a temporary folder: definition, brute force, facts, lines, files", "[tables]") {
  SECTION("whole 3-man tables satisfy the definition of the shortest helpmate") check_0();
  SECTION("sampled 4-man positions satisfy the definition of the shortest helpmate") check_1();
  SECTION("the tables agree with a brute-force search of the game graph") check_2();
  SECTION("known facts: lone minor pieces and same-coloured bishops never mate; K+N v K+P mostly can") check_3();
  SECTION("table_line replays to mate in exactly the stated plies") check_4();
  SECTION("a colour-flipped material is answered as the mirrored position") check_5();
  SECTION("positions the tables do not hold: castling rights, missing materials") check_6();
  SECTION("the tables are the same built with one thread or many") check_7();
  SECTION("a damaged or truncated table file is rejected with a warning, never answered from") check_8();
  SECTION("helpmate problems have the same solutions with the tables as without, and fewer nodes") check_9();
  SECTION("the default shortening without tables reaches the tables' length on Hansen-Carlsen") check_10();
}
