// The program's version, from CMake's project() (the one place it is written).
#pragma once

namespace arbiter {

inline constexpr const char* kVersion = ARBITER_VERSION;

}  // namespace arbiter
