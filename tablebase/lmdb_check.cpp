#include "tablebase/lmdb_check.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstring>
#include <span>
#include <vector>

namespace arbiter::tablebase {

namespace {

// LMDB 0.9's on-disk layout (64-bit little-endian).
constexpr std::size_t kPageHeader = 16;  // pgno (8), pad (2), flags (2), lower (2), upper (2) or pages (4)
constexpr std::size_t kNodeHeader = 8;   // lo (2), hi (2), flags (2), ksize (2)
constexpr std::size_t kDbRecord = 48;    // pad (4), flags (2), depth (2), branch, leaf, overflow, entries, root (8 each)
constexpr std::size_t kMetaAt = kPageHeader;  // the meta record follows the page header
constexpr std::size_t kMetaDbs = 24;          // magic (4), version (4), address (8), map size (8)
constexpr std::size_t kMetaLastPage = kMetaDbs + 2 * kDbRecord;
constexpr std::size_t kMetaTxnid = kMetaLastPage + 8;
constexpr uint32_t kMagic = 0xBEEFC0DE, kDataVersion = 1;
constexpr uint16_t kBranch = 0x01, kLeaf = 0x02, kOverflow = 0x04;
constexpr uint16_t kNodeBig = 0x01, kNodeSubDb = 0x02;  // value on overflow pages; a named database's record
constexpr uint64_t kNoRoot = ~uint64_t(0);
constexpr std::size_t kMaxKey = 511;  // LMDB's default key size limit
constexpr unsigned kMaxDepth = 32;    // LMDB's cursor stack
constexpr uint16_t kDupFlags = 0x04 | 0x10 | 0x20 | 0x40;  // MDB_DUPSORT, DUPFIXED, INTEGERDUP, REVERSEDUP

uint64_t le(std::span<const uint8_t> b, std::size_t at, int bytes) {
  uint64_t v = 0;
  for (int i = bytes - 1; i >= 0; --i) v = v << 8 | b[at + std::size_t(i)];
  return v;
}

struct DbRecord {
  uint16_t flags = 0, depth = 0;
  uint64_t branch = 0, leaf = 0, overflow = 0, entries = 0, root = kNoRoot;
};

DbRecord db_record(std::span<const uint8_t> b, std::size_t at) {
  DbRecord d;
  d.flags = uint16_t(le(b, at + 4, 2));
  d.depth = uint16_t(le(b, at + 6, 2));
  d.branch = le(b, at + 8, 8);
  d.leaf = le(b, at + 16, 8);
  d.overflow = le(b, at + 24, 8);
  d.entries = le(b, at + 32, 8);
  d.root = le(b, at + 40, 8);
  return d;
}

// LMDB's default key order: bytes, then length. The free list's keys are native integers.
bool ascending(std::span<const uint8_t> a, std::span<const uint8_t> b, bool integer_keys) {
  if (integer_keys) return le(a, 0, 8) < le(b, 0, 8);
  int c = std::memcmp(a.data(), b.data(), std::min(a.size(), b.size()));
  return c < 0 || (c == 0 && a.size() < b.size());
}

struct Checker {
  int fd = -1;
  std::size_t page_size = 0;
  uint64_t file_pages = 0, last_page = 0;
  std::vector<uint8_t> seen;  // per page of the file: already met
  std::vector<DbRecord> named;  // named databases found in the main database
  LmdbCheck out;

  bool fail(const std::string& what) {
    if (out.result == LmdbCheck::Result::Sound) {
      out.result = LmdbCheck::Result::Damaged;
      out.what = what;
    }
    return false;
  }

  bool read(uint64_t offset, std::size_t size, std::vector<uint8_t>& into) {
    into.resize(size);
    std::size_t done = 0;
    while (done < size) {
      ssize_t n = pread(fd, into.data() + done, size - done, off_t(offset + done));
      if (n < 0 && errno == EINTR) continue;
      if (n < 0) return fail(std::string("reading failed (") + std::strerror(errno) + ")");
      if (n == 0) return fail("a page lies past the end of the file");
      done += std::size_t(n);
    }
    return true;
  }

  // Marks page p (met from `what`) as in use; false when it is outside the file or met twice.
  bool claim(uint64_t p, const std::string& what) {
    if (p < 2 || p > last_page || p >= file_pages)
      return fail(what + " names page " + std::to_string(p) + ", outside the file");
    if (seen[p]) return fail("page " + std::to_string(p) + " is used twice (" + what + ")");
    seen[p] = 1;
    return true;
  }

  bool read_page(uint64_t p, std::vector<uint8_t>& page) {
    if (!read(p * page_size, page_size, page)) return false;
    ++out.pages;
    if (le(page, 0, 8) != p) return fail("page " + std::to_string(p) + " carries the number " + std::to_string(le(page, 0, 8)));
    return true;
  }

  struct Counts {
    uint64_t branch = 0, leaf = 0, overflow = 0, entries = 0;
  };

