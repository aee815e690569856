#include "analyzer/cli/tables_options.hpp"

#include "analyzer/cli/cache_options.hpp"

#include <cstdlib>
#include <iostream>
#include <mutex>

namespace arbiter::cli {

namespace {

void warn(const std::string& message) {
  static std::mutex mutex;  // warnings may come from worker threads
  std::lock_guard lock(mutex);
  std::cerr << "arbiter: warning: " << message << '\n';
}

}  // namespace

void add_tables_options(CLI::App* app, TablesOptions& options) {
  auto* dir = app->add_option("--tables", options.dir,
                              "the folder of helpmate tables (default: $XDG_DATA_HOME/arbiter/tables, else "
                              "~/.local/share/arbiter/tables)")
                  ->type_name("DIR");
  app->add_flag("--no-tables", options.disabled, "do not consult the helpmate tables")->excludes(dir);
}

std::optional<std::filesystem::path> default_tables_dir() {
  auto dir = xdg_arbiter_dir("XDG_DATA_HOME", ".local/share");
  if (!dir) return std::nullopt;
  return *dir / "tables";
}

std::optional<std::filesystem::path> tables_dir(const TablesOptions& options) {
  if (!options.dir.empty()) return std::filesystem::path(options.dir);
  return default_tables_dir();
}

std::unique_ptr<tablebase::HelpmateTableSet> open_tables(const TablesOptions& options) {
  if (options.disabled) return nullptr;
  auto dir = tables_dir(options);
  if (!dir) return nullptr;
  return std::make_unique<tablebase::HelpmateTableSet>(*dir, warn);
}

}  // namespace arbiter::cli
