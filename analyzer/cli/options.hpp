// Numeric options read strictly, one meaning everywhere: digits only (CLI11 alone wraps
// "-1" to 2^64-1 and takes "-3" threads as "default"), within a stated range.
#pragma once

#include <cstdint>

#include <CLI/CLI.hpp>

namespace arbiter::cli {

// The largest node budget: a budget is split in percentages inside the analysis, so
// it stays far below 2^64. `--max-nodes 0` means this, "no limit", in every command.
inline constexpr uint64_t kMaxNodeBudget = uint64_t(1) << 56;

// A whole number in [min, max], written in decimal digits.
CLI::Validator whole_number(uint64_t min, uint64_t max);

// --max-nodes N on `app`: 0 = no limit (kMaxNodeBudget), past 2^56 an error.
CLI::Option* add_max_nodes(CLI::App* app, uint64_t& budget, const std::string& description);
// --threads N: 1 to 1024; absent = all cores (0 in `threads`).
CLI::Option* add_threads(CLI::App* app, int& threads, const std::string& description);
// The budget a command uses: 0 becomes kMaxNodeBudget.
inline uint64_t node_budget(uint64_t option) { return option == 0 ? kMaxNodeBudget : option; }

}  // namespace arbiter::cli
