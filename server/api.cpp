#include "server/api.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <sstream>

#include <nlohmann/json.hpp>

#include "analyzer/game_audit.hpp"
#include "analyzer/loss_adjudication.hpp"
#include "analyzer/pgn_game.hpp"
#include "analyzer/pgn_reader.hpp"
#include "analyzer/records/records.hpp"
#include "analyzer/status.hpp"
#include "analyzer/helpmate_problem.hpp"
#include "diagram/board_svg.hpp"
#include "search/board/notation.hpp"
#include "search/proofs/blockade.hpp"
#include "search/problems/conversion.hpp"
#include "search/problems/problem_helpmate.hpp"

namespace arbiter::server {

using Json = nlohmann::ordered_json;

namespace {

// The deadline `seconds` after `start` (saturating: a huge budget is no deadline).
search::Limits::Clock::time_point limits_deadline(std::chrono::steady_clock::time_point start, double seconds) {
  return search::Limits::deadline_after(seconds, start);
}


// A reply carrying one message, as the CLI words it.
ApiReply error_reply(int status, const std::string& message) {
  return {status, records::dump(Json{{"error", message}}) + "\n"};
}

ApiReply json_reply(const Json& record) { return {200, records::dump(record) + "\n"}; }

// A request field that is missing or of the wrong kind: the reply says which and what
// was expected.
struct BadField {
  std::string message;
};

uint64_t micros_since(std::chrono::steady_clock::time_point start) {
  return uint64_t(
      std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() - start).count());
}

}  // namespace

struct Api::Request {
  nlohmann::json body;

  const nlohmann::json* field(const char* name) const {
    auto it = body.find(name);
    return it == body.end() || it->is_null() ? nullptr : &*it;
  }
  std::string text(const char* name, const std::string& fallback, bool required = false) const {
    const auto* f = field(name);
    if (!f) {
      if (required) throw BadField{std::string("missing \"") + name + "\""};
      return fallback;
    }
    if (!f->is_string()) throw BadField{std::string("\"") + name + "\" must be a string"};
    return f->get<std::string>();
  }
  bool flag(const char* name) const {
    const auto* f = field(name);
    if (!f) return false;
    if (!f->is_boolean()) throw BadField{std::string("\"") + name + "\" must be true or false"};
    return f->get<bool>();
  }
  // A positive whole number, no more than `cap` (a larger one is lowered to the cap).
  uint64_t count(const char* name, uint64_t fallback, uint64_t cap) const {
    const auto* f = field(name);
    if (!f) return std::min(fallback, cap);
    if (!f->is_number_integer() || f->get<int64_t>() <= 0)
      throw BadField{std::string("\"") + name + "\" must be a positive whole number"};
    return std::min(f->get<uint64_t>(), cap);
  }
  double seconds(const char* name, double cap) const {
    const auto* f = field(name);
    if (!f) return cap;
    if (!f->is_number() || !(f->get<double>() > 0) || !std::isfinite(f->get<double>()))
      throw BadField{std::string("\"") + name + "\" must be a positive number of seconds"};
    return std::min(f->get<double>(), cap);
  }
  // The position of the "fen" field; the error is the CLI's message for that FEN.
  std::expected<board::Position, std::string> position() const {
    auto p = board::Position::from_fen(text("fen", "", true));
    if (!p) return std::unexpected(p.error());
    return std::move(*p);
  }
};

Api::Api(ApiLimits limits, search::VerdictStore* store) : limits_(limits), store_(store) {
  analyzer::AnalysisOptions options;
  options.max_nodes = limits_.max_nodes;
  options.max_seconds = limits_.max_seconds;
  options.long_lived = true;  // the shared analyzers serve every request
  analyzer_ = std::make_unique<analyzer::WinnabilityAnalyzer>(options, store_);
  options.max_nodes = std::min(limits_.audit_nodes, limits_.max_nodes);
  // As `arbiter audit`: only the witnesses a reason quotes are shortened.
  options.shortening = analyzer::Shortening::WhenQuoted;
  audit_analyzer_ = std::make_unique<analyzer::WinnabilityAnalyzer>(options, store_);
}

Api::~Api() = default;

