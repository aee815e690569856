#include "analyzer/pgn_reader.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <istream>
#include <memory>
#include <utility>
#include <vector>

#if ARBITER_HAVE_ZSTD
#include <zstd.h>
#endif

namespace arbiter::analyzer {

namespace {

// A byte buffer whose growth leaves new bytes unset: input buffers are written by read()
// or a decompressor before any byte of them is read, so zeroing them (1 MiB per reader)
// would be wasted work.
class ByteBuffer {
 public:
  ByteBuffer() = default;
  explicit ByteBuffer(std::size_t n) { resize(n); }
  char* data() { return bytes_.get(); }
  const char* data() const { return bytes_.get(); }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  char operator[](std::size_t i) const { return bytes_[i]; }
  // Keeps the first min(n, size()) bytes.
  void resize(std::size_t n) {
    if (n > capacity_) {
      std::size_t capacity = std::max(n, 2 * capacity_);
      auto bytes = std::make_unique_for_overwrite<char[]>(capacity);
      if (size_ > 0) std::memcpy(bytes.get(), bytes_.get(), size_);
      bytes_ = std::move(bytes);
      capacity_ = capacity;
    }
    size_ = n;
  }
  void clear() { size_ = 0; }
  // Drops the first k bytes.
  void erase_front(std::size_t k) {
    std::memmove(bytes_.get(), bytes_.get() + k, size_ - k);
    size_ -= k;
  }

 private:
  std::unique_ptr<char[]> bytes_;
  std::size_t size_ = 0, capacity_ = 0;
};

// ---------------------------------------------------------------------------------------
// Byte sources: the raw file, a stream, and decompressors on top of a file.

class Source {
 public:
  virtual ~Source() = default;
  // Up to n bytes into dst; 0 at the end of the input or on an error (then `error` is set).
  virtual std::size_t read(char* dst, std::size_t n) = 0;
  // Bytes taken from the underlying file.
  virtual std::uint64_t consumed() const = 0;
  std::optional<std::string> error;
};

// A file descriptor, with a few bytes already read (the magic number) given back first.
class FdSource final : public Source {
 public:
  FdSource(int fd, bool owned, std::string head) : fd_(fd), owned_(owned), head_(std::move(head)) {}
  ~FdSource() override {
    if (owned_) ::close(fd_);
  }
  std::size_t read(char* dst, std::size_t n) override {
    if (head_pos_ < head_.size()) {
      std::size_t k = std::min(n, head_.size() - head_pos_);
      std::memcpy(dst, head_.data() + head_pos_, k);
      head_pos_ += k;
      return k;
    }
    for (;;) {
      ssize_t r = ::read(fd_, dst, n);
      if (r >= 0) {
        consumed_ += std::uint64_t(r);
        return std::size_t(r);
      }
      if (errno == EINTR) continue;
      error = std::string("read failed: ") + std::strerror(errno);
      return 0;
    }
  }
  std::uint64_t consumed() const override { return consumed_; }

 private:
  int fd_;
  bool owned_;
  std::string head_;
  std::size_t head_pos_ = 0;
  std::uint64_t consumed_ = 0;
};

class StreamSource final : public Source {
 public:
  explicit StreamSource(std::istream& in) : in_(in) {}
  std::size_t read(char* dst, std::size_t n) override {
    if (!in_) return 0;
    in_.read(dst, std::streamsize(n));
    auto k = std::size_t(in_.gcount());
    consumed_ += k;
    if (k == 0 && in_.bad()) error = "the input stream failed";
    return k;
  }
  std::uint64_t consumed() const override { return consumed_; }

