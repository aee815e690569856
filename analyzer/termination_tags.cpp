#include "analyzer/termination_tags.hpp"

#include <algorithm>
#include <cctype>

namespace arbiter::analyzer {

using board::Color;
using Kind = TagEnding::Kind;

const std::string* find_tag(const Tags& tags, std::string_view name) {
  for (const auto& [k, v] : tags)
    if (k == name) return &v;
  return nullptr;
}

namespace {

std::string lower(std::string_view s) {
  std::string out(s);
  std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return char(std::tolower(c)); });
  return out;
}

bool has(std::string_view text, std::string_view word) { return text.find(word) != std::string_view::npos; }

// The side a text names: a player's name from the tags, or "white"/"black".
std::optional<Color> side_named(std::string_view text, const Tags& tags) {
  // chess.com: the winner's user name opens the text ("X won on time").
  for (Color c : {Color::White, Color::Black}) {
    const std::string* name = find_tag(tags, c == Color::White ? "White" : "Black");
    if (name && !name->empty() && name->size() <= text.size() && lower(text.substr(0, name->size())) == lower(*name) &&
        (text.size() == name->size() || text[name->size()] == ' '))
      return c;
  }
  std::string l = lower(text);
  if (l.starts_with("white")) return Color::White;
  if (l.starts_with("black")) return Color::Black;
  return std::nullopt;
}

std::string quoted(std::string_view tag, std::string_view value) {
  return std::string(tag) + " \"" + std::string(value) + "\"";
}

TagEnding read_text(std::string_view tag, std::string_view value, const Tags& tags) {
  std::string l = lower(value);
  while (!l.empty() && std::isspace((unsigned char)l.back())) l.pop_back();
  while (!l.empty() && std::isspace((unsigned char)l.front())) l.erase(l.begin());
  TagEnding e;
  e.source = quoted(tag, value);
  auto named = side_named(value, tags);
  // "X won ..." names the winner; "White loses on time", "White resigns" name the loser.
  bool names_winner = has(l, " won") || has(l, " wins") || has(l, " mates");
  std::optional<Color> loser;
  if (named) loser = names_winner ? ~*named : *named;

  // Every text met in the fixture PGNs and in the other libraries' test PGNs is mapped
  // (tests/analyzer/termination_tags_test.cpp fails on one that is not).
  const bool repetition = has(l, "repetition") || has(l, "3-fold") || has(l, "threefold") || has(l, "3fold") ||
                          l.ends_with(" rep") || l == "rep";
  if (has(l, "timeout vs insufficient") || has(l, "time vs insufficient")) e.kind = Kind::TimeoutVsInsufficient;
  else if (has(l, "on time") || has(l, "time forfeit") || has(l, "timeout") || has(l, "time-forfeit") ||
           has(l, "flag") || l == "time" || l == "time out" || l == "lost on time")
    e.kind = Kind::Timeout;  // TCEC wrote just "time" in older seasons
  else if (has(l, "resign")) e.kind = Kind::Resignation;
  else if (has(l, "abandon") || has(l, "disconnect")) e.kind = Kind::Abandoned;
  else if (has(l, "rules infraction") || has(l, "illegal move") || has(l, "fair play")) e.kind = Kind::RulesInfraction;
  else if (has(l, "checkmate") || has(l, " mates")) e.kind = Kind::Checkmate;
  else if (has(l, "stalemate")) e.kind = Kind::Stalemate;
  else if (repetition) e.kind = Kind::Repetition;  // TCEC: "3-fold rep", "Draw by 3-fold repetition"
  else if (has(l, "50-move") || has(l, "fifty") || has(l, "50 move")) e.kind = Kind::FiftyMove;
  else if (has(l, "agreement") || has(l, "agreed")) e.kind = Kind::Agreement;
  // Lichess's "Insufficient material" (a claim when the opponent flags or at the board)
  // and chess.com's "Game drawn by insufficient material" alike: the server's own rule.
  else if (has(l, "insufficient")) e.kind = Kind::InsufficientMaterial;
  else if (has(l, "adjudicat") || has(l, "tb position") || has(l, "syzygy") || has(l, "win rule") ||
           has(l, "draw rule"))
    e.kind = Kind::Adjudication;  // a GUI's or a tournament's adjudication (TCEC's rules, tablebases)
  else if (has(l, "unterminated")) e.kind = Kind::Unterminated;
  else if (l == "normal") e.kind = Kind::Normal;
  else return TagEnding{};
  e.loser = loser;
  return e;
}

}  // namespace

TagEnding read_termination(const Tags& tags) {
  // TerminationDetails (engine tournaments) is more specific than Termination.
  for (std::string_view tag : {"TerminationDetails", "Termination"})
    if (const std::string* v = find_tag(tags, tag)) {
      TagEnding e = read_text(tag, *v, tags);
      if (e.kind != Kind::Unknown) return e;
    }
  return TagEnding{};
}

}  // namespace arbiter::analyzer
