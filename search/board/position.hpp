// A legal chess position with its history of moves made since it was set up.
// A Position exists only through from_setup(), which checks every rule, so any
// Position is one that the rules allow to stand on a board. make/unmake keep it exact:
// undo_move restores every field, and the Zobrist key is updated incrementally.
#pragma once

#include <expected>
#include <string>
#include <string_view>
#include <vector>

#include "search/board/attacks.hpp"
#include "search/board/bitboard.hpp"
#include "search/board/move.hpp"
#include "search/board/setup.hpp"

namespace arbiter::board {

struct PackedPosition;

// One broken rule found when validating a Setup.
struct SetupError {
  enum class Kind : uint8_t {
    MissingKing,       // a side has no king
    TooManyKings,      // a side has two or more kings
    PawnOnBackRank,    // a pawn stands on the first or last rank
    OpponentInCheck,   // the side not to move is in check
    ImpossibleCheck,   // the side to move is checked in a way no move can cause
    BadCastling,       // a castling right without its king or rook in place
    BadEnPassant,      // an en-passant square that no double push can explain
    TooManyPieces,     // more than 16 men or more than 8 pawns of one side
    BadCounter,        // a halfmove clock or fullmove number outside 0..kMaxMoveCounter
  };
  Kind kind;
  std::string message;
};

// Every rule a Setup breaks, in one message ("; " between them).
std::string describe(const std::vector<SetupError>& errors);

class Position {
 public:
  // Validates the setup; on failure lists every broken rule.
  static std::expected<Position, std::vector<SetupError>> from_setup(const Setup& setup);
  // Parses and validates FEN text; the error says the field or the broken rules.
  static std::expected<Position, std::string> from_fen(std::string_view fen);
  static Position startpos();
  static constexpr std::string_view kStartFen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

  Setup to_setup() const;
  // FEN of the position; castling in X-FEN style (KQkq unless a right needs a file letter)
  // and the en-passant square only when an en-passant capture is legal.
  std::string fen() const;

  // --- the board
  Piece piece_on(Square s) const { return board_[index(s)]; }
  Bitboard occupied() const { return by_color_[0] | by_color_[1]; }
  Bitboard pieces(Color c) const { return by_color_[index(c)]; }
  Bitboard pieces(PieceType t) const { return by_type_[index(t)]; }
  Bitboard pieces(Color c, PieceType t) const { return by_color_[index(c)] & by_type_[index(t)]; }
  Bitboard pieces(Color c, PieceType a, PieceType b) const {
    return by_color_[index(c)] & (by_type_[index(a)] | by_type_[index(b)]);
  }
  Square king_square(Color c) const { return pieces(c, PieceType::King).first(); }
  Color side_to_move() const { return side_; }
  bool chess960() const { return chess960_; }

  // --- state
  uint8_t castling_rights() const { return state().castling; }
  bool can_castle(Color c, bool king_side) const { return state().castling & castling_bit(c, king_side); }
  // The rook that castles on that wing (meaningful while the right exists).
  Square castling_rook(Color c, bool king_side) const { return castling_rooks_[castling_index(c, king_side)]; }
  // The en-passant target square, kept only when an en-passant capture is legal.
  Square en_passant() const { return state().en_passant; }
  int halfmove_clock() const { return state().halfmove_clock; }
  int fullmove_number() const { return fullmove_base_ + (ply() + (start_side_ == Color::Black ? 1 : 0)) / 2; }
  uint64_t key() const { return state().key; }
  // The key after `m`, for prefetching a table slot before the move is made: exact but
  // for what is rare and dear to work out here, a castling move, a change of castling
  // rights and a new en-passant square.
  uint64_t key_after(Move m) const;
  // Plies made since the position was set up.
  int ply() const { return int(states_.size()) - 1; }
  Move last_move() const { return state().move; }
  Piece captured_piece() const { return state().captured; }

