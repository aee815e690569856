// The helpmate tables of one folder, as the analysis consults them (search::HelpmateTables):
// each material's file is opened on the first probe that needs it. A missing material
// answers NotCovered; a file that is damaged, truncated, foreign or of another format
// gives one warning (kept in warnings(), and passed to the callback) and answers
// NotCovered from then on, never a wrong answer. Thread-safe.
#pragma once

#include <filesystem>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "search/helpmate_tables.hpp"
#include "tablebase/helpmate/material.hpp"

namespace arbiter::tablebase {

class HelpmateTableSet final : public search::HelpmateTables {
 public:
  using Warn = std::function<void(const std::string&)>;
  // Lists the folder's tables (reads none yet). A folder that does not exist holds none.
  explicit HelpmateTableSet(std::filesystem::path dir, Warn warn = {});
  ~HelpmateTableSet() override;

  // Positions with castling rights are not covered; one with a legal en-passant capture
  // is answered by one ply of search into the stored positions.
  search::TableAnswer probe(const board::Position& pos, board::Color winner) const override;
  // The material of the position as it stands ("KPvKN"; its table may be KNvKP's).
  std::string material_name(const board::Position& pos) const override;
  // The most men of any material with a file in the folder (0 when there is none).
  int max_men() const override { return max_men_; }

  const std::filesystem::path& dir() const { return dir_; }
  // The canonical materials that have a file in the folder.
  std::vector<helpmate::Material> materials() const;
  // Whether the material (either colouring) has a file.
  bool has(const helpmate::Material& m) const;
  // Every warning given so far.
  std::vector<std::string> warnings() const;

 private:
  struct Entry;
  const Entry* entry(const helpmate::Material& canonical) const;
  bool usable(const Entry& e) const;
  void warn(const std::string& message) const;
  search::TableAnswer probe_stored(const board::Position& pos, board::Color winner, const Entry& e,
                                   bool flip) const;

  std::filesystem::path dir_;
  Warn warn_;
  int max_men_ = 0;
  std::unordered_map<uint64_t, std::unique_ptr<Entry>> entries_;  // by material key; fixed after construction
  // Both colourings of each material's key: its entry, and whether the position is flipped.
  std::unordered_map<uint64_t, std::pair<const Entry*, bool>> by_key_;
  mutable std::mutex warn_mutex_;
  mutable std::vector<std::string> warnings_;
};

}  // namespace arbiter::tablebase
