#include "tablebase/verdict_table.hpp"

#include <lmdb.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <fstream>
#include <mutex>
#include <optional>
#include <system_error>

#include "tablebase/checksum.hpp"
#include "tablebase/fault_guard.hpp"
#include "tablebase/lmdb_check.hpp"

namespace arbiter::tablebase {

namespace {

// The format record: magic, table format, checksum. A table of another format is not read.
constexpr char kMagic[16] = {'A', 'R', 'B', 'I', 'T', 'E', 'R', '-', 'V', 'E', 'R', 'D', 'I', 'C', 'T', 'S'};
constexpr uint32_t kTableFormat = kVerdictTableFormat;
constexpr char kFormatKey[] = "format";

// Names of the LMDB sub-databases.
constexpr char kVerdictsDb[] = "verdicts";
constexpr char kMetaDb[] = "meta";
constexpr char kRunsDb[] = "runs";

std::string lmdb_error(int rc) { return mdb_strerror(rc); }

MDB_val val_of(std::span<const uint8_t> bytes) {
  return MDB_val{bytes.size(), const_cast<uint8_t*>(bytes.data())};
}
MDB_val val_of(const std::string& s) { return MDB_val{s.size(), const_cast<char*>(s.data())}; }

void put_le(std::vector<uint8_t>& out, uint64_t v, int bytes) {
  for (int i = 0; i < bytes; ++i) out.push_back(uint8_t(v >> (8 * i)));
}
uint64_t get_le(std::span<const uint8_t> in, std::size_t at, int bytes) {
  uint64_t v = 0;
  for (int i = bytes - 1; i >= 0; --i) v = v << 8 | in[at + i];
  return v;
}

std::vector<uint8_t> format_record() {
  std::vector<uint8_t> out(std::begin(kMagic), std::end(kMagic));
  put_le(out, kTableFormat, 4);
  put_le(out, crc32(out), 4);
  return out;
}

// Run records: key = time (big-endian, so keys sort oldest first) and pid; value = the
// six counters and a checksum.
std::vector<uint8_t> run_key(const RunRecord& r) {
  std::vector<uint8_t> out;
  for (int i = 7; i >= 0; --i) out.push_back(uint8_t(r.unix_micros >> (8 * i)));
  for (int i = 3; i >= 0; --i) out.push_back(uint8_t(r.pid >> (8 * i)));
  return out;
}

std::vector<uint8_t> run_value(const RunRecord& r) {
  std::vector<uint8_t> out;
  for (uint64_t v : {r.hits, r.misses, r.stale, r.damaged, r.rejected, r.stored}) put_le(out, v, 8);
  put_le(out, crc32(out), 4);
  return out;
}

std::optional<RunRecord> decode_run(std::span<const uint8_t> key, std::span<const uint8_t> value) {
  if (key.size() != 12 || value.size() != 52) return std::nullopt;
  if (crc32(value.first(48)) != uint32_t(get_le(value, 48, 4))) return std::nullopt;
  RunRecord r;
  for (int i = 0; i < 8; ++i) r.unix_micros = r.unix_micros << 8 | key[i];
  for (int i = 8; i < 12; ++i) r.pid = r.pid << 8 | key[i];
  uint64_t* fields[] = {&r.hits, &r.misses, &r.stale, &r.damaged, &r.rejected, &r.stored};
  for (int i = 0; i < 6; ++i) *fields[i] = get_le(value, std::size_t(8 * i), 8);
  return r;
}

// Longer than any key or value this table writes: a longer one is damage.
constexpr std::size_t kMaxKey = 511, kMaxValue = std::size_t(1) << 18;

enum class Copy { Ok, Damaged, Fault };

// Copies bytes out of the mapped file (a damaged file may fault here).
Copy copy_out(const MDB_val& v, std::vector<uint8_t>& out, std::size_t max) {
  if (v.mv_size > max) return Copy::Damaged;
  out.resize(v.mv_size);
  auto copy = [&] {
    if (v.mv_size) std::memcpy(out.data(), v.mv_data, v.mv_size);
  };
  return run_guarded(copy) ? Copy::Ok : Copy::Fault;
}

// Keeps an environment that may not be closed (a write faulted inside it) reachable until
// the process ends: its memory stays mapped, so the exit releases its locks, and leak
// checkers do not count it.
void abandon(MDB_env* env) {
  static std::mutex mutex;
  static auto* abandoned = new std::vector<MDB_env*>;  // never destroyed, on purpose
  std::lock_guard lock(mutex);
  abandoned->push_back(env);
}

// LMDB checks its pages with assertions that abort the process; a damaged file trips
// them. Inside guarded code the failed assertion leaves the guard like a fault (the
// caller then treats the file as damaged); LMDB aborts only if it happens elsewhere.
void on_lmdb_assert(MDB_env*, const char*) { escape_guarded(); }

}  // namespace

const char* to_string(TableError::Kind kind) {
  switch (kind) {
    case TableError::Kind::Missing: return "missing";
    case TableError::Kind::NotATable: return "not-a-table";
    case TableError::Kind::Incompatible: return "incompatible";
    case TableError::Kind::Io: return "io";
  }
  return "unknown";
}

// Buffered writes: key bytes -> value bytes, or nothing for "remove".
using Batch = std::map<std::string, std::optional<std::vector<uint8_t>>>;

// Every call into LMDB that reads mapped pages runs guarded (fault_guard.hpp): a damaged
// file turns off the table for the rest of the run instead of crashing it.
struct VerdictTable::Impl {
  std::filesystem::path file;
  uint32_t version = 0;
  TableOptions options;
  MDB_env* env = nullptr;
  MDB_dbi verdicts = 0, meta = 0, runs = 0;
  bool read_only = false;

