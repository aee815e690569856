// Where positions come from: FEN arguments, or lines on stdin (also for "-").
// A stdin line is a FEN (4 to 6 fields), optionally followed by extra words that the
// command reads (e.g. "white"). Blank lines and lines starting with '#' are skipped.
#pragma once

#include <istream>
#include <optional>
#include <string>
#include <vector>

namespace arbiter::cli {

struct InputLine {
  std::string text;  // the whole input as given
  std::string fen;   // the FEN part
  std::vector<std::string> extra;  // words after the FEN
  int line = 0;      // 1-based line number on stdin; 0 for an argument
  std::string where() const;  // "line 3" or "argument"
};

// Splits "FEN [keywords...]": trailing lowercase words such as "white" are keywords,
// the rest is the FEN (left for the FEN reader to judge).
InputLine split_input(const std::string& text, int line);

class InputSource {
 public:
  // Arguments are grouped into positions: an argument containing '/' starts a new one,
  // so both quoted and unquoted FENs work. No arguments, or "-", means stdin.
  InputSource(const std::vector<std::string>& args, std::istream& in);
  std::optional<InputLine> next();
  bool from_stdin() const { return stdin_; }

 private:
  std::vector<InputLine> args_;
  std::size_t next_arg_ = 0;
  std::istream& in_;
  bool stdin_ = false;
  int line_ = 0;
};

}  // namespace arbiter::cli
