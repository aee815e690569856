// Issue #18.7: every Termination / TerminationDetails text of the PGNs under
// tests/data/pgn (the fixtures and the other libraries' test files) has a known meaning.
// A text that is not in the table below, or that reads as something else, fails the test.
#include <catch2/catch.hpp>

#include <filesystem>
#include <map>
#include <set>

#include "analyzer/pgn_reader.hpp"
#include "analyzer/termination_tags.hpp"
#include "support.hpp"

using namespace arbiter;
using namespace arbiter::analyzer;
using K = TagEnding::Kind;

namespace {

// What a text says: the kind, and who lost (the winner's name opens chess.com texts,
// written here as NAME; "W" and "B" stand for the White and Black names).
struct Meaning {
  K kind;
  std::optional<board::Color> loser;
};

// Every text the data holds, with chess.com's user names replaced by NAME.
const std::map<std::string, Meaning>& known() {
  static const std::map<std::string, Meaning> table{
      {"Normal", {K::Normal, std::nullopt}},
      {"Time forfeit", {K::Timeout, std::nullopt}},
      {"Abandoned", {K::Abandoned, std::nullopt}},
      {"adjudication", {K::Adjudication, std::nullopt}},
      {"GUI adjudication", {K::Adjudication, std::nullopt}},
      {"NAME won by resignation", {K::Resignation, std::nullopt}},
      {"NAME won by checkmate", {K::Checkmate, std::nullopt}},
      {"NAME won on time", {K::Timeout, std::nullopt}},
      {"NAME won - game abandoned", {K::Abandoned, std::nullopt}},
      {"Game drawn by repetition", {K::Repetition, std::nullopt}},
      {"Game drawn by stalemate", {K::Stalemate, std::nullopt}},
      {"Game drawn by insufficient material", {K::InsufficientMaterial, std::nullopt}},
      {"Game drawn by agreement", {K::Agreement, std::nullopt}},
      {"Game drawn by timeout vs insufficient material", {K::TimeoutVsInsufficient, std::nullopt}},
      {"Game drawn by 50-move rule", {K::FiftyMove, std::nullopt}},
  };
  return table;
}

// "alice won on time" -> "NAME won on time", and the side the name is.
std::pair<std::string, std::optional<board::Color>> normalised(const std::string& text, const Tags& tags) {
  for (board::Color c : {board::Color::White, board::Color::Black}) {
    const std::string* name = find_tag(tags, c == board::Color::White ? "White" : "Black");
    if (name && !name->empty() && text.starts_with(*name + " "))
      return {"NAME" + text.substr(name->size()), c};
  }
  return {text, std::nullopt};
}

}  // namespace

TEST_CASE("#18.7 every Termination text in the test PGNs is mapped, to what it says", "[audit][rulings]") {
  std::set<std::string> seen;
  int texts = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(test::data("pgn"))) {
    if (!entry.is_regular_file() || entry.path().extension() != ".pgn") continue;
    auto reader = PgnReader::open(entry.path().string());
    REQUIRE(reader.has_value());
    RawGame raw;
    while (reader->next(raw)) {
      for (const auto& [tag, value] : raw.tags) {
        if (tag != "Termination" && tag != "TerminationDetails") continue;
        ++texts;
        INFO(entry.path().string() << " game " << raw.index << ": " << tag << " \"" << value << "\"");
        Tags alone;
        for (const char* player : {"White", "Black"})
          if (const std::string* v = raw.tag(player)) alone.emplace_back(player, *v);
        alone.emplace_back(tag, value);
        auto [text, winner] = normalised(value, alone);
        seen.insert(text);
        auto it = known().find(text);
        CHECK(it != known().end());  // an unmapped text: map it in termination_tags.cpp and here
        TagEnding read = read_termination(alone);
        CHECK(read.kind != K::Unknown);
        if (it == known().end()) continue;
        CHECK(read.kind == it->second.kind);
        // chess.com names the winner; the loser is the other side.
        if (winner) CHECK(read.loser == ~*winner);
        else CHECK(read.loser == it->second.loser);
      }
    }
  }
  CHECK(texts > 2500);
  CHECK(seen.size() == known().size());  // the table holds no text the data lacks
}

TEST_CASE("#18.7 engine-tournament texts: TCEC's older 'time' and '3-fold rep', and the newer ones", "[audit][rulings]") {
  auto read = [](std::string value, std::string result = "1-0") {
    return read_termination({{"Result", result}, {"TerminationDetails", std::move(value)}});
  };
  CHECK(read("time").kind == K::Timeout);
  CHECK_FALSE(read("time").loser);  // the Result says who
  CHECK(read("3-fold rep", "1/2-1/2").kind == K::Repetition);
  CHECK(read("Draw by 3-fold repetition", "1/2-1/2").kind == K::Repetition);
  CHECK(read("White loses on time").loser == board::Color::White);
  CHECK(read("Black mates").kind == K::Checkmate);
  CHECK(read("Black mates").loser == board::Color::White);
  CHECK(read("Fifty moves rule", "1/2-1/2").kind == K::FiftyMove);
  CHECK(read("TCEC win rule").kind == K::Adjudication);
  CHECK(read("TCEC draw rule", "1/2-1/2").kind == K::Adjudication);
  CHECK(read("SyzygyTB", "1/2-1/2").kind == K::Adjudication);
  CHECK(read("White disconnects").kind == K::Abandoned);
  CHECK(read("Insufficient material", "1/2-1/2").kind == K::InsufficientMaterial);
  // Agreement is not read as anything else (a repetition the moves show does not change it).
  CHECK(read("Game drawn by agreement", "1/2-1/2").kind == K::Agreement);
  CHECK(read("something new").kind == K::Unknown);
}