  // Reads and writes stop for good after a failure (the run goes on without them).
  std::atomic<bool> reads_ok{true}, writes_ok{true};
  // A write transaction faulted: its state is unknown, so LMDB is never called again
  // (the environment is not even closed: it is abandoned, and the process's exit
  // releases it, the writer lock included).
  std::atomic<bool> poisoned{false};
  std::mutex warn_mutex;
  bool warned_reads = false, warned_writes = false;

  std::mutex pending_mutex;  // guards pending, pending_since and in_flight
  Batch pending;             // stored, not yet committed
  std::chrono::steady_clock::time_point pending_since;  // when pending got its first entry
  Batch in_flight;           // being committed (still visible to find)
  std::mutex write_mutex;    // one write transaction of this process at a time

  std::atomic<uint64_t> hits{0}, misses{0}, stale{0}, damaged{0}, rejected{0}, stored{0};

  ~Impl() {
    if (!env) return;
    if (poisoned) abandon(env);
    else mdb_env_close(env);
  }

  void warn(bool reads, const std::string& message) {
    std::lock_guard lock(warn_mutex);
    bool& warned = reads ? warned_reads : warned_writes;
    if (warned) return;
    warned = true;
    if (reads) warned_writes = true;  // one warning says both
    if (options.warn) options.warn(message);
  }

  void reads_failed(const std::string& why, bool damage) {
    reads_ok = false;
    writes_ok = false;
    std::string hint = damage ? " (`arbiter cache clear --cache " + file.string() + "` removes it)" : "";
    warn(true, "verdict cache " + file.string() + ": " + why + "; going on without the cache" + hint);
  }
  void reads_failed(int rc) {
    reads_failed("reading failed (" + lmdb_error(rc) + ")", rc == MDB_CORRUPTED || rc == MDB_PAGE_NOTFOUND);
  }
  // A cursor on `dbi` in a new read transaction (`txn`), or null with the table off when
  // LMDB refuses either.
  MDB_cursor* read_cursor(MDB_dbi dbi, MDB_txn*& txn) {
    int rc = mdb_txn_begin(env, nullptr, MDB_RDONLY, &txn);
    if (rc) {
      reads_failed(rc);
      return nullptr;
    }
    MDB_cursor* cur = nullptr;
    if ((rc = mdb_cursor_open(txn, dbi, &cur))) {
      mdb_txn_abort(txn);
      reads_failed(rc);
      return nullptr;
    }
    return cur;
  }
  void file_damaged() {
    reads_failed("the file is damaged (a page failed LMDB's checks or a read went outside it); verdicts found "
                 "in this run are not kept",
                 true);
  }

  void writes_failed(int rc) {
    writes_ok = false;
    std::string why = rc == MDB_MAP_FULL ? "the table is full (its map size is reached)" : lmdb_error(rc);
    warn(false, "verdict cache " + file.string() + ": writing failed (" + why +
                    "); new verdicts are not kept for the rest of this run");
  }

