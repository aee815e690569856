// One subcommand of the `arbiter` program: it registers its options on the CLI11 app
// and, when chosen, runs and returns the exit status (0 ok, 1 some input was bad).
#pragma once

#include <memory>
#include <optional>
#include <string>

#include <CLI/CLI.hpp>

#include "analyzer/cli/input.hpp"
#include "search/board/position.hpp"

namespace arbiter::cli {

class Command {
 public:
  virtual ~Command() = default;
  virtual int run() = 0;
  CLI::App* app = nullptr;
};

std::unique_ptr<Command> make_status_command(CLI::App& parent);
std::unique_ptr<Command> make_perft_command(CLI::App& parent);
std::unique_ptr<Command> make_analyze_command(CLI::App& parent);
std::unique_ptr<Command> make_helpmate_command(CLI::App& parent);
std::unique_ptr<Command> make_convert_command(CLI::App& parent);
std::unique_ptr<Command> make_cache_command(CLI::App& parent);
std::unique_ptr<Command> make_timeout_command(CLI::App& parent);
std::unique_ptr<Command> make_resign_command(CLI::App& parent);
std::unique_ptr<Command> make_audit_command(CLI::App& parent);
std::unique_ptr<Command> make_fixtures_command(CLI::App& parent);
std::unique_ptr<Command> make_tables_command(CLI::App& parent);
std::unique_ptr<Command> make_diagram_command(CLI::App& parent);
std::unique_ptr<Command> make_serve_command(CLI::App& parent);

// A malformed or illegal input: {"input","error"} on stdout with --json, else a line on
// stderr. The message names the input line.
void report_input_error(const InputLine& input, const std::string& message, bool json);

// More than one word after the FEN: the message ("... takes one word after the FEN,
// `expected`; found 'white black'"), else nothing.
std::optional<std::string> extra_words_error(const InputLine& input, const std::string& expected);

// The position of an input line; or, after reporting why there is none (a word after the
// FEN, a malformed FEN, an illegal position), nothing.
std::optional<board::Position> read_position(const InputLine& input, bool json);

}  // namespace arbiter::cli
