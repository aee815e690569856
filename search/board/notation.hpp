// Moves as text: UCI ("e2e4", "e7e8q"; castling king-to-target in standard chess,
// king-takes-rook in Chess960) and SAN ("Nbd7", "exd6", "O-O-O", "e8=Q#").
// Parsing checks the move against the legal moves; errors say why a text is no move.
#pragma once

#include <expected>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "search/board/position.hpp"

namespace arbiter::board {

std::string to_uci(const Position& pos, Move m);
// Accepts both castling forms (e1g1 and e1h1) in every position.
std::expected<Move, std::string> parse_uci(const Position& pos, std::string_view text);

// SAN with disambiguation and a '+' or '#' suffix. The move must be legal.
std::string to_san(const Position& pos, Move m);
// Lenient where real files are: 0-0 and o-o castling, a missing or spurious '+'/'#',
// "!?"-style annotations, promotion with or without '='.
std::expected<Move, std::string> parse_san(const Position& pos, std::string_view text);

// A move in either notation (UCI tried first when the text has UCI's shape).
std::expected<Move, std::string> parse_move(const Position& pos, std::string_view text);

// "1. Nc3+ Kd4 2. ..." from the position's side to move and move number; the moves
// must be legal in sequence. The position is returned unchanged.
std::string san_line(Position& pos, std::span<const Move> line);
std::vector<std::string> uci_line(Position& pos, std::span<const Move> line);

}  // namespace arbiter::board
