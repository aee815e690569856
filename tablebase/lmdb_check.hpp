// A structural check of an LMDB file, done before LMDB itself reads the file's trees.
//
// LMDB trusts its pages: a damaged page header can make it read outside a page, trip
// one of its assertions, or loop without end (a leaf whose key count underflows turns
// the binary search of a lookup into an endless loop; the guard of fault_guard.hpp
// catches faults and assertions but cannot stop a loop). This check reads, with pread
// and never through the mapping, every page reachable from the snapshot's meta page:
// each B-tree of the file (the free list, the main database and every named database in
// it), and checks what LMDB relies on when it reads them:
//   - the snapshot's meta page is the one LMDB's readers take (transaction & 1), and the
//     other does not name the same transaction with other trees (LMDB's writers would
//     take that one: a reader and a writer would walk different trees);
//   - every page is inside the file, carries its own number, and is met once (no cycle,
//     no page shared by two trees or by a tree and the free list);
//   - a tree page is a branch or a leaf (no other flag), its key count and free-space
//     bounds fit the page, and every node (with its key and data) lies inside it;
//   - the tree is balanced at the depth its record gives, its keys ascend, and its page
//     and entry counts are those of its record;
//   - a large value's overflow pages are inside the file and hold it;
//   - the free list's page lists are well formed and name pages of the file.
// The format read is LMDB 0.9's on 64-bit little-endian machines (the one liblmdb0 of
// Debian 12 writes): 16-byte page headers, 8-byte nodes, 48-byte database records.
#pragma once

#include <cstdint>
#include <string>

namespace arbiter::tablebase {

struct LmdbCheck {
  enum class Result : uint8_t {
    Sound,    // every check held
    Damaged,  // the file fails a check: `what` says where and which
    Moved,    // no meta page holds the snapshot asked for (a writer committed since): ask again
  };
  Result result = Result::Sound;
  std::string what;
  uint64_t pages = 0;  // pages read
};

// Checks the trees of the snapshot `txnid` of the LMDB file open as `fd` (reads only).
// The caller keeps that snapshot pinned (an open read transaction) while this runs, so
// that no writer reuses its pages meanwhile.
LmdbCheck check_lmdb_file(int fd, uint64_t txnid);

}  // namespace arbiter::tablebase
