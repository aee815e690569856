// The JSON API behind the page: one function per endpoint, from the request body to the
// reply (status code and body). The records are those the CLI prints with --json
// (analyzer/records), so the page, the CLI and scripts agree. Bad input gives a 4xx with
// the CLI's message; every analysis is bounded by the server's own caps, whatever the
// request asks. Thread-safe: the HTTP server calls it from many threads.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <string_view>

#include "analyzer/winnability.hpp"
#include "search/verdict_store.hpp"

namespace arbiter::server {

// The server's own caps; a request may ask for less, never for more.
struct ApiLimits {
  uint64_t max_nodes = 10'000'000;      // per winnability question (analyze, timeout, resign)
  double max_seconds = 30;              // per question, and per helpmate / audit request
  uint64_t audit_nodes = 1'000'000;     // per question of an audit (its default, as the CLI's)
  uint64_t helpmate_nodes = 200'000'000;  // per helpmate problem
  int max_helpmate_moves = 8;           // h#N with N at most this
  int max_convert_moves = 30;
  std::size_t max_pgn_games = 2000;     // games per audit request
};

struct ApiReply {
  int status = 200;
  std::string body;
  std::string content_type = "application/json";
};

class Api {
 public:
  // The store (the verdict table), when given, must outlive the Api.
  Api(ApiLimits limits, search::VerdictStore* store);
  ~Api();

  // POST /api/<endpoint> with a JSON object as the body. 404 for an unknown endpoint.
  ApiReply post(std::string_view endpoint, std::string_view body);
  // GET /api/diagram?fen=...&line=uci,uci&ply=K&flip=1[&blockade=white|black][&setup=1]:
  // the SVG of the position (docs/api.md).
  ApiReply diagram(const std::map<std::string, std::string>& query);

  // GET /api/piece?piece=N (a FEN letter): the picture of one man, for the page's palette.
  ApiReply piece(const std::map<std::string, std::string>& query);

  // Whether an endpoint runs a search (and so waits for a place among the analyses).
  static bool is_analysis(std::string_view endpoint);
  const ApiLimits& limits() const { return limits_; }

 private:
  struct Request;  // the parsed body and its checked fields
  ApiReply analyze(const Request& r);
  ApiReply status(const Request& r);
  ApiReply loss(const Request& r, bool timeout);
  ApiReply helpmate(const Request& r);
  ApiReply convert(const Request& r);
  ApiReply audit(const Request& r);
  // The analyzer for a budget and a shortening: the shared one when it is the caps' (or
  // the audit's default, which shortens only quoted witnesses), else one of its own.
  analyzer::WinnabilityAnalyzer& analyzer_for(uint64_t nodes, double seconds,
                                              std::unique_ptr<analyzer::WinnabilityAnalyzer>& own,
                                              analyzer::Shortening shortening = analyzer::Shortening::Bounded);

  ApiLimits limits_;
  search::VerdictStore* store_;
  // Kept across requests (its tables warm up); a request with a smaller time budget gets
  // an analyzer of its own.
  std::unique_ptr<analyzer::WinnabilityAnalyzer> analyzer_, audit_analyzer_;
};

}  // namespace arbiter::server
