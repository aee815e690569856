// The on-disk verdict table: every proved verdict, kept in one LMDB environment file that
// many processes share (many readers, one writer at a time, crash-safe: a writer killed
// mid-transaction leaves the last committed state). Keys and values are those of
// verdict_key.hpp and verdict_value.hpp; a verdict of another algorithm version is a miss
// and is replaced when the analysis stores its own.
#pragma once

#include <chrono>
#include <cstdint>
#include <expected>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "search/verdict_store.hpp"
#include "tablebase/verdict_key.hpp"
#include "tablebase/verdict_value.hpp"

namespace arbiter::tablebase {

// The table's own format (its format record); a table of another format is not read.
inline constexpr uint32_t kVerdictTableFormat = 1;

struct TableOptions {
  // Address space reserved for the file: the most it can grow to (it grows as needed).
  uint64_t map_size = uint64_t(4) << 30;
  // Verdicts buffered before a write transaction commits them (also on flush and close,
  // and once the oldest buffered verdict has waited max_delay: slow runs share theirs too).
  std::size_t batch_size = 256;
  std::chrono::milliseconds max_delay{2000};
  bool create = true;      // create the file when it is missing
  bool read_only = false;  // lookups only
  // Told (from any thread, at most once per failure kind) when the table stops working
  // mid-run or can only be read; the run goes on without what failed.
  std::function<void(const std::string&)> warn;
  // For tests: called inside each write transaction, after its writes, before it commits.
  std::function<void()> before_commit;
};

struct TableError {
  enum class Kind : uint8_t {
    Missing,       // no file there (and create was off)
    NotATable,     // the file is not an LMDB environment, or is damaged
    Incompatible,  // an LMDB file, but not one of our tables or of another table format
    Io,            // the file could not be opened or created (permissions, disk, ...)
  };
  Kind kind;
  std::string message;
};

// Counters of one run of a program that used the table.
struct RunRecord {
  uint64_t unix_micros = 0;  // when the run closed the table
  uint32_t pid = 0;
  uint64_t hits = 0;      // lookups answered (and not rejected)
  uint64_t misses = 0;    // lookups with no usable entry (stale and damaged included)
  uint64_t stale = 0;     // entries found from another algorithm version
  uint64_t damaged = 0;   // entries found that failed their checks
  uint64_t rejected = 0;  // answers whose witness did not replay (removed)
  uint64_t stored = 0;    // verdicts written
};

struct TableStats {
  bool readable = true;  // false: reading the file failed part-way (the counts are partial)
  uint64_t file_bytes = 0;
  uint64_t entries = 0;  // all entries
  uint64_t current = 0;  // readable, of this algorithm version
  uint64_t stale = 0;    // readable, of another version
  uint64_t damaged = 0;  // failing their checks
  std::map<std::pair<search::Outcome, search::Reason>, uint64_t> by_kind;  // current entries
  std::vector<RunRecord> runs;  // the last runs, newest first
};

// One entry as stored, decoded (each half may have failed its checks).
struct TableEntry {
  std::expected<KeyContents, std::string> key;
  std::expected<StoredVerdict, std::string> value;
};

// Thread-safe: find, store, reject and flush may be called from many threads. Never
// throws and never answers from a damaged entry; after a failure it goes on without the
// table (reads) or without writing, having told options.warn.
class VerdictTable final : public search::VerdictStore {
 public:
  static constexpr std::size_t kRunsKept = 20;

  static std::expected<std::unique_ptr<VerdictTable>, TableError> open(const std::filesystem::path& file,
                                                                       uint32_t algorithm_version,
                                                                       TableOptions options = {});
  // Commits what is buffered and, when the table was used, records this run's counters.
  ~VerdictTable() override;
  VerdictTable(const VerdictTable&) = delete;
  VerdictTable& operator=(const VerdictTable&) = delete;

  std::optional<search::Verdict> find(const board::Position& pos, board::Color winner) override;
  void store(const board::Position& pos, board::Color winner, const search::Verdict& verdict) override;
  void reject(const board::Position& pos, board::Color winner) override;
  void flush() override;
  std::optional<search::Verdict> find_clocked(const board::Position& pos, board::Color winner,
                                              int plies_left) override;
  void store_clocked(const board::Position& pos, board::Color winner, int plies_left,
                     const search::Verdict& verdict) override;
  void reject_clocked(const board::Position& pos, board::Color winner, int plies_left) override;
  std::optional<search::ClockedVerdict> find_clocked_nearest(const board::Position& pos, board::Color winner,
                                                             int plies_left, bool more) override;

  const std::filesystem::path& file() const;
  uint32_t algorithm_version() const;
  bool writable() const;
  RunRecord counters() const;  // this run so far

  TableStats stats();
  // Every entry in key order (committed ones only: flush first to see this run's).
  void for_each(const std::function<void(const TableEntry&)>& visit);
  // Removes every verdict and run record (the file keeps its size; LMDB reuses the space).
  // Fails with NotATable when the file turns out to be damaged, Io when it cannot be written.
  std::expected<void, TableError> clear();

 private:
  struct Impl;
  explicit VerdictTable(std::unique_ptr<Impl> impl);
  std::optional<search::Verdict> find_key(const std::string& key);
  void store_key(std::string key, const search::Verdict& verdict);
  void reject_key(std::string key);
  std::unique_ptr<Impl> impl_;
};

const char* to_string(TableError::Kind kind);

}  // namespace arbiter::tablebase
