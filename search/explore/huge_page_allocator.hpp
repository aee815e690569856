// An allocator for the big tables of a search (millions of positions, probed at random):
// blocks of 2 MiB or more are aligned to 2 MiB and offered to the kernel for transparent
// huge pages (Linux madvise), so that a probe costs one cache miss and rarely also a
// TLB miss. Smaller blocks come from the ordinary heap. Where the kernel declines, the
// memory is ordinary memory: only speed changes.
#pragma once

#include <cstddef>
#include <cstdlib>
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

}  // namespace arbiter::search
