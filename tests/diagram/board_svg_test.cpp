// The SVG renderer: every man on its square (read back from the picture), the last move
// and a check marked, lines replayed to the asked ply; and the CLI picture renders.
#include <sys/wait.h>

#include <catch2/catch.hpp>

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>

#include "diagram/board_svg.hpp"
#include "search/board/movegen.hpp"

namespace {

using namespace arbiter;

board::Position fen(const std::string& text) {
  auto p = board::Position::from_fen(text);
  REQUIRE(p.has_value());
  return *p;
}

// The men the picture shows: square name -> FEN letter, read from its piece groups.
std::map<std::string, char> men_in(const std::string& svg) {
  std::map<std::string, char> men;
  std::regex piece(R"re(<g class="piece" data-square="([a-h][1-8])" data-piece="([PNBRQKpnbrqk])")re");
  for (auto it = std::sregex_iterator(svg.begin(), svg.end(), piece); it != std::sregex_iterator(); ++it)
    men[(*it)[1]] = (*it)[2].str()[0];
  return men;
}

std::vector<std::string> marked(const std::string& svg, const std::string& cls) {
  std::vector<std::string> squares;
  std::regex mark("class=\"" + cls + "\" data-square=\"([a-h][1-8])\"");
  for (auto it = std::sregex_iterator(svg.begin(), svg.end(), mark); it != std::sregex_iterator(); ++it)
    squares.push_back((*it)[1]);
  return squares;
}

// The men of a position straight from the board model, for comparison.
std::map<std::string, char> men_of(const board::Position& pos) {
  std::map<std::string, char> men;
  for (int i = 0; i < 64; ++i)
    if (pos.piece_on(board::Square(i)) != board::Piece::None)
      men[board::square_name(board::Square(i))] = board::piece_char(pos.piece_on(board::Square(i)));
  return men;
}

}  // namespace

TEST_CASE("diagram: the start position shows 32 men on their squares", "[diagram]") {
  std::string svg = diagram::render_svg(board::Position::startpos());
  auto men = men_in(svg);
  REQUIRE(men.size() == 32);
  CHECK(men["e1"] == 'K');
  CHECK(men["d8"] == 'q');
  CHECK(men["b1"] == 'N');
  CHECK(men["h7"] == 'p');
  CHECK(men.count("e4") == 0);
  CHECK(marked(svg, "last-move").empty());
  CHECK(marked(svg, "check").empty());
  // 64 squares, light and dark alternating from a dark a1.
  std::regex square(R"re(<rect data-square="([a-h][1-8])")re");
  CHECK(std::distance(std::sregex_iterator(svg.begin(), svg.end(), square), std::sregex_iterator()) == 64);
}

TEST_CASE("diagram: every man of a position stands where the FEN puts it, flipped or not", "[diagram]") {
  for (const char* f : {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                        "8/8/8/4k3/4p3/8/8/KN6 w - - 0 1", "2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - - 0 1"}) {
    auto pos = fen(f);
    for (bool flipped : {false, true}) {
      diagram::DiagramOptions o;
      o.flipped = flipped;
      CHECK(men_in(diagram::render_svg(pos, o)) == men_of(pos));
    }
  }
}

TEST_CASE("diagram: flipping puts h8 at the bottom left", "[diagram]") {
  diagram::DiagramOptions o;
  o.coordinates = false;
  o.flipped = true;
  std::string svg = diagram::render_svg(board::Position::startpos(), o);
  CHECK(svg.find(R"(<rect data-square="h8" x="0" y="315")") != std::string::npos);
  o.flipped = false;
  svg = diagram::render_svg(board::Position::startpos(), o);
  CHECK(svg.find(R"(<rect data-square="a1" x="0" y="315")") != std::string::npos);
}

TEST_CASE("diagram: the last move and a check are marked", "[diagram]") {
  auto start = fen("8/8/8/4k3/4p3/8/8/KN6 w - - 0 1");
  std::vector<std::string> line{"b1d2", "e5d4", "d2f3"};
  auto pos = diagram::position_after(start, line, 3);
  REQUIRE(pos.has_value());
  std::string svg = diagram::render_svg(*pos);
  CHECK(marked(svg, "last-move") == std::vector<std::string>{"d2", "f3"});
  CHECK(marked(svg, "check") == std::vector<std::string>{"d4"});
  CHECK(men_in(svg) == std::map<std::string, char>{{"a1", 'K'}, {"f3", 'N'}, {"d4", 'k'}, {"e4", 'p'}});

  auto one = diagram::position_after(start, line, 1);
  REQUIRE(one.has_value());
  svg = diagram::render_svg(*one);
  CHECK(marked(svg, "last-move") == std::vector<std::string>{"b1", "d2"});
  CHECK(marked(svg, "check").empty());
}

