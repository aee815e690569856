// The records of every command, built from the analyzer's result types: one function per
// record kind returning the JSON object of the output contract (docs/output.md), and one
// returning the text the CLI prints for it (whole lines, each ending in '\n'). The CLI,
// the server and the Python module print these, so that they all give the same records.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "analyzer/automatic_draws.hpp"
#include "analyzer/game_audit.hpp"
#include "analyzer/helpmate_problem.hpp"
#include "analyzer/loss_adjudication.hpp"
#include "analyzer/standings.hpp"
#include "analyzer/status.hpp"
#include "search/board/position.hpp"
#include "search/problems/conversion.hpp"
#include "search/problems/problem_helpmate.hpp"
#include "search/verdict.hpp"

namespace arbiter::records {

using Json = nlohmann::ordered_json;

// One JSON Lines line (without the newline); invalid UTF-8 (from a PGN tag, say) is
// replaced, never thrown on.
std::string dump(const Json& record);

// Every record ends with "arbiter": the version that wrote it. Every key of a record
// kind is always present, null when it does not apply.
Json& stamp(Json& record);

// --- verdicts -------------------------------------------------------------------

struct TimedVerdict {
  search::Verdict verdict;
  uint64_t micros = 0;
  analyzer::Rules rules = analyzer::Rules::Plain;  // the reading the verdict answers
};

// The verdict object: verdict, line, san, plies (null unless winnable), reason, detail,
// nodes, source, micros, shortest, no_shorter_than (null unless winnable), rules.
Json verdict(const board::Position& pos, const TimedVerdict& v);

// "shortest" (a winnable witness is proven shortest) and "no_shorter_than" (the plies a
// complete search ruled out); null for verdicts that are not winnable.
void add_shortness(Json& record, const search::Verdict& v);
// "winnable: 1. Nc3 Kd4 ... (helpmate, 9 plies)" or "unwinnable: <detail> (reason)".
std::string verdict_text(const board::Position& pos, const TimedVerdict& v);

// --- analyze --------------------------------------------------------------------

// The sides not asked for are empty.
Json analyze(const board::Position& pos, const std::optional<TimedVerdict>& white,
             const std::optional<TimedVerdict>& black);
std::string analyze_text(const board::Position& pos, const std::optional<TimedVerdict>& white,
                         const std::optional<TimedVerdict>& black);

// --- status ---------------------------------------------------------------------

// `white` and `black`: the winnability verdicts behind the dead-position test (5.2.2);
// empty when the board has already ended the game (checkmate, stalemate).
Json status(const board::Position& pos, const analyzer::Status& s, const std::optional<TimedVerdict>& white = {},
            const std::optional<TimedVerdict>& black = {});
std::string status_text(const board::Position& pos, const analyzer::Status& s,
                        const std::optional<TimedVerdict>& white = {}, const std::optional<TimedVerdict>& black = {});

// --- perft ----------------------------------------------------------------------

struct Perft {
  int depth = 0;
  uint64_t nodes = 0;
  int64_t micros = 0;
  bool divide = false;
  std::vector<std::pair<board::Move, uint64_t>> parts;  // with divide: the count below each move
};
Json perft(const board::Position& pos, const Perft& p);
std::string perft_text(const board::Position& pos, const Perft& p);

// --- timeout / resign -----------------------------------------------------------

Json loss(const board::Position& pos, analyzer::LossKind kind, board::Color loser,
          const analyzer::Adjudication& a, uint64_t micros);
std::string loss_text(const board::Position& pos, analyzer::LossKind kind, board::Color loser,
                      const analyzer::Adjudication& a, uint64_t micros);

// --- helpmate -------------------------------------------------------------------

// Numbered from 1 whoever moves first, in PGN's style as every other line the program
// prints: "1. Kh1 Ng3 2. h1=R Nf1#" for h#N; for h#N.5 the mating side's first move is
// "1... Nc3", then the pairs.
std::string problem_notation(const board::Position& root, std::span<const board::Move> line, bool half);

// The solutions of a shorter stipulation than the one asked (h#3 under h#4): the short
// solutions problemists count as cooks, reported apart from the solutions proper.
using ShortSolutions = analyzer::ShortSolutions;
// `shorter`: empty when not looked for (--first) — "short_solutions" is then null.
Json helpmate(const board::Position& pos, search::Stipulation stipulation, const search::HelpmateSolutions& result,
              uint64_t micros, const std::optional<std::vector<ShortSolutions>>& shorter = {});
std::string helpmate_text(const board::Position& pos, search::Stipulation stipulation,
                          const search::HelpmateSolutions& result, uint64_t micros, bool first_only,
                          const std::optional<std::vector<ShortSolutions>>& shorter = {});

// --- convert --------------------------------------------------------------------

struct ConversionText {
  std::vector<std::string> uci;
  std::string san;  // "1. Qc2 2. Qc1#": the stalemating side's moves, numbered
};
// The line as text; each move written in the position where the stalemated side has
// passed. Empty when the line does not replay as a conversion (never printed then).
std::optional<ConversionText> conversion_text(const board::Position& stalemate, std::span<const board::Move> line);

// `text` is set when the result converts.
Json convert(const board::Position& pos, const search::Conversion& result, const std::optional<ConversionText>& text,
             const search::ConversionOptions& options);
std::string convert_text(const board::Position& pos, const search::Conversion& result,
                         const std::optional<ConversionText>& text, const search::ConversionOptions& options);

// --- audit ----------------------------------------------------------------------

struct AuditedGameRecord {
  std::string file;
  int game = 0;
  std::string white, black;
  const analyzer::AuditedGame* audit = nullptr;
  std::vector<std::string> warnings;
  // With --claims: the game's start and moves, to write the intended moves.
  bool claims = false;
  const board::Position* start = nullptr;
  std::span<const board::Move> moves;
};
Json audited_game(const AuditedGameRecord& g);
// dump(audited_game(g)), written without building the document: the audit prints one for
// every game, where building and dumping the document took a tenth of its CPU.
std::string audited_game_line(const AuditedGameRecord& g);
std::string audited_game_text(const AuditedGameRecord& g);

// A file that cannot be read (game 0) or a game that cannot be replayed.
Json audit_error(const std::string& file, int game, const std::string& error);
std::string audit_error_text(const std::string& file, int game, const std::string& error);

Json standings(const std::vector<analyzer::Standings::Row>& rows);
// `points` as the user wrote it, e.g. "1,0.5,0".
std::string standings_text(const std::vector<analyzer::Standings::Row>& rows, const std::string& points);

// --- errors ---------------------------------------------------------------------

// A malformed or illegal input: `message` already names the line.
Json input_error(const std::string& input, const std::string& message);
std::string input_error_text(const std::string& input, const std::string& message);

}  // namespace arbiter::records
