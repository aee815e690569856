// The file of one material's helpmate table ("KNvKP.hmt"). Layout (little-endian):
//   header (96 bytes): magic "ARBHMT\r\n", format version, index scheme, material name,
//     slots per section, block size, block count, the table's summary, CRC-32 of the
//     bytes before it;
//   block directory: per block its offset, compressed size and the CRC-32 of its
//     compressed bytes; then the CRC-32 of the directory;
//   blocks: the four sections (winner-major, then side to move; see table_data.hpp) cut
//     into blocks of the header's block size, each compressed with zstd.
// A reader maps the file (mmap), checks header and directory at open, and each block's
// checksum and size when it first decompresses it; it never answers from a bad block.
#pragma once

#include <atomic>
#include <expected>
#include <filesystem>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "tablebase/helpmate/table_data.hpp"

namespace arbiter::tablebase::helpmate {

inline constexpr uint32_t kFormatVersion = 1;
inline constexpr uint32_t kIndexScheme = 1;  // table_index.hpp as it stands
// The block size a new table is written with. A reader decompresses a whole block at the
// first probe into it, and a search's probes scatter over the table, so a small block
// makes the first probes cheap, for some loss of compression (a page: the 4-man tables
// take 33 MB, against 25 MB in blocks of 64 KiB). Files of any power of two from
// kMinBlockBytes to kMaxBlockBytes are read.
inline constexpr uint32_t kBlockBytes = 1u << 12;
inline constexpr uint32_t kMinBlockBytes = 1u << 10;
inline constexpr uint32_t kMaxBlockBytes = 1u << 20;

// The file name of a material's table.
std::string table_file_name(const Material& m);

// Writes the table (through a temporary file renamed into place: never half a file), in
// blocks of `block_bytes` (a power of two from kMinBlockBytes to kMaxBlockBytes).
std::expected<void, std::string> write_table_file(const std::filesystem::path& path, const TableData& data,
                                                  uint32_t block_bytes = kBlockBytes);

class TableFile {
 public:
  // Maps and checks the file, which must hold the table of `expected`.
  static std::expected<std::unique_ptr<TableFile>, std::string> open(const std::filesystem::path& path,
                                                                     const Material& expected);
  ~TableFile();
  TableFile(const TableFile&) = delete;
  TableFile& operator=(const TableFile&) = delete;

  const Material& material() const { return material_; }
  uint64_t size() const { return size_; }  // slots per section
  const TableSummary& summary() const { return summary_; }
  uint64_t file_bytes() const { return bytes_; }
  uint64_t block_count() const { return blocks_.size(); }
  uint32_t block_bytes() const { return block_bytes_; }  // uncompressed, each block but the last

  // The byte at offset (value_offset()), or an error when its block is damaged.
  // Thread-safe; each block is decompressed once and kept.
  std::expected<uint8_t, std::string> value(uint64_t offset) const;
  // Every value, each block checked (for building on top of it and for verification).
  std::expected<TableData, std::string> read_all() const;

 private:
  TableFile() = default;
  struct Block {
    uint64_t offset = 0;
    uint32_t size = 0;
    uint32_t crc = 0;
  };
  std::expected<const uint8_t*, std::string> block(std::size_t i) const;
  std::expected<void, std::string> decompress(std::size_t i, uint8_t* out) const;
  uint32_t block_length(std::size_t i) const;

  std::filesystem::path path_;
  Material material_;
  uint64_t size_ = 0;
  uint32_t block_bytes_ = kBlockBytes;
  TableSummary summary_;
  const uint8_t* map_ = nullptr;
  uint64_t bytes_ = 0;
  std::vector<Block> blocks_;
  std::unique_ptr<std::atomic<const uint8_t*>[]> cache_;
  mutable std::vector<std::unique_ptr<uint8_t[]>> owned_;
  mutable std::mutex mutex_;
};

}  // namespace arbiter::tablebase::helpmate
