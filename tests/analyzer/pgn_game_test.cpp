// Replaying PGN games: the real exports replay entirely, their check and mate signs and
// chess.com's CurrentPosition agree with the positions reached; start positions from FEN
// tags, Chess960, UCI and long algebraic movetext, castling spellings; variants rejected;
// illegal moves reported with game, line, move number and side, the next game still read.
#include <catch2/catch.hpp>

#include <filesystem>
#include <map>
#include <set>
#include <sstream>

#include "analyzer/pgn_game.hpp"
#include "analyzer/rule_endings.hpp"
#include "search/board/movegen.hpp"
#include "search/board/notation.hpp"
#include "support.hpp"

using namespace arbiter;
using analyzer::Game;
using analyzer::GameError;
using analyzer::PgnReader;
using analyzer::RawGame;
using Kind = GameError::Kind;

namespace {

using Replayed = std::expected<Game, GameError>;

std::vector<Replayed> replay_all(PgnReader& reader) {
  std::vector<Replayed> out;
  RawGame raw;
  while (reader.next(raw)) out.push_back(analyzer::replay(std::move(raw)));
  return out;
}

std::vector<Replayed> replay_text(const std::string& text) {
  std::istringstream in(text);
  PgnReader reader(in);
  return replay_all(reader);
}

std::vector<Replayed> replay_file(const std::string& name) {
  auto reader = PgnReader::open(test::fixture("pgn/" + name));
  if (!reader) throw std::runtime_error(reader.error());
  return replay_all(*reader);
}

std::string fields(const std::string& fen, int n) {
  std::istringstream in(fen);
  std::string out, f;
  for (int i = 0; i < n && in >> f; ++i) out += (i ? " " : "") + f;
  return out;
}

// Every move written with '#' leaves the opponent mated, with '+' in check (not mated),
// without either not in check: the servers write these signs from their own boards.
int check_sign_disagreements(const Game& g, std::string& first) {
  int wrong = 0;
  board::Position pos = g.start;
  for (std::size_t i = 0; i < g.moves.size(); ++i) {
    pos.do_move(g.moves[i]);
    const std::string text(g.raw.moves[i].text());
    bool mate_sign = text.ends_with("#"), check_sign = text.ends_with("+");
    bool mated = pos.in_check() && !board::has_legal_move(pos);
    bool ok = mate_sign ? mated : check_sign ? (pos.in_check() && !mated) : !pos.in_check();
    if (!ok && wrong++ == 0) first = "game " + std::to_string(g.raw.index) + " move " + text + " -> " + pos.fen();
  }
  return wrong;
}

}  // namespace

TEST_CASE("the chess.com export replays, CurrentPosition and check signs agree", "[pgn][replay]") {
  auto games = replay_file("chesscom-games.pgn");
  REQUIRE(games.size() == 1790);
  int failed = 0, positions = 0, signs = 0;
  long plies = 0;
  std::string first;
  for (const auto& g : games) {
    if (!g) {
      if (failed++ == 0) first = g.error().to_string();
      continue;
    }
    plies += long(g->moves.size());
    signs += check_sign_disagreements(*g, first);
    const std::string* current = g->raw.tag("CurrentPosition");
    REQUIRE(current);
    // chess.com keeps a castling right after its rook was captured; board and side suffice.
    if (fields(g->end.fen(), 2) != fields(*current, 2)) {
      if (positions++ == 0) first = "game " + std::to_string(g->raw.index) + ": " + g->end.fen() + " vs " + *current;
    }
    CHECK_FALSE(g->chess960);
  }
  INFO(first);
  CHECK(failed == 0);
  CHECK(positions == 0);
  CHECK(signs == 0);
  CHECK(plies == 105876);  // the file's "%clk" count: one per ply
}

TEST_CASE("the Lichess export replays, its check and mate signs agree", "[pgn][replay]") {
  auto games = replay_file("lichess-games.pgn");
  REQUIRE(games.size() == 999);
  int failed = 0, signs = 0;
  long plies = 0;
  std::string first;
  for (const auto& g : games) {
    if (!g) {
      if (failed++ == 0) first = g.error().to_string();
      continue;
    }
    plies += long(g->moves.size());
    signs += check_sign_disagreements(*g, first);
    CHECK(g->moves.size() == g->move_lines.size());
  }
  INFO(first);
  CHECK(failed == 0);
  CHECK(signs == 0);
  CHECK(plies == 66292);  // the file's "%clk" count
}