 private:
  std::istream& in_;
  std::uint64_t consumed_ = 0;
};

constexpr std::size_t kCompressedChunk = 256 * 1024;
constexpr std::size_t kDecompressChunk = 256 * 1024;

// Decompressed text is held back until the checksum at the end of its gzip member or
// zstd frame has been verified, up to kVerifiedHold bytes: damage in the middle of a
// compressed file often decodes to plausible-looking garbage long before the checksum
// (or a decoding error) reveals it, and those bytes must never become games. A member
// longer than that is passed on unverified in kVerifiedHold pieces; damage found later
// then names how much unverified text was already read.
constexpr std::size_t kVerifiedHold = std::size_t(64) << 20;

// A decompressor's output, held until verified (see kVerifiedHold).
class VerifiedSource : public Source {
 public:
  std::size_t read(char* dst, std::size_t n) override {
    while (released_ == 0) {
      if (error || done_) return 0;
      std::size_t at = held_.size();
      held_.resize(at + kDecompressChunk);
      Step step = decompress(held_.data() + at, kDecompressChunk);
      held_.resize(at + step.produced);
      if (step.failed) {
        // The held text is not verified: dropped. Say what was already read unchecked.
        std::string what = *error;
        if (!held_.empty())
          what += "; the last " + describe_size(held_.size()) + " of text before it were dropped unread";
        if (unverified_)
          what += "; " + describe_size(unverified_) + " of text already read could not be verified (games read "
                  "from it may hold garbage)";
        error = what;
        held_.clear();
        return 0;
      }
      if (step.verified || done_) {
        released_ = held_.size();
      } else if (held_.size() >= kVerifiedHold) {
        released_ = held_.size();
        unverified_ += released_;
      }
    }
    std::size_t k = std::min(n, released_);
    std::memcpy(dst, held_.data() + given_, k);
    given_ += k;
    released_ -= k;
    if (released_ == 0) {
      held_.erase_front(given_);
      given_ = 0;
    }
    return k;
  }

 protected:
  struct Step {
    std::size_t produced = 0;
    bool verified = false;  // a member or frame ended here, its checksum verified
    bool failed = false;    // `error` is set
  };
  // Up to n decompressed bytes; sets done_ at the end of the input.
  virtual Step decompress(char* dst, std::size_t n) = 0;
  bool done_ = false;

 private:
  static std::string describe_size(std::size_t bytes) {
    if (bytes >= (std::size_t(1) << 20)) return std::to_string(bytes >> 20) + " MiB";
    return std::to_string(bytes) + " bytes";
  }
  ByteBuffer held_;
  std::size_t given_ = 0, released_ = 0;  // held_[given_, given_ + released_) may be read
  std::uint64_t unverified_ = 0;
};

// gzip (also several concatenated members, as `cat a.gz b.gz` makes).
class GzipSource final : public VerifiedSource {
 public:
  explicit GzipSource(std::unique_ptr<Source> inner) : inner_(std::move(inner)), in_(kCompressedChunk) {
    if (inflateInit2(&z_, 15 + 16) != Z_OK) error = "zlib could not be initialised";
  }
  ~GzipSource() override { inflateEnd(&z_); }
  std::uint64_t consumed() const override { return inner_->consumed(); }

 private:
  Step decompress(char* dst, std::size_t n) override {
    Step step;
    z_.next_out = reinterpret_cast<Bytef*>(dst);
    z_.avail_out = uInt(n);
    while (z_.avail_out > 0) {
      if (z_.avail_in == 0) {
        std::size_t k = inner_->read(in_.data(), in_.size());
        if (k == 0) {
          if (inner_->error) error = inner_->error;
          else if (!member_end_) error = "the gzip stream is truncated";
          step.failed = error.has_value();
          done_ = true;
          break;
        }
        z_.next_in = reinterpret_cast<Bytef*>(in_.data());
        z_.avail_in = uInt(k);
      }
      member_end_ = false;
      int r = inflate(&z_, Z_NO_FLUSH);
      if (r == Z_STREAM_END) {
        member_end_ = true;
        step.verified = true;  // inflate checked the member's CRC and length
        inflateReset(&z_);     // another member may follow
        break;
      } else if (r != Z_OK && r != Z_BUF_ERROR) {
        error = std::string("corrupt gzip data: ") + (z_.msg ? z_.msg : "inflate failed");
        step.failed = true;
        done_ = true;
        break;
      }
    }
    step.produced = n - z_.avail_out;
    return step;
  }

  std::unique_ptr<Source> inner_;
  ByteBuffer in_;
  z_stream z_{};
  bool member_end_ = false;
};

#if ARBITER_HAVE_ZSTD
class ZstdSource final : public VerifiedSource {
 public:
  explicit ZstdSource(std::unique_ptr<Source> inner)
      : inner_(std::move(inner)), in_(kCompressedChunk), ctx_(ZSTD_createDCtx()) {
    if (!ctx_) error = "zstd could not be initialised";
  }
  ~ZstdSource() override { ZSTD_freeDCtx(ctx_); }
  std::uint64_t consumed() const override { return inner_->consumed(); }

