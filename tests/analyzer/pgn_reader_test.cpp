// The PGN reader: real exports read game by game (counts, first lines, tags, moves and
// results checked against facts taken from the files with plain text searches); every
// fixture file read without a crash and with the number of games it holds; the syntax
// that real files use; broken games reported with their line, the next game still read;
// gzip and zstd input; arbitrary bytes never crash the reader.
#include <catch2/catch.hpp>
#include <zlib.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <sstream>

#if ARBITER_HAVE_ZSTD
#include <zstd.h>
#endif

#include "analyzer/pgn_reader.hpp"
#include "support.hpp"

using namespace arbiter;
using analyzer::PgnReader;
using analyzer::RawGame;

namespace {

std::vector<RawGame> read_text(const std::string& text) {
  std::istringstream in(text);
  PgnReader reader(in);
  std::vector<RawGame> out;
  while (auto g = reader.next()) out.push_back(std::move(*g));
  return out;
}

std::vector<RawGame> read_file(const std::string& path) {
  auto reader = PgnReader::open(path);
  if (!reader) throw std::runtime_error(reader.error());
  std::vector<RawGame> out;
  while (auto g = reader->next()) out.push_back(std::move(*g));
  return out;
}

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::vector<std::string> texts(const RawGame& g) {
  std::vector<std::string> out;
  for (const auto& m : g.moves) out.push_back(std::string(m.text()));
  return out;
}

bool any_contains(const std::vector<std::string>& lines, const std::string& part) {
  for (const auto& l : lines)
    if (l.find(part) != std::string::npos) return true;
  return false;
}

std::size_t count_of(const std::string& text, const std::string& part) {
  std::size_t n = 0;
  for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + part.size())) ++n;
  return n;
}

// What a text search finds about each game of a server export, where every game starts
// with an Event tag line and every move carries a clock comment: the line of its Event
// tag, its Result tag, and the number of "%clk" commands (one per ply).
struct ExportFacts {
  int first_line;
  std::string result;
  std::size_t clocks;
};

std::vector<ExportFacts> export_facts(const std::string& path) {
  std::vector<ExportFacts> out;
  std::istringstream in(slurp(path));
  int n = 0;
  for (std::string line; std::getline(in, line);) {
    ++n;
    if (line.starts_with("[Event ")) out.push_back({n, "", 0});
    if (out.empty()) continue;
    if (line.starts_with("[Result \"")) out.back().result = line.substr(9, line.find('"', 9) - 9);
    out.back().clocks += count_of(line, "%clk");
  }
  return out;
}

void check_export(const std::string& name, std::size_t games) {
  auto facts = export_facts(test::fixture("pgn/" + name));
  auto read = read_file(test::fixture("pgn/" + name));
  REQUIRE(facts.size() == games);
  REQUIRE(read.size() == games);
  int wrong = 0;
  for (std::size_t i = 0; i < games; ++i) {
    const RawGame& g = read[i];
    bool ok = g.index == int(i) + 1 && g.first_line == facts[i].first_line && !g.error && g.warnings.empty() &&
              g.moves.size() == facts[i].clocks && g.termination == facts[i].result && g.tag("Event") &&
              g.tag("Result") && *g.tag("Result") == facts[i].result;
    if (!ok && wrong++ < 3) {
      INFO(name << " game " << i + 1 << ": index " << g.index << ", first line " << g.first_line << " (expected "
                << facts[i].first_line << "), " << g.moves.size() << " moves (expected " << facts[i].clocks
                << "), result '" << g.termination << "' (expected '" << facts[i].result << "')");
      CHECK(ok);
    }
  }
  CHECK(wrong == 0);
}

}  // namespace

TEST_CASE("Lichess export: 999 games, each with its Event line, every ply and its result", "[pgn][reader]") {
  check_export("lichess-games.pgn", 999);
}

