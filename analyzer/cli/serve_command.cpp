// `arbiter serve`: runs the server program, `arbiter-serve` (server/main.cpp), with the
// arguments that follow. The server is a program of its own so that the other commands
// do not load the HTTP library and, through it, TLS at every start.
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <string>
#include <system_error>
#include <vector>

#include "analyzer/cli/command.hpp"
#include "analyzer/cli/serve_summary.hpp"

#ifndef ARBITER_SERVE_FROM_BINDIR
#define ARBITER_SERVE_FROM_BINDIR "../libexec/arbiter"
#endif

namespace arbiter::cli {
namespace {

namespace fs = std::filesystem;

// Where the server program may be: beside this program (the build folder), else where
// an install puts it relative to the bin folder.
std::vector<fs::path> serve_program_places() {
  std::error_code error;
  const fs::path self = fs::read_symlink("/proc/self/exe", error);
  if (error) return {};
  const fs::path dir = self.parent_path();
  return {dir / "arbiter-serve", (dir / ARBITER_SERVE_FROM_BINDIR / "arbiter-serve").lexically_normal()};
}

class ServeCommand : public Command {
 public:
  explicit ServeCommand(CLI::App& parent) {
    app = parent.add_subcommand("serve", kServeSummary);
    // Every argument, --help included, is the server program's to read.
    app->set_help_flag();
    app->allow_extras();
    app->prefix_command();
  }

  int run() override {
    std::vector<std::string> args = app->remaining();
    const auto places = serve_program_places();
    for (const fs::path& program : places) {
      if (access(program.c_str(), X_OK) != 0) continue;
      std::vector<char*> argv;
      std::string name = program.string();
      argv.push_back(name.data());
      for (std::string& a : args) argv.push_back(a.data());
      argv.push_back(nullptr);
      execv(program.c_str(), argv.data());
      std::cerr << "arbiter: cannot run " << program.string() << ": " << std::strerror(errno) << '\n';
      return 2;
    }
    std::cerr << "arbiter: serve needs the server program arbiter-serve, which is not installed";
    if (!places.empty()) {
      std::cerr << " (looked for";
      for (std::size_t i = 0; i < places.size(); ++i) std::cerr << (i ? " and " : " ") << places[i].string();
      std::cerr << ')';
    }
    std::cerr << "; build it with the rest (cmake --build) or reinstall\n";
    return 2;
  }
};

}  // namespace

std::unique_ptr<Command> make_serve_command(CLI::App& parent) { return std::make_unique<ServeCommand>(parent); }

}  // namespace arbiter::cli
