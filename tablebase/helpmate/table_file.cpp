#include "tablebase/helpmate/table_file.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zstd.h>

#include <cstring>
#include <fstream>

#include <tbb/parallel_for.h>

#include "tablebase/checksum.hpp"
#include "tablebase/helpmate/table_index.hpp"

namespace arbiter::tablebase::helpmate {

namespace {

constexpr char kMagic[8] = {'A', 'R', 'B', 'H', 'M', 'T', '\r', '\n'};

struct Header {
  char magic[8];
  uint32_t format_version;
  uint32_t index_scheme;
  char material[16];
  uint64_t slots;
  uint32_t block_size;
  uint32_t block_count;
  uint64_t positions[2];
  uint64_t wins[2];
  uint32_t longest[2];
  uint32_t header_crc;  // CRC-32 of the bytes before it
  uint32_t reserved;
};
static_assert(sizeof(Header) == 96);
constexpr std::size_t kCrcSpan = offsetof(Header, header_crc);

struct DirEntry {
  uint64_t offset;
  uint32_t size;
  uint32_t crc;
};
static_assert(sizeof(DirEntry) == 16);

uint32_t crc_of(const void* p, std::size_t n) { return crc32({static_cast<const uint8_t*>(p), n}); }

uint64_t block_count_for(uint64_t slots, uint32_t block_bytes) { return (4 * slots + block_bytes - 1) / block_bytes; }

// Why a block size cannot be written or read, or nothing when it can.
std::optional<std::string> block_size_problem(uint32_t block_bytes) {
  if (block_bytes >= kMinBlockBytes && block_bytes <= kMaxBlockBytes && !(block_bytes & (block_bytes - 1)))
    return std::nullopt;
  return "block size " + std::to_string(block_bytes) + " is not a power of two from " + std::to_string(kMinBlockBytes) +
         " to " + std::to_string(kMaxBlockBytes);
}

}  // namespace

std::string table_file_name(const Material& m) { return m.name() + ".hmt"; }

std::expected<void, std::string> write_table_file(const std::filesystem::path& path, const TableData& data,
                                                  uint32_t block_bytes) {
  if (auto problem = block_size_problem(block_bytes)) return std::unexpected(*problem);
  const uint64_t total = data.values.size();
  const uint64_t count = block_count_for(data.size, block_bytes);
  std::vector<std::vector<uint8_t>> blocks(count);
  std::atomic<bool> failed{false};
  tbb::parallel_for(uint64_t(0), count, [&](uint64_t i) {
    const uint64_t begin = i * block_bytes;
    const std::size_t n = std::size_t(std::min<uint64_t>(block_bytes, total - begin));
    std::vector<uint8_t>& out = blocks[i];
    out.resize(ZSTD_compressBound(n));
    const std::size_t got = ZSTD_compress(out.data(), out.size(), data.values.data() + begin, n, 9);
    if (ZSTD_isError(got)) failed = true;
    else out.resize(got);
  });
  if (failed) return std::unexpected("zstd could not compress the table of " + data.material.name());

  Header h{};
  std::memcpy(h.magic, kMagic, sizeof kMagic);
  h.format_version = kFormatVersion;
  h.index_scheme = kIndexScheme;
  const std::string name = data.material.name();
  std::memcpy(h.material, name.data(), std::min(name.size(), sizeof h.material - 1));
  h.slots = data.size;
  h.block_size = block_bytes;
  h.block_count = uint32_t(count);
  const TableSummary s = summarize(data);
  for (int i = 0; i < 2; ++i) {
    h.positions[i] = s.positions[i];
    h.wins[i] = s.wins[i];
    h.longest[i] = s.longest[i];
  }
  h.header_crc = crc_of(&h, kCrcSpan);

  std::vector<DirEntry> dir(count);
  uint64_t offset = sizeof(Header) + count * sizeof(DirEntry) + 8;
  for (uint64_t i = 0; i < count; ++i) {
    dir[i] = {offset, uint32_t(blocks[i].size()), crc32(blocks[i])};
    offset += blocks[i].size();
  }
  const uint32_t dir_crc[2] = {crc_of(dir.data(), dir.size() * sizeof(DirEntry)), 0};

  std::filesystem::path tmp = path;
  tmp += ".tmp";
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out) return std::unexpected("cannot write " + tmp.string());
    out.write(reinterpret_cast<const char*>(&h), sizeof h);
    out.write(reinterpret_cast<const char*>(dir.data()), std::streamsize(dir.size() * sizeof(DirEntry)));
    out.write(reinterpret_cast<const char*>(dir_crc), sizeof dir_crc);
    for (const auto& b : blocks) out.write(reinterpret_cast<const char*>(b.data()), std::streamsize(b.size()));
    out.flush();
    if (!out) return std::unexpected("cannot write " + tmp.string() + " (disk full?)");
  }
  std::error_code ec;
  std::filesystem::rename(tmp, path, ec);
  if (ec) return std::unexpected("cannot rename " + tmp.string() + ": " + ec.message());
  return {};
}

