// The page's files (server/page/), embedded in the program at build time: the server
// serves these and nothing else from its own side, so no request can name a file.
#pragma once

#include <string_view>
#include <vector>

namespace arbiter::server {

struct PageAsset {
  std::string_view path;          // "/index.html"
  std::string_view content_type;  // "text/html; charset=utf-8"
  std::string_view bytes;
};

const std::vector<PageAsset>& page_assets();

}  // namespace arbiter::server