TEST_CASE("chess.com export: 1,790 games, each with its Event line, every ply and its result", "[pgn][reader]") {
  check_export("chesscom-games.pgn", 1790);
}

TEST_CASE("every fixture file is read without a crash, with the games it holds", "[pgn][reader]") {
  // Files whose games do not each start with an "[Event " line; their games counted by
  // reading them: tag-less move lists, Variant-only tags, a BOM before the Event tag.
  const std::map<std::string, int> by_reading = {
      {"lichess-org_chessops_data/headers-and-moves-on-the-same-line.pgn", 3},
      {"lichess-org_chessops_data/leading-whitespace.pgn", 4},
      {"lichess-org_chessops_data/pathological-headers.pgn", 1},
      {"lichess-org_scalachess_fixtures/invisibleChar.pgn", 1},
      {"niklasf_python-chess_pgn/antichess-programfox.pgn", 2},
      {"niklasf_python-chess_pgn/utf8-bom.pgn", 2},
  };
  int files = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(test::fixture("pgn"))) {
    if (!entry.is_regular_file() || entry.path().extension() != ".pgn") continue;  // not the README
    ++files;
    std::string path = entry.path().string();
    std::string relative = std::filesystem::relative(entry.path(), test::fixture("pgn/syntax")).string();
    INFO(path);
    std::vector<RawGame> games;
    REQUIRE_NOTHROW(games = read_file(path));
    for (std::size_t i = 0; i < games.size(); ++i) REQUIRE(games[i].index == int(i) + 1);
    std::string text = slurp(path);
    int expected = 0;
    if (auto it = by_reading.find(relative); it != by_reading.end()) expected = it->second;
    else if (text.find("[Event ") != std::string::npos) expected = int(count_of("\n" + text, "\n[Event "));
    else expected = 1;  // a single tag-less game, or a single game without an Event tag
    CHECK(int(games.size()) == expected);
  }
  CHECK(files == 116);  // the two exports, the Lichess 2012 sample and 113 syntax files
}

TEST_CASE("comments: braces over lines, semicolons to the line's end, % escape lines", "[pgn][reader]") {
  auto games = read_text(
      "% an escape line, ignored\n"
      "[Event \"c\"]\n"
      "\n"
      "{before} 1. e4 {a comment (with a paren\n"
      "over [two] lines; and ; semicolons} e5 ; to the end { of the line\n"
      "2. Nf3 {} Nc6 {[%clk 0:01:00]} 3. Bb5 *\n");
  REQUIRE(games.size() == 1);
  CHECK(texts(games[0]) == std::vector<std::string>{"e4", "e5", "Nf3", "Nc6", "Bb5"});
  CHECK(games[0].termination == "*");
  CHECK(games[0].warnings.empty());
  CHECK_FALSE(games[0].error);
}

TEST_CASE("nested variations are skipped, the main line kept", "[pgn][reader]") {
  auto games = read_text("1. e4 (1. d4 d5 (1... Nf6 2. c4 (2. Nf3)) 2. c4 {x (y}) e5 (1... c5) 2. Nf3 1-0");
  REQUIRE(games.size() == 1);
  CHECK(texts(games[0]) == std::vector<std::string>{"e4", "e5", "Nf3"});
  CHECK(games[0].termination == "1-0");

  // scalachess' variations.pgn: the main line read by eye from the file.
  auto file = read_file(test::fixture("pgn/syntax/lichess-org_scalachess_fixtures/variations.pgn"));
  REQUIRE(file.size() == 1);
  CHECK(texts(file[0]) == std::vector<std::string>{"e4", "d6", "d4", "c6", "f4", "Qc7", "Nf3", "h6", "Bd3", "Bg4",
                                                   "O-O", "Nd7", "Nc3", "a6", "Be3", "e5", "fxe5", "dxe5", "d5",
                                                   "c5"});
}

