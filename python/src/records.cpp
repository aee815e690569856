#include "records.hpp"

namespace arbiter::python {

Json analysis_record(const board::Position& pos, const std::optional<TimedVerdict>& white,
                     const std::optional<TimedVerdict>& black) {
  return records::analyze(pos, white, black);
}

Json loss_record(const board::Position& pos, board::Color loser, analyzer::LossKind kind,
                 const analyzer::Adjudication& adjudication, uint64_t micros) {
  return records::loss(pos, kind, loser, adjudication, micros);
}

Json status_record(const board::Position& pos, const analyzer::Status& status, const std::optional<TimedVerdict>& white,
                   const std::optional<TimedVerdict>& black) {
  return records::status(pos, status, white, black);
}

Json helpmate_record(const board::Position& pos, search::Stipulation stipulation,
                     const search::HelpmateSolutions& result, uint64_t micros,
                     const std::optional<std::vector<records::ShortSolutions>>& shorter) {
  return records::helpmate(pos, stipulation, result, micros, shorter);
}

std::optional<Json> conversion_record(const board::Position& pos, const search::Conversion& result,
                                      const search::ConversionOptions& options) {
  std::optional<records::ConversionText> text;
  if (result.kind == search::Conversion::Kind::Converted) {
    text = records::conversion_text(pos, result.line);
    if (!text) return std::nullopt;
  }
  return records::convert(pos, result, text, options);
}

}  // namespace arbiter::python