TEST_CASE("an illegal move: game, line, move number and side, the next game replays", "[pgn][replay]") {
  auto games = replay_text(
      "[Event \"one\"]\n"
      "\n"
      "1. e4 e5 2. Nf3 Nc6\n"
      "3. Bb5 Ke7 4. Ke3 Nf6 *\n"
      "\n"
      "[Event \"two\"]\n"
      "\n"
      "1. d4 d5 2. c4 Nf3 *\n"
      "\n"
      "[Event \"three\"]\n"
      "\n"
      "1. c4 *\n");
  REQUIRE(games.size() == 3);
  REQUIRE_FALSE(games[0]);
  const GameError& e = games[0].error();
  CHECK(e.kind == Kind::IllegalMove);
  CHECK(e.game == 1);
  CHECK(e.line == 4);
  CHECK(e.move_number == 4);
  CHECK(e.side == board::Color::White);
  CHECK(e.move == "Ke3");
  CHECK_THAT(e.to_string(), Catch::StartsWith("game 1, line 4: move 4. Ke3: no legal move"));
  REQUIRE_FALSE(games[1]);
  CHECK_THAT(games[1].error().to_string(), Catch::StartsWith("game 2, line 8: move 2... Nf3: "));
  REQUIRE(games[2]);
  CHECK(games[2]->moves.size() == 1);

  // scalachess' festivalFigueira.pgn: 57. Rb6+ checks the king on d6, and 57... Re1 does
  // not answer the check.
  auto figueira = replay_file("syntax/lichess-org_scalachess_fixtures/festivalFigueira.pgn");
  REQUIRE(figueira.size() == 1);
  REQUIRE_FALSE(figueira[0]);
  CHECK_THAT(figueira[0].error().to_string(), Catch::StartsWith("game 1, line 46: move 57... Re1: no legal move"));
}

TEST_CASE("syntax errors reach the replay as errors with their line", "[pgn][replay]") {
  auto games = replay_text("[Event \"a\"]\n\n1. e4 {open\n\n[Event \"b\"]\n\n1. e4 *\n");
  REQUIRE(games.size() == 2);
  REQUIRE_FALSE(games[0]);
  CHECK(games[0].error().kind == Kind::Syntax);
  CHECK_THAT(games[0].error().to_string(), Catch::StartsWith("game 1, line 3: "));
  CHECK(games[1]);
}

TEST_CASE("variants are rejected with a clear message", "[pgn][replay]") {
  struct Case {
    const char* file;
    const char* variant;
  };
  for (auto [file, variant] : {Case{"syntax/niklasf_python-chess_pgn/antichess-programfox.pgn", "Antichess"},
                               Case{"syntax/lichess-org_scalachess_fixtures/atomicPromotion.pgn", "Atomic"},
                               Case{"syntax/lichess-org_scalachess_fixtures/crazyhouse1.pgn", "Crazyhouse"},
                               Case{"syntax/lichess-org_scalachess_fixtures/chessComCrazyhouse.pgn", "Crazyhouse"},
                               Case{"syntax/lichess-org_scalachess_fixtures/invalidVariant.pgn", "starwars"}}) {
    INFO(file);
    auto games = replay_file(file);
    REQUIRE_FALSE(games.empty());
    for (const auto& g : games) {
      REQUIRE_FALSE(g);
      CHECK(g.error().kind == Kind::Variant);
      CHECK(g.error().message == std::string("variant '") + variant + "' is not standard chess: not audited");
    }
  }
  for (const char* variant : {"Three-check", "King of the Hill", "Racing Kings", "Horde", "Bughouse", "Suicide"}) {
    auto games = replay_text(std::string("[Variant \"") + variant + "\"]\n\n1. e4 *\n");
    REQUIRE(games.size() == 1);
    REQUIRE_FALSE(games[0]);
    CHECK(games[0].error().kind == Kind::Variant);
    CHECK_THAT(games[0].error().message, Catch::Contains(variant) && Catch::Contains("not standard chess"));
  }
  // Without a Variant tag, a piece drop gives crazyhouse away.
  auto drops = replay_file("syntax/lichess-org_scalachess_fixtures/crazyhouseNoVariantTag.pgn");
  REQUIRE(drops.size() == 1);
  REQUIRE_FALSE(drops[0]);
  CHECK(drops[0].error().kind == Kind::Variant);
  CHECK_THAT(drops[0].error().message, Catch::Contains("@") && Catch::Contains("crazyhouse"));
  // A crazyhouse FEN (with a pocket) is refused by the FEN reader.
  auto pocket = replay_text("[SetUp \"1\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1\"]\n\n*");
  REQUIRE_FALSE(pocket.at(0));
  CHECK_THAT(pocket[0].error().message, Catch::Contains("crazyhouse"));

  for (const char* standard : {"Standard", " Standard    ", "From Position", "normal", "Chess960", "chess 960",
                               "Fischerandom", "fischerandom", "FISCHER RANDOM"})
    CHECK(analyzer::variant_is_standard(standard));
}