TEST_CASE("diagram: castling marks the king's squares", "[diagram]") {
  auto start = fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  std::vector<std::string> line{"e1g1"};
  auto pos = diagram::position_after(start, line, 1);
  REQUIRE(pos.has_value());
  std::string svg = diagram::render_svg(*pos);
  CHECK(marked(svg, "last-move") == std::vector<std::string>{"e1", "g1"});
  CHECK(men_in(svg)["g1"] == 'K');
  CHECK(men_in(svg)["f1"] == 'R');
}

TEST_CASE("diagram: a line with an illegal move or a ply past its end is refused", "[diagram]") {
  auto start = fen("8/8/8/4k3/4p3/8/8/KN6 w - - 0 1");
  std::vector<std::string> line{"b1d2", "e5e4"};
  auto bad = diagram::position_after(start, line, 2);
  REQUIRE_FALSE(bad.has_value());
  CHECK(bad.error().find("move 2 'e5e4'") != std::string::npos);
  CHECK(diagram::position_after(start, line, 1).has_value());  // the bad move is not reached
  CHECK_FALSE(diagram::position_after(start, line, 3).has_value());
  CHECK_FALSE(diagram::position_after(start, line, -1).has_value());
}

TEST_CASE("diagram: the CLI writes an SVG that rsvg-convert renders", "[diagram][cli]") {
  if (std::system("command -v rsvg-convert >/dev/null 2>&1") != 0) {
    WARN("rsvg-convert (Debian librsvg2-bin) is not installed: the render check is skipped");
    return;
  }
  auto dir = std::filesystem::temp_directory_path() / ("arbiter-diagram-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  std::string svg = (dir / "board.svg").string(), png = (dir / "board.png").string();
  std::string cmd = std::string(ARBITER_EXE) +
                    " diagram '8/8/8/4k3/4p3/8/8/KN6 w - - 0 1' --line b1d2 e5d4 d2f3 --out " + svg;
  REQUIRE(std::system(cmd.c_str()) == 0);
  REQUIRE(std::system(("rsvg-convert --format png -o " + png + " " + svg).c_str()) == 0);
  std::ifstream in(png, std::ios::binary);
  std::string head(8, '\0');
  in.read(head.data(), 8);
  CHECK(head == "\x89PNG\r\n\x1a\n");
  CHECK(std::filesystem::file_size(png) > 2000);  // a picture, not an empty canvas
  // A broken picture (unclosed element) makes the renderer fail: the check can fail.
  std::ofstream(dir / "broken.svg") << "<svg xmlns=\"http://www.w3.org/2000/svg\"><g>";
  CHECK(std::system(("rsvg-convert -o " + (dir / "broken.png").string() + " " + (dir / "broken.svg").string() +
                     " 2>/dev/null").c_str()) != 0);
  std::filesystem::remove_all(dir);
}

TEST_CASE("diagram: audit --diagrams pictures each mismatch at its deciding ply", "[diagram][cli]") {
  auto dir = std::filesystem::temp_directory_path() / ("arbiter-audit-diagrams-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  auto pgn = dir / "games.pgn";
  std::ofstream(pgn) << "[White \"alice\"]\n[Black \"bob\"]\n[Result \"1/2-1/2\"]\n"
                        "[Termination \"Game drawn by timeout vs insufficient material\"]\n"
                        "[SetUp \"1\"]\n[FEN \"8/8/8/4k3/4p3/8/8/KN6 w - - 0 1\"]\n\n1. Nc3 1/2-1/2\n\n"
                        "[White \"carol\"]\n[Black \"dave\"]\n[Result \"1-0\"]\n\n"
                        "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n";
  std::string cmd = std::string(ARBITER_EXE) + " audit --no-cache --mismatches --diagrams " + (dir / "svg").string() +
                    " " + pgn.string() + " >/dev/null";
  // Exit status 5: a recorded result is wrong (game 1).
  const int status = std::system(cmd.c_str());
  REQUIRE(WIFEXITED(status));
  REQUIRE(WEXITSTATUS(status) == 5);
  // Game 1 was scored wrong (a timeout where White can still mate); game 2 was right.
  CHECK_FALSE(std::filesystem::exists(dir / "svg" / "games-2.svg"));
  std::ifstream in(dir / "svg" / "games-1.svg");
  REQUIRE(in);
  std::stringstream svg;
  svg << in.rdbuf();
  CHECK(men_in(svg.str()) == std::map<std::string, char>{{"a1", 'K'}, {"c3", 'N'}, {"e5", 'k'}, {"e4", 'p'}});
  CHECK(marked(svg.str(), "last-move") == std::vector<std::string>{"b1", "c3"});
  std::filesystem::remove_all(dir);
}
