// An allocator for the big tables of a search (millions of positions, probed at random):
// blocks of 2 MiB or more are aligned to 2 MiB and offered to the kernel for transparent
// huge pages (Linux madvise), so that a probe costs one cache miss and rarely also a
// TLB miss. Smaller blocks come from the ordinary heap. Where the kernel declines, the
// memory is ordinary memory: only speed changes.
#pragma once

#include <cstddef>
#include <cstdlib>
#include <memory>
#include <new>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace arbiter::search {

template <class T>
struct HugePageAllocator {
  using value_type = T;
  static constexpr std::size_t kHuge = std::size_t(2) << 20;

  HugePageAllocator() = default;
  template <class U>
  HugePageAllocator(const HugePageAllocator<U>&) noexcept {}

  T* allocate(std::size_t n) {
    const std::size_t bytes = n * sizeof(T);
    if (bytes < kHuge) {
      if (void* p = std::malloc(bytes)) return static_cast<T*>(p);
      throw std::bad_alloc();
    }
    const std::size_t rounded = (bytes + kHuge - 1) / kHuge * kHuge;
    void* p = std::aligned_alloc(kHuge, rounded);
    if (!p) throw std::bad_alloc();
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    madvise(p, rounded, MADV_HUGEPAGE);
#endif
    return static_cast<T*>(p);
  }
  void deallocate(T* p, std::size_t) noexcept { std::free(p); }

  template <class U>
  bool operator==(const HugePageAllocator<U>&) const noexcept { return true; }
};

// Frees what zeroed_huge_array gave.
struct ZeroedHugeFree {
  std::size_t bytes = 0;
  bool mapped = false;  // an mmap (else calloc)
  void operator()(void* p) const noexcept {
#if defined(__linux__)
    if (mapped) {
      munmap(p, bytes);
      return;
    }
#endif
    std::free(p);
  }
};

// `count` zeroed objects of an implicit-lifetime type, from calloc: big blocks come mapped
// from the system in ordinary pages, zeroed as they are first touched. For tables that a
// question's answer waits on, where a huge page's fault may stall while the kernel
// compacts memory to find one.
template <class T>
std::unique_ptr<T[], ZeroedHugeFree> zeroed_array(std::size_t count) {
  void* p = std::calloc(count, sizeof(T));
  if (!p) throw std::bad_alloc();
  return std::unique_ptr<T[], ZeroedHugeFree>(static_cast<T*>(p), ZeroedHugeFree{count * sizeof(T), false});
}

// `count` zeroed objects of an implicit-lifetime type (plain words, read through
// std::atomic_ref where shared), for a table probed at random that a search may touch
// only in part: the zeroes come from the system, so untouched pages cost nothing. From
// 2 MiB on Linux, an anonymous mapping offered for transparent huge pages (a random probe
// then faults in 2 MiB, not 4 KiB); else calloc.
template <class T>
std::unique_ptr<T[], ZeroedHugeFree> zeroed_huge_array(std::size_t count) {
  const std::size_t bytes = count * sizeof(T);
#if defined(__linux__)
  if (bytes >= HugePageAllocator<T>::kHuge) {
    void* p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) throw std::bad_alloc();
#if defined(MADV_HUGEPAGE)
    madvise(p, bytes, MADV_HUGEPAGE);
#endif
    return std::unique_ptr<T[], ZeroedHugeFree>(static_cast<T*>(p), ZeroedHugeFree{bytes, true});
  }
#endif
  return zeroed_array<T>(count);
}

}  // namespace arbiter::search
