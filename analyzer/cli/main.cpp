// The `arbiter` program: parses the command line and runs one subcommand.
// Exit status: 0 success, 1 some input was malformed or illegal, 2 usage error,
// 3 internal error (a result failed its own replay and was not printed), 4 the output
// could not be written (full disk, closed pipe).
#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "analyzer/cli/command.hpp"
#include "analyzer/cli/version_text.hpp"

namespace {

// A result that never reached its reader is a failure: the output is flushed and checked
// (a full disk, a closed pipe, /dev/full), and a failed write gives exit status 4.
int finish_output(int status) {
  // A command that flushed its own output may have failed already: errno still tells why.
  bool failed = std::cout.fail();
  int error = failed ? errno : 0;
  if (!failed) {
    errno = 0;
    std::cout.flush();
    failed = std::cout.fail();
    error = errno;
  }
  if (std::fflush(stdout) != 0 || std::ferror(stdout)) {
    failed = true;
    if (error == 0) error = errno;
  }
  if (!failed) return status;
  std::cerr << "arbiter: the output could not be written" << (error ? std::string(": ") + std::strerror(error) : "")
            << '\n';
  return 4;
}

// Edit distance (insertions, deletions, substitutions, adjacent swaps) for suggestions.
std::size_t distance(const std::string& a, const std::string& b) {
  std::vector<std::vector<std::size_t>> d(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
  for (std::size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
  for (std::size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i)
    for (std::size_t j = 1; j <= b.size(); ++j) {
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[a.size()][b.size()];
}

// The nearest of `names` to `word`, when near enough to be a slip.
std::string nearest(const std::string& word, const std::vector<std::string>& names) {
  std::string best;
  std::size_t best_d = std::max<std::size_t>(2, word.size() / 3) + 1;
  for (const auto& n : names)
    if (std::size_t dist = distance(word, n); dist < best_d) best = n, best_d = dist;
  return best;
}

// After a parse error: names the unknown command or option and suggests the nearest
// known one. False when there is nothing to add.
bool suggest(const CLI::App& app, int argc, char** argv) {
  std::vector<std::string> commands;
  for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; })) commands.push_back(sub->get_name());
  const CLI::App* chosen = nullptr;
  for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; }))
    if (sub->parsed()) chosen = sub;
  if (!chosen && argc > 1 && argv[1][0] != '-') {
    const std::string word = argv[1];
    if (std::find(commands.begin(), commands.end(), word) != commands.end()) return false;
    std::string near = nearest(word, commands);
    std::cerr << "arbiter: unknown command '" << word << "'"
              << (near.empty() ? "" : "; did you mean '" + near + "'?") << "\n";
    return true;
  }
  const CLI::App& scope = chosen ? *chosen : app;
  std::vector<std::string> options;
  for (const CLI::Option* o : scope.get_options())
    for (const auto& n : o->get_lnames()) options.push_back("--" + n);
  bool said = false;
  for (int i = 1; i < argc; ++i) {
    std::string word = argv[i];
    if (!word.starts_with("--")) continue;
    word = word.substr(0, word.find('='));
    if (std::find(options.begin(), options.end(), word) != options.end()) continue;
    std::string near = nearest(word, options);
    if (near.empty()) continue;
    std::cerr << "arbiter: unknown option '" << word << "'; did you mean '" << near << "'?\n";
    said = true;
  }
  return said;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace arbiter::cli;
  CLI::App app{"arbiter: decides, with proof, whether a side can still checkmate in a chess position", "arbiter"};
  app.require_subcommand(1);
  app.set_version_flag("--version", version_text(),
                       "Print the version, the on-disk format versions and the build, then exit");
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
      "  arbiter tables build\n"
      "  arbiter diagram '8/8/8/4k3/4p3/8/8/KN6 w - - 0 1' --out board.svg\n"
      "  arbiter serve --port 8080");
  // Each command registers its options; only the one named on the command line is needed
  // to parse it (its options take most of the start-up: about a millisecond for all of
  // them). Any other first word (help, --version, a slip) registers every command, for the
  // listing or the suggestion.
  using Make = std::unique_ptr<Command> (*)(CLI::App&);
  static constexpr std::pair<const char*, Make> kCommands[] = {
      {"analyze", make_analyze_command},   {"status", make_status_command},   {"perft", make_perft_command},
      {"helpmate", make_helpmate_command}, {"convert", make_convert_command}, {"cache", make_cache_command},
      {"timeout", make_timeout_command},   {"resign", make_resign_command},   {"audit", make_audit_command},
      {"fixtures", make_fixtures_command}, {"tables", make_tables_command},   {"diagram", make_diagram_command},
      {"serve", make_serve_command},
  };
  const std::string_view first_word = argc > 1 ? argv[1] : "";
  const bool named = std::any_of(std::begin(kCommands), std::end(kCommands),
                                 [&](const auto& c) { return first_word == c.first; });
  std::vector<std::unique_ptr<Command>> commands;
  for (const auto& [name, make] : kCommands)
    if (!named || first_word == name) commands.push_back(make(app));
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    if (!suggest(app, argc, argv)) app.exit(e);
    return 2;
  }
  for (auto& c : commands)
    if (c->app->parsed()) return finish_output(c->run());
  return 2;
}
