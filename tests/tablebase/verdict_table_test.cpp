// The LMDB verdict table: round trips of every verdict kind through the file, the
// analyzer's use of it (witnesses replayed, bad ones dropped, only decided verdicts kept),
// version changes, many threads, a writer killed with SIGKILL inside a write transaction,
// damaged files and a full table: never a crash, never a wrong verdict.
#include <catch2/catch.hpp>

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <lmdb.h>

#include <atomic>
#include <fstream>
#include <functional>
#include <random>
#include <thread>

#include "analyzer/winnability.hpp"
#include "analyzer/witness.hpp"
#include "support.hpp"
#include "tablebase/verdict_table.hpp"

using namespace arbiter;
using board::Color;
using board::Position;
using search::Reason;
using search::Verdict;
using tablebase::TableOptions;
using tablebase::VerdictTable;

namespace {

struct Question {
  Position pos;
  Color winner;
  Verdict verdict;
};

// Decided verdicts of the analysis (no table) for the first positions of the test vector.
const std::vector<Question>& analysed() {
  static std::vector<Question> questions = [] {
    std::vector<Question> out;
    analyzer::AnalysisOptions options;
    options.max_nodes = 200'000;
    analyzer::WinnabilityAnalyzer analyzer(options);
    std::ifstream in(test::fixture("test-vector/cha-test-vector.txt"));
    for (std::string line; std::getline(in, line) && out.size() < 2 * 60;) {
      if (line.size() < 4 || line[0] == '#') continue;
      auto pos = test::pos(line.substr(3));
      for (Color c : {Color::White, Color::Black}) {
        auto v = analyzer.analyze(pos, c);
        if (v.decided()) out.push_back({pos, c, v});
      }
    }
    return out;
  }();
  return questions;
}

bool same(const Verdict& a, const Verdict& b) {
  return a.outcome == b.outcome && a.reason == b.reason && a.line == b.line && a.detail == b.detail &&
         a.nodes == b.nodes;
}

std::unique_ptr<VerdictTable> open_table(const std::string& file, uint32_t version = 1, TableOptions options = {}) {
  auto t = VerdictTable::open(file, version, options);
  INFO((t ? std::string() : t.error().message));
  REQUIRE(t.has_value());
  return std::move(*t);
}

// Positions of a move tree (not in the test vector), for tables with many entries.
std::vector<Position> many_positions(int depth) {
  std::vector<Position> out;
  auto root = test::pos("r3k2r/pp1n1ppp/8/8/8/8/PP1N1PPP/R3K2R w KQkq - 0 1");
  test::walk(root, depth, [&](Position& p) { out.push_back(Position::from_fen(p.fen()).value()); });
  return out;
}

// Every entry of the file decodes and is correct: a witness replays to mate, and the
// verdict is the one in `truth` (exactly, or its outcome when the analysis ran again).
// Returns the number of entries.
std::size_t check_every_entry(const std::string& file, const std::vector<Question>& truth, bool exact = true) {
  auto table = open_table(file);
  std::size_t n = 0;
  table->for_each([&](const tablebase::TableEntry& e) {
    ++n;
    REQUIRE(e.key.has_value());
    REQUIRE(e.value.has_value());
    const auto& v = e.value->verdict;
    if (v.outcome == search::Outcome::Winnable) CHECK(analyzer::replays_to_mate(e.key->position, v.line, e.key->winner));
    bool known = false;
    for (const auto& q : truth)
      if (q.winner == e.key->winner && q.pos.same_position(e.key->position)) {
        known = true;
        if (exact) CHECK(same(q.verdict, v));
        CHECK(q.verdict.outcome == v.outcome);
      }
    CHECK(known);
  });
  return n;
}

}  // namespace