std::expected<std::unique_ptr<TableFile>, std::string> TableFile::open(const std::filesystem::path& path,
                                                                       const Material& expected) {
  const std::string where = path.string() + ": ";
  std::unique_ptr<TableFile> f(new TableFile());
  f->path_ = path;
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return std::unexpected(where + "cannot open (" + std::strerror(errno) + ")");
  struct stat st {};
  if (::fstat(fd, &st) != 0 || st.st_size < 0) {
    ::close(fd);
    return std::unexpected(where + "cannot read its size");
  }
  f->bytes_ = uint64_t(st.st_size);
  if (f->bytes_ < sizeof(Header)) {
    ::close(fd);
    return std::unexpected(where + "too short to be a helpmate table (truncated?)");
  }
  void* map = ::mmap(nullptr, f->bytes_, PROT_READ, MAP_PRIVATE, fd, 0);
  ::close(fd);
  if (map == MAP_FAILED) return std::unexpected(where + "cannot map it into memory");
  f->map_ = static_cast<const uint8_t*>(map);

  Header h;
  std::memcpy(&h, f->map_, sizeof h);
  if (std::memcmp(h.magic, kMagic, sizeof kMagic) != 0) return std::unexpected(where + "not a helpmate table");
  if (crc_of(&h, kCrcSpan) != h.header_crc) return std::unexpected(where + "damaged header (checksum)");
  if (h.format_version != kFormatVersion)
    return std::unexpected(where + "format version " + std::to_string(h.format_version) + ", this arbiter reads " +
                           std::to_string(kFormatVersion));
  if (h.index_scheme != kIndexScheme)
    return std::unexpected(where + "index scheme " + std::to_string(h.index_scheme) + ", this arbiter reads " +
                           std::to_string(kIndexScheme));
  h.material[sizeof h.material - 1] = 0;
  if (std::string(h.material) != expected.name())
    return std::unexpected(where + "holds " + std::string(h.material) + ", not " + expected.name());
  f->material_ = expected;
  f->size_ = h.slots;
  if (auto problem = block_size_problem(h.block_size)) return std::unexpected(where + *problem);
  if (h.slots != TableIndex(expected).size() || h.block_count != block_count_for(h.slots, h.block_size))
    return std::unexpected(where + "sizes do not match the index of " + expected.name());
  f->block_bytes_ = h.block_size;
  for (int i = 0; i < 2; ++i) {
    f->summary_.positions[i] = h.positions[i];
    f->summary_.wins[i] = h.wins[i];
    f->summary_.longest[i] = h.longest[i];
  }
  const uint64_t dir_end = sizeof(Header) + uint64_t(h.block_count) * sizeof(DirEntry) + 8;
  if (f->bytes_ < dir_end) return std::unexpected(where + "truncated (block directory)");
  std::vector<DirEntry> dir(h.block_count);
  std::memcpy(dir.data(), f->map_ + sizeof(Header), dir.size() * sizeof(DirEntry));
  uint32_t dir_crc = 0;
  std::memcpy(&dir_crc, f->map_ + sizeof(Header) + dir.size() * sizeof(DirEntry), 4);
  if (crc_of(dir.data(), dir.size() * sizeof(DirEntry)) != dir_crc)
    return std::unexpected(where + "damaged block directory (checksum)");
  for (const DirEntry& d : dir) {
    if (d.offset < dir_end || d.offset > f->bytes_ || d.size > f->bytes_ - d.offset)
      return std::unexpected(where + "truncated (a block lies past the end of the file)");
    f->blocks_.push_back({d.offset, d.size, d.crc});
  }
  f->cache_ = std::make_unique<std::atomic<const uint8_t*>[]>(f->blocks_.size());
  f->owned_.resize(f->blocks_.size());
  return f;
}