TEST_CASE("NAGs, suffix annotations and evaluation glyphs are no moves", "[pgn][reader]") {
  auto games = read_text("1. e4! $1 e5?! $6 2. Nf3!! $3 Nc6?? 3. Bb5!? +- a6 \xe2\xa9\xb1 4. Ba4 $146 *");
  REQUIRE(games.size() == 1);
  CHECK(texts(games[0]) == std::vector<std::string>{"e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4"});
}

TEST_CASE("move numbers in every style, and the number written before each move", "[pgn][reader]") {
  auto games = read_text("1.e4 1...e5 2 . Nf3 2... Nc6 3.Bb5 3. .. a6 4.Ba4 Nf6 12...O-O *");
  REQUIRE(games.size() == 1);
  const auto& moves = games[0].moves;
  REQUIRE(texts(games[0]) == std::vector<std::string>{"e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O"});
  std::vector<int> numbers;
  for (const auto& m : moves) numbers.push_back(m.number);
  CHECK(numbers == std::vector<int>{1, 1, 2, 2, 3, 3, 4, 0, 12});
}

TEST_CASE("each move knows its line, a game knows its first line", "[pgn][reader]") {
  auto games = read_text("\n\n[Event \"a\"]\n\n1. e4 e5\n2. Nf3\n{comment\n}\nNc6 *\n\n[Event \"b\"]\n1. d4 *\n");
  REQUIRE(games.size() == 2);
  CHECK(games[0].first_line == 3);
  std::vector<int> lines;
  for (const auto& m : games[0].moves) lines.push_back(m.line);
  CHECK(lines == std::vector<int>{5, 5, 6, 9});
  CHECK(games[1].first_line == 11);
  CHECK(games[1].moves.at(0).line == 12);
}

TEST_CASE("tag values are unescaped, brackets and quotes inside values stay", "[pgn][reader]") {
  // chessops' pathological-headers.pgn: [A "b\""] [B "b\""] [C "A]]"] [D "A]]["] ...
  auto games = read_file(test::fixture("pgn/syntax/lichess-org_chessops_data/pathological-headers.pgn"));
  REQUIRE(games.size() == 1);
  const RawGame& g = games[0];
  std::vector<std::pair<std::string, std::string>> expected = {
      {"A", "b\""}, {"B", "b\""}, {"C", "A]]"}, {"D", "A]]["}, {"E", "\"A]][\""}, {"F", "\"A]][\"\\"}, {"G", "\"]"}};
  CHECK(g.tags == expected);
  CHECK(g.moves.empty());
  CHECK(*g.tag("D") == "A]][");
  CHECK(g.tag("Event") == nullptr);
}

TEST_CASE("tags and moves on one line, inline tags, leading blanks", "[pgn][reader]") {
  auto same_line = read_file(test::fixture("pgn/syntax/lichess-org_chessops_data/headers-and-moves-on-the-same-line.pgn"));
  REQUIRE(same_line.size() == 3);
  for (const auto& g : same_line) {
    CHECK(g.tags == std::vector<std::pair<std::string, std::string>>{{"Variant", "Antichess"}});
    CHECK(texts(g) == std::vector<std::string>{"e3", "e6", "b4", "Bxb4", "Qg4"});
  }
  auto leading = read_file(test::fixture("pgn/syntax/lichess-org_chessops_data/leading-whitespace.pgn"));
  REQUIRE(leading.size() == 4);
  for (const auto& g : leading) CHECK(texts(g) == std::vector<std::string>{"e4", "e5", "Nf3", "Nc6", "Bb5"});
  CHECK(leading[3].tags.empty());

  auto inline_tags = read_file(test::fixture("pgn/syntax/lichess-org_scalachess_fixtures/inlineTags.pgn"));
  REQUIRE(inline_tags.size() == 1);
  CHECK(inline_tags[0].tags.size() == 11);
  CHECK(*inline_tags[0].tag("Site") == "Lille");
  CHECK(inline_tags[0].moves.size() == 35);  // its PlyCount tag
}