TEST_CASE("verdict table: every verdict kind round-trips through the file", "[tablebase][table]") {
  test::TempDir dir;
  const auto file = dir.file("verdicts.lmdb");
  auto positions = many_positions(2);
  std::vector<Verdict> kinds = {
      Verdict::winnable({}, Reason::Helpmate, "already checkmate", 0),
      Verdict::unwinnable(Reason::GameOver, "stalemate: the game is over"),
      Verdict::unwinnable(Reason::InsufficientMaterial, "a lone king", 0),
      Verdict::unwinnable(Reason::Blocked, "locked pawns", 3029),
      Verdict::unwinnable(Reason::Exhaustive, "all 17 reachable positions visited", 17),
      Verdict::unwinnable(Reason::Tablebase, "small-material table", 1),
  };
  std::vector<Question> stored;
  for (std::size_t i = 0; i < kinds.size(); ++i) stored.push_back({positions[i], Color::White, kinds[i]});
  for (const auto& q : analysed()) stored.push_back(q);  // helpmate witnesses, blocked, exhaustive
  {
    auto table = open_table(file);
    for (const auto& q : stored) table->store(q.pos, q.winner, q.verdict);
    // Visible before it is committed.
    for (const auto& q : stored) {
      auto v = table->find(q.pos, q.winner);
      REQUIRE(v.has_value());
      CHECK(same(*v, q.verdict));
      CHECK(v->source == search::Source::Cache);
    }
  }
  auto table = open_table(file);
  for (const auto& q : stored) {
    INFO(q.pos.fen() << " " << board::color_name(q.winner));
    auto v = table->find(q.pos, q.winner);
    REQUIRE(v.has_value());
    CHECK(same(*v, q.verdict));
    CHECK(v->source == search::Source::Cache);
  }
  CHECK(table->counters().hits == stored.size());
  CHECK_FALSE(table->find(positions[0], Color::Black).has_value());  // the other question
  CHECK(table->counters().misses == 1);
  // Undetermined verdicts are never kept.
  table->store(positions[10], Color::White, Verdict::undetermined(Reason::NodeLimit, "limit", 5));
  table->flush();
  CHECK_FALSE(table->find(positions[10], Color::White).has_value());
  auto stats = table->stats();
  CHECK(stats.entries == stored.size());
  CHECK(stats.current == stored.size());
  CHECK(stats.stale == 0);
  CHECK(stats.damaged == 0);
  CHECK(stats.file_bytes > 0);
  uint64_t kinds_total = 0;
  for (const auto& [kind, n] : stats.by_kind) kinds_total += n;
  CHECK(kinds_total == stored.size());
  CHECK(stats.by_kind[{search::Outcome::Unwinnable, Reason::Tablebase}] == 1);
  REQUIRE(stats.runs.size() == 1);  // the first run stored and looked up
  CHECK(stats.runs[0].stored == stored.size());
}

TEST_CASE("verdict table: the analyzer looks up, replays witnesses, keeps decided verdicts", "[tablebase][table]") {
  test::TempDir dir;
  const auto file = dir.file("verdicts.lmdb");
  analyzer::AnalysisOptions options;
  options.max_nodes = 200'000;
  const auto& truth = analysed();
  {
    auto table = open_table(file, analyzer::kAlgorithmVersion);
    analyzer::WinnabilityAnalyzer analyzer(options, table.get());
    for (const auto& q : truth) {
      auto v = analyzer.analyze(q.pos, q.winner);
      CHECK(v.source == search::Source::Search);
      CHECK(v.outcome == q.verdict.outcome);
    }
  }
  // Every entry is correct; the trivial verdicts (game over, material) are not stored.
  CHECK(check_every_entry(file, truth, false) > truth.size() / 2);
  {
    auto table = open_table(file, analyzer::kAlgorithmVersion);
    analyzer::WinnabilityAnalyzer analyzer(options, table.get());
    for (const auto& q : truth) {
      auto v = analyzer.analyze(q.pos, q.winner);
      CHECK(v.outcome == q.verdict.outcome);
      if (v.outcome == search::Outcome::Winnable) CHECK(analyzer::replays_to_mate(q.pos, v.line, q.winner));
      bool trivial = q.verdict.reason == Reason::GameOver || q.verdict.reason == Reason::InsufficientMaterial;
      CHECK(v.source == (trivial ? search::Source::Search : search::Source::Cache));
    }
  }
  // A stored witness that does not replay is dropped and recomputed.
  const Question* winnable = nullptr;
  for (const auto& q : truth)
    if (q.verdict.outcome == search::Outcome::Winnable && q.verdict.line.size() > 2) winnable = &q;
  REQUIRE(winnable);
  {
    auto table = open_table(file, analyzer::kAlgorithmVersion);
    auto broken = winnable->verdict;
    broken.line.pop_back();
    table->store(winnable->pos, winnable->winner, broken);
  }
  {
    auto table = open_table(file, analyzer::kAlgorithmVersion);
    analyzer::WinnabilityAnalyzer analyzer(options, table.get());
    auto v = analyzer.analyze(winnable->pos, winnable->winner);
    CHECK(v.source == search::Source::Search);
    CHECK(analyzer::replays_to_mate(winnable->pos, v.line, winnable->winner));
    CHECK(table->counters().rejected == 1);
    CHECK(table->counters().hits == 0);
  }
  CHECK(check_every_entry(file, truth, false) > 0);
}

