// Helpmate and conversion records.
#include <iomanip>
#include <sstream>

#include "analyzer/records/records.hpp"
#include "search/board/notation.hpp"

namespace arbiter::records {

std::string problem_notation(const board::Position& root, std::span<const board::Move> line, bool half) {
  board::Position pos = root;
  std::string out;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const std::size_t ply = half ? i + 1 : i;  // plies counted from the start of move 1
    if (i > 0) out += ' ';
    if (half && i == 0)
      out += "1... ";
    else if (ply % 2 == 0)
      out += std::to_string(ply / 2 + 1) + ". ";
    out += board::to_san(pos, line[i]);
    pos.do_move(line[i]);
  }
  return out;
}

namespace {
std::vector<std::string> solutions_san(const board::Position& pos, search::Stipulation stipulation,
                                       const search::HelpmateSolutions& result) {
  std::vector<std::string> san;
  for (const auto& line : result.solutions) san.push_back(problem_notation(pos, line, stipulation.half));
  return san;
}
}  // namespace

Json helpmate(const board::Position& pos, search::Stipulation stipulation, const search::HelpmateSolutions& result,
              uint64_t micros, const std::optional<std::vector<ShortSolutions>>& shorter) {
  Json j;
  j["fen"] = pos.fen();
  j["stipulation"] = stipulation.to_string();
  auto solutions = Json::array();
  board::Position replay = pos;
  for (const auto& line : result.solutions) solutions.push_back(board::uci_line(replay, line));
  j["solutions"] = solutions;
  j["san"] = solutions_san(pos, stipulation, result);
  j["count"] = result.solutions.size();
  j["nodes"] = result.nodes;
  j["micros"] = micros;
  j["complete"] = result.complete;
  j["limit"] = result.complete ? Json(nullptr) : Json(search::to_string(result.limit));
  if (shorter) {
    Json list = Json::array();
    for (const auto& s : *shorter) {
      if (s.result.solutions.empty() && s.result.complete) continue;
      Json entry;
      entry["stipulation"] = s.stipulation.to_string();
      Json lines = Json::array();
      board::Position start = pos;
      for (const auto& line : s.result.solutions) lines.push_back(board::uci_line(start, line));
      entry["solutions"] = lines;
      entry["san"] = solutions_san(pos, s.stipulation, s.result);
      entry["count"] = s.result.solutions.size();
      entry["complete"] = s.result.complete;
      list.push_back(entry);
    }
    j["short_solutions"] = list;
  } else {
    j["short_solutions"] = nullptr;
  }
  return stamp(j);
}

std::string helpmate_text(const board::Position& pos, search::Stipulation stipulation,
                          const search::HelpmateSolutions& result, uint64_t micros, bool first_only,
                          const std::optional<std::vector<ShortSolutions>>& shorter) {
  std::ostringstream out;
  const std::size_t n = result.solutions.size();
  out << pos.fen() << "\n  " << stipulation.to_string() << ": ";
  if (!result.complete)
    out << "incomplete (" << search::to_string(result.limit) << "): " << n << " solution" << (n == 1 ? "" : "s")
        << " found so far, others may exist";
  else if (n == 0)
    out << "no solution";
  else if (first_only)
    out << "a solution (--first: others may exist)";
  else
    out << n << " solution" << (n == 1 ? "" : "s");
  out << " (" << result.nodes << " nodes, " << std::fixed << std::setprecision(3) << double(micros) / 1e6 << " s)\n";
  for (const auto& line : solutions_san(pos, stipulation, result)) out << "  " << line << '\n';
  if (shorter)
    for (const auto& s : *shorter) {
      const std::size_t k = s.result.solutions.size();
      if (k == 0 && s.result.complete) continue;
      out << "  short solutions, " << s.stipulation.to_string() << " (cooks): " << k << (s.result.complete ? "" : "+")
          << '\n';
      for (const auto& line : solutions_san(pos, s.stipulation, s.result)) out << "  " << line << '\n';
    }
  return out.str();
}

std::optional<ConversionText> conversion_text(const board::Position& stalemate, std::span<const board::Move> line) {
  if (!search::replays_as_conversion(stalemate, line)) return std::nullopt;
  ConversionText text;
  board::Position current = stalemate;
  for (std::size_t i = 0; i < line.size(); ++i) {
    board::Position mover = *search::pass_stalemated_side(current);
    text.uci.push_back(board::to_uci(mover, line[i]));
    text.san += (i ? " " : "") + std::to_string(i + 1) + ". " + board::to_san(mover, line[i]);
    mover.do_move(line[i]);
    current = std::move(mover);
  }
  return text;
}

Json convert(const board::Position& pos, const search::Conversion& result, const std::optional<ConversionText>& text,
             const search::ConversionOptions&) {
  const bool converted = result.kind == search::Conversion::Kind::Converted;
  Json j;
  j["fen"] = pos.fen();
  j["convertible"] = converted;
  j["line"] = converted ? Json(text->uci) : Json(nullptr);
  j["san"] = converted ? Json(text->san) : Json(nullptr);
  j["length"] = result.line.size();
  j["positions"] = result.positions;
  j["complete"] = result.kind != search::Conversion::Kind::LimitHit;
  // What cut the search short, if anything: "max-moves" (no line within the bound; a
  // longer one may exist) or "max-positions" (undetermined).
  j["stopped_by"] = result.kind == search::Conversion::Kind::LimitHit ? Json("max-positions")
                    : result.kind == search::Conversion::Kind::NoConversion && !result.exhausted
                        ? Json("max-moves")
                        : Json(nullptr);
  return stamp(j);
}

namespace {
std::string side_name(board::Color c) { return c == board::Color::White ? "White" : "Black"; }
}  // namespace

std::string convert_text(const board::Position& pos, const search::Conversion& result,
                         const std::optional<ConversionText>& text, const search::ConversionOptions& options) {
  const bool converted = result.kind == search::Conversion::Kind::Converted;
  const bool complete = result.kind != search::Conversion::Kind::LimitHit;
  std::ostringstream out;
  const std::string stalemating = side_name(~pos.side_to_move());
  const std::string stalemated = side_name(pos.side_to_move());
  out << pos.fen() << "\n  ";
  if (converted) {
    const std::size_t n = result.line.size();
    out << stalemating << " converts in " << n << " move" << (n == 1 ? "" : "s") << ": " << text->san;
    if (n > 1) out << " (" << stalemated << " stays stalemated until the mate)";
  } else if (complete) {
    if (result.exhausted)
      out << "no conversion: the stalemate stands (draw)";
    else
      out << "no conversion within " << options.max_moves << " move" << (options.max_moves == 1 ? "" : "s")
          << ": the stalemate stands (draw); the --max-moves bound stopped the search, a longer line may exist";
  } else {
    out << "undetermined: the bound of " << options.max_positions << " positions was reached";
  }
  out << "\n  " << result.positions << " position" << (result.positions == 1 ? "" : "s") << " searched\n";
  return out.str();
}

}  // namespace arbiter::records