 private:
  Step decompress(char* dst, std::size_t n) override {
    Step step;
    ZSTD_outBuffer out{dst, n, 0};
    while (out.pos < n) {
      if (in_pos_ == in_size_) {
        in_size_ = inner_->read(in_.data(), in_.size());
        in_pos_ = 0;
        if (in_size_ == 0) {
          if (inner_->error) error = inner_->error;
          else if (!frame_end_) error = "the zstd stream is truncated";
          step.failed = error.has_value();
          done_ = true;
          break;
        }
      }
      ZSTD_inBuffer in{in_.data(), in_size_, in_pos_};
      std::size_t r = ZSTD_decompressStream(ctx_, &out, &in);
      in_pos_ = in.pos;
      if (ZSTD_isError(r)) {
        error = std::string("corrupt zstd data: ") + ZSTD_getErrorName(r);
        step.failed = true;
        done_ = true;
        break;
      }
      frame_end_ = r == 0;
      if (frame_end_) {
        step.verified = true;  // the frame's checksum, when it has one, was checked
        break;
      }
    }
    step.produced = out.pos;
    return step;
  }

  std::unique_ptr<Source> inner_;
  ByteBuffer in_;
  std::size_t in_pos_ = 0, in_size_ = 0;
  ZSTD_DCtx* ctx_;
  bool frame_end_ = true;
};
#endif

// ---------------------------------------------------------------------------------------
// Characters and small tokens.

constexpr bool is_blank(unsigned char c) { return c <= ' '; }
constexpr bool is_digit(char c) { return c >= '0' && c <= '9'; }
constexpr bool is_alnum(char c) { return is_digit(c) || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z'); }

// What a byte is to the token scanner: the bits below, looked up once per byte.
enum ByteClass : uint8_t {
  kDelimiter = 1,   // ends a move, number or symbol token
  kAlnum = 2,       // a letter or digit: a token with one is a move, else a symbol
  kResultByte = 4,  // '-', '/' or non-ASCII: only results written with digits hold one
  kNonAscii = 8,    // part of a unicode character
};
constexpr std::array<uint8_t, 256> kByteClass = [] {
  std::array<uint8_t, 256> d{};
  for (int c = 0; c <= ' '; ++c) d[c] |= kDelimiter;
  for (unsigned char c : std::string_view("{}()[];$\"<>!?")) d[c] |= kDelimiter;
  for (int c = 0; c < 256; ++c) {
    if (is_alnum(char(c))) d[c] |= kAlnum;
    if (c == '-' || c == '/' || c >= 0x80) d[c] |= kResultByte;
    if (c >= 0x80) d[c] |= kNonAscii;
  }
  return d;
}();

// Length of a unicode character that reads as a blank (BOM, no-break and zero-width
// spaces) at s[i], else 0.
std::size_t unicode_blank(std::string_view s, std::size_t i) {
  auto at = [&](std::size_t k) { return i + k < s.size() ? (unsigned char)s[i + k] : 0; };
  if (at(0) == 0xEF && at(1) == 0xBB && at(2) == 0xBF) return 3;  // U+FEFF
  if (at(0) == 0xC2 && at(1) == 0xA0) return 2;                   // U+00A0
  if (at(0) == 0xE2 && at(1) == 0x80 && (at(2) == 0x8B || at(2) == 0xAF)) return 3;  // U+200B, U+202F
  if (at(0) == 0xE3 && at(1) == 0x80 && at(2) == 0x80) return 3;  // U+3000
  return 0;
}

// Copies text with every unicode dash (U+2010..U+2015, U+2212) made '-' and '½' made
// "1/2" into out[0..limit); the length, or limit + 1 if the result would not fit.
std::size_t ascii_dashes(std::string_view text, char* out, std::size_t limit) {
  std::size_t n = 0;
  auto put = [&](std::string_view piece) {
    for (char c : piece) {
      if (n < limit) out[n] = c;
      ++n;
    }
  };
  for (std::size_t i = 0; i < text.size() && n <= limit; ++i) {
    auto c = (unsigned char)text[i];
    auto at = [&](std::size_t k) { return i + k < text.size() ? (unsigned char)text[i + k] : 0; };
    if (c == 0xE2 && at(1) == 0x80 && at(2) >= 0x90 && at(2) <= 0x95) {
      put("-");
      i += 2;
    } else if (c == 0xE2 && at(1) == 0x88 && at(2) == 0x92) {
      put("-");
      i += 2;
    } else if (c == 0xC2 && at(1) == 0xBD) {
      put("1/2");
      i += 1;
    } else {
      put(std::string_view(&text[i], 1));
    }
  }
  return std::min(n, limit + 1);
}

// Whether a whole line is one tag pair ("[Name "value"]", blanks around): the sign that
// a new game starts there, used to recover from an unclosed comment or a broken tag.
bool is_tag_line(std::string_view line, bool event_only) {
  std::size_t i = 0;
  while (i < line.size()) {
    if (is_blank((unsigned char)line[i])) ++i;
    else if (std::size_t k = unicode_blank(line, i)) i += k;
    else break;
  }
  if (i >= line.size() || line[i] != '[') return false;
  std::size_t name = ++i;
  while (i < line.size() && (is_alnum(line[i]) || line[i] == '_')) ++i;
  if (i == name || i >= line.size() || !is_blank((unsigned char)line[i])) return false;
  if (event_only && line.substr(name, i - name) != "Event") return false;
  while (i < line.size() && is_blank((unsigned char)line[i])) ++i;
  if (i >= line.size() || line[i] != '"') return false;
  std::size_t end = line.size();
  while (end > i && is_blank((unsigned char)line[end - 1])) --end;
  return end >= i + 3 && line[end - 1] == ']' && line[end - 2] == '"';
}

// Appends text to out with PGN string escapes (\" and \\) undone.
void append_unescaped(std::string& out, std::string_view text) {
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\\' && i + 1 < text.size() && (text[i + 1] == '"' || text[i + 1] == '\\')) ++i;
    out += text[i];
  }
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && is_blank((unsigned char)s.front())) s.remove_prefix(1);
  while (!s.empty() && is_blank((unsigned char)s.back())) s.remove_suffix(1);
  return s;
}

constexpr std::size_t kInitialBuffer = 1 << 20;
constexpr std::size_t kMaxWarnings = 32;
// Room made at a game's first move and first tag (most games need no more).
constexpr std::size_t kMovesReserved = 128;
constexpr std::size_t kTagsReserved = 32;

}  // namespace

