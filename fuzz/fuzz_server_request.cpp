// libFuzzer target: the server's request parsing (server/api.hpp), below HTTP. The first
// byte picks the endpoint (the seven POST endpoints, the two GET ones, an unknown one);
// the rest is the body (POST) or a query string "k=v&k=v" (GET). Every analysis runs on
// tiny budgets. Every request gets a reply with a status of 200, 4xx or 503 and a body;
// an error reply is a JSON object with a non-empty "error". Never a crash.
#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "fuzz/check.hpp"
#include "fuzz/targets.hpp"
#include "server/api.hpp"

using namespace arbiter;

namespace {

server::Api& api() {
  static server::Api instance = [] {
    server::ApiLimits limits;
    limits.max_nodes = 2'000;
    limits.max_seconds = 0.05;
    limits.audit_nodes = 500;
    limits.helpmate_nodes = 20'000;
    limits.max_helpmate_moves = 2;
    limits.max_convert_moves = 3;
    limits.max_pgn_games = 4;
    return server::Api(limits, nullptr);
  }();
  return instance;
}

std::map<std::string, std::string> query_of(std::string_view text) {
  std::map<std::string, std::string> out;
  while (!text.empty()) {
    std::size_t amp = text.find('&');
    std::string_view pair = text.substr(0, amp);
    std::size_t eq = pair.find('=');
    out[std::string(pair.substr(0, eq))] = eq == std::string_view::npos ? "" : std::string(pair.substr(eq + 1));
    if (amp == std::string_view::npos) break;
    text.remove_prefix(amp + 1);
  }
  return out;
}

}  // namespace

int arbiter::fuzz::fuzz_server_request(const uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  static const char* const kEndpoints[] = {"analyze", "status", "timeout", "resign", "helpmate",
                                           "convert", "audit",  "diagram", "piece",  "nowhere"};
  const std::string_view endpoint = kEndpoints[data[0] % 10];
  const std::string_view body(reinterpret_cast<const char*>(data + 1), size - 1);
  server::ApiReply reply;
  if (endpoint == "diagram") reply = api().diagram(query_of(body));
  else if (endpoint == "piece") reply = api().piece(query_of(body));
  else reply = api().post(endpoint, body);
  FUZZ_CHECK(reply.status == 200 || reply.status == 503 || (reply.status >= 400 && reply.status < 500));
  FUZZ_CHECK(!reply.body.empty());
  if (reply.status != 200) {
    auto j = nlohmann::json::parse(reply.body, nullptr, false);
    FUZZ_CHECK(j.is_object() && j.contains("error") && j["error"].is_string() && !j["error"].get<std::string>().empty());
  }
  return 0;
}

#ifndef ARBITER_FUZZ_NO_MAIN
extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
  return arbiter::fuzz::fuzz_server_request(data, size);
}
#endif