  // --- attacks
  Bitboard checkers() const { return state().checkers; }
  bool in_check() const { return !state().checkers.empty(); }
  // Pieces of either colour attacking s, given an occupancy. (This and attacked_by are
  // inline: the searches call them for every new position.)
  Bitboard attackers_to(Square s, Bitboard occupied) const {
    return (pawn_attacks(Color::White, s) & pieces(Color::Black, PieceType::Pawn)) |
           (pawn_attacks(Color::Black, s) & pieces(Color::White, PieceType::Pawn)) |
           (knight_attacks(s) & pieces(PieceType::Knight)) |
           (bishop_attacks(s, occupied) & (pieces(PieceType::Bishop) | pieces(PieceType::Queen))) |
           (rook_attacks(s, occupied) & (pieces(PieceType::Rook) | pieces(PieceType::Queen))) |
           (king_attacks(s) & pieces(PieceType::King));
  }
  // Whether a man of `attacker` attacks s, given an occupancy.
  bool attacked_by(Color attacker, Square s, Bitboard occupied) const {
    return (pawn_attacks(~attacker, s) & pieces(attacker, PieceType::Pawn)) ||
           (knight_attacks(s) & pieces(attacker, PieceType::Knight)) ||
           (king_attacks(s) & pieces(attacker, PieceType::King)) ||
           (bishop_attacks(s, occupied) & pieces(attacker, PieceType::Bishop, PieceType::Queen)) ||
           (rook_attacks(s, occupied) & pieces(attacker, PieceType::Rook, PieceType::Queen));
  }
  // Pieces (of any colour) that alone stand between c's king and an enemy slider.
  Bitboard king_blockers(Color c) const;

  // --- moves
  void do_move(Move m);
  void undo_move(Move m);
  // A pass: the other side to move, nothing moved, no en passant right. Only where the
  // side to move is not in check (after a pass its king would stand attacked with the
  // other side to move); returns false and does nothing there. undo_null_move takes it back.
  bool do_null_move();
  void undo_null_move();
  // The squares a castling move takes the king and the rook to.
  static Square castling_king_target(Color c, bool king_side);
  static Square castling_rook_target(Color c, bool king_side);
  bool is_capture(Move m) const {
    return m.kind() == MoveKind::EnPassant ||
           (m.kind() != MoveKind::Castling && piece_on(m.to()) != Piece::None);
  }
  // Whether the legal move m checks the opponent's king (directly or by discovery).
  bool gives_check(Move m) const;
  // Number of times the current position (same key) stood before, back to the last
  // irreversible move: a repetition count for the FIDE rules.
  int repetitions() const;
  // Key after a history-free comparison: pieces, side, castling rights, legal en passant.
  bool same_position(const Position& other) const;

 private:
  struct State {
    uint64_t key = 0;
    Bitboard checkers;
    Move move;
    Square en_passant = Square::None;
    uint8_t castling = 0;
    Piece captured = Piece::None;
    int halfmove_clock = 0;
  };

  // The states since setup. A copy gets room for more moves: positions are copied to
  // search or replay from them, and a copy sized to its history reallocates at once.
  struct StateStack : std::vector<State> {
    static constexpr std::size_t kRoom = 64;
    StateStack() = default;
    StateStack(const StateStack& o) : std::vector<State>() { copy(o); }
    StateStack& operator=(const StateStack& o) {
      if (this != &o) clear(), copy(o);
      return *this;
    }
    StateStack(StateStack&&) noexcept = default;
    StateStack& operator=(StateStack&&) noexcept = default;
    void copy(const StateStack& o) {
      reserve(o.size() + kRoom);
      insert(end(), o.begin(), o.end());
    }
  };

  Position() = default;
  const State& state() const { return states_.back(); }
  void put(Piece p, Square s);
  void remove(Square s);
  uint64_t compute_key() const;
  uint64_t state_key() const;  // the key's part for the side to move, castling and en passant
  Bitboard compute_checkers() const;
  bool en_passant_capture_legal(Square target) const;

  std::array<Piece, 64> board_{};
  std::array<Bitboard, 7> by_type_{};
  std::array<Bitboard, 2> by_color_{};
  std::array<Square, 4> castling_rooks_{Square::None, Square::None, Square::None, Square::None};
  std::array<uint8_t, 64> castling_mask_{};  // rights lost when a move leaves or enters a square
  Color side_ = Color::White;
  Color start_side_ = Color::White;
  int fullmove_base_ = 1;
  bool chess960_ = false;
  StateStack states_;

  // Rebuilds a packed position (packed from `like` or its successors); see packed.hpp.
  static Position restore(const PackedPosition& packed, const Position& like);
  // The same into `out`, whose memory is reused.
  static void restore_into(const PackedPosition& packed, const Position& like, Position& out);

  friend uint64_t recompute_key(const Position&);
  friend Position unpack(const PackedPosition&, const Position&);
  friend void unpack(const PackedPosition&, const Position&, Position&);
};

// The key computed from scratch (for tests: equals key() at all times).
uint64_t recompute_key(const Position& p);

}  // namespace arbiter::board
