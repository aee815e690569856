// The `arbiter` program: parses the command line and runs one subcommand.
// Exit status: 0 success, 1 some input was malformed or illegal, 2 usage error,
// 3 internal error (a result failed its own replay and was not printed).
#include <iostream>
#include <memory>
#include <vector>

#include "analyzer/cli/command.hpp"

int main(int argc, char** argv) {
  using namespace arbiter::cli;
  CLI::App app{"arbiter: decides, with proof, whether a side can still checkmate in a chess position", "arbiter"};
  app.require_subcommand(1);
  app.footer(
      "Positions are FEN arguments, or one FEN per line on stdin when none is given.\n"
      "Run `arbiter <command> --help` for a command's options and an example.\n\n"
      "Examples:\n"
      "  arbiter analyze '8/8/8/4k3/4p3/8/8/KN6 w - - 0 1'\n"
      "  arbiter status 'k7/1QK5/8/8/8/8/8/8 b - - 0 1'\n"
      "  arbiter perft 5\n"
      "  arbiter helpmate --moves 2 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'\n"
      "  arbiter convert '7K/8/8/8/8/1Q6/p7/k7 b - - 0 1'\n"
      "  arbiter timeout --flagged black '8/8/8/4k3/4p3/8/8/KN6 w - - 0 1'\n"
      "  arbiter fixtures generate --kind winnability --count 20 --out winnability.jsonl\n"
      "  arbiter diagram '8/8/8/4k3/4p3/8/8/KN6 w - - 0 1' --out board.svg\n"
      "  arbiter serve --port 8080");
  std::vector<std::unique_ptr<Command>> commands;
  commands.push_back(make_analyze_command(app));
  commands.push_back(make_status_command(app));
  commands.push_back(make_perft_command(app));
  commands.push_back(make_helpmate_command(app));
  commands.push_back(make_convert_command(app));
  commands.push_back(make_cache_command(app));
  commands.push_back(make_timeout_command(app));
  commands.push_back(make_resign_command(app));
  commands.push_back(make_audit_command(app));
  commands.push_back(make_fixtures_command(app));
  commands.push_back(make_diagram_command(app));
  commands.push_back(make_serve_command(app));
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    app.exit(e);
    return 2;
  }
  for (auto& c : commands)
    if (c->app->parsed()) return c->run();
  return 2;
}