TEST_CASE("a byte-order mark, at the start or later in the file", "[pgn][reader]") {
  auto bom = read_file(test::fixture("pgn/syntax/niklasf_python-chess_pgn/utf8-bom.pgn"));
  REQUIRE(bom.size() == 2);
  CHECK(bom[0].tags.front() == std::pair<std::string, std::string>{"Event", "A"});
  CHECK(*bom[1].tag("Event") == "B");
  CHECK(bom[0].termination == "*");
  auto invisible = read_file(test::fixture("pgn/syntax/lichess-org_scalachess_fixtures/invisibleChar.pgn"));
  REQUIRE(invisible.size() == 1);
  CHECK(*invisible[0].tag("Event") == "Potsdam");
  CHECK(invisible[0].moves.size() == 19);  // its PlyCount tag
  CHECK(invisible[0].termination == "1/2-1/2");
}

TEST_CASE("results with unicode dashes and halves, forfeits, and result tags", "[pgn][reader]") {
  auto result_of = [](const std::string& file) {
    auto g = read_file(test::fixture("pgn/syntax/lichess-org_scalachess_fixtures/" + file));
    REQUIRE(g.size() == 1);
    return g[0].termination;
  };
  CHECK(result_of("unicodeResultDraw.pgn") == "1/2-1/2");           // ½-½
  CHECK(result_of("unicodeResultWeirdDashDraw.pgn") == "1/2-1/2");  // 1/2–1/2
  CHECK(result_of("unicodeResultWeirdDashWin.pgn") == "1-0");       // 1–0
  CHECK(result_of("fromChessProgrammingWiki.pgn") == "1-0");
  CHECK(result_of("blackAbsentResult.pgn") == "1-0");  // "+--": Black forfeited

  using analyzer::normalise_result;
  CHECK(normalise_result("1-0") == "1-0");
  CHECK(normalise_result(" 0-1 ") == "0-1");
  CHECK(normalise_result("1/2-1/2") == "1/2-1/2");
  CHECK(normalise_result("\xc2\xbd-\xc2\xbd") == "1/2-1/2");
  CHECK(normalise_result("1\xe2\x80\x93" "0") == "1-0");
  CHECK(normalise_result("0\xe2\x88\x92" "1") == "0-1");
  CHECK(normalise_result("*") == "*");
  CHECK(normalise_result("--+") == "0-1");
  for (const char* no : {"", "?", "1-1", "0-0", "1/2-", "e4", "1.", "2-0", "1-0 1-0"}) {
    INFO(no);
    CHECK(normalise_result(no).empty());
  }
}

TEST_CASE("castling spellings, en-passant remarks and unicode dashes in moves", "[pgn][reader]") {
  auto weird = read_file(test::fixture("pgn/syntax/lichess-org_scalachess_fixtures/weirdDashes.pgn"));
  REQUIRE(weird.size() == 1);
  CHECK(weird[0].moves.at(14).text() == "O-O");  // 8. O‑O with U+2011
  CHECK(weird[0].moves.at(17).text() == "O-O");
  for (const char* file : {"enpassantEP.pgn", "enpassantEP2.pgn"}) {
    auto g = read_file(test::fixture(std::string("pgn/syntax/lichess-org_scalachess_fixtures/") + file));
    REQUIRE(g.size() == 1);
    REQUIRE(g[0].moves.size() == 36);
    CHECK(g[0].moves[34].text() == "bxa6");
  }
  auto ep3 = read_file(test::fixture("pgn/syntax/lichess-org_scalachess_fixtures/enpassantEP3.pgn"));
  CHECK(texts(ep3.at(0)) == std::vector<std::string>{"e4", "d5", "e5", "f5", "exf6"});
  auto castles = read_text("1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0 o-o-o *");
  CHECK(texts(castles.at(0)).back() == "o-o-o");
  CHECK(texts(castles.at(0))[6] == "0-0");
}

