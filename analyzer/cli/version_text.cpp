#include "analyzer/cli/version_text.hpp"

#include "analyzer/version.hpp"
#include "analyzer/winnability.hpp"
#include "search/board/attacks.hpp"
#include "search/board/cpu.hpp"
#include "tablebase/verdict_key.hpp"
#include "tablebase/verdict_table.hpp"
#include "tablebase/verdict_value.hpp"

namespace arbiter::cli {

std::string version_text() {
  std::string text = std::string("arbiter ") + kVersion + "\n";
  text += "verdict table: format " + std::to_string(tablebase::kVerdictTableFormat) + " (keys " +
          std::to_string(tablebase::VerdictKey::kKeyFormat) + " and " +
          std::to_string(tablebase::ClockedVerdictKey::kKeyFormat) + ", values " +
          std::to_string(tablebase::StoredVerdict::kValueFormat) + "), analysis version " +
          std::to_string(analyzer::kAlgorithmVersion) + "\n";
  text += std::string("build: ") + ARBITER_BUILD_KIND + ", sliders indexed by " + board::slider_indexing() +
          ", population count " + board::cpu::popcount_kind();
  return text;
}

}  // namespace arbiter::cli
