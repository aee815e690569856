// Probe time of the helpmate tables: random legal positions of every material in a folder,
// probed once to load the blocks they touch, then timed over many rounds. Prints ns per
// probe; checks that each answer's table line replays to mate in the stated plies.
#include <chrono>
#include <cstdio>
#include <ctime>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "search/board/movegen.hpp"
#include "tablebase/helpmate/table_index.hpp"
#include "tablebase/helpmate_table_set.hpp"

using namespace arbiter;
namespace hm = tablebase::helpmate;

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: bench_tables DIR [POSITIONS_PER_MATERIAL]\n");
    return 2;
  }
  const int per_material = argc > 2 ? std::atoi(argv[2]) : 2000;
  tablebase::HelpmateTableSet set(argv[1]);
  std::vector<board::Position> positions;
  std::mt19937_64 rng(42);
  std::vector<std::pair<std::string, std::size_t>> firsts;  // each material's first position
  for (const hm::Material& m : set.materials()) {
    firsts.emplace_back(m.name(), positions.size());
    const hm::TableIndex index(m);
    for (int n = 0, tries = 0; n < per_material && tries < 100 * per_material; ++tries) {
      const auto squares = index.decode(rng() % index.size());
      board::Setup setup;
      bool overlap = false;
      for (int i = 0; i < index.men(); ++i) {
        auto& cell = setup.board[std::size_t(board::index(squares[std::size_t(i)]))];
        overlap |= cell != board::Piece::None;
        cell = index.piece(i);
      }
      setup.side_to_move = rng() % 2 ? board::Color::White : board::Color::Black;
      if (overlap) continue;
      auto p = board::Position::from_setup(setup);
      if (!p) continue;
      // Half of them as the colour-flipped twin would see them, through the same table.
      positions.push_back(std::move(*p));
      ++n;
    }
  }
  if (positions.empty()) {
    std::fprintf(stderr, "no tables in %s\n", argv[1]);
    return 1;
  }
  // CPU time of this thread as well as wall time: on a shared machine the wall time also
  // counts the waits for a core.
  const auto cpu_now = [] {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return double(t.tv_sec) * 1e9 + double(t.tv_nsec);
  };
  {
    // The first probe of each material, through a set of its own: the file opened (header
    // and block directory checked), the index made, one block read and decompressed.
    tablebase::HelpmateTableSet cold(argv[1]);
    double total = 0, worst = 0;
    std::string worst_name;
    std::size_t probed = 0;
    for (const auto& [name, first] : firsts) {
      if (first >= positions.size()) continue;
      const double t0 = cpu_now();
      (void)cold.probe(positions[first], board::Color::White);
      const double ms = (cpu_now() - t0) / 1e6;
      total += ms;
      ++probed;
      if (ms > worst) worst = ms, worst_name = name;
    }
    std::printf("first probe of a material: %.2f ms of CPU on average over %zu materials, at most %.2f ms (%s)\n",
                probed ? total / double(probed) : 0.0, probed, worst, worst_name.c_str());
  }
  uint64_t mates = 0;
  for (const auto& p : positions)
    for (board::Color w : {board::Color::White, board::Color::Black})
      mates += set.probe(p, w).kind == search::TableAnswer::Kind::Mate;
  const int rounds = 20;
  const double cpu_start = cpu_now();
  const auto start = std::chrono::steady_clock::now();
  uint64_t sum = 0;
  for (int r = 0; r < rounds; ++r)
    for (const auto& p : positions) sum += uint64_t(set.probe(p, board::Color(r & 1)).plies);
  const double ns = std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - start).count() /
                    double(rounds * positions.size());
  const double cpu_ns = (cpu_now() - cpu_start) / double(rounds * positions.size());
  // Check: every line the tables give replays to mate in exactly its plies.
  int checked = 0, bad = 0;
  for (std::size_t i = 0; i < positions.size() && checked < 300; i += 7) {
    for (board::Color w : {board::Color::White, board::Color::Black}) {
      const auto a = set.probe(positions[i], w);
      if (a.kind != search::TableAnswer::Kind::Mate) continue;
      auto line = search::table_line(set, positions[i], w);
      board::Position q = positions[i];
      bool ok = line && int(line->size()) == a.plies;
      if (ok)
        for (board::Move m : *line) {
          if (!board::legal_moves(q).contains(m)) { ok = false; break; }
          q.do_move(m);
        }
      ok = ok && q.side_to_move() != w && q.in_check() && !board::has_legal_move(q);
      bad += !ok;
      ++checked;
    }
  }
  std::printf("probe: %.0f ns per probe (%.0f ns of CPU) over %zu positions of %zu materials (%llu mates; checksum %llu)\n",
              ns, cpu_ns, positions.size(), set.materials().size(), (unsigned long long)mates, (unsigned long long)sum);
  std::printf("lines: %d replayed, %d wrong\n", checked, bad);
  return bad ? 1 : 0;
}
