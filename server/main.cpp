// `arbiter serve`: the local web page and its JSON API (server/), a program of its own.
// `arbiter serve ...` runs it (analyzer/cli/serve_command.cpp), so that the commands that
// need no server do not load the HTTP library and, with it, TLS: a third of every other
// command's start-up. Exit status: 0 stopped cleanly, 2 a usage error or the server could
// not start.
#include <malloc.h>
#include <pthread.h>
#include <signal.h>

#include <CLI/CLI.hpp>
#include <iostream>
#include <nlohmann/json.hpp>
#include <thread>

#include "analyzer/cli/cache_options.hpp"
#include "analyzer/cli/serve_summary.hpp"
#include "server/http_server.hpp"

namespace arbiter::cli {
namespace {

class ServeProgram {
 public:
  explicit ServeProgram(CLI::App* app) {
    app->add_option("--host", options_.host, "address to listen on (another than 127.0.0.1 opens it to the network)")
        ->default_val(options_.host);
    app->add_option("--port", options_.port, "port to listen on (0: any free port, printed at start)")
        ->default_val(options_.port)
        ->check(CLI::Range(0, 65535));
    app->add_option("--max-nodes", options_.limits.max_nodes,
                    "the most nodes one winnability question may take, whatever a request asks")
        ->default_val(options_.limits.max_nodes);
    app->add_option("--max-seconds", options_.limits.max_seconds,
                    "the most seconds one question (or helpmate problem) may take")
        ->default_val(options_.limits.max_seconds)
        ->check(CLI::PositiveNumber);
    app->add_option("--analyses", options_.analyses, "analyses running at once")
        ->default_val(options_.analyses)
        ->check(CLI::Range(1, 64));
    app->add_option("--queue", options_.queue,
                    "analyses waiting for a place; beyond them a request is told "
                    "\"busy\" (503)")
        ->default_val(options_.queue)
        ->check(CLI::Range(0, 1024));
    app->add_option("--max-body", max_body_mib_, "largest request in MiB (a PGN upload)")
        ->default_val(max_body_mib_)
        ->check(CLI::Range(1, 256));
    app->add_flag("--json", json_, "print {\"url\", \"port\"} as one JSON line once listening");
    add_cache_options(app, cache_);
    app->footer(
        "The page and its files are built into the program; nothing is fetched from the internet.\n"
        "The JSON API (POST /api/analyze, /api/status, /api/timeout, /api/resign, /api/helpmate,\n"
        "/api/convert, /api/audit; GET /api/diagram) is described in docs/api.md.\n\n"
        "Example:\n"
        "  arbiter serve --port 8080\n"
        "  -> open http://127.0.0.1:8080/?fen=8/8/8/4k3/4p3/8/8/KN6%20w%20-%20-%200%201");
  }

  int run() {
    options_.max_body = max_body_mib_ * 1024 * 1024;
#ifdef __GLIBC__
    // The searches' tables of one request (megabytes) go back to the system when it
    // ends: a fixed mmap threshold keeps glibc from raising it and parking them in the
    // per-thread arenas, which would grow a long-running server by a table per thread.
    mallopt(M_MMAP_THRESHOLD, 256 * 1024);
#endif
    // SIGINT and SIGTERM stop the server cleanly (the verdict table is committed): they
    // are blocked in every thread and taken by one that waits for them.
    sigset_t stop_signals;
    sigemptyset(&stop_signals);
    sigaddset(&stop_signals, SIGINT);
    sigaddset(&stop_signals, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &stop_signals, nullptr);

    auto cache = open_cache(cache_);  // destroyed last: commits what the analyses kept
    server::HttpServer http(options_, cache.get());
    std::thread waiter([&] {
      int signal = 0;
      sigwait(&stop_signals, &signal);
      http.stop();
    });
    if (options_.host != "127.0.0.1" && options_.host != "localhost" && options_.host != "::1")
      std::cerr << "arbiter: listening on " << options_.host
                << ": the page and its API are open to other machines; nothing asks who they are\n";
    auto done = http.run([&](int port) {
      std::string url = "http://" + options_.host + ":" + std::to_string(port) + "/";
      if (json_)
        std::cout << nlohmann::ordered_json{{"url", url}, {"port", port}}.dump() << std::endl;
      else
        std::cout << "arbiter: serving " << url << " (Ctrl-C stops)" << std::endl;
    });
    pthread_kill(waiter.native_handle(), SIGTERM);  // wakes the waiter if no signal came
    waiter.join();
    if (!done) {
      std::cerr << "arbiter: " << done.error() << '\n';
      return 2;
    }
    return 0;
  }

 private:
  server::ServerOptions options_;
  std::size_t max_body_mib_ = 8;
  bool json_ = false;
  CacheOptions cache_;
};

}  // namespace
}  // namespace arbiter::cli

int main(int argc, char** argv) {
  CLI::App app{arbiter::cli::kServeSummary, "arbiter serve"};
  arbiter::cli::ServeProgram program(&app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    app.exit(e);
    return 2;
  }
  return program.run();
}