TEST_CASE("Chess960 games start from their FEN and castle as Chess960", "[pgn][replay]") {
  auto cutechess = replay_file("syntax/niklasf_python-chess_pgn/cutechess-fischerrandom.pgn");
  REQUIRE(cutechess.size() == 4);
  for (const auto& g : cutechess) {
    REQUIRE(g);
    CHECK(g->chess960);
    CHECK(std::to_string(g->moves.size()) == *g->raw.tag("PlyCount"));
    CHECK(board::Position::from_fen(*g->raw.tag("FEN"))->fen() == g->start.fen());
  }
  // Game 1, 21. O-O-O: the king goes from e1 to c1 and the rook from d1 to d1's castling
  // square; in Chess960 notation the move is king-takes-rook.
  const Game& first = *cutechess[0];
  board::Position pos = first.start;
  for (int i = 0; i < 40; ++i) pos.do_move(first.moves[std::size_t(i)]);
  CHECK(first.raw.moves[40].text() == "O-O-O");
  CHECK(first.moves[40].kind() == board::MoveKind::Castling);
  CHECK(board::to_uci(pos, first.moves[40]) == "e1d1");

  auto complete = replay_file("syntax/lichess-org_scalachess_fixtures/complete960.pgn");
  REQUIRE(complete.size() == 1);
  REQUIRE(complete[0]);
  CHECK(complete[0]->chess960);
  CHECK(complete[0]->moves.size() == 42);  // its PlyCount tag
  // An ePGN tag before the Event tag; HAha castling (Shredder-FEN).
  auto st_louis = replay_file("syntax/lichess-org_scalachess_fixtures/stLouisFischerandom.pgn");
  REQUIRE(st_louis.size() == 1);
  REQUIRE(st_louis[0]);
  CHECK(st_louis[0]->chess960);
  CHECK(st_louis[0]->moves.size() == 51);  // 26. Ke3 *
}

TEST_CASE("start positions from FEN tags, leniently where files are sloppy", "[pgn][replay]") {
  // caissa.pgn: the FEN claims KQkq with neither rooks nor kings in place; the rights are
  // dropped, and the game (22... Nf6 to 42... Qfh2#) replays.
  auto caissa = replay_file("syntax/lichess-org_scalachess_fixtures/caissa.pgn");
  REQUIRE(caissa.size() == 1);
  REQUIRE(caissa[0]);
  CHECK(caissa[0]->moves.size() == 41);
  CHECK(caissa[0]->start.castling_rights() == 0);
  CHECK(caissa[0]->start.side_to_move() == board::Color::Black);
  CHECK(caissa[0]->start.fullmove_number() == 22);
  bool warned = false;
  for (const auto& w : caissa[0]->raw.warnings) warned |= w.find("castling rights KQkq dropped") != std::string::npos;
  CHECK(warned);

  // fromPositionEmptyFen.pgn: "From Position" and SetUp "1" without a FEN tag.
  auto empty = replay_file("syntax/lichess-org_scalachess_fixtures/fromPositionEmptyFen.pgn");
  REQUIRE(empty.at(0));
  CHECK(empty[0]->moves.size() == 164);  // its PlyCount tag
  CHECK(empty[0]->start.fen() == board::Position::startpos().fen());

  auto promotion = replay_file("syntax/lichess-org_scalachess_fixtures/fromLichessBadPromotion.pgn");
  REQUIRE(promotion.at(0));
  CHECK(promotion[0]->moves.size() == 13);
  CHECK(promotion[0]->start.fen() == "8/8/1KP5/3r4/8/8/8/k7 w - - 0 1");

  auto black_first = replay_file("syntax/jhlywa_chess.js___tests___pgn/3.pgn");  // "1. ... Ba5"
  REQUIRE(black_first.at(0));
  CHECK(black_first[0]->moves.size() == 4);

  auto bad = replay_text("[SetUp \"1\"]\n[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\n1. e4 *\n");
  REQUIRE_FALSE(bad.at(0));
  CHECK(bad[0].error().kind == Kind::Setup);
  CHECK_THAT(bad[0].error().message, Catch::StartsWith("FEN tag: ") && Catch::Contains("no king"));
  auto unreadable = replay_text("[SetUp \"1\"]\n[FEN \"rnbqkbnr/pppppppp/8/8 w KQkq - 0 1\"]\n\n*\n");
  REQUIRE_FALSE(unreadable.at(0));
  CHECK(unreadable[0].error().kind == Kind::Setup);
}