const std::string* RawGame::tag(std::string_view name) const {
  for (const auto& [key, value] : tags)
    if (key == name) return &value;
  return nullptr;
}

std::string_view normalise_result(std::string_view text) {
  text = trim(text);
  constexpr std::size_t kLimit = 24;
  if (text.empty() || text.size() > kLimit) return {};
  char buffer[kLimit];
  std::size_t n = ascii_dashes(text, buffer, kLimit);
  if (n > kLimit) return {};
  std::string_view plain(buffer, n);
  if (plain == "1-0" || plain == "+--" || plain == "+-+") return "1-0";  // ChessBase forfeit marks
  if (plain == "0-1" || plain == "--+" || plain == "-+-") return "0-1";
  if (plain == "1/2-1/2" || plain == "1/2") return "1/2-1/2";
  if (plain == "*") return "*";
  return {};
}

// ---------------------------------------------------------------------------------------

struct PgnReader::Impl {
  std::unique_ptr<Source> source;
  ByteBuffer buffer = ByteBuffer(kInitialBuffer);
  std::size_t begin = 0, end = 0, scanned = 0;  // unread bytes [begin, end); no '\n' in [begin, scanned)
  bool source_done = false;

  int line_no = 0;
  std::string_view line;
  std::size_t col = 0;
  bool have_line = false;
  bool split_line = false;  // the current line was cut at kPgnMaxLine

  bool in_comment = false;
  int comment_line = 0;
  bool skipping = false;           // after a broken tag: until the next game's tags
  bool skipped_movetext = false;   // a non-tag line was skipped
  int games = 0;
  std::optional<std::string> input_error;
  bool input_error_reported = false;

  // The game being read.
  struct Building {
    RawGame* game = nullptr;
    bool started = false;
    bool movetext = false;
    int depth = 0;
    int depth_line = 0;
    int number = 0;
    bool blank_after_moves = false;  // a blank line since the last main-line move
    bool warned_reserved = false;
    bool over_move_limit = false;    // kPgnMaxGameMoves reached: moves are dropped
    bool over_tag_limit = false;     // kPgnMaxTags reached: tags are dropped
  };

  explicit Impl(std::unique_ptr<Source> s) : source(std::move(s)) {}

  // The next line, '\n' and a trailing '\r' removed; false at the end of the input.
  bool fetch_line() {
    for (;;) {
      const char* base = buffer.data();
      if (const void* nl = std::memchr(base + scanned, '\n', end - scanned)) {
        auto at = std::size_t(static_cast<const char*>(nl) - base);
        set_line(begin, at, at + 1);
        return true;
      }
      scanned = end;
      if (source_done) {
        if (begin == end) return false;
        set_line(begin, end, end);
        return true;
      }
      if (begin > 0) {
        std::memmove(buffer.data(), buffer.data() + begin, end - begin);
        end -= begin;
        scanned -= begin;
        begin = 0;
      }
      if (end == buffer.size()) {
        if (buffer.size() >= kPgnMaxLine) {  // a line this long is cut; the rest is a new line
          split_line = true;
          set_line(0, end, end);
          return true;
        }
        buffer.resize(buffer.size() * 2);
      }
      std::size_t k = source->read(buffer.data() + end, buffer.size() - end);
      if (k == 0) {
        source_done = true;
        if (source->error) input_error = source->error;
      }
      end += k;
    }
  }

