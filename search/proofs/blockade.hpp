// Static analysis of locked pawn structures (sound, microseconds).
//
// It finds the pawns that can never move again: each stands head-on behind a pawn
// that itself never moves, no enemy man can ever reach a square it attacks (so it can
// never capture), and none can ever attack its square (so it is never captured; the
// enemy king may attack it if a man that never moves defends it, or if taking it always
// stalemates the side that loses it: the game then ends at once). It finds the pieces
// that can never move again: every square one step along their lines holds such a man
// of their own, and they are never captured either. These men are walls. Given the walls
// it over-approximates, for each side, every square its men can ever stand on and every
// square they can ever attack (promotions included). Then `winner` cannot mate when, on
// every square the losing king can ever reach, either no man of the winner (the king
// never gives check) can ever attack it, or wherever the winner's king stands (never
// next to it) some flight square stays that no man of the winner can ever attack, the
// winner's king does not cover, and the loser's own men cannot all block.
#pragma once

#include <optional>
#include <string>

#include "search/board/bitboard.hpp"
#include "search/board/position.hpp"

namespace arbiter::search {

struct Blockade {
  board::Bitboard frozen;                  // pawns that never move again
  board::Bitboard immobile;                // pieces hemmed in for ever by such men of their own side
  board::Bitboard stalemate_guarded;       // frozen or immobile men the enemy king can take only into stalemate
  board::Bitboard reach[2];                // squares each side's men can ever stand on
  board::Bitboard men_reach[2];            // the same without the king (the men that can be taken)
  board::Bitboard attacks[2];              // squares each side's men can ever attack
  board::Bitboard king_region[2];          // squares each king can ever stand on
  board::Bitboard piece_attacks[2];        // the part of `attacks` made by men other than the king
};

// The fixed point described above. With `walls_only`, it stops as soon as it is sure that
// no pawn will be frozen and then returns an empty Blockade (no walls, nothing else
// computed): all the judges below need walls. Where walls stand, both are the same.
Blockade analyze_blockade(const board::Position& pos, bool walls_only = false);

// The argument, in words, when the blockade proves that `winner` can never mate.
std::optional<std::string> blockade_forbids_mate(const board::Position& pos, board::Color winner);

// The same test without the words, for pruning inside searches.
bool blockade_forbids_mate_fast(const board::Position& pos, board::Color winner);

// The squares on which the losing king might one day be mated, as far as the walls tell
// (empty when the blockade proves that `winner` cannot mate); every square when there are
// no walls or more than `most` such squares. A guide for searches: no mate of the losing
// king is ever found elsewhere.
board::Bitboard possible_mate_squares(const board::Position& pos, board::Color winner, int most);

}  // namespace arbiter::search