TEST_CASE("UCI and long algebraic movetext, castling spelled three ways", "[pgn][replay]") {
  auto uci = replay_file("syntax/niklasf_python-chess_pgn/uci-moves.pgn");
  REQUIRE(uci.at(0));
  CHECK(uci[0]->moves.size() == 113);  // the file's 113 UCI moves
  for (const char* file : {"syntax/lichess-org_scalachess_fixtures/clonoNoExoticNotation.pgn",
                           "syntax/lichess-org_scalachess_fixtures/chessByPost.pgn",
                           "syntax/lichess-org_scalachess_fixtures/android.pgn",
                           "syntax/notnil_chess_fixtures_pgns/0015.pgn"}) {
    INFO(file);
    auto games = replay_file(file);
    REQUIRE(games.size() == 1);
    CHECK(games[0]);
  }
  CHECK(replay_file("syntax/lichess-org_scalachess_fixtures/android.pgn")[0]->moves.size() == 69);  // PlyCount

  for (const char* file : {"syntax/longCastles.pgn", "syntax/shortCastles.pgn"}) {
    auto games = replay_file(file);
    REQUIRE(games.size() == 3);  // O-O, o-o and 0-0 spellings of one game
    REQUIRE(games[0]);
    for (const auto& g : games) {
      REQUIRE(g);
      CHECK(g->end.fen() == games[0]->end.fen());
    }
    bool castled = false;
    for (auto m : games[0]->moves) castled |= m.kind() == board::MoveKind::Castling;
    CHECK(castled);
  }
}

TEST_CASE("every PlyCount tag of the fixtures matches the plies replayed", "[pgn][replay]") {
  // One file disagrees with itself: chessbaseArrows.pgn says PlyCount "0" above "1. e4".
  const std::set<std::string> known = {"lichess-org_scalachess_fixtures/chessbaseArrows.pgn game 1"};
  std::set<std::string> disagree;
  int checked = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(test::fixture("pgn/syntax"))) {
    if (!entry.is_regular_file() || entry.path().extension() != ".pgn") continue;  // not the README
    std::string name = std::filesystem::relative(entry.path(), test::fixture("pgn/syntax")).string();
    for (const auto& g : replay_file("syntax/" + name)) {
      if (!g) continue;
      if (const std::string* count = g->raw.tag("PlyCount")) {
        ++checked;
        if (*count != std::to_string(g->moves.size()))
          disagree.insert(name + " game " + std::to_string(g->raw.index));
      }
    }
  }
  CHECK(disagree == known);
  CHECK(checked >= 30);
}