  void set_line(std::size_t from, std::size_t to, std::size_t next) {
    std::size_t stop = to;
    if (stop > from && buffer[stop - 1] == '\r') --stop;
    line = std::string_view(buffer.data() + from, stop - from);
    begin = scanned = next;
    ++line_no;
    col = 0;
    have_line = true;
  }

  // --- building a game

  void warn(Building& b, std::string text) {
    auto& w = b.game->warnings;
    if (w.size() < kMaxWarnings) w.push_back("line " + std::to_string(line_no) + ": " + std::move(text));
    else if (w.size() == kMaxWarnings) w.push_back("more warnings left out");
  }

  void fail(Building& b, std::string message, int at_line) {
    start(b);
    if (!b.game->error) b.game->error = PgnError{std::move(message), at_line};
  }

  void start(Building& b) {
    if (b.started) return;
    b.started = true;
    b.game->first_line = line_no;
  }

  // Ends the game: numbers it and notes a missing result.
  bool complete(Building& b) {
    RawGame& g = *b.game;
    g.index = ++games;
    if (g.termination.empty() && !g.error) warn(b, "the movetext ends without a result");
    return true;
  }

  bool finish_at_end(Building& b) {
    have_line = false;
    if (input_error && !input_error_reported) {  // once, on the game it cut short
      input_error_reported = true;
      fail(b, "input error: " + *input_error + "; nothing after game " + std::to_string(games) + " is read",
           line_no);
    }
    if (in_comment) {
      in_comment = false;
      fail(b, "'{' opened at line " + std::to_string(comment_line) + " is never closed", comment_line);
    }
    if (b.depth > 0) fail(b, "'(' opened at line " + std::to_string(b.depth_line) + " is never closed", b.depth_line);
    if (!b.started) return false;
    return complete(b);
  }

  // Reads a tag pair at line[col] == '['. Returns false when the game ends before it
  // (the '[' is then read again for the next game).
  enum class TagStep { Read, GameEnds, Broken };
  TagStep read_tag(Building& b) {
    std::string_view s = line;
    std::size_t i = col + 1;
    while (i < s.size() && is_blank((unsigned char)s[i])) ++i;
    std::size_t name_begin = i;
    while (i < s.size() && !is_blank((unsigned char)s[i]) && s[i] != '"' && s[i] != ']' && s[i] != '[') ++i;
    std::string_view name = s.substr(name_begin, i - name_begin);
    while (i < s.size() && is_blank((unsigned char)s[i])) ++i;
    if (name.empty() || i >= s.size() || s[i] != '"') {
      // "[pgn]", "[/pgn]", "[#]": not a tag pair.
      std::size_t close = s.find(']', col);
      std::size_t stop = close == std::string_view::npos ? s.size() : close + 1;
      warn(b, "'" + std::string(s.substr(col, std::min<std::size_t>(stop - col, 40))) + "' is not a tag pair: skipped");
      col = stop;
      return TagStep::Read;
    }
    // A tag pair: the game ends before it when moves were read, or when it is a second
    // Event tag (a game of tags alone followed by the next one).
    if (b.depth > 0) {
      fail(b, "'(' opened at line " + std::to_string(b.depth_line) + " is never closed", b.depth_line);
      return TagStep::GameEnds;
    }
    if (b.movetext || (name == "Event" && b.game->tag("Event"))) return TagStep::GameEnds;
    start(b);

    std::size_t value_begin = ++i;
    std::size_t close = std::string_view::npos;  // the closing quote
    std::size_t after = 0;                       // where reading goes on
    bool escapes = false;
    for (; i < s.size(); ++i) {
      if (s[i] == '\\' && i + 1 < s.size()) {
        escapes = true;
        ++i;
      } else if (s[i] == '"') {
        close = i;
        break;
      }
    }
    std::string_view rest = s.substr(value_begin);
    std::string_view value;
    if (close == std::string_view::npos) {
      // The quote is never closed on this line. `[Event "Paris]` is read leniently.
      std::string_view t = trim(rest);
      if (t.empty() || t.back() != ']') {
        fail(b, "the value of tag " + std::string(name) + " has no closing quote", line_no);
        return TagStep::Broken;
      }
      value = trim(t.substr(0, t.size() - 1));
      warn(b, "the value of tag " + std::string(name) + " has no closing quote");
      after = s.size();
    } else {
      value = s.substr(value_begin, close - value_begin);
      std::size_t j = close + 1;
      while (j < s.size() && is_blank((unsigned char)s[j])) ++j;
      if (j < s.size() && s[j] == ']') {
        after = j + 1;
      } else if (std::size_t q = rest.find("\"]"); j < s.size() && q != std::string_view::npos) {
        // An unescaped quote inside the value: `[Event "The "Big" Match"]`.
        value = rest.substr(0, q);
        after = value_begin + q + 2;
        warn(b, "the value of tag " + std::string(name) + " has an unescaped quote");
      } else {
        warn(b, "tag " + std::string(name) + " has no closing ']'");
        std::size_t c2 = s.find(']', j);
        after = c2 == std::string_view::npos ? s.size() : c2 + 1;
      }
    }
    auto& tags = b.game->tags;
    col = after;
    if (tags.size() >= kPgnMaxTags) {
      if (!b.over_tag_limit)
        fail(b, "the game has more than " + std::to_string(kPgnMaxTags) + " tag pairs; the rest are skipped", line_no);
      b.over_tag_limit = true;
      return TagStep::Read;
    }
    if (name.size() > kPgnMaxTagText || value.size() > kPgnMaxTagText) {
      fail(b, "tag " + std::string(name.substr(0, 40)) + (name.size() > 40 ? "..." : "") + " is longer than " +
                  std::to_string(kPgnMaxTagText >> 10) + " KiB",
           line_no);
      return TagStep::Read;
    }
    if (tags.capacity() == 0) tags.reserve(kTagsReserved);
    if (escapes) {
      tags.emplace_back(std::string(name), std::string());
      append_unescaped(tags.back().second, value);
    } else {
      tags.emplace_back(name, value);
    }
    return TagStep::Read;
  }

