#include "diagram/board_svg.hpp"

#include <array>
#include <cstdio>
#include <optional>

#include "diagram/piece_drawings.hpp"
#include "search/board/notation.hpp"

namespace arbiter::diagram {
namespace {

using board::Square;

constexpr const char* kLight = "#ebe1c8";
constexpr const char* kDark = "#9c7f5e";
constexpr const char* kLastMove = "#e8c547";
constexpr const char* kHighlight = "#5b8fd6";
constexpr const char* kWall = "#b3261e";

// The squares the last move's mark covers: where the moving man left and arrived. A
// castling move is stored as king-takes-rook; the king's target is marked instead.
std::pair<Square, Square> last_move_squares(const board::Position& pos) {
  board::Move m = pos.last_move();
  Square from = m.from(), to = m.to();
  if (m.kind() == board::MoveKind::Castling) {
    board::Color mover = ~pos.side_to_move();
    to = board::Position::castling_king_target(mover, board::file_of(to) > board::file_of(from));
  }
  return {from, to};
}

// A coordinate as SVG text: at most two decimals, no trailing zeros.
std::string num(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", v);
  std::string s = buf;
  while (s.back() == '0') s.pop_back();
  if (s.back() == '.') s.pop_back();
  return s;
}

// What a picture shows: the men, and the marks.
struct Scene {
  std::array<board::Piece, 64> men{};
  std::optional<std::pair<Square, Square>> last_move;
  std::optional<Square> check;
  std::string fen;
};

std::string render(const Scene& scene, const DiagramOptions& options) {
  const int sq = options.square_size;
  const int margin = options.coordinates ? sq / 3 : 0;
  const int size = 8 * sq + 2 * margin;
  auto x_of = [&](Square s) {
    int f = board::file_of(s);
    return margin + (options.flipped ? 7 - f : f) * sq;
  };
  auto y_of = [&](Square s) {
    int r = board::rank_of(s);
    return margin + (options.flipped ? r : 7 - r) * sq;
  };
  // A square-sized rectangle on s with the given leading attributes and fill.
  auto square_rect = [&](const std::string& lead, Square s, const std::string& tail) {
    return "<rect " + lead + "data-square=\"" + board::square_name(s) + "\" x=\"" + num(x_of(s)) + "\" y=\"" +
           num(y_of(s)) + "\" width=\"" + num(sq) + "\" height=\"" + num(sq) + "\" " + tail + "/>";
  };

  std::string out = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"arbiter-board\" viewBox=\"0 0 " + num(size) +
                    " " + num(size) + "\" width=\"" + num(size) + "\" height=\"" + num(size) + "\" data-fen=\"" +
                    scene.fen + "\">";
  out += "<rect class=\"frame\" x=\"0\" y=\"0\" width=\"" + num(size) + "\" height=\"" + num(size) +
         "\" fill=\"#4a3b2c\"/>";

  out += "<g class=\"squares\">";
  for (int i = 0; i < 64; ++i)
    out += square_rect("", Square(i), std::string("fill=\"") + (board::is_dark(Square(i)) ? kDark : kLight) + "\"");
  out += "</g>";

  out += "<g class=\"marks\">";
  for (int i = 0; i < 64; ++i)
    if (options.highlight.has(Square(i)))
      out += square_rect("class=\"highlight\" ", Square(i),
                         std::string("fill=\"") + kHighlight + "\" fill-opacity=\"0.45\"");
  for (int i = 0; i < 64; ++i)
    if (options.walls.has(Square(i)))
      out += square_rect("class=\"wall\" ", Square(i),
                         "fill=\"none\" stroke=\"" + std::string(kWall) + "\" stroke-width=\"" + num(sq / 12.0) + "\"");
  if (scene.last_move) {
    auto [from, to] = *scene.last_move;
    for (Square s : {from, to})
      out += square_rect("class=\"last-move\" ", s, std::string("fill=\"") + kLastMove + "\" fill-opacity=\"0.55\"");
  }
  if (scene.check) {
    Square k = *scene.check;
    double c = sq / 2.0;
    out += "<circle class=\"check\" data-square=\"" + board::square_name(k) + "\" cx=\"" + num(x_of(k) + c) +
           "\" cy=\"" + num(y_of(k) + c) + "\" r=\"" + num(c * 0.92) +
           "\" fill=\"#d8262b\" fill-opacity=\"0.7\" stroke=\"#8e0f12\" stroke-width=\"" + num(sq / 22.0) + "\"/>";
  }
  out += "</g>";

  out += "<g class=\"pieces\">";
  const double scale = sq / 45.0;
  for (int i = 0; i < 64; ++i) {
    Square s = Square(i);
    board::Piece p = scene.men[i];
    if (p == board::Piece::None) continue;
    out += "<g class=\"piece\" data-square=\"" + board::square_name(s) + "\" data-piece=\"" +
           std::string(1, board::piece_char(p)) + "\" transform=\"translate(" + num(x_of(s)) + "," + num(y_of(s)) +
           ") scale(" + num(scale) + ")\">";
    out += piece_drawing(p);
    out += "</g>";
  }
  out += "</g>";

  if (options.coordinates) {
    out += "<g class=\"coordinates\" font-family=\"sans-serif\" font-size=\"" + num(margin * 0.6) +
           "\" fill=\"#ebe1c8\" text-anchor=\"middle\">";
    for (int i = 0; i < 8; ++i) {
      int f = options.flipped ? 7 - i : i;
      int r = options.flipped ? i : 7 - i;
      double centre = margin + i * sq + sq / 2.0;
      out += "<text x=\"" + num(centre) + "\" y=\"" + num(size - margin * 0.3) + "\">" + char('a' + f) + "</text>";
      out += "<text x=\"" + num(margin / 2.0) + "\" y=\"" + num(centre + margin * 0.2) + "\">" + char('1' + r) +
             "</text>";
    }
    out += "</g>";
  }
  out += "</svg>\n";
  return out;
}

}  // namespace

std::string render_svg(const board::Position& pos, const DiagramOptions& options) {
  Scene scene;
  for (int i = 0; i < 64; ++i) scene.men[i] = pos.piece_on(Square(i));
  if (pos.ply() > 0) scene.last_move = last_move_squares(pos);
  if (pos.in_check()) scene.check = pos.king_square(pos.side_to_move());
  scene.fen = pos.fen();
  return render(scene, options);
}

std::string render_svg(const board::Setup& setup, const DiagramOptions& options) {
  Scene scene;
  scene.men = setup.board;
  return render(scene, options);
}

std::string piece_svg(board::Piece piece, int size) {
  return "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 45 45\" width=\"" + num(size) + "\" height=\"" +
         num(size) + "\" data-piece=\"" + std::string(1, board::piece_char(piece)) + "\">" + piece_drawing(piece) +
         "</svg>\n";
}

std::expected<board::Position, std::string> position_after(const board::Position& start,
                                                           std::span<const std::string> line, int ply) {
  if (ply < 0 || ply > int(line.size()))
    return std::unexpected("ply " + std::to_string(ply) + " is outside the line (0 to " +
                           std::to_string(line.size()) + ")");
  board::Position pos = start;
  for (int i = 0; i < ply; ++i) {
    auto m = board::parse_uci(pos, line[i]);
    if (!m) return std::unexpected("move " + std::to_string(i + 1) + " '" + line[i] + "': " + m.error());
    pos.do_move(*m);
  }
  return pos;
}

}  // namespace arbiter::diagram