TEST_CASE("verdict table: another algorithm version is a miss, and is replaced", "[tablebase][table]") {
  test::TempDir dir;
  const auto file = dir.file("verdicts.lmdb");
  const auto& truth = analysed();
  {
    auto table = open_table(file, 1);
    for (const auto& q : truth) table->store(q.pos, q.winner, q.verdict);
  }
  {
    auto table = open_table(file, 2);
    CHECK(table->stats().stale == truth.size());
    CHECK(table->stats().current == 0);
    for (const auto& q : truth) CHECK_FALSE(table->find(q.pos, q.winner).has_value());
    CHECK(table->counters().stale == truth.size());
    CHECK(table->counters().misses == truth.size());
    for (const auto& q : truth) table->store(q.pos, q.winner, q.verdict);
  }
  {
    auto table = open_table(file, 2);
    auto stats = table->stats();
    CHECK(stats.entries == truth.size());
    CHECK(stats.current == truth.size());
    CHECK(stats.stale == 0);
    for (const auto& q : truth) CHECK(table->find(q.pos, q.winner).has_value());
  }
  auto table = open_table(file, 1);
  CHECK(table->stats().stale == truth.size());
}

TEST_CASE("verdict table: many threads storing and finding at once", "[tablebase][table]") {
  test::TempDir dir;
  const auto file = dir.file("verdicts.lmdb");
  auto positions = many_positions(3);
  TableOptions options;
  options.batch_size = 64;
  {
    auto table = open_table(file, 1, options);
    std::vector<std::thread> threads;
    std::atomic<int> wrong{0};
    for (int t = 0; t < 4; ++t)
      threads.emplace_back([&, t] {
        for (std::size_t i = std::size_t(t); i < positions.size(); i += 4) {
          Verdict v = Verdict::unwinnable(Reason::Blocked, "entry " + std::to_string(i), i);
          table->store(positions[i], Color::White, v);
          std::size_t j = (i * 7919) % positions.size();
          if (auto got = table->find(positions[j], Color::White))
            if (got->nodes >= positions.size() || !positions[j].same_position(positions[got->nodes])) ++wrong;
        }
      });
    for (auto& th : threads) th.join();
    CHECK(wrong == 0);
  }
  auto table = open_table(file);
  std::size_t entries = 0;
  table->for_each([&](const tablebase::TableEntry& e) {
    ++entries;
    REQUIRE(e.key.has_value());
    REQUIRE(e.value.has_value());
    CHECK(e.key->position.same_position(positions[e.value->verdict.nodes]));
  });
  CHECK(entries > 0);
  CHECK(entries <= positions.size());  // the move tree repeats positions
  for (std::size_t i = 0; i < positions.size(); i += 97) CHECK(table->find(positions[i], Color::White).has_value());
}

