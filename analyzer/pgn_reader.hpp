// Reading PGN text: a streaming reader that yields one game at a time, as written
// (tags, main-line move texts, the result token), without judging the moves. Memory is
// bounded by the limits below, never by the file: files of many gigabytes, plain, gzip-
// or zstd-compressed, are read in large chunks. Compressed text is passed on only once
// its checksum is verified (up to 64 MiB held per gzip member or zstd frame), so damage
// in the middle of a compressed file never turns into games.
//
// Lenient where real files are (BOMs, comments, nested variations, NAGs, every style of
// move number, tags and moves on one line, unicode result dashes, a quote left open at
// the end of a tag line), strict where text is lost: an unclosed comment, variation or
// tag is a syntax error with its line, and reading goes on with the next game.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <expected>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace arbiter::analyzer {

// What one game may hold: memory is bounded by these (and the line length), never by the
// file. Past a limit the game gets an error naming it; reading goes on with the next game.
inline constexpr std::size_t kPgnMaxLine = std::size_t(16) << 20;  // bytes; longer lines are cut
inline constexpr std::size_t kPgnMaxGameMoves = 100000;  // half-moves (the 75-move rule allows < 17700)
inline constexpr std::size_t kPgnMaxMoveText = 32;      // characters kept of one move token
inline constexpr std::size_t kPgnMaxTags = 1000;        // tag pairs per game
inline constexpr std::size_t kPgnMaxTagText = 64 << 10; // bytes of a tag name or value

// A syntax error in one game: what is wrong and the line (1-based) where it was found.
struct PgnError {
  std::string message;
  int line = 0;
};

// One main-line move as written: its text (annotation glyphs such as "!?" and an "e.p."
// suffix removed, unicode dashes in castling made '-'; check signs kept), the line it
// stands on, and the move number written right before it (0 when none was). The text is
// kept in place (at most kPgnMaxMoveText bytes): a game's moves are one block of memory.
struct MoveToken {
  std::string_view text() const { return {chars.data(), size}; }
  void set_text(std::string_view t) {  // its first kPgnMaxMoveText bytes: a longer token is no move
    size = uint8_t(std::min(t.size(), chars.size()));
    std::memcpy(chars.data(), t.data(), size);
  }
  std::array<char, kPgnMaxMoveText> chars;
  uint8_t size = 0;
  int line = 0;
  int number = 0;
};

// One game as written. `index` counts every game of the input from 1, the broken ones too.
struct RawGame {
  int index = 0;
  int first_line = 0;
  // Tag pairs in file order, values unescaped (\" and \\).
  std::vector<std::pair<std::string, std::string>> tags;
  // The main line only: variations, comments, NAGs and move numbers are skipped.
  std::vector<MoveToken> moves;
  // The result token that ended the movetext, normalised to "1-0", "0-1", "1/2-1/2" or
  // "*"; empty when the movetext ended without one.
  std::string termination;
  // Things read leniently (a quote left open, a stray ')', an unknown symbol, ...).
  std::vector<std::string> warnings;
  // Set when the game could not be read completely; tags and moves hold what was read.
  std::optional<PgnError> error;

  // The value of the first tag with that exact name, or nullptr.
  const std::string* tag(std::string_view name) const;
};

// "1-0", "0-1", "1/2-1/2" or "*" for the ways files write a result ("1–0" with any unicode
// dash, "½-½", "1/2", "+--"/"--+" for forfeits, surrounding blanks); empty if none of them.
// Serves both result tokens and `Result` tag values.
std::string_view normalise_result(std::string_view text);

// Streams the games of one input. Not thread-safe; one reader per input. Movable.
class PgnReader {
 public:
  // Reads a stream as it is (no decompression). The stream must outlive the reader.
  explicit PgnReader(std::istream& in);
  // The same for a stream that is the rest of a longer input cut at a game boundary (a
  // chunk of a large file): `lines_before` lines and `games_before` games came before it,
  // so line numbers and game indices are those of the whole input.
  PgnReader(std::istream& in, int lines_before, int games_before);
  // Opens a file ("-" is standard input); gzip and zstd are recognised by their magic
  // bytes and decompressed on the fly. The error says why the file cannot be read.
  static std::expected<PgnReader, std::string> open(const std::string& path);

  PgnReader(PgnReader&&) noexcept;
  PgnReader& operator=(PgnReader&&) noexcept;
  ~PgnReader();

  // Reads the next game into `out` (its storage is reused); false when the input is over.
  bool next(RawGame& out);
  std::optional<RawGame> next();

  // Set when reading stopped early because the input itself failed (I/O or a corrupt
  // compressed stream); the game being read then carries the error too.
  const std::optional<std::string>& input_error() const;
  // Bytes taken from the underlying file so far (compressed bytes for compressed input):
  // for progress reports against the file size.
  std::uint64_t bytes_consumed() const;

 private:
  struct Impl;
  explicit PgnReader(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace arbiter::analyzer
