#include "analyzer/cli/cache_options.hpp"

#include <cstdlib>
#include <iostream>
#include <mutex>

#include "analyzer/winnability.hpp"
#include "tablebase/verdict_table.hpp"

namespace arbiter::cli {

namespace {

void warn(const std::string& message) {
  static std::mutex mutex;  // warnings may come from worker threads
  std::lock_guard lock(mutex);
  std::cerr << "arbiter: warning: " << message << '\n';
}

}  // namespace

void add_cache_options(CLI::App* app, CacheOptions& options) {
  auto* file = app->add_option("--cache", options.file,
                               "the verdict table to look verdicts up in and keep them in (default: "
                               "$XDG_CACHE_HOME/arbiter/verdicts.lmdb, else ~/.cache/arbiter/verdicts.lmdb)")
                   ->type_name("FILE");
  app->add_flag("--no-cache", options.disabled, "neither look verdicts up in the table nor keep them")
      ->excludes(file);
}

std::optional<std::filesystem::path> xdg_arbiter_dir(const char* variable, const char* below_home) {
  for (auto [name, below] : {std::pair{variable, ""}, std::pair{"HOME", below_home}}) {
    const char* value = std::getenv(name);
    if (!value || !*value) continue;
    std::filesystem::path dir(value);
    if (!dir.is_absolute()) continue;  // the XDG rule: relative paths are ignored
    return dir / below / "arbiter";
  }
  return std::nullopt;
}

std::optional<std::filesystem::path> default_cache_file() {
  auto dir = xdg_arbiter_dir("XDG_CACHE_HOME", ".cache");
  if (!dir) return std::nullopt;
  return *dir / "verdicts.lmdb";
}

std::optional<std::filesystem::path> cache_file(const CacheOptions& options) {
  if (!options.file.empty()) return std::filesystem::path(options.file);
  return default_cache_file();
}

std::unique_ptr<search::VerdictStore> open_cache(const CacheOptions& options) {
  if (options.disabled) return nullptr;
  auto file = cache_file(options);
  if (!file) {
    warn("no place for the verdict cache (neither XDG_CACHE_HOME nor HOME is set); going on without it");
    return nullptr;
  }
  if (file->has_parent_path()) {
    std::error_code ec;
    std::filesystem::create_directories(file->parent_path(), ec);
    if (ec) {
      warn("verdict cache " + file->string() + ": cannot create its folder (" + ec.message() +
           "); going on without the cache");
      return nullptr;
    }
  }
  tablebase::TableOptions table_options;
  table_options.warn = warn;
  auto table = tablebase::VerdictTable::open(*file, analyzer::kAlgorithmVersion, table_options);
  if (!table) {
    std::string hint = table.error().kind == tablebase::TableError::Kind::Io
                           ? ""
                           : " (`arbiter cache clear --cache " + file->string() + "` starts it afresh)";
    warn(table.error().message + "; going on without the cache" + hint);
    return nullptr;
  }
  return std::move(*table);
}

}  // namespace arbiter::cli
