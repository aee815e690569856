#include "tablebase/checksum.hpp"

#include <zlib.h>

#include <algorithm>
#include <limits>

namespace arbiter::tablebase {

// zlib's CRC-32 is the same function (polynomial 0xEDB88320, reflected, inverted at both
// ends), several times faster than a byte-wise table: the first read of each table block
// checks one.
uint32_t crc32(std::span<const uint8_t> bytes) {
  uLong c = ::crc32(0L, Z_NULL, 0);
  const uint8_t* p = bytes.data();
  std::size_t left = bytes.size();
  while (left > 0) {
    const auto n = static_cast<uInt>(std::min<std::size_t>(left, std::numeric_limits<uInt>::max()));
    c = ::crc32(c, p, n);
    p += n;
    left -= n;
  }
  return static_cast<uint32_t>(c);
}

}  // namespace arbiter::tablebase
