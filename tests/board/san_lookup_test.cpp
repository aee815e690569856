// parse_san finds most moves backwards from the target square instead of listing the
// legal moves. This checks it against the plain definition (the legal moves whose piece,
// target, disambiguation and promotion fit the text: exactly one means that move) for
// every piece letter, target square and disambiguation, in positions with pins, checks,
// en passant, promotions and castling.
#include <catch2/catch.hpp>

#include "search/board/movegen.hpp"
#include "search/board/notation.hpp"
#include "support.hpp"

using namespace arbiter;
using namespace arbiter::board;

namespace {

// The legal move the text names by definition, or none when zero or several fit.
std::optional<Move> by_definition(const Position& pos, PieceType piece, Square to, int from_file, int from_rank,
                                  PieceType promo) {
  std::optional<Move> found;
  int matches = 0;
  for (Move m : legal_moves(pos)) {
    if (m.kind() == MoveKind::Castling) {
      if (piece != PieceType::King || pos.chess960()) continue;
      bool king_side = file_of(m.to()) > file_of(m.from());
      if (Position::castling_king_target(pos.side_to_move(), king_side) != to) continue;
    } else if (m.to() != to || type_of(pos.piece_on(m.from())) != piece) {
      continue;
    }
    if (from_file >= 0 && file_of(m.from()) != from_file) continue;
    if (from_rank >= 0 && rank_of(m.from()) != from_rank) continue;
    if ((m.kind() == MoveKind::Promotion ? m.promotion() : PieceType::None) != promo) continue;
    found = m;
    ++matches;
  }
  return matches == 1 ? found : std::nullopt;
}

}  // namespace

TEST_CASE("SAN lookup from the target square agrees with the legal move list", "[notation][san][pgn]") {
  auto roots = test::epd_fens(test::fixture("perft/perft.epd"));
  for (const char* fen : {"8/8/1k6/8/4Q2Q/8/8/K6Q w - - 0 1",
                          "rnbqkbnr/1pp1pppp/p7/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3",
                          "8/8/8/KPp4r/8/8/8/7k w - c6 0 2",       // en passant exposes the king
                          "4k3/8/8/8/1b6/8/3P4/4K3 w - - 0 1",     // a pinned pawn
                          "4k3/8/8/8/4r3/8/3N4/4K2R w K - 0 1",    // check: block, capture or step
                          "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
                          "6k1/8/8/8/8/8/8/1RK1R3 w BE - 0 1"})
    roots.push_back(fen);
  const char* letters = " NBRQK";
  long texts = 0;
  std::vector<std::string> failures;
  for (const auto& root : roots) {
    auto start = test::pos(root);
    test::walk(start, 1, [&](Position& pos) {
      for (int t = 0; t < 64; ++t) {
        Square to = Square(t);
        for (int l = 0; l < 6; ++l) {
          auto piece = l == 0 ? PieceType::Pawn : PieceType(l + 1);
          std::vector<std::pair<int, int>> hints = {{-1, -1}};
          for (Square from : pos.pieces(pos.side_to_move(), piece)) {
            hints.push_back({file_of(from), -1});
            hints.push_back({-1, rank_of(from)});
            hints.push_back({file_of(from), rank_of(from)});
          }
          std::vector<PieceType> promos = {PieceType::None};
          if (piece == PieceType::Pawn) promos.insert(promos.end(), {PieceType::Queen, PieceType::Knight});
          for (auto [file, rank] : hints)
            for (PieceType promo : promos) {
              std::string text = l == 0 ? "" : std::string(1, letters[l]);
              if (file >= 0) text += char('a' + file);
              if (rank >= 0) text += char('1' + rank);
              text += square_name(to);
              if (promo != PieceType::None) text += std::string("=") + type_char(promo);
              ++texts;
              auto expected = by_definition(pos, piece, to, file, rank, promo);
              auto got = parse_san(pos, text);
              bool agree = expected ? (got && *got == *expected) : !got;
              if (!agree && failures.size() < 5)
                failures.push_back(pos.fen() + ": '" + text + "' reads as " + (got ? to_uci(pos, *got) : got.error()) +
                                   ", by definition " + (expected ? to_uci(pos, *expected) : "no move"));
            }
        }
      }
    });
  }
  INFO(texts << " texts; first disagreements:\n" << [&] {
    std::string all;
    for (auto& f : failures) all += f + "\n";
    return all;
  }());
  CHECK(failures.empty());
  CHECK(texts > 100000);
}
