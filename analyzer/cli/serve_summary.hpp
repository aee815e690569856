// The one-line summary of `arbiter serve`, which both `arbiter --help` (the forwarding
// command, analyzer/cli/serve_command.cpp) and the server program's own --help
// (server/main.cpp) print.
#pragma once

namespace arbiter::cli {

inline constexpr const char* kServeSummary =
    "A local web page: paste or set up a position, ask each side, see the ruling and step through the mate; "
    "audit PGN; helpmates (JSON API too)";

}  // namespace arbiter::cli
