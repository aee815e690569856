// An independent check of the blockade's king regions: the same reachability computed
// with Boost.Graph (squares as vertices, king steps as edges) instead of bitboard floods.
#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/breadth_first_search.hpp>
#include <catch2/catch.hpp>
#include <fstream>

#include "search/proofs/blockade.hpp"
#include "support.hpp"

using namespace arbiter;
using board::Bitboard;
using board::Color;
using board::Square;

namespace {

using Graph = boost::adjacency_list<boost::vecS, boost::vecS, boost::undirectedS>;

// Squares the king of c can reach: king steps between squares that hold no frozen pawn or
// immobile piece and that no frozen enemy pawn or immobile enemy piece attacks (one step
// along its lines), from the square it stands on.
Bitboard graph_region(const board::Position& pos, const search::Blockade& b, Color c) {
  Bitboard forbidden;
  for (Square s : b.frozen & pos.pieces(~c)) forbidden |= board::pawn_attacks(~c, s);
  for (Square s : b.immobile & pos.pieces(~c))
    forbidden |= board::piece_attacks(board::type_of(pos.piece_on(s)), s, board::kAllSquares);
  const Bitboard walls = b.frozen | b.immobile;
  const Square start = pos.king_square(c);
  auto open = [&](Square s) { return s == start || (!walls.has(s) && !forbidden.has(s)); };
  Graph g(64);
  for (int a = 0; a < 64; ++a)
    for (Square t : board::king_attacks(Square(a)))
      if (board::index(t) > a && open(Square(a)) && open(t)) boost::add_edge(a, board::index(t), g);
  std::vector<boost::default_color_type> colors(64, boost::white_color);
  boost::breadth_first_search(g, boost::vertex(board::index(start), g),
                              boost::color_map(boost::make_iterator_property_map(
                                  colors.begin(), boost::get(boost::vertex_index, g))));
  Bitboard region;
  for (int v = 0; v < 64; ++v)
    if (colors[v] != boost::white_color) region |= Square(v);
  return region;
}

}  // namespace

TEST_CASE("king regions equal breadth-first search in a Boost.Graph of king steps", "[blockade][graph]") {
  std::ifstream in(test::fixture("test-vector/cha-test-vector.txt"));
  REQUIRE(in.good());
  std::string line;
  int compared = 0, with_walls = 0;
  std::vector<std::string> failures;
  while (std::getline(in, line)) {
    if (line.size() < 4 || line[0] == '#') continue;
    auto p = board::Position::from_fen(line.substr(3));
    if (!p) continue;
    auto b = search::analyze_blockade(*p);
    with_walls += !b.frozen.empty();
    for (Color c : {Color::White, Color::Black}) {
      ++compared;
      if (graph_region(*p, b, c) != b.king_region[board::index(c)]) failures.push_back(line);
    }
  }
  INFO(failures.size() << " differences; first: " << (failures.empty() ? "" : failures[0]));
  CHECK(failures.empty());
  CHECK(compared == 3606);
  CHECK(with_walls > 200);
}
