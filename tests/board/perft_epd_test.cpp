// Perft counts of tests/data/perft/perft.epd (published) and of Chess960 positions
// (tests/data/perft960.epd, counts confirmed with Stockfish's own perft).
#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>

#include "search/perft.hpp"
#include "support.hpp"

using namespace arbiter;

namespace {

struct Row {
  std::string fen;
  std::vector<std::pair<int, uint64_t>> counts;
  int line;
};

std::vector<Row> read_epd(const std::string& path) {
  std::ifstream in(path);
  REQUIRE(in.good());
  std::vector<Row> rows;
  std::string text;
  int line = 0;
  while (std::getline(in, text)) {
    ++line;
    if (text.empty() || text[0] == '#') continue;
    Row row{text.substr(0, text.find(';')), {}, line};
    std::istringstream rest(text.substr(text.find(';')));
    std::string tok;
    while (std::getline(rest, tok, ';')) {
      std::istringstream t(tok);
      std::string d;
      uint64_t n;
      if (t >> d >> n && d.size() == 2 && d[0] == 'D') row.counts.emplace_back(d[1] - '0', n);
    }
    rows.push_back(row);
  }
  return rows;
}

void check_file(const std::string& path, uint64_t max_nodes) {
  for (const auto& row : read_epd(path)) {
    auto p = test::pos(row.fen);
    for (auto [depth, expected] : row.counts) {
      if (expected > max_nodes) continue;
      INFO(path << " line " << row.line << ": " << row.fen << " depth " << depth);
      CHECK(search::perft(p, depth) == expected);
      CHECK(p.fen() == test::pos(row.fen).fen());
    }
  }
}

}  // namespace

TEST_CASE("perft.epd counts up to 5M nodes", "[perft]") { check_file(test::fixture("perft/perft.epd"), 5'000'000); }

TEST_CASE("perft.epd counts up to 200M nodes", "[perft][slow]") {
  check_file(test::fixture("perft/perft.epd"), 200'000'000);
}

TEST_CASE("Chess960 perft counts", "[perft][chess960]") { check_file(test::data("perft960.epd"), 5'000'000); }
