// What `arbiter --version` prints: the program's version, then one line per on-disk
// format it reads and writes (a table of another format is not read), then the build.
#pragma once

#include <string>

namespace arbiter::cli {

std::string version_text();

}  // namespace arbiter::cli