  // `text` may hold non-ASCII bytes only when `non_ascii` is set.
  void add_move(Building& b, std::string_view text, bool non_ascii) {
    if (b.depth > 0) return;
    start(b);
    b.movetext = true;
    // "bxa6e.p.", "exf6ep": the en-passant remark is no part of the move.
    if (text.size() > 4 && text.ends_with("e.p.")) text.remove_suffix(4);
    else if (text.size() > 2 && text.ends_with("ep") && is_digit(text[text.size() - 3]))
      text.remove_suffix(2);
    auto& moves = b.game->moves;
    if (moves.size() >= kPgnMaxGameMoves) {
      if (!b.over_move_limit)
        fail(b, "the game has more than " + std::to_string(kPgnMaxGameMoves) +
                    " moves (half-moves), more than any game can have; the rest is skipped",
             line_no);
      b.over_move_limit = true;
      return;
    }
    // No move is longer than a few characters; a long token is kept cut (it is no move).
    // Cut here, it fits `plain` below; set_text cuts again what '½' as "1/2" lengthened.
    if (text.size() > kPgnMaxMoveText) text = text.substr(0, kPgnMaxMoveText);
    // Most games are longer than a few moves: their moves are not moved ten times over.
    if (moves.capacity() == 0) moves.reserve(kMovesReserved);
    bool unicode =
        non_ascii && std::any_of(text.begin(), text.end(), [](char c) { return (unsigned char)c >= 0x80; });
    char plain[64];
    std::size_t n = unicode ? ascii_dashes(text, plain, sizeof plain) : 0;
    if (unicode && n <= sizeof plain) text = std::string_view(plain, n);
    MoveToken& m = moves.emplace_back();
    m.set_text(text);
    m.line = line_no;
    m.number = b.number;
    b.number = 0;
    b.blank_after_moves = false;
  }

  // Ends the game on a result token (outside variations). True when the game ends.
  bool result(Building& b, std::string_view token, std::string_view normal) {
    if (b.depth > 0) return false;
    start(b);
    b.movetext = true;
    b.game->termination.assign(normal);
    if ((normal == "1-0" || normal == "0-1") && (token[0] == '+' || token[0] == '-'))
      warn(b, "'" + std::string(token) + "' (a forfeit) read as " + std::string(normal));
    return complete(b);
  }