  // The overflow pages of a large value of `size` bytes starting at page p.
  bool overflow_pages(uint64_t p, uint64_t size, Counts& counts, const std::string& where) {
    if (!claim(p, where)) return false;
    std::vector<uint8_t> page;
    if (!read(p * page_size, kPageHeader, page)) return false;
    ++out.pages;
    const std::string at = "overflow page " + std::to_string(p);
    if (le(page, 0, 8) != p) return fail(at + " carries another number");
    if (le(page, 10, 2) != kOverflow) return fail(at + " is not marked as one");
    uint64_t n = le(page, 12, 4);
    if (n == 0 || n * page_size - kPageHeader < size) return fail(at + ": its page count does not hold the value");
    for (uint64_t i = 1; i < n; ++i)
      if (!claim(p + i, at)) return false;
    counts.overflow += n;
    return true;
  }

  // Walks the subtree at page p, `level` pages below the root (1 for the root).
  bool walk(uint64_t p, unsigned level, const DbRecord& db, bool main_db, bool free_db, Counts& counts) {
    const std::string at = "page " + std::to_string(p);
    if (level > db.depth) return fail(at + " lies deeper than its tree");
    if (!claim(p, "a tree")) return false;
    std::vector<uint8_t> page;
    if (!read_page(p, page)) return false;
    const uint16_t flags = uint16_t(le(page, 10, 2));
    const std::size_t lower = std::size_t(le(page, 12, 2)), upper = std::size_t(le(page, 14, 2));
    if (flags != kBranch && flags != kLeaf) return fail(at + " has the flags " + std::to_string(flags) + ", not a tree page's");
    const bool leaf = flags == kLeaf;
    if (leaf != (level == db.depth)) return fail(at + " is at the wrong depth for its tree");
    if (lower < kPageHeader || lower > upper || upper > page_size || (lower - kPageHeader) % 2)
      return fail(at + " has impossible free-space bounds");
    const std::size_t keys = (lower - kPageHeader) / 2;
    if (!leaf && keys < 1) return fail(at + " is a branch without a child");
    std::span<const uint8_t> previous;
    for (std::size_t i = 0; i < keys; ++i) {
      const std::size_t node = std::size_t(le(page, kPageHeader + 2 * i, 2));
      const std::string where = at + " node " + std::to_string(i);
      if (node < upper || node + kNodeHeader > page_size) return fail(where + " lies outside the page's nodes");
      const uint64_t lo = le(page, node, 2), hi = le(page, node + 2, 2);
      const uint16_t node_flags = uint16_t(le(page, node + 4, 2));
      const std::size_t ksize = std::size_t(le(page, node + 6, 2));
      if (ksize > kMaxKey || node + kNodeHeader + ksize > page_size) return fail(where + ": its key does not fit");
      std::span<const uint8_t> key(page.data() + node + kNodeHeader, ksize);
      if (free_db && (ksize != 8 && !(i == 0 && !leaf))) return fail(where + ": a free-list key is not a transaction number");
      // A branch's first key is never compared (it stands for everything below the second).
      if (leaf || i > 0) {
        if ((leaf ? i > 0 : i > 1) && !ascending(previous, key, free_db)) return fail(where + ": keys out of order");
        previous = key;
      }
      if (!leaf) {
        const uint64_t child = lo | hi << 16 | uint64_t(node_flags) << 32;
        if (!walk(child, level + 1, db, main_db, free_db, counts)) return false;
        continue;
      }
      const uint64_t dsize = lo | hi << 16;
      const std::size_t data = node + kNodeHeader + ksize;
      if (node_flags & ~(kNodeBig | kNodeSubDb)) return fail(where + " has unknown flags");
      if (node_flags & kNodeBig) {
        if (node_flags & kNodeSubDb) return fail(where + " has contradictory flags");
        if (data + 8 > page_size) return fail(where + ": its value does not fit");
        if (!overflow_pages(le(page, data, 8), dsize, counts, where)) return false;
        if (free_db && !free_list({}, le(page, data, 8), dsize, where)) return false;
      } else {
        if (data + dsize > page_size) return fail(where + ": its value does not fit");
        std::span<const uint8_t> value(page.data() + data, std::size_t(dsize));
        if (node_flags & kNodeSubDb) {
          if (!main_db || dsize != kDbRecord) return fail(where + ": a database record where none can be");
          named.push_back(db_record(value, 0));
        } else if (free_db && !free_list(value, 0, dsize, where)) {
          return false;
        }
      }
    }
    ++(leaf ? counts.leaf : counts.branch);
    if (leaf) counts.entries += keys;
    return true;
  }