bool Api::is_analysis(std::string_view endpoint) {
  return endpoint == "analyze" || endpoint == "timeout" || endpoint == "resign" || endpoint == "helpmate" ||
         endpoint == "convert" || endpoint == "audit";
}

analyzer::WinnabilityAnalyzer& Api::analyzer_for(uint64_t nodes, double seconds,
                                                 std::unique_ptr<analyzer::WinnabilityAnalyzer>& own,
                                                 analyzer::Shortening shortening) {
  for (auto* shared : {analyzer_.get(), audit_analyzer_.get()})
    if (shared->options().max_nodes == nodes && shared->options().max_seconds == seconds &&
        shared->options().shortening == shortening)
      return *shared;
  analyzer::AnalysisOptions options;
  options.max_nodes = nodes;
  options.max_seconds = seconds;
  options.shortening = shortening;
  own = std::make_unique<analyzer::WinnabilityAnalyzer>(options, store_);
  return *own;
}

ApiReply Api::post(std::string_view endpoint, std::string_view body) {
  Request r;
  r.body = nlohmann::json::parse(body, nullptr, /*allow_exceptions=*/false);
  if (r.body.is_discarded() || !r.body.is_object())
    return error_reply(400, "the request body must be a JSON object, e.g. {\"fen\": \"...\"}");
  try {
    if (endpoint == "analyze") return analyze(r);
    if (endpoint == "status") return status(r);
    if (endpoint == "timeout") return loss(r, true);
    if (endpoint == "resign") return loss(r, false);
    if (endpoint == "helpmate") return helpmate(r);
    if (endpoint == "convert") return convert(r);
    if (endpoint == "audit") return audit(r);
  } catch (const BadField& e) {
    return error_reply(400, e.message);
  } catch (const nlohmann::json::exception& e) {
    return error_reply(400, std::string("the request cannot be read: ") + e.what());
  }
  return error_reply(404, "no such endpoint: /api/" + std::string(endpoint));
}

ApiReply Api::status(const Request& r) {
  auto pos = r.position();
  if (!pos) return error_reply(400, pos.error());
  return json_reply(records::status(*pos, analyzer::status_of(*pos)));
}

ApiReply Api::analyze(const Request& r) {
  auto pos = r.position();
  if (!pos) return error_reply(400, pos.error());
  // "rules": automatic-draws (the default, as in the CLI) or plain.
  const auto rules = analyzer::parse_rules(r.text("rules", analyzer::to_string(analyzer::kDefaultRules)));
  if (!rules) return error_reply(400, "'" + r.text("rules", "") + "' is not automatic-draws or plain");
  std::string winner = r.text("winner", "both");
  if (winner != "white" && winner != "black" && winner != "both")
    return error_reply(400, "'" + winner + "' is not white, black or both");
  uint64_t nodes = r.count("max_nodes", limits_.max_nodes, limits_.max_nodes);
  double seconds = r.seconds("max_seconds", limits_.max_seconds);
  std::unique_ptr<analyzer::WinnabilityAnalyzer> own;
  auto& analyzer = analyzer_for(nodes, seconds, own);
  auto timed = [&](board::Color c) {
    auto start = std::chrono::steady_clock::now();
    records::TimedVerdict tv{analyzer::analyze_under_rules(analyzer, *pos, c, *rules).verdict, 0, *rules};
    tv.micros = micros_since(start);
    return tv;
  };
  std::optional<records::TimedVerdict> white, black;
  if (winner != "black") white = timed(board::Color::White);
  if (winner != "white") black = timed(board::Color::Black);
  return json_reply(records::analyze(*pos, white, black));
}

