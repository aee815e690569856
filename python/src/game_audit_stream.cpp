#include "game_audit_stream.hpp"

#include "analyzer/records/records.hpp"

#include <sstream>

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include "analyzer/pgn_game.hpp"
#include "search/board/notation.hpp"

namespace arbiter::python {

namespace {

using Json = nlohmann::ordered_json;

std::string tag_or(const analyzer::RawGame& raw, std::string_view name, const char* fallback) {
  const std::string* v = raw.tag(name);
  return v && !v->empty() ? *v : fallback;
}

// One game, as `arbiter audit --json` prints it (analyzer/cli/audit_command.cpp).
AuditedRecord audit_one(const std::string& file, analyzer::RawGame raw, const analyzer::AuditOptions& options,
                        analyzer::WinnabilityAnalyzer& analyzer) {
  AuditedRecord out;
  const std::string white = tag_or(raw, "White", "?"), black = tag_or(raw, "Black", "?");
  const int index = raw.index;
  auto game = analyzer::replay(std::move(raw));
  if (!game) {
    out.record = records::audit_error(file, index, game.error().to_string());
    out.fault = GameFault{game.error().line, game.error().move};
    return out;
  }
  std::optional<analyzer::GameResult> recorded;
  if (const std::string* tag = game->raw.tag("Result"))
    recorded = analyzer::parse_result(analyzer::normalise_result(*tag));
  if (!recorded && !game->raw.termination.empty()) recorded = analyzer::parse_result(game->raw.termination);
  const auto a = analyzer::audit_game(*game, recorded, options, analyzer);
  // The record of `arbiter audit --json`, from the same function.
  records::AuditedGameRecord record{file, index, white, black, &a, game->raw.warnings,
                                    options.claims, &game->start, game->moves};
  out.record = records::audited_game(record);
  return out;
}

}  // namespace

std::unique_ptr<GameAuditStream> GameAuditStream::open(const std::string& label, std::optional<std::string> text,
                                                       std::string& error, int lines_before, int games_before) {
  std::unique_ptr<GameAuditStream> stream(new GameAuditStream);
  stream->label_ = label;
  if (text) {
    stream->text_ = std::make_unique<std::istringstream>(std::move(*text));
    stream->reader_.emplace(*stream->text_, lines_before, games_before);
    return stream;
  }
  if (lines_before || games_before) {
    error = "a file is read from its start";
    return nullptr;
  }
  auto reader = analyzer::PgnReader::open(label);
  if (!reader) {
    error = reader.error();
    return nullptr;
  }
  stream->reader_.emplace(std::move(*reader));
  return stream;
}

std::vector<AuditedRecord> GameAuditStream::next(std::size_t count, const analyzer::AuditOptions& options,
                                                 analyzer::WinnabilityAnalyzer& analyzer,
                                                 const std::atomic<bool>& interrupt) {
  std::vector<analyzer::RawGame> games;
  while (games.size() < count && !interrupt) {
    analyzer::RawGame raw;
    if (!reader_->next(raw)) break;
    games.push_back(std::move(raw));
  }
  std::vector<AuditedRecord> records(games.size());
  tbb::parallel_for(tbb::blocked_range<std::size_t>(0, games.size(), 1), [&](const auto& range) {
    for (std::size_t i = range.begin(); i != range.end(); ++i)
      if (!interrupt) records[i] = audit_one(label_, std::move(games[i]), options, analyzer);
  });
  return records;
}

}  // namespace arbiter::python
