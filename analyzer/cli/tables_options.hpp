// The helpmate-table options every command that analyses positions can share:
// `--tables DIR` and `--no-tables`, the default folder, and opening the set so that a
// problem with a file is one warning on stderr, never a stop.
#pragma once

#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include <CLI/CLI.hpp>

#include "tablebase/helpmate_table_set.hpp"

namespace arbiter::cli {

struct TablesOptions {
  std::string dir;        // --tables DIR; empty: the default folder
  bool disabled = false;  // --no-tables
};

// Registers --tables DIR and --no-tables on a command.
void add_tables_options(CLI::App* app, TablesOptions& options);

// $XDG_DATA_HOME/arbiter/tables, else $HOME/.local/share/arbiter/tables; nothing when
// neither variable is set (or they are not absolute paths).
std::optional<std::filesystem::path> default_tables_dir();

// The folder the options name (--tables, else the default); nothing when there is none.
std::optional<std::filesystem::path> tables_dir(const TablesOptions& options);

// The tables to analyse with: nothing with --no-tables or without a folder. A folder that
// does not exist holds no tables (no warning: building them is optional); a damaged file
// warns once on stderr, when first read.
std::unique_ptr<tablebase::HelpmateTableSet> open_tables(const TablesOptions& options);

}  // namespace arbiter::cli