  // The value bytes for key: from this run's buffers, else from the file; nothing when
  // there is none (or reading failed: reads_ok turns false).
  std::optional<std::vector<uint8_t>> lookup(const std::string& key) {
    {
      std::lock_guard lock(pending_mutex);
      for (const Batch* b : {&pending, &in_flight})
        if (auto it = b->find(key); it != b->end()) return it->second;
    }
    if (!reads_ok) return std::nullopt;
    MDB_txn* txn = nullptr;
    int rc = mdb_txn_begin(env, nullptr, MDB_RDONLY, &txn);
    if (rc) {
      reads_failed(rc);
      return std::nullopt;
    }
    MDB_val k = val_of(key), v{};
    auto get = [&] { rc = mdb_get(txn, verdicts, &k, &v); };
    std::optional<std::vector<uint8_t>> out;
    bool faulted = !run_guarded(get);
    if (!faulted && rc == 0) {
      out.emplace();
      faulted = copy_out(v, *out, kMaxValue) == Copy::Fault;  // Damaged: left empty, fails decoding
    }
    mdb_txn_abort(txn);
    if (faulted) {
      file_damaged();
      return std::nullopt;
    }
    if (rc && rc != MDB_NOTFOUND) reads_failed(rc);
    return out;
  }

  // The entry with the smallest key in [lo, hi] (or the largest, when `largest`), from this
  // run's buffers and the file together: its key and value bytes; nothing when there is
  // none (or reading failed). A buffered removal hides nothing in the file here: the
  // caller checks what it is given (a witness is replayed) before it trusts it.
  std::optional<std::pair<std::string, std::vector<uint8_t>>> lookup_range(const std::string& lo, const std::string& hi,
                                                                           bool largest) {
    std::optional<std::pair<std::string, std::vector<uint8_t>>> best;
    auto better = [&](const std::string& key) { return !best || (largest ? key > best->first : key < best->first); };
    {
      std::lock_guard lock(pending_mutex);
      for (const Batch* b : {&pending, &in_flight}) {
        auto first = b->lower_bound(lo), last = b->upper_bound(hi);
        for (auto it = first; it != last; ++it)
          if (it->second && better(it->first)) best.emplace(it->first, *it->second);
      }
    }
    if (!reads_ok) return best;
    MDB_txn* txn = nullptr;
    MDB_cursor* cur = read_cursor(verdicts, txn);
    if (!cur) return best;
    int rc = 0;
    // Smallest: the first key >= lo. Largest: the first key >= hi if it is hi, else the one
    // before it (the last one when none is >= hi).
    MDB_val k = val_of(largest ? hi : lo), v{};
    std::vector<uint8_t> key, value;
    bool faulted = false, found = false;
    auto seek = [&] {
      rc = mdb_cursor_get(cur, &k, &v, MDB_SET_RANGE);
      if (largest) {
        const bool exact = rc == 0 && k.mv_size == hi.size() && std::memcmp(k.mv_data, hi.data(), hi.size()) == 0;
        if (rc == 0 && !exact)
          rc = mdb_cursor_get(cur, &k, &v, MDB_PREV);
        else if (rc == MDB_NOTFOUND)
          rc = mdb_cursor_get(cur, &k, &v, MDB_LAST);
      }
    };
    faulted = !run_guarded(seek);
    if (!faulted && rc == 0) {
      Copy ck = copy_out(k, key, kMaxKey), cv = ck == Copy::Fault ? Copy::Fault : copy_out(v, value, kMaxValue);
      faulted = ck == Copy::Fault || cv == Copy::Fault;
      found = !faulted && ck == Copy::Ok;
      if (cv == Copy::Damaged) value.clear();  // fails decoding
    }
    mdb_cursor_close(cur);
    mdb_txn_abort(txn);
    if (faulted) {
      file_damaged();
      return std::nullopt;
    }
    if (rc && rc != MDB_NOTFOUND) {
      reads_failed(rc);
      return best;
    }
    if (found) {
      std::string in_file(key.begin(), key.end());
      if (in_file >= lo && in_file <= hi && better(in_file)) best.emplace(std::move(in_file), std::move(value));
    }
    return best;
  }

