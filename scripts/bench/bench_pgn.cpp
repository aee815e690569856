// Benchmark of PGN reading and replaying (analyzer/pgn_reader + analyzer/pgn_game) on one
// thread: games/s, plies/s and MB/s, first for reading alone, then for reading and
// replaying. Checks its answers where the files allow: a `PlyCount` tag must equal the
// plies replayed, and chess.com's `CurrentPosition` tag the final position (board, side,
// castling). Exit status 1 on a mismatch.
#include <chrono>
#include <cstdio>
#include <iostream>
#include <map>
#include <string>
#include <vector>

#include "analyzer/pgn_game.hpp"
#include "analyzer/pgn_reader.hpp"

using namespace arbiter;
using Clock = std::chrono::steady_clock;

namespace {

struct Totals {
  long games = 0, plies = 0, errors = 0, warned = 0;
  long ply_checks = 0, position_checks = 0, mismatches = 0;
  std::map<std::string, long> by_kind;
  double seconds = 0;
};

std::string first_fields(const std::string& fen, int n) {
  std::string out;
  int fields = 0;
  for (char c : fen) {
    if (c == ' ' && ++fields == n) break;
    out += c;
  }
  return out;
}

const char* kind_name(analyzer::GameError::Kind k) {
  switch (k) {
    case analyzer::GameError::Kind::Syntax: return "syntax";
    case analyzer::GameError::Kind::Setup: return "setup";
    case analyzer::GameError::Kind::Variant: return "variant";
    case analyzer::GameError::Kind::IllegalMove: return "illegal-move";
  }
  return "?";
}

bool run(const std::vector<std::string>& files, bool replay, bool list, Totals& t) {
  auto t0 = Clock::now();
  analyzer::RawGame raw;
  for (const auto& file : files) {
    auto reader = analyzer::PgnReader::open(file);
    if (!reader) {
      std::cerr << "bench_pgn: " << reader.error() << '\n';
      return false;
    }
    while (reader->next(raw)) {
      ++t.games;
      if (!raw.warnings.empty()) ++t.warned;
      if (!replay) {
        t.plies += long(raw.moves.size());
        if (raw.error) ++t.errors;
        if (list && raw.error) std::cout << file << ": game " << raw.index << ", line " << raw.error->line << ": "
                                         << raw.error->message << '\n';
        continue;
      }
      auto game = analyzer::replay(std::move(raw));
      raw = analyzer::RawGame();
      if (!game) {
        ++t.errors;
        ++t.by_kind[kind_name(game.error().kind)];
        if (list) std::cout << file << ": " << game.error().to_string() << '\n';
        continue;
      }
      t.plies += long(game->moves.size());
      if (const std::string* count = game->raw.tag("PlyCount"); count && !count->empty()) {
        ++t.ply_checks;
        if (*count != std::to_string(game->moves.size())) {
          ++t.mismatches;
          std::cout << file << ": game " << game->raw.index << ": PlyCount " << *count << " but "
                    << game->moves.size() << " plies replayed\n";
        }
      }
      if (const std::string* current = game->raw.tag("CurrentPosition")) {
        ++t.position_checks;
        std::string ours = first_fields(game->end.fen(), 2), theirs = first_fields(*current, 2);
        if (ours != theirs) {
          ++t.mismatches;
          std::cout << file << ": game " << game->raw.index << ": CurrentPosition " << theirs << " but replayed "
                    << ours << '\n';
        }
      }
    }
  }
  t.seconds = std::chrono::duration<double>(Clock::now() - t0).count();
  return true;
}

void print(const char* what, const Totals& t, double megabytes) {
  std::printf("%-16s %8ld games %10ld plies %6ld errors  %7.3f s  %10.0f games/s %12.0f plies/s %8.1f MB/s\n", what,
              t.games, t.plies, t.errors, t.seconds, double(t.games) / t.seconds, double(t.plies) / t.seconds,
              megabytes / t.seconds);
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> files;
  bool list = false;
  int repeat = 1;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--list-errors") list = true;
    else if (a == "--repeat" && i + 1 < argc) repeat = std::max(1, std::stoi(argv[++i]));
    else if (a == "--help" || a == "-h") files.clear(), i = argc;
    else files.push_back(a);
  }
  if (files.empty()) {
    std::cerr << "usage: bench_pgn FILE.pgn[.gz|.zst]... [--repeat N] [--list-errors]\n"
                 "Reads (then reads and replays) the games on one thread; prints games/s and plies/s.\n";
    return 2;
  }
  double megabytes = 0;
  for (const auto& f : files) {
    auto reader = analyzer::PgnReader::open(f);
    if (!reader) {
      std::cerr << "bench_pgn: " << reader.error() << '\n';
      return 2;
    }
    analyzer::RawGame g;
    while (reader->next(g)) {
    }
    megabytes += double(reader->bytes_consumed()) / 1e6;
  }
  Totals best_read, best_replay;
  for (int r = 0; r < repeat; ++r) {
    Totals read, replayed;
    if (!run(files, false, list && r == 0, read) || !run(files, true, list && r == 0, replayed)) return 2;
    if (r == 0 || read.seconds < best_read.seconds) best_read = read;
    if (r == 0 || replayed.seconds < best_replay.seconds) best_replay = replayed;
  }
  print("read", best_read, megabytes);
  print("read+replay", best_replay, megabytes);
  std::printf("errors by kind:");
  for (const auto& [kind, n] : best_replay.by_kind) std::printf(" %s %ld", kind.c_str(), n);
  std::printf("\nwith warnings: %ld games; checks: %ld PlyCount, %ld CurrentPosition, %ld mismatches\n",
              best_replay.warned, best_replay.ply_checks, best_replay.position_checks, best_replay.mismatches);
  return best_replay.mismatches == 0 ? 0 : 1;
}
