// Static analysis of locked pawn structures (sound, microseconds).
//
// It finds the pawns that can never move again: each stands head-on behind a pawn
// that itself never moves, no enemy man can ever reach a square it attacks (so it can
// never capture), and none can ever attack its square (so it is never captured). These
// pawns are walls. Given the walls it over-approximates, for each side, every square
// its men can ever stand on and every square they can ever attack (promotions included).
// Then `winner` cannot mate when, on every square the losing king can ever reach, it
// is either never attacked or always keeps a flight square that no enemy man can ever
// attack and none of its own men can ever occupy.
#pragma once

#include <optional>
#include <string>

#include "search/board/bitboard.hpp"
#include "search/board/position.hpp"

namespace arbiter::search {

struct Blockade {
  board::Bitboard frozen;                  // pawns that never move again
  board::Bitboard reach[2];                // squares each side's men can ever stand on
  board::Bitboard men_reach[2];            // the same without the king (the men that can be taken)
  board::Bitboard attacks[2];              // squares each side's men can ever attack
  board::Bitboard king_region[2];          // squares each king can ever stand on
  board::Bitboard piece_attacks[2];        // the part of `attacks` made by men other than the king
};

// The fixed point described above.
Blockade analyze_blockade(const board::Position& pos);

// The argument, in words, when the blockade proves that `winner` can never mate.
std::optional<std::string> blockade_forbids_mate(const board::Position& pos, board::Color winner);

// The same test without the words, for pruning inside searches.
bool blockade_forbids_mate_fast(const board::Position& pos, board::Color winner);

}  // namespace arbiter::search