  // Commits a batch (and a run record) in one write transaction. False on failure.
  bool commit(const Batch& batch, const RunRecord* run) {
    if (!writes_ok || read_only || poisoned) return false;
    // Everything is prepared before the transaction: the guarded part only calls LMDB.
    std::vector<std::pair<MDB_val, MDB_val>> puts;
    std::vector<MDB_val> removals;
    for (const auto& [key, value] : batch) {
      if (value) puts.emplace_back(val_of(key), val_of(*value));
      else removals.push_back(val_of(key));
    }
    std::vector<uint8_t> run_k, run_v;
    if (run) run_k = run_key(*run), run_v = run_value(*run);
    const std::function<void()>* hook = options.before_commit ? &options.before_commit : nullptr;

    MDB_txn* txn = nullptr;
    int rc = 0;
    auto write = [&] {
      if ((rc = mdb_txn_begin(env, nullptr, 0, &txn))) return;
      auto give_up = [&] {
        mdb_txn_abort(txn);
        txn = nullptr;
      };
      for (auto& [k, v] : puts)
        if ((rc = mdb_put(txn, verdicts, &k, &v, 0))) return give_up();
      for (auto& k : removals)
        if ((rc = mdb_del(txn, verdicts, &k, nullptr)) && rc != MDB_NOTFOUND) return give_up();
      rc = 0;
      if (run) {
        MDB_val k = val_of(run_k), v = val_of(run_v);
        if ((rc = mdb_put(txn, runs, &k, &v, 0))) return give_up();
        // Keep the newest kRunsKept records.
        MDB_stat st;
        if ((rc = mdb_stat(txn, runs, &st))) return give_up();
        if (st.ms_entries > kRunsKept) {
          MDB_cursor* cur = nullptr;
          if ((rc = mdb_cursor_open(txn, runs, &cur))) return give_up();
          MDB_val ck, cv;
          for (std::size_t i = kRunsKept; i < st.ms_entries && rc == 0; ++i) {
            rc = mdb_cursor_get(cur, &ck, &cv, MDB_FIRST);
            if (rc == 0) rc = mdb_cursor_del(cur, 0);
          }
          mdb_cursor_close(cur);
          if (rc) return give_up();
        }
      }
      if (hook) (*hook)();
      rc = mdb_txn_commit(txn);  // frees txn, also on failure
      txn = nullptr;
    };
    if (!run_guarded(write)) {
      poisoned = true;
      file_damaged();
      return false;
    }
    if (rc) {
      writes_failed(rc);
      return false;
    }
    stored += puts.size();
    return true;
  }

  // Commits what is pending; the entries stay visible to find while they are written.
  void flush_pending(const RunRecord* run) {
    std::lock_guard write_lock(write_mutex);
    {
      std::lock_guard lock(pending_mutex);
      in_flight.swap(pending);
      pending.clear();
    }
    if (!in_flight.empty() || run) commit(in_flight, run);
    std::lock_guard lock(pending_mutex);
    in_flight.clear();
  }

  // Visits every (key, value) of a sub-database in key order, or in reverse. False when
  // reading failed (the table is then off).
  bool scan(MDB_dbi dbi, bool newest_first,
            const std::function<void(std::span<const uint8_t>, std::span<const uint8_t>)>& visit) {
    if (!reads_ok) return false;
    MDB_txn* txn = nullptr;
    MDB_cursor* cur = read_cursor(dbi, txn);
    if (!cur) return false;
    int rc = 0;
    MDB_val k{}, v{};
    MDB_cursor_op op = newest_first ? MDB_LAST : MDB_FIRST;
    auto step = [&] { rc = mdb_cursor_get(cur, &k, &v, op); };
    std::vector<uint8_t> key, value;
    bool faulted = false;
    while (!(faulted = !run_guarded(step)) && rc == 0) {
      Copy ck = copy_out(k, key, kMaxKey), cv = ck == Copy::Fault ? Copy::Fault : copy_out(v, value, kMaxValue);
      if (ck == Copy::Fault || cv == Copy::Fault) {
        faulted = true;
        break;
      }
      if (ck == Copy::Damaged) key.clear();
      if (cv == Copy::Damaged) value.clear();
      visit(key, value);
      op = newest_first ? MDB_PREV : MDB_NEXT;
    }
    mdb_cursor_close(cur);
    mdb_txn_abort(txn);
    if (faulted) {
      file_damaged();
      return false;
    }
    if (rc != MDB_NOTFOUND) {
      reads_failed(rc);
      return false;
    }
    return true;
  }

  // The verdict in value bytes read for a key that decoded (`key_ok`), counted as a hit;
  // nothing for a damaged or stale value, counted as a miss.
  std::optional<search::Verdict> verdict_of(std::span<const uint8_t> bytes, bool key_ok) {
    auto value = decode_value(bytes);
    if (!key_ok || !value) {
      ++damaged;
      ++misses;
      return std::nullopt;
    }
    if (value->algorithm_version != version) {
      ++stale;
      ++misses;
      return std::nullopt;
    }
    ++hits;
    value->verdict.source = search::Source::Cache;
    return std::move(value->verdict);
  }