TEST_CASE("games the fixtures hold that cannot be replayed, and why", "[pgn][replay]") {
  // A null move ("Z0", 41... in anastasian-lewis.pgn) is no move of chess.
  auto null_move = replay_file("syntax/niklasf_python-chess_pgn/anastasian-lewis.pgn");
  REQUIRE_FALSE(null_move.at(0));
  CHECK_THAT(null_move[0].error().to_string(), Catch::Contains("move 41... Z0: a null move"));
  // immortal-games.pgn writes four moves that two pieces can make (5... Nd7 with knights
  // on b8 and f6 in game 1, ...): ambiguous, never guessed.
  auto immortal = replay_file("syntax/niklasf_python-chess_games/immortal-games.pgn");
  REQUIRE(immortal.size() == 36);
  std::vector<int> ambiguous;
  for (const auto& g : immortal)
    if (!g) {
      CHECK_THAT(g.error().message, Catch::Contains("ambiguous"));
      ambiguous.push_back(g.error().game);
    }
  CHECK(ambiguous == std::vector<int>{1, 17, 25, 34});
  CHECK_THAT(immortal[0].error().to_string(), Catch::StartsWith("game 1, line 17: move 5... Nd7: ambiguous"));
}

TEST_CASE("the final position keeps its history, move numbers out of step are noted", "[pgn][replay]") {
  auto games = replay_text("1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 *");
  REQUIRE(games.at(0));
  const Game& g = *games[0];
  CHECK(g.end.ply() == 8);
  CHECK(g.end.repetitions() == 2);
  CHECK(g.end.fen() == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 8 5");
  CHECK(g.move_lines == std::vector<int>(8, 1));

  auto skipped = replay_text("1. e4 e5 3. Nf3 Nc6 *");
  REQUIRE(skipped.at(0));
  bool noted = false;
  for (const auto& w : skipped[0]->raw.warnings) noted |= w.find("move number 3 written where 2") != std::string::npos;
  CHECK(noted);
}

TEST_CASE("the rule ending found while replaying is first_rule_ending's", "[pgn][replay]") {
  // Every fixture game, and constructed ones for the endings the exports lack: a fivefold
  // repetition, the 75-move rule, a mate on the move that completes 75 moves, a game
  // over at its start, and moves written after a mate.
  std::vector<Replayed> games;
  for (const char* file : {"lichess-games.pgn", "chesscom-games.pgn"})
    for (auto& g : replay_file(file)) games.push_back(std::move(g));
  for (const auto& entry : std::filesystem::recursive_directory_iterator(test::fixture("pgn/syntax"))) {
    if (!entry.is_regular_file() || entry.path().extension() != ".pgn") continue;
    std::string name = std::filesystem::relative(entry.path(), test::fixture("pgn/syntax")).string();
    for (auto& g : replay_file("syntax/" + name)) games.push_back(std::move(g));
  }
  const std::string built =
      "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 8. Ng1 Ng8 9. e4 *\n\n"
      "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/R3K3 w - - 148 80\"]\n\n80. Kd1 Kd8 81. Kc1 *\n\n"
      "[SetUp \"1\"]\n[FEN \"k7/8/1K6/8/8/8/8/7R w - - 149 80\"]\n\n80. Rh8# 1-0\n\n"
      "[SetUp \"1\"]\n[FEN \"k6R/8/1K6/8/8/8/8/8 b - - 0 80\"]\n\n*\n\n"
      "[SetUp \"1\"]\n[FEN \"k6R/8/1K6/8/8/8/8/8 b - - 0 80\"]\n\n80... Kb8 81. Kc6 1-0\n\n"
      "1. f3 e5 2. g4 Qh4# 3. Kf2 1-0\n";
  for (auto& g : replay_text(built)) games.push_back(std::move(g));
  std::map<analyzer::Ending, int> kinds;
  int replayed = 0;
  for (const auto& g : games) {
    if (!g) continue;
    ++replayed;
    auto expected = analyzer::first_rule_ending(g->start, g->moves);
    INFO("game " << g->raw.index << " from line " << g->raw.first_line);
    REQUIRE(g->rule_ending.has_value() == expected.has_value());
    if (!expected) continue;
    CHECK(g->rule_ending->kind == expected->kind);
    CHECK(g->rule_ending->ply == expected->ply);
    CHECK(g->rule_ending->result == expected->result);
    ++kinds[expected->kind];
  }
  CHECK(replayed > 2700);
  for (auto kind : {analyzer::Ending::Checkmate, analyzer::Ending::Stalemate, analyzer::Ending::Fivefold,
                    analyzer::Ending::SeventyFive})
    CHECK(kinds[kind] > 0);
}