TEST_CASE("verdict table: a writer killed with SIGKILL inside a write transaction", "[tablebase][table]") {
  test::TempDir dir;
  const auto file = dir.file("verdicts.lmdb");
  const auto& truth = analysed();
  REQUIRE(truth.size() > 40);
  pid_t child = fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    // Batches of 8: two commit, the third is killed after its writes, before its commit.
    TableOptions options;
    options.batch_size = 8;
    int commits = 0;
    options.before_commit = [&] {
      if (++commits == 3) raise(SIGKILL);
    };
    auto table = VerdictTable::open(file, 1, options);
    if (!table) _exit(2);
    for (const auto& q : truth) (*table)->store(q.pos, q.winner, q.verdict);
    _exit(3);  // never reached
  }
  int status = 0;
  waitpid(child, &status, 0);
  REQUIRE(WIFSIGNALED(status));
  CHECK(WTERMSIG(status) == SIGKILL);
  // The table opens; exactly the two committed batches are there, every entry correct.
  CHECK(check_every_entry(file, truth) == 16);
  // And it takes new writes (the dead writer's lock is recovered).
  {
    auto table = open_table(file);
    for (const auto& q : truth) table->store(q.pos, q.winner, q.verdict);
  }
  CHECK(check_every_entry(file, truth) == truth.size());
}

// An LMDB file as a process leaves it between creating the file and setting it up: meta
// pages only, and no database in it, or with one database of `name` (nullptr: none).
static void write_bare_lmdb(const std::string& file, const char* name) {
  MDB_env* env = nullptr;
  REQUIRE(mdb_env_create(&env) == 0);
  REQUIRE(mdb_env_set_maxdbs(env, 4) == 0);
  REQUIRE(mdb_env_open(env, file.c_str(), MDB_NOSUBDIR, 0644) == 0);
  if (name) {
    MDB_txn* txn = nullptr;
    MDB_dbi dbi = 0;
    REQUIRE(mdb_txn_begin(env, nullptr, 0, &txn) == 0);
    REQUIRE(mdb_dbi_open(txn, name, MDB_CREATE, &dbi) == 0);
    REQUIRE(mdb_txn_commit(txn) == 0);
  }
  mdb_env_close(env);
}

TEST_CASE("verdict table: a file another process created but has not set up yet is set up, a foreign one refused",
          "[tablebase][table]") {
  // Two processes starting on one new table: the second may open the file between the first
  // one's creating it and its setting up the databases.
  test::TempDir dir;
  const auto bare = dir.file("bare.lmdb");
  write_bare_lmdb(bare, nullptr);
  const auto positions = many_positions(1);
  const Verdict v = Verdict::unwinnable(Reason::InsufficientMaterial, "a lone king", 0);
  {
    auto table = VerdictTable::open(bare, 1);
    REQUIRE(table.has_value());
    (*table)->store(positions[0], Color::White, v);
  }
  auto again = VerdictTable::open(bare, 1);
  REQUIRE(again.has_value());
  CHECK((*again)->find(positions[0], Color::White).has_value());
  // An LMDB file holding a database of its own is somebody else's: never written into.
  const auto foreign = dir.file("foreign.lmdb");
  write_bare_lmdb(foreign, "other");
  auto refused = VerdictTable::open(foreign, 1);
  REQUIRE_FALSE(refused.has_value());
  CHECK(refused.error().kind == tablebase::TableError::Kind::Incompatible);
}

