// `arbiter serve`: the page and its JSON API over HTTP (cpp-httplib), on 127.0.0.1
// unless told otherwise. What it refuses: bodies over `max_body` bytes (413), more
// analyses than the gate admits (503 "busy"), paths that are not the page's own files or
// the API (404), other methods (405). Errors are JSON objects {"error": "..."}.
#pragma once

#include <cstddef>
#include <expected>
#include <functional>
#include <memory>
#include <string>

#include "server/api.hpp"

namespace arbiter::server {

struct ServerOptions {
  std::string host = "127.0.0.1";
  int port = 8080;                         // 0: any free port (announced through on_listening)
  std::size_t max_body = 8 * 1024 * 1024;  // bytes of one request (a PGN upload)
  std::size_t analyses = 2;                // analyses running at once
  std::size_t queue = 16;                  // analyses waiting for a place; more are "busy"
  std::size_t threads = 24;                // connections served at once
  ApiLimits limits;
};

class HttpServer {
 public:
  HttpServer(ServerOptions options, search::VerdictStore* store);
  ~HttpServer();

  // Binds and serves until stop(); the error says why it could not bind. `on_listening`
  // is called with the port once bound (before the first request is served).
  std::expected<void, std::string> run(const std::function<void(int port)>& on_listening);
  void stop();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace arbiter::server