  RunRecord counters() const {
    RunRecord r;
    r.unix_micros = uint64_t(std::chrono::duration_cast<std::chrono::microseconds>(
                                 std::chrono::system_clock::now().time_since_epoch())
                                 .count());
    r.pid = uint32_t(getpid());
    r.hits = hits;
    r.misses = misses;
    r.stale = stale;
    r.damaged = damaged;
    r.rejected = rejected;
    r.stored = stored;
    return r;
  }
};

std::expected<std::unique_ptr<VerdictTable>, TableError> VerdictTable::open(const std::filesystem::path& file,
                                                                            uint32_t algorithm_version,
                                                                            TableOptions options) {
  using Kind = TableError::Kind;
  auto error = [&](Kind kind, const std::string& why) {
    return std::unexpected(TableError{kind, "verdict cache " + file.string() + ": " + why});
  };
  std::error_code ec;
  auto status = std::filesystem::status(file, ec);
  bool exists = std::filesystem::exists(status);
  if (!exists && !options.create) return error(Kind::Missing, "no such file");
  if (exists && !std::filesystem::is_regular_file(status)) return error(Kind::NotATable, "not a regular file");

  // LMDB allocates a buffer of the page size its newest meta page names before any check
  // of ours can run (a damaged one asked for 4 GiB): each meta page's size is checked first.
  if (exists) {
    std::ifstream in(file, std::ios::binary);
    auto u32 = [&](uint64_t at) -> std::optional<uint32_t> {
      unsigned char b[4];
      in.clear();
      if (!in.seekg(std::streamoff(at)) || !in.read(reinterpret_cast<char*>(b), 4)) return std::nullopt;
      return uint32_t(b[0]) | uint32_t(b[1]) << 8 | uint32_t(b[2]) << 16 | uint32_t(b[3]) << 24;
    };
    constexpr uint32_t kMagic = 0xBEEFC0DE;
    uint64_t meta = 0;
    for (int m = 0; m < 2; ++m) {
      if (u32(meta + 16) != kMagic) break;  // not LMDB's meta page: LMDB says so itself
      auto psize = u32(meta + 40);          // the free list's record pad holds the page size
      if (!psize) break;
      if (*psize < 512 || *psize > 32768 || (*psize & (*psize - 1)))
        return error(Kind::NotATable, "damaged (meta page " + std::to_string(m) + " gives the impossible page size " +
                                          std::to_string(*psize) + ")");
      meta += *psize;
    }
  }

  install_fault_handlers();
  auto impl = std::make_unique<Impl>();
  impl->file = file;
  impl->version = algorithm_version;
  impl->options = options;
  impl->read_only = options.read_only;

  // Opening reads the meta pages, which may be damaged: guarded like every other read.
  bool open_faulted = false;
  auto try_open = [&](unsigned mode) -> int {
    if (impl->env) mdb_env_close(impl->env);
    impl->env = nullptr;
    int rc = mdb_env_create(&impl->env);
    if (rc) return rc;
    mdb_env_set_assert(impl->env, on_lmdb_assert);  // EINVAL (ignored) where LMDB has no assertions
    mdb_env_set_maxdbs(impl->env, 4);
    mdb_env_set_mapsize(impl->env, options.map_size);
    unsigned flags = MDB_NOSUBDIR | MDB_NOTLS | mode;
    auto env_open = [&] { rc = mdb_env_open(impl->env, file.c_str(), flags, 0644); };
    if (!run_guarded(env_open)) {
      open_faulted = true;
      impl->poisoned = true;  // abandoned, never closed
      return MDB_CORRUPTED;
    }
    if (rc) {
      mdb_env_close(impl->env);
      impl->env = nullptr;
    }
    return rc;
  };
  int rc = try_open(impl->read_only ? MDB_RDONLY : 0);
  auto not_writable = [](int code) { return code == EACCES || code == EROFS || code == EPERM; };
  if (not_writable(rc) && !impl->read_only && exists && !open_faulted) {
    // A table we may read but not write (an immutable file, another user's file, a
    // read-only mount): lookups only. Without write access to the lock file either, it
    // is read without LMDB's reader lock: a writer elsewhere may then change pages under
    // a lookup, which the checksum of every value turns into a miss, never an answer.
    int why = rc;
    rc = try_open(MDB_RDONLY);
    if (not_writable(rc) && !open_faulted) rc = try_open(MDB_RDONLY | MDB_NOLOCK);
    if (rc == 0) {
      impl->read_only = true;
      if (options.warn)
        options.warn("verdict cache " + file.string() + ": read-only (" + lmdb_error(why) +
                     "); verdicts are looked up but new ones are not kept");
    }
  }
  if (open_faulted) return error(Kind::NotATable, "damaged (its first pages fail LMDB's checks)");
  if (!impl->env) {
    if (rc == MDB_INVALID || rc == MDB_VERSION_MISMATCH || rc == MDB_CORRUPTED)
      return error(Kind::NotATable, "not a readable table (" + lmdb_error(rc) + ")");
    // An existing file whose header asks for an impossible map: damage, not a lack of memory.
    if (exists && (rc == ENOMEM || rc == EINVAL || rc == EFBIG))
      return error(Kind::NotATable, "damaged (its header gives an impossible size: " + lmdb_error(rc) + ")");
    if (exists && rc == ENOENT)
      return error(Kind::Io, "cannot create its lock file " + file.string() + "-lock (" + lmdb_error(rc) + ")");
    return error(Kind::Io, lmdb_error(rc));
  }
  int dead = 0;
  mdb_reader_check(impl->env, &dead);  // slots of readers that were killed

  // Only a new, empty file gets the sub-databases and the format record. Writing into an
  // existing file that lacks them would copy its (possibly damaged) pages, and LMDB
  // trusts their bounds: a fuzzed file overflowed a heap buffer that way.
  std::error_code size_error;
  const bool fresh = !exists || std::filesystem::file_size(file, size_error) == 0 || size_error;
  // Every page LMDB may read is checked first (lmdb_check.hpp): LMDB trusts its pages, and
  // a damaged one can make it loop for ever, which no guard stops.
  if (!fresh) {
    LmdbCheck check;
    check.result = LmdbCheck::Result::Moved;
    for (int attempt = 0; attempt < 3 && check.result == LmdbCheck::Result::Moved; ++attempt) {
      MDB_txn* snapshot = nullptr;
      int begin_rc = 0;
      auto begin = [&] { begin_rc = mdb_txn_begin(impl->env, nullptr, MDB_RDONLY, &snapshot); };
      if (!run_guarded(begin)) {
        impl->poisoned = true;
        return error(Kind::NotATable, "damaged (its meta pages fail LMDB's checks)");
      }
      if (begin_rc) return error(Kind::Io, lmdb_error(begin_rc));
      mdb_filehandle_t fd = -1;
      if (mdb_env_get_fd(impl->env, &fd) == 0) check = check_lmdb_file(fd, mdb_txn_id(snapshot));
      mdb_txn_abort(snapshot);  // the pages stayed pinned while they were read
    }
    if (check.result == LmdbCheck::Result::Moved) check.what = "no meta page holds the snapshot LMDB reads";
    if (check.result != LmdbCheck::Result::Sound) return error(Kind::NotATable, "damaged (" + check.what + ")");
  }

  // Open (or create) the sub-databases and check (or write) the format record.
  const auto expected_format = format_record();
  MDB_txn* txn = nullptr;
  bool format_ok = true;
  bool fresh_here = fresh;
  auto setup = [&] {
    if ((rc = mdb_txn_begin(impl->env, nullptr, impl->read_only ? MDB_RDONLY : 0, &txn))) {
      txn = nullptr;
      return;
    }
    auto give_up = [&] {
      mdb_txn_abort(txn);
      txn = nullptr;
    };
    // A file another process has just created, and not yet set up, holds no database at
    // all: only its meta pages, checked above. It is set up here as a new one; the write
    // transaction makes this process the only writer until it commits.
    if (!fresh_here && !impl->read_only) {
      MDB_dbi main = 0;
      MDB_stat st{};
      if (mdb_dbi_open(txn, nullptr, 0, &main) == 0 && mdb_stat(txn, main, &st) == 0 && st.ms_entries == 0 &&
          st.ms_depth == 0)
        fresh_here = true;
    }
    const unsigned create = impl->read_only || !fresh_here ? 0 : MDB_CREATE;
    if ((rc = mdb_dbi_open(txn, kMetaDb, create, &impl->meta))) return give_up();
    if ((rc = mdb_dbi_open(txn, kVerdictsDb, create, &impl->verdicts))) return give_up();
    if ((rc = mdb_dbi_open(txn, kRunsDb, create, &impl->runs))) return give_up();
    MDB_val fk{sizeof(kFormatKey) - 1, const_cast<char*>(kFormatKey)}, fv;
    rc = mdb_get(txn, impl->meta, &fk, &fv);
    if (rc == MDB_NOTFOUND && !impl->read_only && fresh_here) {
      MDB_val v = val_of(expected_format);
      if ((rc = mdb_put(txn, impl->meta, &fk, &v, 0))) return give_up();
    } else if (rc) {
      return give_up();
    } else {
      format_ok = fv.mv_size == expected_format.size() &&
                  std::memcmp(fv.mv_data, expected_format.data(), expected_format.size()) == 0;
      if (!format_ok) return give_up();
    }
    rc = mdb_txn_commit(txn);  // keeps the handles
    txn = nullptr;
  };
  if (!run_guarded(setup)) {
    impl->poisoned = true;  // never touch this environment again
    return error(Kind::NotATable, "damaged (a page failed LMDB's checks or a read went outside it)");
  }
  if (!format_ok) return error(Kind::Incompatible, "written in another table format");
  if (rc == MDB_NOTFOUND) return error(Kind::Incompatible, "no verdict table in it");
  if (rc == MDB_INCOMPATIBLE) return error(Kind::Incompatible, "an LMDB file, but not a verdict table");
  if (rc == MDB_CORRUPTED || rc == MDB_PAGE_NOTFOUND || rc == MDB_INVALID)
    return error(Kind::NotATable, "damaged (" + lmdb_error(rc) + ")");
  if (rc) return error(Kind::Io, lmdb_error(rc));
  return std::unique_ptr<VerdictTable>(new VerdictTable(std::move(impl)));
}

VerdictTable::VerdictTable(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}

VerdictTable::~VerdictTable() {
  RunRecord run = impl_->counters();
  bool used = run.hits || run.misses || run.rejected;
  uint64_t pending_puts = 0;
  bool has_pending;
  {
    std::lock_guard lock(impl_->pending_mutex);
    has_pending = !impl_->pending.empty();
    for (const auto& [k, v] : impl_->pending) pending_puts += v ? 1 : 0;
  }
  run.stored += pending_puts;  // committed with the record
  if (has_pending || used) impl_->flush_pending(used ? &run : nullptr);
}

// find, store and reject by the key's bytes, for both kinds of key.
namespace {
template <class Key>
std::string bytes_of(const Key& k) {
  return std::string(reinterpret_cast<const char*>(k.bytes.data()), k.bytes.size());
}
}  // namespace

std::optional<search::Verdict> VerdictTable::find_key(const std::string& key) {
  auto& m = *impl_;
  if (!m.reads_ok) return std::nullopt;
  auto bytes = m.lookup(key);
  if (!bytes) {
    ++m.misses;
    return std::nullopt;
  }
  return m.verdict_of(*bytes, true);
}

void VerdictTable::store_key(std::string key, const search::Verdict& verdict) {
  auto& m = *impl_;
  if (!verdict.decided() || !m.writes_ok || m.read_only) return;
  auto value = encode_value(m.version, verdict);
  if (!value) return;
  bool full;
  {
    std::lock_guard lock(m.pending_mutex);
    auto now = std::chrono::steady_clock::now();
    if (m.pending.empty()) m.pending_since = now;
    m.pending[std::move(key)] = std::move(*value);
    full = m.pending.size() >= m.options.batch_size || now - m.pending_since >= m.options.max_delay;
  }
  if (full) m.flush_pending(nullptr);
}

void VerdictTable::reject_key(std::string key) {
  auto& m = *impl_;
  ++m.rejected;
  if (m.hits) --m.hits;
  ++m.misses;
  if (!m.writes_ok || m.read_only) return;
  std::lock_guard lock(m.pending_mutex);
  if (m.pending.empty()) m.pending_since = std::chrono::steady_clock::now();
  m.pending[std::move(key)] = std::nullopt;
}

std::optional<search::ClockedVerdict> VerdictTable::find_clocked_nearest(const board::Position& pos,
                                                                         board::Color winner, int plies_left,
                                                                         bool more) {
  auto& m = *impl_;
  constexpr int kMax = ClockedVerdictKey::kMaxPliesLeft;
  if (!m.reads_ok || plies_left < 1 || plies_left > kMax) return std::nullopt;
  const std::string lo = bytes_of(encode_clocked_key(pos, winner, more ? plies_left : 1));
  const std::string hi = bytes_of(encode_clocked_key(pos, winner, more ? kMax : plies_left));
  auto entry = m.lookup_range(lo, hi, !more);
  if (!entry) {
    ++m.misses;
    return std::nullopt;
  }
  auto key = decode_key(std::span(reinterpret_cast<const uint8_t*>(entry->first.data()), entry->first.size()));
  auto verdict = m.verdict_of(entry->second, key && key->plies_left > 0);
  if (!verdict) return std::nullopt;
  return search::ClockedVerdict{key->plies_left, std::move(*verdict)};
}

std::optional<search::Verdict> VerdictTable::find(const board::Position& pos, board::Color winner) {
  return find_key(bytes_of(encode_key(pos, winner)));
}
void VerdictTable::store(const board::Position& pos, board::Color winner, const search::Verdict& verdict) {
  store_key(bytes_of(encode_key(pos, winner)), verdict);
}
void VerdictTable::reject(const board::Position& pos, board::Color winner) {
  reject_key(bytes_of(encode_key(pos, winner)));
}
std::optional<search::Verdict> VerdictTable::find_clocked(const board::Position& pos, board::Color winner,
                                                          int plies_left) {
  if (plies_left < 1 || plies_left > ClockedVerdictKey::kMaxPliesLeft) return std::nullopt;
  return find_key(bytes_of(encode_clocked_key(pos, winner, plies_left)));
}
void VerdictTable::store_clocked(const board::Position& pos, board::Color winner, int plies_left,
                                 const search::Verdict& verdict) {
  if (plies_left < 1 || plies_left > ClockedVerdictKey::kMaxPliesLeft) return;
  store_key(bytes_of(encode_clocked_key(pos, winner, plies_left)), verdict);
}
void VerdictTable::reject_clocked(const board::Position& pos, board::Color winner, int plies_left) {
  if (plies_left < 1 || plies_left > ClockedVerdictKey::kMaxPliesLeft) return;
  reject_key(bytes_of(encode_clocked_key(pos, winner, plies_left)));
}

void VerdictTable::flush() { impl_->flush_pending(nullptr); }

const std::filesystem::path& VerdictTable::file() const { return impl_->file; }
uint32_t VerdictTable::algorithm_version() const { return impl_->version; }
bool VerdictTable::writable() const { return !impl_->read_only && impl_->writes_ok; }
RunRecord VerdictTable::counters() const { return impl_->counters(); }

void VerdictTable::for_each(const std::function<void(const TableEntry&)>& visit) {
  impl_->scan(impl_->verdicts, false, [&](std::span<const uint8_t> k, std::span<const uint8_t> v) {
    visit(TableEntry{decode_key(k), decode_value(v)});
  });
}

TableStats VerdictTable::stats() {
  auto& m = *impl_;
  TableStats s;
  std::error_code ec;
  auto size = std::filesystem::file_size(m.file, ec);
  if (!ec) s.file_bytes = size;
  s.readable = m.scan(m.verdicts, false, [&](std::span<const uint8_t> k, std::span<const uint8_t> v) {
    ++s.entries;
    auto key = decode_key(k);
    auto value = decode_value(v);
    if (!key || !value) {
      ++s.damaged;
    } else if (value->algorithm_version != m.version) {
      ++s.stale;
    } else {
      ++s.current;
      ++s.by_kind[{value->verdict.outcome, value->verdict.reason}];
    }
  });
  if (s.readable)
    s.readable = m.scan(m.runs, true, [&](std::span<const uint8_t> k, std::span<const uint8_t> v) {
      if (auto r = decode_run(k, v)) s.runs.push_back(*r);
    });
  return s;
}

std::expected<void, TableError> VerdictTable::clear() {
  auto& m = *impl_;
  auto error = [&](TableError::Kind kind, const std::string& why) {
    return std::unexpected(TableError{kind, "verdict cache " + m.file.string() + ": " + why});
  };
  if (m.poisoned || !m.reads_ok) return error(TableError::Kind::NotATable, "damaged");
  if (m.read_only) return error(TableError::Kind::Io, "read-only");
  std::lock_guard write_lock(m.write_mutex);
  {
    std::lock_guard lock(m.pending_mutex);
    m.pending.clear();
  }
  MDB_txn* txn = nullptr;
  int rc = 0;
  auto drop = [&] {
    if ((rc = mdb_txn_begin(m.env, nullptr, 0, &txn))) return;
    if ((rc = mdb_drop(txn, m.verdicts, 0)) == 0 && (rc = mdb_drop(txn, m.runs, 0)) == 0) {
      rc = mdb_txn_commit(txn);
    } else {
      mdb_txn_abort(txn);
    }
  };
  if (!run_guarded(drop)) {
    m.poisoned = true;
    m.reads_ok = m.writes_ok = false;
    return error(TableError::Kind::NotATable, "damaged (a read went outside it)");
  }
  if (rc == MDB_CORRUPTED || rc == MDB_PAGE_NOTFOUND) return error(TableError::Kind::NotATable, lmdb_error(rc));
  if (rc) return error(TableError::Kind::Io, lmdb_error(rc));
  return {};
}

}  // namespace arbiter::tablebase