TableFile::~TableFile() {
  if (map_) ::munmap(const_cast<uint8_t*>(map_), bytes_);
}

uint32_t TableFile::block_length(std::size_t i) const {
  return uint32_t(std::min<uint64_t>(block_bytes_, 4 * size_ - uint64_t(i) * block_bytes_));
}

std::expected<void, std::string> TableFile::decompress(std::size_t i, uint8_t* out) const {
  const Block& b = blocks_[i];
  const std::span<const uint8_t> bytes(map_ + b.offset, b.size);
  if (crc32(bytes) != b.crc)
    return std::unexpected(path_.string() + ": damaged block " + std::to_string(i) + " (checksum)");
  const uint32_t want = block_length(i);
  // One context a thread, kept: ZSTD_decompress would allocate and set up a new one
  // (some hundred kilobytes) for every block.
  struct FreeContext {
    void operator()(ZSTD_DCtx* c) const { ZSTD_freeDCtx(c); }
  };
  thread_local std::unique_ptr<ZSTD_DCtx, FreeContext> context(ZSTD_createDCtx());
  if (!context) return std::unexpected(path_.string() + ": no memory to decompress block " + std::to_string(i));
  const std::size_t got = ZSTD_decompressDCtx(context.get(), out, want, bytes.data(), bytes.size());
  if (ZSTD_isError(got) || got != want)
    return std::unexpected(path_.string() + ": block " + std::to_string(i) + " does not decompress");
  return {};
}

std::expected<const uint8_t*, std::string> TableFile::block(std::size_t i) const {
  const uint8_t* p = cache_[i].load(std::memory_order_acquire);
  if (p) return p;
  std::lock_guard lock(mutex_);
  p = cache_[i].load(std::memory_order_relaxed);
  if (p) return p;
  auto buffer = std::make_unique_for_overwrite<uint8_t[]>(block_length(i));  // filled by decompress
  if (auto ok = decompress(i, buffer.get()); !ok) return std::unexpected(ok.error());
  p = buffer.get();
  owned_[i] = std::move(buffer);
  cache_[i].store(p, std::memory_order_release);
  return p;
}

std::expected<uint8_t, std::string> TableFile::value(uint64_t offset) const {
  const std::size_t i = std::size_t(offset / block_bytes_);
  if (i >= blocks_.size()) return std::unexpected(path_.string() + ": offset past the table");
  auto b = block(i);
  if (!b) return std::unexpected(b.error());
  return (*b)[offset % block_bytes_];
}

std::expected<TableData, std::string> TableFile::read_all() const {
  TableData data;
  data.material = material_;
  data.size = size_;
  data.values.resize(4 * size_);
  std::vector<std::string> errors(blocks_.size());
  tbb::parallel_for(std::size_t(0), blocks_.size(), [&](std::size_t i) {
    if (auto ok = decompress(i, data.values.data() + i * block_bytes_); !ok) errors[i] = ok.error();
  });
  for (const auto& e : errors)
    if (!e.empty()) return std::unexpected(e);
  return data;
}

}  // namespace arbiter::tablebase::helpmate
