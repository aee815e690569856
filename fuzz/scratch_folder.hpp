// A folder of the process's own for the files a fuzz target writes: in memory (tmpfs)
// when /dev/shm is there (on a disk, writing and syncing the file cost most of each run),
// else under /tmp. It is removed with its files when the object is destroyed, which for a
// function-local static is at the process's normal exit (libFuzzer's end of a run, the
// test suite's end). A crash leaves it, beside the input that caused the crash.
#pragma once

#include <stdlib.h>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <system_error>

namespace arbiter::fuzz {

class ScratchFolder {
 public:
  // `name` is the folder name's prefix: <name>-XXXXXX.
  explicit ScratchFolder(const std::string& name) {
    for (const char* base : {"/dev/shm/", "/tmp/"}) {
      std::string pattern = base + name + "-XXXXXX";
      if (mkdtemp(pattern.data())) {
        path_ = pattern;
        return;
      }
    }
    std::abort();  // nowhere to write: the target cannot run
  }
  ~ScratchFolder() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  ScratchFolder(const ScratchFolder&) = delete;
  ScratchFolder& operator=(const ScratchFolder&) = delete;

  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

}  // namespace arbiter::fuzz