TEST_CASE("a truncated game keeps what was written and says the result is missing", "[pgn][reader]") {
  auto games = read_text("[Event \"t\"]\n\n1. e4 e5 2. Nf");
  REQUIRE(games.size() == 1);
  CHECK(texts(games[0]) == std::vector<std::string>{"e4", "e5", "Nf"});
  CHECK(games[0].termination.empty());
  CHECK_FALSE(games[0].error);
  CHECK(any_contains(games[0].warnings, "without a result"));
  auto in_tag = read_text("[Event \"a\"]\n1. e4 *\n[Event \"b\"]\n[Site \"trunc");
  REQUIRE(in_tag.size() == 2);
  REQUIRE(in_tag[1].error);
  CHECK(in_tag[1].error->line == 4);
}

TEST_CASE("an unclosed comment is an error at its line, the next game is still read", "[pgn][reader]") {
  auto games = read_text(
      "[Event \"a\"]\n"
      "\n"
      "1. e4 e5 2. Nf3 { never closed\n"
      "Nc6 3. Bb5 1-0\n"
      "\n"
      "[Event \"b\"]\n"
      "\n"
      "1. d4 d5 *\n");
  REQUIRE(games.size() == 2);
  REQUIRE(games[0].error);
  CHECK(games[0].error->line == 3);
  CHECK_THAT(games[0].error->message, Catch::Contains("'{'") && Catch::Contains("never closed"));
  CHECK(texts(games[0]) == std::vector<std::string>{"e4", "e5", "Nf3"});
  CHECK(games[1].index == 2);
  CHECK_FALSE(games[1].error);
  CHECK(*games[1].tag("Event") == "b");
  CHECK(texts(games[1]) == std::vector<std::string>{"d4", "d5"});

  auto at_end = read_text("1. e4 e5 {runs to the end\n");
  REQUIRE(at_end.size() == 1);
  REQUIRE(at_end[0].error);
  CHECK(at_end[0].error->line == 1);
}

TEST_CASE("an unclosed variation is an error, the next game is still read", "[pgn][reader]") {
  auto games = read_text("[Event \"a\"]\n1. e4 (1. d4 d5 2. c4\n\n[Event \"b\"]\n1. c4 *\n");
  REQUIRE(games.size() == 2);
  REQUIRE(games[0].error);
  CHECK(games[0].error->line == 2);
  CHECK_THAT(games[0].error->message, Catch::Contains("'('"));
  CHECK(texts(games[1]) == std::vector<std::string>{"c4"});
  auto at_end = read_text("1. e4 (1. d4\n");
  REQUIRE(at_end.size() == 1);
  CHECK(at_end[0].error);
}

TEST_CASE("quotes: one left open at a tag line's end is read, a broken tag is an error", "[pgn][reader]") {
  auto lenient = read_file(test::fixture("pgn/syntax/lichess-org_scalachess_fixtures/unclosedQuote.pgn"));
  REQUIRE(lenient.size() == 1);
  CHECK(*lenient[0].tag("Event") == "NII - Lille 2 / Tour Blanche Paris");
  CHECK(*lenient[0].tag("Site") == "Lille");
  CHECK(lenient[0].moves.size() == 35);  // its PlyCount tag
  CHECK(any_contains(lenient[0].warnings, "no closing quote"));

  auto broken = read_text(
      "[Event \"a\"]\n[Site \"no end\n[Date \"?\"]\n\n1. e4 e5 *\n\n"
      "[Event \"b\"]\n[Site \"x\"]\n\n1. d4 *\n\n"
      "[Event \"c\"]\n\n1. c4 *\n");
  REQUIRE(broken.size() == 3);
  REQUIRE(broken[0].error);
  CHECK(broken[0].error->line == 2);
  CHECK(*broken[1].tag("Event") == "b");
  CHECK(texts(broken[1]) == std::vector<std::string>{"d4"});
  CHECK(texts(broken[2]) == std::vector<std::string>{"c4"});

  auto unescaped = read_text("[Event \"The \"Big\" Match\"]\n1. e4 *");
  CHECK(*unescaped.at(0).tag("Event") == "The \"Big\" Match");
}