  // Reads tokens from line[col]; true when a game is complete (col then points after it).
  bool scan(Building& b) {
    std::string_view s = line;
    if (in_comment) {
      const void* close = std::memchr(s.data() + col, '}', s.size() - col);
      if (!close) {
        col = s.size();
        return false;
      }
      col = std::size_t(static_cast<const char*>(close) - s.data()) + 1;
      in_comment = false;
    }
    while (col < s.size()) {
      auto c = (unsigned char)s[col];
      if (is_blank(c)) {
        ++col;
        continue;
      }
      switch (c) {
        case '{': {
          const void* close = std::memchr(s.data() + col + 1, '}', s.size() - col - 1);
          if (close) {
            col = std::size_t(static_cast<const char*>(close) - s.data()) + 1;
          } else {
            in_comment = true;
            comment_line = line_no;
            col = s.size();
          }
          continue;
        }
        case ';': col = s.size(); continue;
        case '(':
          start(b);
          if (b.depth++ == 0) b.depth_line = line_no;
          b.movetext = true;
          ++col;
          continue;
        case ')':
          if (b.depth == 0) warn(b, "')' without '(': skipped");
          else --b.depth;
          ++col;
          continue;
        case '[':
          switch (read_tag(b)) {
            case TagStep::Read: continue;
            case TagStep::GameEnds: return complete(b);
            case TagStep::Broken:
              skipping = true;
              skipped_movetext = false;
              col = s.size();
              return complete(b);
          }
          continue;
        case ']': case '}': case '>':
          warn(b, std::string("'") + char(c) + "' without its opening bracket: skipped");
          ++col;
          continue;
        case '$':
          ++col;
          while (col < s.size() && is_digit(s[col])) ++col;
          continue;
        case '!': case '?': case '.':
          while (col < s.size() && (s[col] == '!' || s[col] == '?' || s[col] == '.')) ++col;
          continue;
        case '<': {
          std::size_t close = s.find('>', col);
          std::size_t stop = close == std::string_view::npos ? s.size() : close + 1;
          if (!b.warned_reserved) {
            warn(b, "'" + std::string(s.substr(col, std::min<std::size_t>(stop - col, 20))) +
                        "' skipped ('<' and '>' are reserved in PGN)");
            b.warned_reserved = true;
          }
          col = stop;
          continue;
        }
        case '"': {
          std::size_t close = s.find('"', col + 1);
          warn(b, "a string outside a tag: skipped");
          col = close == std::string_view::npos ? s.size() : close + 1;
          continue;
        }
        case '*':
          ++col;
          if (result(b, "*", "*")) return true;
          continue;
        default: break;
      }
      if (c >= 0x80) {
        if (std::size_t k = unicode_blank(s, col)) {
          col += k;
          continue;
        }
      }
      // The token's end, and the classes of its bytes (c is no delimiter: those are handled above).
      std::size_t stop = col + 1;
      unsigned classes = kByteClass[c];
      for (; stop < s.size(); ++stop) {
        const unsigned k = kByteClass[(unsigned char)s[stop]];
        if (k & kDelimiter) break;
        classes |= k;
      }
      std::string_view token = s.substr(col, stop - col);
      if (c >= '0' && c <= '9') {
        // A result written with digits holds '-', '/' or a non-ASCII dash or '½' (move
        // numbers such as "12..." do not, nor can they start with "0-0").
        const bool result_byte = classes & kResultByte;
        std::string_view normal = result_byte ? normalise_result(token) : std::string_view();
        if (!normal.empty()) {
          col = stop;
          if (result(b, token, normal)) return true;
          continue;
        }
        if (!result_byte || !token.starts_with("0-0")) {  // a move number: "1.", "12...", "1" then " ."
          std::size_t j = col;
          int number = 0;
          while (j < stop && is_digit(s[j])) {
            number = std::min(number * 10 + (s[j] - '0'), 1'000'000);
            ++j;
          }
          while (j < s.size() && s[j] == '.') ++j;
          if (b.depth == 0 && number == 1 && b.blank_after_moves && b.game->moves.size() >= 2) {
            // "1." again after a blank line: a new game without tags (or result) starts.
            return complete(b);
          }
          if (b.depth == 0) {
            start(b);
            b.movetext = true;
            b.number = number;
          }
          col = j;
          continue;
        }
      }
      col = stop;
      if (c >= 0x80 || c == '+' || c == '-') {
        std::string_view normal = normalise_result(token);
        if (!normal.empty()) {
          if (result(b, token, normal)) return true;
          continue;
        }
      }
      if (c == 'e' && (token == "e.p." || token == "ep")) continue;
      if (!(classes & kAlnum) && token != "--") {  // "+-", "=", "∞", "⩱": an evaluation glyph
        warn(b, "symbol '" + std::string(token.substr(0, 20)) + "' skipped");
        continue;
      }
      add_move(b, token, classes & kNonAscii);
    }
    return false;
  }