TEST_CASE("verdict table: a file of garbage is not a table, and never a crash", "[tablebase][table]") {
  test::TempDir dir;
  const auto file = dir.file("verdicts.lmdb");
  std::mt19937_64 rng(6);
  {
    std::ofstream out(file, std::ios::binary);
    for (int i = 0; i < 100'000; ++i) out.put(char(rng()));
  }
  auto table = VerdictTable::open(file, 1);
  REQUIRE_FALSE(table.has_value());
  CHECK(table.error().kind == tablebase::TableError::Kind::NotATable);
  // A missing file with create off.
  TableOptions no_create;
  no_create.create = false;
  auto missing = VerdictTable::open(dir.file("none.lmdb"), 1, no_create);
  REQUIRE_FALSE(missing.has_value());
  CHECK(missing.error().kind == tablebase::TableError::Kind::Missing);
  // A folder is not a table.
  auto folder = VerdictTable::open(dir.path(), 1);
  REQUIRE_FALSE(folder.has_value());
}

TEST_CASE("verdict table: a damaged page in use is refused at open, damage elsewhere changes no answer",
          "[tablebase][table]") {
  test::TempDir dir;
  const auto original = dir.file("original.lmdb");
  auto positions = many_positions(3);
  auto verdict_of = [](std::size_t i) { return Verdict::unwinnable(Reason::Exhaustive, "entry " + std::to_string(i), i); };
  {
    auto table = open_table(original);
    for (std::size_t i = 0; i < positions.size(); ++i) table->store(positions[i], Color::White, verdict_of(i));
  }
  const auto size = std::filesystem::file_size(original);
  REQUIRE(size > 16 * 4096);
  const uint64_t entries = open_table(original)->stats().entries;
  std::mt19937_64 rng(6);
  int opened = 0, refused = 0;
  for (uint64_t page = 2; page * 4096 < size; page += (size / 4096) / 12 + 1) {
    INFO("page " << page);
    const auto file = dir.file("damaged-" + std::to_string(page) + ".lmdb");
    std::filesystem::copy_file(original, file);
    {
      std::fstream f(file, std::ios::in | std::ios::out | std::ios::binary);
      f.seekp(std::streamoff(page * 4096));
      for (int i = 0; i < 4096; ++i) f.put(char(rng()));
    }
    std::vector<std::string> warnings;
    TableOptions options;
    options.warn = [&](const std::string& w) { warnings.push_back(w); };
    auto table = VerdictTable::open(file, 1, options);
    if (!table) {
      // The page walk met the damage: a page of a tree, or one the free list needs.
      CHECK(table.error().kind == tablebase::TableError::Kind::NotATable);
      CHECK(table.error().message.find("damaged (") != std::string::npos);
      ++refused;
      continue;
    }
    // It opened: the damage is in a page no tree uses (freed by an earlier write), so
    // every verdict is there and is its own.
    ++opened;
    for (std::size_t i = 0; i < positions.size(); i += 7) {
      auto v = (*table)->find(positions[i], Color::White);
      REQUIRE(v.has_value());
      REQUIRE(v->nodes < positions.size());
      CHECK(positions[v->nodes].same_position(positions[i]));  // (a position met twice keeps its last index)
    }
    CHECK((*table)->stats().entries == entries);
    (*table)->store(positions[0], Color::Black, verdict_of(0));
    (*table)->flush();
    CHECK((*table)->find(positions[0], Color::Black).has_value());
    CHECK(warnings.empty());
  }
  CHECK(refused > 0);
  CHECK(opened > 0);
}

TEST_CASE("verdict table: a full table warns once and goes on", "[tablebase][table]") {
  test::TempDir dir;
  const auto file = dir.file("verdicts.lmdb");
  auto positions = many_positions(3);
  std::vector<std::string> warnings;
  TableOptions options;
  options.map_size = 256 * 1024;
  options.batch_size = 64;
  options.warn = [&](const std::string& w) { warnings.push_back(w); };
  {
    auto table = open_table(file, 1, options);
    for (std::size_t i = 0; i < positions.size(); ++i)
      table->store(positions[i], Color::White, Verdict::unwinnable(Reason::Blocked, std::string(200, 'x'), i));
    CHECK_FALSE(table->writable());
    CHECK(table->find(positions[0], Color::White).has_value());  // committed before it filled up
  }
  REQUIRE(warnings.size() == 1);
  CHECK(warnings[0].find("full") != std::string::npos);
  // Reopened with room, it works again.
  auto table = open_table(file);
  table->store(positions.back(), Color::Black, Verdict::unwinnable(Reason::Blocked, "after", 0));
  table->flush();
  CHECK(table->find(positions.back(), Color::Black).has_value());
}

TEST_CASE("verdict table: clear removes every verdict", "[tablebase][table]") {
  test::TempDir dir;
  const auto file = dir.file("verdicts.lmdb");
  const auto& truth = analysed();
  {
    auto table = open_table(file);
    for (const auto& q : truth) table->store(q.pos, q.winner, q.verdict);
  }
  auto table = open_table(file);
  CHECK(table->stats().entries == truth.size());
  REQUIRE(table->clear().has_value());
  CHECK(table->stats().entries == 0);
  CHECK(table->stats().runs.empty());
  CHECK_FALSE(table->find(truth[0].pos, truth[0].winner).has_value());
}

namespace {

uint64_t read_le(const std::string& file, uint64_t at, int bytes) {
  std::ifstream in(file, std::ios::binary);
  in.seekg(std::streamoff(at));
  uint64_t v = 0;
  for (int i = 0; i < bytes; ++i) v |= uint64_t(uint8_t(in.get())) << (8 * i);
  return v;
}

void write_le(const std::string& file, uint64_t at, uint64_t v, int bytes) {
  std::fstream f(file, std::ios::in | std::ios::out | std::ios::binary);
  f.seekp(std::streamoff(at));
  for (int i = 0; i < bytes; ++i) f.put(char(v >> (8 * i)));
}

// The root page of the main database in the newest snapshot (LMDB 0.9's meta record:
// after the 16-byte page header, 24 bytes, then the free list's and the main database's
// 48-byte records, whose root is their last field; the transaction number follows).
uint64_t main_root(const std::string& file) {
  const uint64_t txn0 = read_le(file, 16 + 128, 8), txn1 = read_le(file, 4096 + 16 + 128, 8);
  return read_le(file, (txn1 > txn0 ? 4096 : 0) + 16 + 24 + 48 + 40, 8);
}

// A healthy table of the analysed verdicts, the original of the damaged copies.
std::string analysed_table(test::TempDir& dir) {
  const auto file = dir.file("original.lmdb");
  auto table = open_table(file);
  for (const auto& q : analysed()) table->store(q.pos, q.winner, q.verdict);
  return file;
}

// A copy of `original` named `name`, with `damage` applied to it.
std::string damaged_copy(test::TempDir& dir, const std::string& original, const std::string& name,
                         const std::function<void(const std::string&)>& damage) {
  const auto file = dir.file(name);
  std::filesystem::copy_file(original, file, std::filesystem::copy_options::overwrite_existing);
  damage(file);
  return file;
}

// Opening `file` fails: it is not a table, and the message says `why`.
void check_refused(const std::string& file, const std::string& why) {
  auto table = VerdictTable::open(file, 1);
  REQUIRE_FALSE(table.has_value());
  CHECK(table.error().kind == tablebase::TableError::Kind::NotATable);
  INFO(table.error().message);
  CHECK(table.error().message.find(why) != std::string::npos);
}

}  // namespace

TEST_CASE("verdict table: healthy files pass the page walk at open, after many commits", "[tablebase][table]") {
  test::TempDir dir;
  const auto file = dir.file("verdicts.lmdb");
  auto positions = many_positions(2);
  TableOptions options;
  options.batch_size = 16;  // many write transactions: pages freed and reused
  for (int round = 0; round < 4; ++round) {
    auto table = open_table(file, 1, options);
    for (std::size_t i = std::size_t(round); i < positions.size(); i += 2)
      table->store(positions[i], Color::White, Verdict::unwinnable(Reason::Exhaustive, std::string(std::size_t(round) * 300, 'x'), i));
    for (std::size_t i = 0; i < positions.size(); i += 5) table->reject(positions[i], Color::White);
  }
  {
    auto table = open_table(file, 1, options);
    REQUIRE(table->clear().has_value());
    table->store(positions[0], Color::Black, Verdict::unwinnable(Reason::Exhaustive, "after clear", 0));
  }
  auto table = open_table(file);
  CHECK(table->find(positions[0], Color::Black).has_value());
}

TEST_CASE("verdict table: a damaged tree is refused at open, naming the page, never an endless loop",
          "[tablebase][table][reliability]") {
  test::TempDir dir;
  const auto original = analysed_table(dir);
  const uint64_t root = main_root(original);
  REQUIRE(root >= 2);
  REQUIRE((root + 1) * 4096 <= std::filesystem::file_size(original));
  struct Damage {
    const char* name;
    uint64_t at;
    uint64_t value;
    int bytes;
  };
  // The first: a key count below zero, which sent LMDB's lookup into an endless loop
  // (the fuzz finding tests/data/fuzz-regressions/verdict_table/root-keys-underflow-loop).
  const Damage damages[] = {
      {"free-space lower bound 0", root * 4096 + 12, 0, 2},
      {"free-space bounds crossed", root * 4096 + 12, 0x0010'0ff0, 4},
      {"flags of an overflow page", root * 4096 + 10, 0x0004, 2},
      {"another page's number", root * 4096, root + 1, 8},
      {"a node outside the page", root * 4096 + 16, 4095, 2},
  };
  for (const auto& d : damages) {
    INFO(d.name);
    check_refused(damaged_copy(dir, original, "damaged-" + std::to_string(d.at) + "-" + std::to_string(d.value) + ".lmdb",
                               [&](const std::string& file) { write_le(file, d.at, d.value, d.bytes); }),
                  "damaged (page " + std::to_string(root));
  }
}

TEST_CASE("verdict table: clocked entries are kept apart from plain ones, per plies left", "[tablebase][table]") {
  test::TempDir dir;
  const auto file = dir.file("verdicts.lmdb");
  const auto p = test::pos("8/8/8/4k3/4p3/8/8/KN6 w - - 149 90");
  const Verdict plain = Verdict::winnable({}, Reason::Helpmate, "plain", 7);  // only its identity matters here
  const Verdict one = Verdict::unwinnable(Reason::Exhaustive, "no mate within 1 ply", 5);
  {
    auto table = open_table(file);
    table->store(p, Color::White, Verdict::unwinnable(Reason::Blocked, "plain entry", 3));
    table->store_clocked(p, Color::White, 1, one);
    CHECK(table->find(p, Color::White)->detail == "plain entry");
    CHECK(table->find_clocked(p, Color::White, 1)->detail == one.detail);
    CHECK_FALSE(table->find_clocked(p, Color::White, 2).has_value());
    CHECK_FALSE(table->find_clocked(p, Color::Black, 1).has_value());
    table->store_clocked(p, Color::White, 0, plain);    // out of range: ignored
    table->store_clocked(p, Color::White, 151, plain);  // out of range: ignored
  }
  auto table = open_table(file);
  auto kept = table->find_clocked(p, Color::White, 1);
  REQUIRE(kept.has_value());
  CHECK(kept->source == search::Source::Cache);
  CHECK(same(*kept, one));
  CHECK(table->find(p, Color::White)->detail == "plain entry");
  auto stats = table->stats();
  CHECK(stats.entries == 2);
  CHECK(stats.current == 2);
  CHECK(stats.damaged == 0);
  table->reject_clocked(p, Color::White, 1);
  CHECK_FALSE(table->find_clocked(p, Color::White, 1).has_value());
  CHECK(table->find(p, Color::White).has_value());
}

TEST_CASE("verdict table: the clocked entry nearest a number of plies left, in the file and in the buffer",
          "[tablebase][table]") {
  test::TempDir dir;
  const auto file = dir.file("verdicts.lmdb");
  const auto p = test::pos("8/8/8/4k3/4p3/8/8/KN6 w - - 140 90");
  const auto other = test::pos("8/8/8/4k3/4p3/8/8/K1N5 w - - 140 90");
  auto v = [](int plies) { return Verdict::unwinnable(Reason::Exhaustive, "kept at " + std::to_string(plies), 1); };
  auto nearest = [&](VerdictTable& t, int plies, bool more) {
    auto found = t.find_clocked_nearest(p, Color::White, plies, more);
    if (found) CHECK(found->verdict.detail == "kept at " + std::to_string(found->plies_left));
    return found ? found->plies_left : 0;
  };
  {
    auto table = open_table(file);
    table->store_clocked(p, Color::White, 2, v(2));
    table->store_clocked(p, Color::White, 5, v(5));
    table->store_clocked(p, Color::Black, 4, v(4));  // another side
    table->store_clocked(other, Color::White, 4, v(4));  // another position
    table->store(p, Color::White, v(0));                 // the plain entry
    table->flush();
    table->store_clocked(p, Color::White, 3, v(3));  // still buffered
    CHECK(nearest(*table, 1, true) == 2);
    CHECK(nearest(*table, 2, true) == 2);
    CHECK(nearest(*table, 3, true) == 3);
    CHECK(nearest(*table, 4, true) == 5);
    CHECK(nearest(*table, 6, true) == 0);
    CHECK(nearest(*table, 1, false) == 0);
    CHECK(nearest(*table, 4, false) == 3);
    CHECK(nearest(*table, 150, false) == 5);
  }
  auto table = open_table(file);  // all of it in the file now
  CHECK(nearest(*table, 3, true) == 3);
  CHECK(nearest(*table, 4, true) == 5);
  CHECK(nearest(*table, 4, false) == 3);
  CHECK(nearest(*table, 2, false) == 2);
  CHECK(nearest(*table, 150, true) == 0);
  CHECK_FALSE(table->find_clocked_nearest(p, Color::White, 0, true).has_value());
  CHECK_FALSE(table->find_clocked_nearest(p, Color::White, 151, false).has_value());
}

TEST_CASE("verdict table: a meta page naming an impossible page size is refused before LMDB allocates it",
          "[tablebase][table][reliability]") {
  // LMDB allocates a buffer of the page size its newest meta page names (a fuzzed file
  // asked for 4 GiB: tests/data/fuzz-regressions/verdict_table/meta1-page-size-4gib-oom).
  test::TempDir dir;
  const auto original = analysed_table(dir);
  for (uint64_t meta : {uint64_t(0), uint64_t(4096)}) {
    for (uint64_t size : {uint64_t(0xFFFF'FFFF), uint64_t(0), uint64_t(3000), uint64_t(65536)}) {
      INFO("meta page at " << meta << ", page size " << size);
      // The free list's record pad holds the page size.
      check_refused(damaged_copy(dir, original, "psize-" + std::to_string(meta) + "-" + std::to_string(size) + ".lmdb",
                                 [&](const std::string& file) { write_le(file, meta + 40, size, 4); }),
                    "impossible page size " + std::to_string(size));
    }
  }
  // The untouched file still opens.
  CHECK(VerdictTable::open(original, 1).has_value());
}

TEST_CASE("verdict table: a meta page naming an impossible last page is refused at open",
          "[tablebase][table][reliability]") {
  // The checker's page marks were sized from last page + 1, which wraps to 0 for 2^64 - 1
  // (the fuzz finding tests/data/fuzz-regressions/verdict_table/last-page-all-ones-empty-map);
  // and a writer allocating past it would wrap round to the meta pages.
  test::TempDir dir;
  const auto original = analysed_table(dir);
  for (uint64_t last : {~uint64_t(0), uint64_t(1) << 40, uint64_t(0)}) {
    INFO("last page " << last);
    auto damage = [&](const std::string& file) {
      for (uint64_t meta : {uint64_t(0), uint64_t(4096)}) write_le(file, meta + 136, last, 8);  // the meta's last page
    };
    // 2^40 pages: LMDB's own map of them fails first.
    check_refused(damaged_copy(dir, original, "last-" + std::to_string(last) + ".lmdb", damage),
                  last == uint64_t(1) << 40 ? "impossible size" : "the last page number " + std::to_string(last) + " is impossible");
  }
  CHECK(VerdictTable::open(original, 1).has_value());
}
