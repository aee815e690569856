// The verdict-table options every command that analyses positions shares:
// `--cache FILE` and `--no-cache`, the default location, and opening the table so that
// a problem with it is one warning on stderr, never a stop.
#pragma once

#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include <CLI/CLI.hpp>

#include "search/verdict_store.hpp"

namespace arbiter::cli {

struct CacheOptions {
  std::string file;       // --cache FILE; empty: the default location
  bool disabled = false;  // --no-cache
};

// Registers --cache FILE and --no-cache on a command.
void add_cache_options(CLI::App* app, CacheOptions& options);

// $XDG_CACHE_HOME/arbiter/verdicts.lmdb, else $HOME/.cache/arbiter/verdicts.lmdb; nothing
// when neither variable is set (or they are not absolute paths).
// The folder `arbiter` keeps a kind of data in, by the XDG rule: $VARIABLE/arbiter, else
// $HOME/BELOW_HOME/arbiter (relative paths are ignored); nothing when neither is set.
std::optional<std::filesystem::path> xdg_arbiter_dir(const char* variable, const char* below_home);

std::optional<std::filesystem::path> default_cache_file();

// The file the options name (--cache, else the default); nothing when there is none.
std::optional<std::filesystem::path> cache_file(const CacheOptions& options);

// The table to analyse with: nothing with --no-cache, or, after one warning on stderr,
// when the file cannot be used (unreadable, damaged, another format, no place for it).
// Creates the file and its folders on first use. Close it (destroy it) to commit.
std::unique_ptr<search::VerdictStore> open_cache(const CacheOptions& options);

}  // namespace arbiter::cli