TEST_CASE("forum delimiters, HTML line breaks and stray brackets are skipped", "[pgn][reader]") {
  for (const char* file : {"withDelimiters.pgn", "withDelimitersOnNewLines.pgn"}) {
    auto g = read_file(test::fixture(std::string("pgn/syntax/lichess-org_scalachess_fixtures/") + file));
    REQUIRE(g.size() == 1);
    CHECK(g[0].moves.size() == 33);  // 17. Qe8# ends it
    CHECK(g[0].moves.back().text() == "Qe8#");
    CHECK(any_contains(g[0].warnings, "[pgn]"));
  }
  auto br = read_file(test::fixture("pgn/syntax/jhlywa_chess.js___tests___pgn/0.pgn"));
  REQUIRE(br.size() == 1);
  CHECK(br[0].tags.size() == 8);
  CHECK(*br[0].tag("GreatestGameEverPlayed?") == "True");
  CHECK(br[0].moves.size() == 77);  // 39. Re4# 1-0
  CHECK(br[0].termination == "1-0");
}

TEST_CASE("games without tags, tags without moves, a second Event tag starts a game", "[pgn][reader]") {
  auto games = read_text("1. e4 e5 *\n[Event \"only tags\"]\n[Site \"s\"]\n\n[Event \"next\"]\n\n1. d4 1/2-1/2\n");
  REQUIRE(games.size() == 3);
  CHECK(games[0].tags.empty());
  CHECK(games[1].moves.empty());
  CHECK(games[1].tags.size() == 2);
  CHECK(games[1].termination.empty());
  CHECK(*games[2].tag("Event") == "next");
  CHECK(games[2].termination == "1/2-1/2");
  CHECK(read_text("").empty());
  CHECK(read_text("\n \n% only an escape line\n").empty());
}

TEST_CASE("a game on one line of several MiB", "[pgn][reader]") {
  std::string text = "[Event \"long\"]\n";
  int plies = 0;
  for (int i = 1; text.size() < (3u << 20); ++i) {
    text += std::to_string(i) + ". Nf3 {" + std::string(100, 'x') + "} Nf6 " + std::to_string(i) + "... " +
            "Ng1 Ng8 ";
    plies += 4;  // four moves a round, two move numbers
  }
  text += "1/2-1/2\n[Event \"after\"]\n1. e4 *\n";
  auto games = read_text(text);
  REQUIRE(games.size() == 2);
  CHECK(int(games[0].moves.size()) == plies);
  CHECK(games[0].termination == "1/2-1/2");
  CHECK(*games[1].tag("Event") == "after");
}

