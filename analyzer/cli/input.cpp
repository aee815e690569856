#include "analyzer/cli/input.hpp"

#include <sstream>

namespace arbiter::cli {

std::string InputLine::where() const { return line > 0 ? "line " + std::to_string(line) : "argument"; }

namespace {

// A trailing keyword such as "white" or "both": lowercase letters, three or more, with
// one that no FEN field uses (so "KQkq", "w" and "-" stay in the FEN).
bool is_keyword(const std::string& word) {
  if (word.size() < 3) return false;
  bool foreign = false;
  for (char c : word) {
    if (c < 'a' || c > 'z') return false;
    if (std::string_view("abcdefghkq").find(c) == std::string_view::npos) foreign = true;
  }
  return foreign;
}

}  // namespace

InputLine split_input(const std::string& text, int line) {
  InputLine out;
  out.text = text;
  out.line = line;
  std::istringstream stream(text);
  std::vector<std::string> words;
  for (std::string w; stream >> w;) words.push_back(w);
  std::size_t fen_words = words.size();
  while (fen_words > 1 && is_keyword(words[fen_words - 1])) --fen_words;
  for (std::size_t i = 0; i < words.size(); ++i) {
    if (i < fen_words) out.fen += (out.fen.empty() ? "" : " ") + words[i];
    else out.extra.push_back(words[i]);
  }
  return out;
}

InputSource::InputSource(const std::vector<std::string>& args, std::istream& in) : in_(in) {
  if (args.empty() || (args.size() == 1 && args[0] == "-")) {
    stdin_ = true;
    return;
  }
  std::vector<std::string> groups;
  for (const auto& a : args) {
    if (groups.empty() || a.find('/') != std::string::npos) groups.push_back(a);
    else groups.back() += " " + a;
  }
  for (const auto& g : groups) args_.push_back(split_input(g, 0));
}

std::optional<InputLine> InputSource::next() {
  if (!stdin_) {
    if (next_arg_ >= args_.size()) return std::nullopt;
    return args_[next_arg_++];
  }
  std::string text;
  while (std::getline(in_, text)) {
    ++line_;
    if (!text.empty() && text.back() == '\r') text.pop_back();
    // A UTF-8 byte order mark, as editors write it at the start of a file.
    if (line_ == 1 && text.starts_with("\xEF\xBB\xBF")) text.erase(0, 3);
    auto first = text.find_first_not_of(" \t");
    if (first == std::string::npos || text[first] == '#') continue;
    return split_input(text, line_);
  }
  return std::nullopt;
}

}  // namespace arbiter::cli