ApiReply Api::loss(const Request& r, bool timeout) {
  auto pos = r.position();
  if (!pos) return error_reply(400, pos.error());
  const char* field = timeout ? "flagged" : "resigned";
  std::string side = r.text(field, pos->side_to_move() == board::Color::White ? "white" : "black");
  if (side != "white" && side != "black") return error_reply(400, "'" + side + "' is not white or black");
  board::Color loser = side == "white" ? board::Color::White : board::Color::Black;
  // "rules": automatic-draws (the default, as in the CLI) or plain.
  const auto rules = analyzer::parse_rules(r.text("rules", analyzer::to_string(analyzer::kDefaultRules)));
  if (!rules) return error_reply(400, "'" + r.text("rules", "") + "' is not automatic-draws or plain");
  uint64_t nodes = r.count("max_nodes", limits_.max_nodes, limits_.max_nodes);
  double seconds = r.seconds("max_seconds", limits_.max_seconds);
  std::unique_ptr<analyzer::WinnabilityAnalyzer> own;
  auto& analyzer = analyzer_for(nodes, seconds, own);
  auto kind = timeout ? analyzer::LossKind::Timeout : analyzer::LossKind::Resignation;
  auto start = std::chrono::steady_clock::now();
  auto adjudication = analyzer::adjudicate_loss(*pos, loser, kind, analyzer, *rules);
  return json_reply(records::loss(*pos, kind, loser, adjudication, micros_since(start)));
}

ApiReply Api::helpmate(const Request& r) {
  auto pos = r.position();
  if (!pos) return error_reply(400, pos.error());
  const auto* moves = r.field("moves");
  if (!moves) return error_reply(400, "missing \"moves\" (the N of h#N, e.g. 3 or 2.5)");
  std::string text = moves->is_string() ? moves->get<std::string>() : moves->dump();
  auto stipulation = search::parse_stipulation(text);
  if (!stipulation) return error_reply(400, stipulation.error());
  if (stipulation->moves > limits_.max_helpmate_moves)
    return error_reply(400, "h#" + std::to_string(stipulation->moves) + " is longer than this server solves (h#" +
                                std::to_string(limits_.max_helpmate_moves) + " at most)");
  search::HelpmateProblemOptions options;
  options.first_only = r.flag("first");
  uint64_t nodes = r.count("max_nodes", limits_.helpmate_nodes, limits_.helpmate_nodes);
  double seconds = r.seconds("max_seconds", limits_.max_seconds);
  auto start = std::chrono::steady_clock::now();
  // Only solutions the move generator replays to mate in exactly their moves are shown.
  auto answer = analyzer::solve_helpmate_problem(*pos, *stipulation, options,
                                                 {.max_nodes = nodes, .deadline = limits_deadline(start, seconds)});
  if (!answer.not_replayed.empty())
    return error_reply(500, "internal error: a solution found does not replay to mate; none is shown");
  return json_reply(records::helpmate(*pos, *stipulation, answer.result, micros_since(start), answer.shorter));
}

ApiReply Api::convert(const Request& r) {
  auto pos = r.position();
  if (!pos) return error_reply(400, pos.error());
  search::ConversionOptions options;
  options.max_moves = int(r.count("max_moves", uint64_t(options.max_moves), uint64_t(limits_.max_convert_moves)));
  auto result = search::find_conversion(*pos, options);
  if (!result) return error_reply(400, result.error().message);
  std::optional<records::ConversionText> text;
  if (result->kind == search::Conversion::Kind::Converted) {
    text = records::conversion_text(*pos, result->line);
    if (!text) return error_reply(500, "internal error: the conversion found does not replay; it is not shown");
  }
  return json_reply(records::convert(*pos, *result, text, options));
}

