// What the tags of a PGN game say about how it ended when the moves alone do not:
// the conventions of Lichess (`Termination` "Time forfeit", "Normal", "Abandoned",
// "Rules infraction"), chess.com ("X won on time", "X won by resignation", "Game drawn by
// repetition", "... timeout vs insufficient material") and engine tournaments
// (`TerminationDetails`, e.g. "White loses on time", "Draw by 3-fold repetition").
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "search/board/types.hpp"

namespace arbiter::analyzer {

using Tags = std::vector<std::pair<std::string, std::string>>;

// The value of a tag, or nullptr.
const std::string* find_tag(const Tags& tags, std::string_view name);

struct TagEnding {
  enum class Kind : uint8_t {
    Unknown,               // no tag says (or says something we do not read)
    Normal,                // "Normal": the moves and the result say it
    Timeout,               // a flag fell
    TimeoutVsInsufficient, // chess.com: drawn on time because the other side lacked material
    Resignation,
    Abandoned,             // a player left; the server scored it like a resignation
    RulesInfraction,       // forfeit for breaking a rule (e.g. fair play)
    Checkmate,
    Stalemate,
    Repetition,            // drawn by (claimed or automatic) repetition
    FiftyMove,
    InsufficientMaterial,  // drawn because the server judged no mate possible
    Agreement,
    Adjudication,          // decided by an arbiter or a GUI
    Unterminated,
  } kind = Kind::Unknown;
  std::optional<board::Color> loser;  // the side the tag names as losing (or flagging)
  std::string source;                 // the tag the decision rests on: `Termination "Time forfeit"`
};

// Reads Termination and TerminationDetails (the more specific one wins); names in
// chess.com texts are matched against the White and Black tags.
TagEnding read_termination(const Tags& tags);

}  // namespace arbiter::analyzer
