#include "diagram/piece_drawings.hpp"

namespace arbiter::diagram {
namespace {

using board::PieceType;

// Every man stands on the same plinth so that the set reads as one family.
constexpr const char* kPlinth = "M11,38.5 L34,38.5 L34,34 C34,33 33,32.5 32,32.5 L13,32.5 C12,32.5 11,33 11,34 Z";

struct Shape {
  const char* body;    // the silhouette, filled with the man's colour
  const char* detail;  // strokes drawn in the contrasting colour (may be empty)
};

Shape shape_of(PieceType t) {
  switch (t) {
    case PieceType::Pawn:
      return {"M16.5,15 A6,6 0 1 0 28.5,15 A6,6 0 1 0 16.5,15 Z "
              "M16.5,32.5 C17,26 19,23 21,21.5 L24,21.5 C26,23 28,26 28.5,32.5 Z",
              ""};
    case PieceType::Knight:
      return {"M15,32.5 C15,27 18,23.5 22,21 C19,21.5 16,23 13.5,22.5 C11.5,21.5 11.5,18.5 14,16.5 "
              "C16.5,14.5 18.5,11 20.5,9.5 L21,5.5 L24,8.5 C29.5,10 33.5,15.5 33.5,24 L33.5,32.5 Z",
              "M18.5,13.5 L20.5,13.5 M24,11 C28,13.5 30,18 30,24"};
    case PieceType::Bishop:
      return {"M20,6.5 A2.5,2.5 0 1 0 25,6.5 A2.5,2.5 0 1 0 20,6.5 Z "
              "M22.5,8.5 C17,13 15.5,18 17.5,22 L27.5,22 C29.5,18 28,13 22.5,8.5 Z "
              "M17,32.5 C16.5,28 18.5,25 20,23.5 L25,23.5 C26.5,25 28.5,28 28,32.5 Z",
              "M24.5,12.5 L20.5,18.5 M18,22.75 L27,22.75"};
    case PieceType::Rook:
      return {"M12,19 L12,10 L16.5,10 L16.5,13.5 L20.5,13.5 L20.5,10 L24.5,10 L24.5,13.5 L28.5,13.5 "
              "L28.5,10 L33,10 L33,19 Z M14.5,32.5 L16,20.5 L29,20.5 L30.5,32.5 Z",
              "M16,20 L29,20 M15.5,28 L29.5,28"};
    case PieceType::Queen:
      return {"M12,32.5 L9.5,14 L16,24 L17.5,10.5 L22.5,22.5 L27.5,10.5 L29,24 L35.5,14 L33,32.5 Z "
              "M7.5,14 A2,2 0 1 0 11.5,14 A2,2 0 1 0 7.5,14 Z M15.5,10.5 A2,2 0 1 0 19.5,10.5 A2,2 0 1 0 15.5,10.5 Z "
              "M25.5,10.5 A2,2 0 1 0 29.5,10.5 A2,2 0 1 0 25.5,10.5 Z M33.5,14 A2,2 0 1 0 37.5,14 A2,2 0 1 0 33.5,14 Z",
              "M13.5,28.5 C19,27 26,27 31.5,28.5"};
    case PieceType::King:
      return {"M13,32.5 C9,25 11.5,18.5 17,18.5 C19.5,18.5 21.5,20.5 22.5,23 C23.5,20.5 25.5,18.5 28,18.5 "
              "C33.5,18.5 36,25 32,32.5 Z "
              "M21,4 L24,4 L24,8 L28,8 L28,11 L24,11 L24,19 L21,19 L21,11 L17,11 L17,8 L21,8 Z",
              "M14.5,28.5 C19.5,27 25.5,27 30.5,28.5"};
    case PieceType::None:
      break;
  }
  return {"", ""};
}

}  // namespace

std::string piece_drawing(board::Piece piece) {
  bool white = board::color_of(piece) == board::Color::White;
  const char* fill = white ? "#fbfbf6" : "#262421";
  const char* line = white ? "#262421" : "#fbfbf6";
  Shape s = shape_of(board::type_of(piece));
  std::string out;
  out += std::string("<path d=\"") + kPlinth + "\" fill=\"" + fill + "\" stroke=\"#000\" stroke-width=\"1.3\"/>";
  out += std::string("<path d=\"") + s.body + "\" fill=\"" + fill +
         "\" stroke=\"#000\" stroke-width=\"1.3\" stroke-linejoin=\"round\"/>";
  if (*s.detail)
    out += std::string("<path d=\"") + s.detail + "\" fill=\"none\" stroke=\"" + line +
           "\" stroke-width=\"1.2\" stroke-linecap=\"round\"/>";
  return out;
}

}  // namespace arbiter::diagram
