// The games of one PGN input audited in batches: read in order, audited in parallel,
// returned in order as the records `audit --json` prints (and, for a game that could not
// be read or replayed, where it broke). Python's arbiter.audit() iterates over it.
#pragma once

#include <cstdint>
#include <istream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "analyzer/game_audit.hpp"
#include "analyzer/pgn_reader.hpp"
#include "analyzer/winnability.hpp"

namespace arbiter::python {

// Where a game broke: the line (0 when unknown) and the move text (empty unless a move
// could not be played).
struct GameFault {
  int line = 0;
  std::string move;
};

struct AuditedRecord {
  nlohmann::ordered_json record;  // {file, game, ...} or {file, game, error}
  std::optional<GameFault> fault;  // set for an error record
};

class GameAuditStream {
 public:
  // `label` is the record's "file"; `text`, when given, is the PGN itself (plain text),
  // else `label` is opened as a file (plain, .gz or .zst). The error says why it cannot be read.
  // Text cut from a larger file at a game boundary gives the lines and games before it,
  // so that game indices and line numbers are the whole file's.
  static std::unique_ptr<GameAuditStream> open(const std::string& label, std::optional<std::string> text,
                                               std::string& error, int lines_before = 0, int games_before = 0);

  // Reads up to `count` games and audits them with `analyzer` (thread-safe; called inside
  // the caller's task arena, so the audits run in parallel); stops early, leaving the
  // records it has, when `interrupt` is set. Empty when the input is over.
  std::vector<AuditedRecord> next(std::size_t count, const analyzer::AuditOptions& options,
                                  analyzer::WinnabilityAnalyzer& analyzer, const std::atomic<bool>& interrupt);

 private:
  GameAuditStream() = default;
  std::string label_;
  std::unique_ptr<std::istream> text_;
  std::optional<analyzer::PgnReader> reader_;
};

}  // namespace arbiter::python
