// Output keeps the input's FEN form (#18.16): a Shredder-FEN (every castling right named
// by its rook's file, "HAha") is echoed as Shredder-FEN, so that output joins to input by
// `fen`; the board writes X-FEN (KQkq for the outermost rooks) otherwise.
#pragma once

#include <string>
#include <string_view>

#include "analyzer/cli/input.hpp"
#include "analyzer/records/records.hpp"
#include "search/board/position.hpp"

namespace arbiter::cli {

// Whether the castling field (the third) of a FEN text names every right by a file.
bool is_shredder_fen(std::string_view fen_text);

// The position's FEN with every castling right written as its rook's file.
std::string shredder_fen(const board::Position& pos);

// A record's `fen`, or a text result's first line (the position), in the input's form.
records::Json in_input_form(records::Json record, const board::Position& pos, const InputLine& input);
std::string in_input_form(std::string text, const board::Position& pos, const InputLine& input);

}  // namespace arbiter::cli
