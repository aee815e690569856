// Building a folder of helpmate tables: the wanted materials and every material their
// captures and promotions lead to, each before those that read it. A table whose file is
// already there and opens cleanly is kept (unless rebuilding is asked for).
#pragma once

#include <expected>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "tablebase/helpmate/material.hpp"

namespace arbiter::tablebase::helpmate {

struct BuiltTable {
  Material material;
  bool kept = false;      // the file was there already
  double seconds = 0;     // build time (0 when kept)
  uint64_t file_bytes = 0;
};

struct BuildOptions {
  bool rebuild = false;
  // Told of each table as it starts and ends (for a progress line).
  std::function<void(const std::string&)> progress;
};

// Builds into dir (created when missing). Stops at the first failure, with its message;
// the tables finished before it stay.
std::expected<std::vector<BuiltTable>, std::string> build_tables(const std::filesystem::path& dir,
                                                                 const std::vector<Material>& wanted,
                                                                 const BuildOptions& options = {});

}  // namespace arbiter::tablebase::helpmate