// The reply: {"records": [one per game, as `audit --json` prints them], "replays": [for
// each record, {"start": FEN, "line": [UCI...]} of the game as played, or null for a game
// that could not be replayed]}: the page opens a game at its deciding ply from these.
ApiReply Api::audit(const Request& r) {
  std::string pgn = r.text("pgn", "", true);
  std::string name = r.text("name", "upload.pgn");
  uint64_t nodes = r.count("max_nodes", limits_.audit_nodes, limits_.max_nodes);
  double seconds = r.seconds("max_seconds", limits_.max_seconds);
  std::unique_ptr<analyzer::WinnabilityAnalyzer> own;
  auto& analyzer = analyzer_for(nodes, seconds, own, analyzer::Shortening::WhenQuoted);
  analyzer::AuditOptions options;
  options.claims = r.flag("claims");
  // "rules": automatic-draws (the default, as in the CLI) or plain.
  const auto rules = analyzer::parse_rules(r.text("rules", analyzer::to_string(analyzer::kDefaultRules)));
  if (!rules) return error_reply(400, "'" + r.text("rules", "") + "' is not automatic-draws or plain");
  options.rules = *rules;

  std::istringstream in(pgn);
  analyzer::PgnReader reader(in);
  Json out_records = Json::array(), replays = Json::array();
  std::size_t games = 0;
  while (auto raw = reader.next()) {
    if (++games > limits_.max_pgn_games)
      return error_reply(413, "more than " + std::to_string(limits_.max_pgn_games) +
                                  " games in one request; audit large files with `arbiter audit`");
    int index = raw->index;
    auto tag_or = [&](const char* tag) {
      const std::string* v = raw->tag(tag);
      return v ? *v : std::string("?");
    };
    std::string white = tag_or("White"), black = tag_or("Black");
    auto game = analyzer::replay(std::move(*raw));
    if (!game) {
      out_records.push_back(records::audit_error(name, index, game.error().to_string()));
      replays.push_back(nullptr);
      continue;
    }
    std::optional<analyzer::GameResult> recorded;
    if (const std::string* tag = game->raw.tag("Result"))
      recorded = analyzer::parse_result(analyzer::normalise_result(*tag));
    if (!recorded && !game->raw.termination.empty()) recorded = analyzer::parse_result(game->raw.termination);
    auto audited = analyzer::audit_game(*game, recorded, options, analyzer);
    records::AuditedGameRecord record;
    record.file = name;
    record.game = index;
    record.white = white;
    record.black = black;
    record.audit = &audited;
    record.warnings = game->raw.warnings;
    record.claims = options.claims;
    record.start = &game->start;
    record.moves = game->moves;
    out_records.push_back(records::audited_game(record));
    board::Position p = game->start;
    replays.push_back(Json{{"start", game->start.fen()}, {"line", board::uci_line(p, game->moves)}});
  }
  if (reader.input_error()) return error_reply(400, *reader.input_error());
  return json_reply(Json{{"records", out_records}, {"replays", replays}});
}

ApiReply Api::piece(const std::map<std::string, std::string>& query) {
  auto it = query.find("piece");
  std::optional<board::Piece> p;
  if (it != query.end() && it->second.size() == 1) p = board::piece_from_char(it->second[0]);
  if (!p) return error_reply(400, "piece must be one of the FEN letters KQRBNPkqrbnp");
  return {200, diagram::piece_svg(*p), "image/svg+xml"};
}

ApiReply Api::diagram(const std::map<std::string, std::string>& query) {
  auto get = [&](const char* key) -> std::string {
    auto it = query.find(key);
    return it == query.end() ? std::string() : it->second;
  };
  diagram::DiagramOptions options;
  options.flipped = get("flip") == "1";
  if (get("setup") == "1") {  // a position being set up: the men as placed, legal or not
    auto setup = board::parse_fen(get("fen"));
    if (!setup) return error_reply(400, setup.error().to_string());
    return {200, diagram::render_svg(*setup, options), "image/svg+xml"};
  }
  auto start = board::Position::from_fen(get("fen"));
  if (!start) return error_reply(400, start.error());
  std::vector<std::string> line;
  std::istringstream words(get("line"));
  for (std::string m; std::getline(words, m, ',');)
    if (!m.empty()) line.push_back(m);
  if (line.size() > 2000) return error_reply(400, "a line of more than 2000 moves");
  int ply = int(line.size());
  if (std::string k = get("ply"); !k.empty()) {
    if (k.size() > 5 || !std::all_of(k.begin(), k.end(), [](char c) { return c >= '0' && c <= '9'; }))
      return error_reply(400, "ply must be a whole number");
    ply = std::stoi(k);
  }
  auto pos = diagram::position_after(*start, line, ply);
  if (!pos) return error_reply(400, pos.error());
  // The walls of a blockade proof: the pawns that never move and where the losing
  // king (of the colour named) can ever stand.
  if (std::string king = get("blockade"); !king.empty()) {
    if (king != "white" && king != "black") return error_reply(400, "blockade must be white or black");
    auto walls = search::analyze_blockade(*pos);
    options.walls = walls.frozen | walls.immobile;
    options.highlight = walls.king_region[king == "white" ? 0 : 1];
  }
  return {200, diagram::render_svg(*pos, options), "image/svg+xml"};
}

}  // namespace arbiter::server
