// The PGN reader's limits and damaged compressed input (issue #25): one game holds at
// most kPgnMaxGameMoves moves and kPgnMaxTags tags, each with an error naming the limit;
// damage in the middle of a gzip or zstd file never turns into games.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>
#include <zlib.h>
#if ARBITER_HAVE_ZSTD
#include <zstd.h>
#endif

#include "analyzer/pgn_reader.hpp"
#include "support.hpp"

using namespace arbiter;
using analyzer::PgnReader;
using analyzer::RawGame;

namespace {

std::vector<RawGame> read_all(PgnReader& reader) {
  std::vector<RawGame> out;
  while (auto g = reader.next()) out.push_back(std::move(*g));
  return out;
}

std::vector<RawGame> read_text(const std::string& text) {
  std::istringstream in(text);
  PgnReader reader(in);
  return read_all(reader);
}

// n short games, each "1. e4 e5 2. Nf3 Nc6 ... 1-0" with its own Round tag.
std::string many_games(int n) {
  std::string text;
  for (int i = 1; i <= n; ++i)
    text += "[Event \"e\"]\n[Round \"" + std::to_string(i) + "\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n\n";
  return text;
}

std::string gzip_member(const std::string& text) {
  z_stream z{};
  REQUIRE(deflateInit2(&z, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) == Z_OK);
  std::string out(deflateBound(&z, uLong(text.size())), '\0');
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(text.data()));
  z.avail_in = uInt(text.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = uInt(out.size());
  REQUIRE(deflate(&z, Z_FINISH) == Z_STREAM_END);
  out.resize(z.total_out);
  deflateEnd(&z);
  return out;
}

}  // namespace

TEST_CASE("a game longer than the move limit gets an error, the next game is read", "[pgn][reader][reliability]") {
  std::string text = "[Event \"long\"]\n\n";
  for (std::size_t i = 0; i < analyzer::kPgnMaxGameMoves / 4 + 10; ++i) text += "Nf3 Nf6 Ng1 Ng8 ";
  text += "1/2-1/2\n\n[Event \"after\"]\n\n1. e4 *\n";
  auto games = read_text(text);
  REQUIRE(games.size() == 2);
  REQUIRE(games[0].error);
  CHECK_THAT(games[0].error->message,
             Catch::Contains("more than " + std::to_string(analyzer::kPgnMaxGameMoves) + " moves"));
  CHECK(games[0].moves.size() == analyzer::kPgnMaxGameMoves);
  CHECK(*games[1].tag("Event") == "after");
  CHECK_FALSE(games[1].error);
}

TEST_CASE("a move token is kept cut, too many or too long tags are errors", "[pgn][reader][reliability]") {
  auto games = read_text("[Event \"x\"]\n\n1. " + std::string(100000, 'e') + " *\n");
  REQUIRE(games.size() == 1);
  REQUIRE(games[0].moves.size() == 1);
  CHECK(games[0].moves[0].text().size() == analyzer::kPgnMaxMoveText);
  // A '½' written as "1/2" lengthens a token that was short enough: it is cut again.
  std::string halves = "a";
  for (int i = 0; i < 15; ++i) halves += "\xc2\xbd";  // 31 bytes, 46 as "1/2"
  games = read_text("[Event \"x\"]\n\n1. " + halves + " *\n");
  REQUIRE(games.size() == 1);
  REQUIRE(games[0].moves.size() == 1);
  CHECK(games[0].moves[0].text() == "a1/21/21/21/21/21/21/21/21/21/21");

  std::string tags;
  for (std::size_t i = 0; i <= analyzer::kPgnMaxTags; ++i) tags += "[T" + std::to_string(i) + " \"v\"]\n";
  games = read_text(tags + "\n1. e4 *\n[Event \"next\"]\n\n1. d4 *\n");
  REQUIRE(games.size() == 2);
  REQUIRE(games[0].error);
  CHECK_THAT(games[0].error->message, Catch::Contains("more than 1000 tag pairs"));
  CHECK(games[0].tags.size() == analyzer::kPgnMaxTags);
  CHECK_FALSE(games[1].error);

  games = read_text("[Annotator \"" + std::string(100000, 'a') + "\"]\n\n1. e4 *\n");
  REQUIRE(games.size() == 1);
  REQUIRE(games[0].error);
  CHECK_THAT(games[0].error->message, Catch::Contains("tag Annotator is longer than 64 KiB"));
}

TEST_CASE("a line past the line limit is cut with an error naming it", "[pgn][reader][reliability]") {
  std::string text = "[Event \"x\"]\n\n1. e4 {" + std::string(analyzer::kPgnMaxLine + 10, 'c') + "} e5 *\n";
  auto games = read_text(text);
  REQUIRE_FALSE(games.empty());
  REQUIRE(games[0].error);
  CHECK_THAT(games[0].error->message, Catch::Contains("a line longer than 16 MiB"));
}

TEST_CASE("a gzip file damaged in the middle yields no garbage games", "[pgn][reader][reliability]") {
  test::TempDir dir;
  const std::string first = many_games(200), second = many_games(300);
  // Two members: the first intact, the second damaged in its middle.
  std::string gz1 = gzip_member(first), gz2 = gzip_member(second);
  for (std::size_t i = gz2.size() / 2; i < gz2.size() / 2 + 8; ++i) gz2[i] = char(gz2[i] ^ 0x5A);
  const std::string file = dir.file("damaged.pgn.gz");
  std::ofstream(file, std::ios::binary) << gz1 << gz2;

  auto reader = PgnReader::open(file);
  REQUIRE(reader);
  auto games = read_all(*reader);
  REQUIRE(reader->input_error());
  CHECK_THAT(*reader->input_error(), Catch::Contains("gzip"));
  // The first member's 200 games, intact; then one entry carrying the error; nothing else.
  REQUIRE(games.size() >= 200);
  for (int i = 0; i < 200; ++i) {
    INFO("game " << i + 1);
    CHECK_FALSE(games[i].error);
    CHECK(*games[i].tag("Round") == std::to_string(i + 1));
  }
  REQUIRE(games.size() == 201);
  REQUIRE(games[200].error);
  CHECK_THAT(games[200].error->message, Catch::Contains("input error") && Catch::Contains("nothing after game 200"));
}

#if ARBITER_HAVE_ZSTD
TEST_CASE("a zstd file damaged in the middle yields no garbage games", "[pgn][reader][reliability]") {
  test::TempDir dir;
  const std::string text = many_games(300);
  std::string zst(ZSTD_compressBound(text.size()), '\0');
  ZSTD_CCtx* c = ZSTD_createCCtx();
  ZSTD_CCtx_setParameter(c, ZSTD_c_checksumFlag, 1);
  std::size_t k = ZSTD_compress2(c, zst.data(), zst.size(), text.data(), text.size());
  ZSTD_freeCCtx(c);
  REQUIRE_FALSE(ZSTD_isError(k));
  zst.resize(k);
  for (std::size_t i = zst.size() / 2; i < zst.size() / 2 + 8; ++i) zst[i] = char(zst[i] ^ 0x5A);
  const std::string file = dir.file("damaged.pgn.zst");
  std::ofstream(file, std::ios::binary) << zst;
  auto reader = PgnReader::open(file);
  REQUIRE(reader);
  auto games = read_all(*reader);
  REQUIRE(reader->input_error());
  REQUIRE(games.size() == 1);
  REQUIRE(games[0].error);
  CHECK_THAT(games[0].error->message, Catch::Contains("input error"));
}
#endif
