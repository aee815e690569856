// An SVG picture of a position: the board, the men, the last move made and a king in
// check marked. Every square and man is an element with data-square (and data-piece) so
// that tests and the page can find them.
#pragma once

#include <cstdint>
#include <expected>
#include <span>
#include <string>

#include "search/board/position.hpp"
#include "search/board/setup.hpp"

namespace arbiter::diagram {

struct DiagramOptions {
  int square_size = 45;      // pixels per square
  bool flipped = false;      // Black at the bottom
  bool coordinates = true;   // file letters and rank numbers along the edges
  board::Bitboard highlight; // squares to tint (e.g. where a king is confined)
  board::Bitboard walls;     // squares to frame (e.g. pawns that can never move again)
};

// The picture of pos. When pos has moves made since its set-up, the last one is marked
// (both its squares); when the side to move is in check, its king's square is marked.
std::string render_svg(const board::Position& pos, const DiagramOptions& options = {});

// The men of an unvalidated set-up (a position being built on the page), without marks.
std::string render_svg(const board::Setup& setup, const DiagramOptions& options = {});

// One man alone, drawn in a size x size box (the page's piece palette).
std::string piece_svg(board::Piece piece, int size = 45);

// The position after the first `ply` moves of `line` (UCI) from `start`. The error names
// the move that is not legal, or a ply beyond the line.
std::expected<board::Position, std::string> position_after(const board::Position& start,
                                                           std::span<const std::string> line, int ply);

}  // namespace arbiter::diagram