TEST_CASE("gzip and zstd files read like the plain file", "[pgn][reader]") {
  std::string plain_path = test::fixture("pgn/lichess-games.pgn");
  std::string text = slurp(plain_path);
  auto expected = read_file(plain_path);
  REQUIRE(expected.size() == 999);
  auto dir = std::filesystem::temp_directory_path() / ("arbiter-pgn-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);

  // Two gzip members, split mid-game (as `cat a.gz b.gz` would make).
  std::string gz = (dir / "games.pgn.gz").string();
  {
    std::size_t half = text.size() / 2;
    gzFile f = gzopen(gz.c_str(), "wb");
    REQUIRE(f);
    REQUIRE(gzwrite(f, text.data(), unsigned(half)) == int(half));
    gzclose(f);
    f = gzopen(gz.c_str(), "ab");
    REQUIRE(gzwrite(f, text.data() + half, unsigned(text.size() - half)) == int(text.size() - half));
    gzclose(f);
  }
  auto same = [&](const std::vector<RawGame>& got) {
    REQUIRE(got.size() == expected.size());
    for (std::size_t i = 0; i < got.size(); ++i) {
      INFO("game " << i + 1);
      REQUIRE(got[i].tags == expected[i].tags);
      REQUIRE(texts(got[i]) == texts(expected[i]));
      REQUIRE(got[i].termination == expected[i].termination);
      REQUIRE(got[i].first_line == expected[i].first_line);
    }
  };
  same(read_file(gz));

  // A gzip file cut short: the reader stops with an input error, and never crashes.
  std::string cut = (dir / "cut.pgn.gz").string();
  {
    std::string bytes = slurp(gz);
    std::ofstream(cut, std::ios::binary) << bytes.substr(0, bytes.size() / 3);
  }
  auto reader = PgnReader::open(cut);
  REQUIRE(reader);
  RawGame g, last;
  int n = 0;
  while (reader->next(g)) ++n, last = g;
  CHECK(n > 0);
  CHECK(n < 999);
  REQUIRE(reader->input_error());
  CHECK_THAT(*reader->input_error(), Catch::Contains("gzip"));
  REQUIRE(last.error);
  CHECK_THAT(last.error->message, Catch::Contains("input error"));

#if ARBITER_HAVE_ZSTD
  std::string zst = (dir / "games.pgn.zst").string();
  {
    std::string out(ZSTD_compressBound(text.size()), '\0');
    std::size_t k = ZSTD_compress(out.data(), out.size(), text.data(), text.size(), 3);
    REQUIRE_FALSE(ZSTD_isError(k));
    std::ofstream(zst, std::ios::binary) << out.substr(0, k);
  }
  same(read_file(zst));
#else
  WARN("zstd input not tested: built without libzstd");
#endif
  std::filesystem::remove_all(dir);

  auto missing = PgnReader::open("/nonexistent/file.pgn");
  REQUIRE_FALSE(missing);
  CHECK_THAT(missing.error(), Catch::Contains("/nonexistent/file.pgn"));
}

TEST_CASE("reading from a stream and from the file give the same games", "[pgn][reader]") {
  std::string path = test::fixture("pgn/chesscom-games.pgn");
  std::ifstream in(path, std::ios::binary);
  PgnReader reader(in);
  auto from_file = read_file(path);
  RawGame g;
  std::size_t i = 0;
  while (reader.next(g)) {
    REQUIRE(i < from_file.size());
    REQUIRE(g.tags == from_file[i].tags);
    REQUIRE(texts(g) == texts(from_file[i]));
    ++i;
  }
  CHECK(i == from_file.size());
}

TEST_CASE("arbitrary bytes and mangled games never crash the reader", "[pgn][reader]") {
  std::mt19937 rng(20240601);
  std::string base = slurp(test::fixture("pgn/syntax/niklasf_python-chess_games/immortal-games.pgn"));
  const std::string alphabet = "{}()[];$\"<>!?.%*\\-+#=0123456789 \n\tNBRQKOabcdefgh\xc2\xbd\xe2\x80\x93\xef\xbb\xbf";
  for (int round = 0; round < 300; ++round) {
    std::string text;
    if (round % 2 == 0) {
      std::uniform_int_distribution<int> len(0, 2000), byte(0, 255);
      int n = len(rng);
      for (int i = 0; i < n; ++i)
        text += round % 4 == 0 ? char(byte(rng)) : alphabet[std::size_t(byte(rng)) % alphabet.size()];
    } else {
      text = base;
      std::uniform_int_distribution<std::size_t> at(0, text.size() - 1), pick(0, alphabet.size() - 1);
      for (int k = 0; k < 40; ++k) text[at(rng)] = alphabet[pick(rng)];
      text.resize(at(rng));
    }
    INFO("round " << round);
    std::vector<RawGame> games;
    REQUIRE_NOTHROW(games = read_text(text));
    for (std::size_t i = 0; i < games.size(); ++i) REQUIRE(games[i].index == int(i) + 1);
  }
}
