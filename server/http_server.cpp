#include "server/http_server.hpp"

#include <httplib.h>
#include <sys/socket.h>

#include <nlohmann/json.hpp>

#include "server/analysis_gate.hpp"
#include "server/page_assets.hpp"

namespace arbiter::server {

namespace {

// Debian builds cpp-httplib as a library whose listen() asks for a backlog of 5
// (CPPHTTPLIB_LISTEN_BACKLOG, compiled in: defining it here changes nothing). More
// clients connecting at once than that overflow the accept queue, and the kernel may
// then drop or reset their connections. Listening again on the bound socket sets the
// backlog anew (Linux and the BSDs allow it), so the queue holds every waiting client
// up to the system's limit (net.core.somaxconn).
class Listener : public httplib::Server {
 public:
  bool widen_backlog() { return ::listen(svr_sock_, SOMAXCONN) == 0; }
};

}  // namespace

struct HttpServer::Impl {
  Impl(ServerOptions o, search::VerdictStore* store)
      : options(std::move(o)), api(options.limits, store), gate(options.analyses, options.queue) {}
  ServerOptions options;
  Api api;
  AnalysisGate gate;
  Listener http;
};

namespace {

void send(httplib::Response& res, const ApiReply& reply) {
  res.status = reply.status;
  res.set_content(reply.body, reply.content_type.c_str());
}

void send_error(httplib::Response& res, int status, const std::string& message) {
  nlohmann::json j{{"error", message}};
  res.status = status;
  res.set_content(j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n", "application/json");
}

}  // namespace

HttpServer::HttpServer(ServerOptions options, search::VerdictStore* store)
    : impl_(std::make_unique<Impl>(std::move(options), store)) {
  Impl& s = *impl_;
  auto& http = s.http;
  const std::size_t threads = s.options.threads;
  http.new_task_queue = [threads] { return new httplib::ThreadPool(threads); };
  http.set_payload_max_length(s.options.max_body);
  http.set_read_timeout(10, 0);
  http.set_write_timeout(10, 0);
  http.set_keep_alive_max_count(20);
  http.set_keep_alive_timeout(2);
  // Every reply: no caching of answers, no sniffing, no framing by other sites, and the
  // page may load only its own files (no CDN, nothing from elsewhere).
  http.set_default_headers({
      {"X-Content-Type-Options", "nosniff"},
      {"X-Frame-Options", "DENY"},
      {"Referrer-Policy", "no-referrer"},
      {"Content-Security-Policy",
       "default-src 'self'; img-src 'self' data: blob:; style-src 'self'; script-src 'self'; "
       "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'"},
  });

  for (const auto& asset : page_assets()) {
    auto serve = [&asset](const httplib::Request&, httplib::Response& res) {
      res.set_content(asset.bytes.data(), asset.bytes.size(), std::string(asset.content_type).c_str());
    };
    http.Get(std::string(asset.path), serve);
    if (asset.path == "/index.html") http.Get("/", serve);
  }

  http.Get("/api/diagram", [&s](const httplib::Request& req, httplib::Response& res) {
    std::map<std::string, std::string> query;
    for (const auto& [k, v] : req.params) query.emplace(k, v);
    send(res, s.api.diagram(query));
  });

  http.Get("/api/piece", [&s](const httplib::Request& req, httplib::Response& res) {
    std::map<std::string, std::string> query;
    for (const auto& [k, v] : req.params) query.emplace(k, v);
    send(res, s.api.piece(query));
    res.set_header("Cache-Control", "max-age=86400");
  });

  http.Post(R"(/api/([a-z]+))", [&s](const httplib::Request& req, httplib::Response& res) {
    std::string endpoint = req.matches[1];
    if (!Api::is_analysis(endpoint)) {
      send(res, s.api.post(endpoint, req.body));
      return;
    }
    auto slot = s.gate.enter();
    if (!slot) {
      res.set_header("Retry-After", "2");
      send_error(res, 503,
                 "busy: " + std::to_string(s.gate.running_limit()) + " analyses are running and " +
                     std::to_string(s.gate.waiting_limit()) + " are waiting; try again in a few seconds");
      return;
    }
    send(res, s.api.post(endpoint, req.body));
  });

  // Anything else: a JSON error, never a file of the server's.
  http.set_error_handler([](const httplib::Request& req, httplib::Response& res) {
    if (!res.body.empty()) return;  // the handler already said why
    if (res.status == 404 && req.path.starts_with("/api/") && req.method != "POST" && req.path != "/api/diagram" &&
        req.path != "/api/piece") {
      res.set_header("Allow", "POST");
      send_error(res, 405, "use POST for " + req.path + " (docs/api.md)");
      return;
    }
    std::string message = res.status == 413   ? "the request is larger than this server accepts"
                          : res.status == 404 ? "no such page: " + req.path
                                              : "the request cannot be served";
    send_error(res, res.status, message);
  });
  http.set_exception_handler([](const httplib::Request&, httplib::Response& res, std::exception_ptr ep) {
    std::string what = "internal error";
    try {
      std::rethrow_exception(ep);
    } catch (const std::exception& e) {
      what += std::string(": ") + e.what();
    } catch (...) {
    }
    send_error(res, 500, what);
  });
}

HttpServer::~HttpServer() = default;

std::expected<void, std::string> HttpServer::run(const std::function<void(int port)>& on_listening) {
  auto& http = impl_->http;
  int port = impl_->options.port;
  if (port == 0) {
    port = http.bind_to_any_port(impl_->options.host);
    if (port < 0) return std::unexpected("cannot listen on " + impl_->options.host);
  } else if (!http.bind_to_port(impl_->options.host, port)) {
    return std::unexpected("cannot listen on " + impl_->options.host + ":" + std::to_string(port) +
                           " (in use, or not an address of this machine)");
  }
  if (!http.widen_backlog()) return std::unexpected("cannot listen on " + impl_->options.host + " (listen failed)");
  on_listening(port);
  if (!http.listen_after_bind()) return std::unexpected("the server stopped on an error");
  return {};
}

void HttpServer::stop() { impl_->http.stop(); }

}  // namespace arbiter::server
