#include "tablebase/helpmate/build_tables.hpp"

#include <chrono>
#include <map>
#include <memory>

#include "tablebase/helpmate/table_builder.hpp"
#include "tablebase/helpmate/table_file.hpp"

namespace arbiter::tablebase::helpmate {

std::expected<std::vector<BuiltTable>, std::string> build_tables(const std::filesystem::path& dir,
                                                                 const std::vector<Material>& wanted,
                                                                 const BuildOptions& options) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) return std::unexpected("cannot create " + dir.string() + ": " + ec.message());
  auto note = [&](const std::string& s) {
    if (options.progress) options.progress(s);
  };
  // Tables in memory, read from their files or just built; dropped once nothing left to
  // build can read them (a capture removes one man, a promotion keeps the count).
  std::map<std::string, std::unique_ptr<TableData>> loaded;
  std::string lookup_error;
  auto lookup = [&](const Material& m) -> const TableData* {
    auto it = loaded.find(m.name());
    if (it != loaded.end()) return it->second.get();
    auto file = TableFile::open(dir / table_file_name(m), m);
    if (!file) {
      lookup_error = file.error();
      return nullptr;
    }
    auto data = (*file)->read_all();
    if (!data) {
      lookup_error = data.error();
      return nullptr;
    }
    return loaded.emplace(m.name(), std::make_unique<TableData>(std::move(*data))).first->second.get();
  };

  std::vector<BuiltTable> out;
  for (const Material& m : build_order(wanted)) {
    std::erase_if(loaded, [&](const auto& item) { return item.second->material.men() < m.men() - 1; });
    const std::filesystem::path path = dir / table_file_name(m);
    BuiltTable built;
    built.material = m;
    if (!options.rebuild && std::filesystem::exists(path, ec)) {
      if (auto file = TableFile::open(path, m)) {
        built.kept = true;
        built.file_bytes = (*file)->file_bytes();
        note(m.name() + ": kept (" + path.string() + ")");
        out.push_back(built);
        continue;
      }
    }
    note(m.name() + ": building");
    const auto start = std::chrono::steady_clock::now();
    lookup_error.clear();
    auto data = build_table(m, lookup);
    if (!data) return std::unexpected(data.error() + (lookup_error.empty() ? "" : " (" + lookup_error + ")"));
    if (auto ok = write_table_file(path, *data); !ok) return std::unexpected(ok.error());
    built.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    built.file_bytes = std::filesystem::file_size(path, ec);
    note(m.name() + ": built in " + std::to_string(built.seconds) + " s, " + std::to_string(built.file_bytes) +
         " bytes");
    loaded[m.name()] = std::make_unique<TableData>(std::move(*data));
    out.push_back(built);
  }
  return out;
}

}  // namespace arbiter::tablebase::helpmate
