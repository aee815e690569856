// CRC-32 (the IEEE polynomial of zlib, PNG and Ethernet) over a byte span: the checksum
// every record of the on-disk tables carries, so that a damaged record is detected.
#pragma once

#include <cstdint>
#include <span>

namespace arbiter::tablebase {

uint32_t crc32(std::span<const uint8_t> bytes);

}  // namespace arbiter::tablebase