  // A free-list record: a count n, then n page numbers (8 bytes each). `value` holds it,
  // or (when empty) it is read from the overflow pages starting at page `big`.
  bool free_list(std::span<const uint8_t> value, uint64_t big, uint64_t size, const std::string& where) {
    if (size < 8 || size % 8) return fail(where + ": a free-list record of a wrong size");
    std::vector<uint8_t> bytes;
    if (value.empty() && big) {
      if (!read(big * page_size + kPageHeader, std::size_t(size), bytes)) return false;
      value = bytes;
    }
    const uint64_t n = le(value, 0, 8);
    if (n != size / 8 - 1) return fail(where + ": a free-list record's count does not match its size");
    for (uint64_t i = 1; i <= n; ++i) {
      const uint64_t p = le(value, std::size_t(8 * i), 8);
      if (p < 2 || p > last_page) return fail(where + ": the free list names page " + std::to_string(p) + ", outside the file");
      pending_free.push_back(p);
    }
    return true;
  }
  std::vector<uint64_t> pending_free;

  bool tree(const DbRecord& db, bool main_db, bool free_db, const std::string& name) {
    if (db.flags & kDupFlags) return fail("the " + name + " database has duplicate-key flags");
    if (db.root == kNoRoot) {
      if (db.depth || db.branch || db.leaf || db.overflow || db.entries)
        return fail("the empty " + name + " database has counts");
      return true;
    }
    if (db.depth < 1 || db.depth > kMaxDepth) return fail("the " + name + " database has an impossible depth");
    Counts counts;
    if (!walk(db.root, 1, db, main_db, free_db, counts)) return false;
    if (counts.branch != db.branch || counts.leaf != db.leaf || counts.overflow != db.overflow ||
        counts.entries != db.entries)
      return fail("the " + name + " database's page or entry counts do not match its pages");
    return true;
  }

  void run(uint64_t txnid) {
    struct stat st {};
    if (fstat(fd, &st) != 0) {
      fail(std::string("cannot read its size (") + std::strerror(errno) + ")");
      return;
    }
    std::vector<uint8_t> meta;
    if (!read(0, kPageHeader + kMetaTxnid + 8, meta)) return;
    page_size = std::size_t(le(meta, kMetaAt + kMetaDbs, 4));  // the free list's record pad holds it
    if (page_size < 512 || page_size > 32768 || (page_size & (page_size - 1)))
      return (void)fail("the page size " + std::to_string(page_size) + " is impossible");
    // The meta page of the snapshot asked for: LMDB's readers take page txnid & 1 (commits
    // alternate between the two); its writers take the one of the higher transaction,
    // the first on a tie. Both read the same trees only if no two meta pages name one
    // transaction with different trees (a fresh file's two pages are the same).
    std::array<std::vector<uint8_t>, 2> metas;
    for (uint64_t m = 0; m < 2; ++m)
      if (!read(m * page_size, kPageHeader + kMetaTxnid + 8, metas[m])) return;
    meta = metas[txnid & 1];
    const std::vector<uint8_t>& other = metas[(txnid & 1) ^ 1];
    if (le(meta, kMetaAt, 4) != kMagic || le(meta, kMetaAt + 4, 4) != kDataVersion ||
        le(meta, kMetaAt + kMetaTxnid, 8) != txnid) {
      out.result = LmdbCheck::Result::Moved;
      return;
    }
    if (le(other, kMetaAt + kMetaTxnid, 8) == txnid &&
        !std::equal(meta.begin() + kMetaAt + kMetaDbs, meta.end(), other.begin() + kMetaAt + kMetaDbs))
      return (void)fail("both meta pages name transaction " + std::to_string(txnid) + " with different trees");
    file_pages = uint64_t(st.st_size) / page_size;
    last_page = le(meta, kMetaAt + kMetaLastPage, 8);
    // A writer allocates from last_page + 1: a number past any address space (2^47 bytes)
    // would wrap its page numbers round to the meta pages.
    if (last_page < 1 || last_page > (uint64_t(1) << 47) / page_size)
      return (void)fail("the last page number " + std::to_string(last_page) + " is impossible");
    seen.assign(std::size_t(std::min(file_pages, last_page + 1)), 0);  // claim() admits p below both
    const DbRecord free_db = db_record(meta, kMetaAt + kMetaDbs), main_db = db_record(meta, kMetaAt + kMetaDbs + kDbRecord);
    if (!tree(free_db, false, true, "free-list")) return;
    if (!tree(main_db, true, false, "main")) return;
    for (std::size_t i = 0; i < named.size(); ++i)
      if (!tree(named[i], false, false, "named")) return;
    // A free page is in no tree (a writer would reuse it, overwriting live data).
    for (uint64_t p : pending_free)
      if (p < seen.size() && seen[p]) return (void)fail("page " + std::to_string(p) + " is both free and in use");
  }
};

}  // namespace

LmdbCheck check_lmdb_file(int fd, uint64_t txnid) {
  Checker checker;
  checker.fd = fd;
  checker.run(txnid);
  return std::move(checker.out);
}

}  // namespace arbiter::tablebase