  bool next(RawGame& g) {
    g.index = 0;
    g.first_line = 0;
    g.tags.clear();
    g.moves.clear();
    g.termination.clear();
    g.warnings.clear();
    g.error.reset();
    Building b;
    b.game = &g;
    for (;;) {
      if (!have_line) {
        if (!fetch_line()) return finish_at_end(b);
        if (split_line) {
          split_line = false;
          fail(b, "a line longer than " + std::to_string(kPgnMaxLine >> 20) + " MiB: cut there (no PGN line is that long)",
               line_no);
        }
        if (skipping) {
          // After a broken tag: the rest of that game is dropped, up to the tags of the next.
          if (!is_tag_line(line, false) || !(skipped_movetext || is_tag_line(line, true))) {
            if (!trim(line).empty() && !is_tag_line(line, false)) skipped_movetext = true;
            have_line = false;
            continue;
          }
          skipping = false;
        } else if (in_comment) {
          if (is_tag_line(line, false)) {  // the comment swallowed the end of the game
            in_comment = false;
            fail(b, "'{' opened at line " + std::to_string(comment_line) + " is never closed", comment_line);
            return complete(b);
          }
        } else if (!line.empty() && line[0] == '%') {  // escape line
          have_line = false;
          continue;
        } else if (!b.game->moves.empty() && trim(line).empty()) {
          b.blank_after_moves = true;
        }
      }
      if (scan(b)) {
        if (col >= line.size()) have_line = false;
        return true;
      }
      have_line = false;
    }
  }
};

PgnReader::PgnReader(std::istream& in) : impl_(std::make_unique<Impl>(std::make_unique<StreamSource>(in))) {}
PgnReader::PgnReader(std::istream& in, int lines_before, int games_before) : PgnReader(in) {
  impl_->line_no = lines_before;
  impl_->games = games_before;
}
PgnReader::PgnReader(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
PgnReader::PgnReader(PgnReader&&) noexcept = default;
PgnReader& PgnReader::operator=(PgnReader&&) noexcept = default;
PgnReader::~PgnReader() = default;

std::expected<PgnReader, std::string> PgnReader::open(const std::string& path) {
  int fd = 0;
  bool owned = false;
  if (path != "-") {
    fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return std::unexpected("cannot open " + path + ": " + std::strerror(errno));
    owned = true;
  }
  struct stat st {};
  if (::fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
    if (owned) ::close(fd);
    return std::unexpected(path + " is a folder, not a PGN file (give the files in it: " + path + "/*.pgn)");
  }
  // The magic number decides the decoder.
  std::string head(4, '\0');
  std::size_t got = 0;
  while (got < head.size()) {
    ssize_t r = ::read(fd, head.data() + got, head.size() - got);
    if (r < 0 && errno == EINTR) continue;
    if (r < 0) {
      std::string why = std::strerror(errno);
      if (owned) ::close(fd);
      return std::unexpected("cannot read " + path + ": " + why);
    }
    if (r == 0) break;
    got += std::size_t(r);
  }
  head.resize(got);
  bool gzip = got >= 2 && (unsigned char)head[0] == 0x1F && (unsigned char)head[1] == 0x8B;
  bool zstd = got >= 4 && (unsigned char)head[0] == 0x28 && (unsigned char)head[1] == 0xB5 &&
              (unsigned char)head[2] == 0x2F && (unsigned char)head[3] == 0xFD;
  std::unique_ptr<Source> source = std::make_unique<FdSource>(fd, owned, std::move(head));
  if (gzip) {
    source = std::make_unique<GzipSource>(std::move(source));
  } else if (zstd) {
#if ARBITER_HAVE_ZSTD
    source = std::make_unique<ZstdSource>(std::move(source));
#else
    return std::unexpected(path + " is zstd-compressed, and this build reads no zstd (libzstd-dev was missing)");
#endif
  }
  if (source->error) return std::unexpected(path + ": " + *source->error);
  return PgnReader(std::make_unique<Impl>(std::move(source)));
}

bool PgnReader::next(RawGame& out) { return impl_->next(out); }

std::optional<RawGame> PgnReader::next() {
  RawGame g;
  if (!impl_->next(g)) return std::nullopt;
  return g;
}

const std::optional<std::string>& PgnReader::input_error() const { return impl_->input_error; }

std::uint64_t PgnReader::bytes_consumed() const { return impl_->source->consumed(); }

}  // namespace arbiter::analyzer
