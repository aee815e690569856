// arbiter._arbiter: the C++ side of the Python module. Each function takes FEN text and
// plain options and returns the record the CLI prints with --json, as a dict (the
// package around it, python/arbiter/, wraps them in typed classes). Positions are read
// in the calling thread, so a bad FEN raises at once; the analysis runs with the GIL
// released, on a worker thread that Ctrl-C stops (interruptible.hpp).
#include <algorithm>
#include <array>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <limits>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <tuple>
#include <vector>

#include <zstd.h>

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>
#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include "analyzer/loss_adjudication.hpp"
#include "diagram/board_svg.hpp"
#include "analyzer/status.hpp"
#include "analyzer/version.hpp"
#include "analyzer/winnability.hpp"
#include "analyzer/helpmate_problem.hpp"
#include "game_audit_stream.hpp"
#include "interruptible.hpp"
#include "json_to_python.hpp"
#include "records.hpp"
#include "search/board/position.hpp"
#include "search/board/setup.hpp"
#include "tablebase/helpmate_table_set.hpp"
#include "tablebase/verdict_table.hpp"

namespace arbiter::python {
namespace {

namespace py = pybind11;
using board::Color;
using board::Position;

// A FEN that cannot be read or describes an illegal position; raised in Python as
// arbiter.InvalidFen with the same fields.
struct FenProblem : std::exception {
  std::string fen, message;
  std::optional<int> field;   // 1-6 when a field could not be read; none for a broken rule
  std::size_t offset = 0;     // the character where the field starts
  std::optional<std::size_t> index;  // the position's index in a batch
  const char* what() const noexcept override { return message.c_str(); }
};

// Other bad input (an unknown side, a stipulation, a position that is no stalemate):
// arbiter.InputError.
struct InputProblem : std::exception {
  std::string message;
  explicit InputProblem(std::string m) : message(std::move(m)) {}
  const char* what() const noexcept override { return message.c_str(); }
};

// A PGN file that cannot be opened or read: OSError.
struct FileProblem : std::exception {
  std::string message;
  explicit FileProblem(std::string m) : message(std::move(m)) {}
  const char* what() const noexcept override { return message.c_str(); }
};

// Parses and validates, naming the field or the broken rules as the CLI does
// (Position::from_fen's messages).
Position read_fen(const std::string& fen, std::optional<std::size_t> index = std::nullopt) {
  auto setup = board::parse_fen(fen);
  FenProblem problem;
  problem.fen = fen;
  problem.index = index;
  if (!setup) {
    problem.message = setup.error().to_string();
    problem.field = setup.error().field;
    problem.offset = setup.error().offset;
    throw problem;
  }
  auto pos = Position::from_setup(*setup);
  if (!pos) {
    problem.message = "illegal position: " + board::describe(pos.error());
    throw problem;
  }
  return std::move(*pos);
}

enum class Sides { White, Black, Both };

Sides read_sides(const std::string& word) {
  if (word == "white") return Sides::White;
  if (word == "black") return Sides::Black;
  if (word == "both") return Sides::Both;
  throw InputProblem("winner must be 'white', 'black' or 'both', not '" + word + "'");
}

std::optional<Color> read_side(const std::optional<std::string>& word) {
  if (!word) return std::nullopt;
  if (*word == "white") return Color::White;
  if (*word == "black") return Color::Black;
  throw InputProblem("the side must be 'white' or 'black', not '" + *word + "'");
}

unsigned thread_count(int threads) {
  if (threads < 0) throw InputProblem("threads must be positive (0 or None: all cores)");
  return threads > 0 ? unsigned(threads) : std::max(1u, std::thread::hardware_concurrency());
}

uint64_t micros_since(std::chrono::steady_clock::time_point start) {
  return uint64_t(
      std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() - start).count());
}

// --- verdict tables, shared by every call that names the same file, closed at exit

std::mutex stores_mutex;
std::map<std::string, std::shared_ptr<search::VerdictStore>> stores;

void warn(const std::string& message) {
  static std::mutex mutex;  // warnings may come from worker threads
  std::lock_guard lock(mutex);
  std::cerr << "arbiter: warning: " << message << '\n';
}

// The table in `file`, opened once; nothing (after one warning) when it cannot be used.
std::shared_ptr<search::VerdictStore> store_for(const std::optional<std::string>& file) {
  if (!file) return nullptr;
  std::lock_guard lock(stores_mutex);
  if (auto it = stores.find(*file); it != stores.end()) return it->second;
  std::shared_ptr<search::VerdictStore> store;
  std::filesystem::path path(*file);
  std::error_code ec;
  if (path.has_parent_path()) std::filesystem::create_directories(path.parent_path(), ec);
  if (ec) {
    warn("verdict cache " + *file + ": cannot create its folder (" + ec.message() + "); going on without the cache");
  } else {
    tablebase::TableOptions options;
    options.warn = warn;
    auto table = tablebase::VerdictTable::open(path, analyzer::kAlgorithmVersion, options);
    if (table) store = std::move(*table);
    else warn(table.error().message + "; going on without the cache");
  }
  stores.emplace(*file, store);  // a failed file is not retried in this process
  return store;
}

// --- helpmate tables, one set per folder, shared by every call that names it

std::mutex tables_mutex;
std::map<std::string, std::shared_ptr<tablebase::HelpmateTableSet>> table_sets;

// The tables of `dir` (a folder that does not exist holds none; a damaged file warns once
// when first read and is not used), or nothing.
std::shared_ptr<tablebase::HelpmateTableSet> tables_for(const std::optional<std::string>& dir) {
  if (!dir) return nullptr;
  std::lock_guard lock(tables_mutex);
  auto& set = table_sets[*dir];
  if (!set) set = std::make_shared<tablebase::HelpmateTableSet>(std::filesystem::path(*dir), warn);
  return set;
}

// --- analyzers, kept between calls (their transposition table takes a millisecond to
// clear, and they remember per material what the mate-position enumeration found)

// What a call asks of its analyzer: the limits, the threads, the cache file, the tables'
// folder and how much of the budget goes to shortening a witness.
struct EngineSettings {
  uint64_t max_nodes = 0;
  double max_seconds = 0;
  int race_threads = 1;      // searchers racing on one question
  unsigned arena_threads = 1;  // questions (or games) at once
  std::optional<std::string> cache, tables;
  analyzer::Shortening shortening = analyzer::Shortening::Bounded;
  auto key() const {
    return std::tuple(max_nodes, max_seconds, race_threads, arena_threads, cache.value_or(""),
                      tables.value_or(""), bool(tables), shortening);
  }
};

using EngineKey = decltype(EngineSettings{}.key());

struct Engine {
  std::atomic<bool> interrupt{false};
  std::shared_ptr<search::VerdictStore> store;
  std::shared_ptr<tablebase::HelpmateTableSet> tables;
  std::unique_ptr<analyzer::WinnabilityAnalyzer> analyzer;
  std::unique_ptr<tbb::task_arena> arena;
};

std::mutex engines_mutex;
std::map<EngineKey, std::vector<std::unique_ptr<Engine>>> idle_engines;

// An engine used by one call at a time: taken from the idle ones with the same options,
// or made, and given back (its interrupt flag cleared) when the call ends.
class EngineLease {
 public:
  explicit EngineLease(const EngineSettings& settings) : key_(settings.key()) {
    {
      std::lock_guard lock(engines_mutex);
      auto& idle = idle_engines[key_];
      if (!idle.empty()) {
        engine_ = std::move(idle.back());
        idle.pop_back();
        return;
      }
    }
    engine_ = std::make_unique<Engine>();
    engine_->store = store_for(settings.cache);
    engine_->tables = tables_for(settings.tables);
    analyzer::AnalysisOptions options;
    options.max_nodes = settings.max_nodes;
    options.max_seconds = settings.max_seconds;
    options.threads = settings.race_threads;
    options.interrupt = &engine_->interrupt;
    options.shortening = settings.shortening;
    engine_->analyzer =
        std::make_unique<analyzer::WinnabilityAnalyzer>(options, engine_->store.get(), engine_->tables.get());
    engine_->arena = std::make_unique<tbb::task_arena>(int(settings.arena_threads));
  }
  ~EngineLease() {
    if (engine_->store) engine_->store->flush();
    engine_->interrupt = false;
    std::lock_guard lock(engines_mutex);
    auto& idle = idle_engines[key_];
    if (idle.size() < 2) idle.push_back(std::move(engine_));
  }
  EngineLease(const EngineLease&) = delete;
  EngineLease& operator=(const EngineLease&) = delete;
  Engine& operator*() { return *engine_; }
  Engine* operator->() { return engine_.get(); }

 private:
  EngineKey key_;
  std::unique_ptr<Engine> engine_;
};

// Commits and closes every table (registered with atexit by the package).
void shutdown() {
  {
    std::lock_guard lock(engines_mutex);
    idle_engines.clear();
  }
  {
    std::lock_guard lock(tables_mutex);
    table_sets.clear();
  }
  std::lock_guard lock(stores_mutex);
  stores.clear();
}

// shortest=True: the budget left after a witness goes to proving it shortest or finding a
// shorter one (the CLI's --shortest); else the default bounded share.
analyzer::Shortening shortening(bool shortest) {
  return shortest ? analyzer::Shortening::Full : analyzer::Shortening::Bounded;
}

// rules="automatic-draws" (the CLI's default, docs/automatic-draws.md) or "plain".
analyzer::Rules read_rules(const std::string& word) {
  if (auto rules = analyzer::parse_rules(word)) return *rules;
  throw InputProblem("rules must be 'automatic-draws' or 'plain', not '" + word + "'");
}

Json analyze_position(const Position& pos, Sides sides, analyzer::WinnabilityAnalyzer& analyzer,
                      analyzer::Rules rules) {
  auto timed = [&](Color c) {
    auto start = std::chrono::steady_clock::now();
    TimedVerdict tv{analyzer::analyze_under_rules(analyzer, pos, c, rules).verdict, 0, rules};
    tv.micros = micros_since(start);
    return tv;
  };
  std::optional<TimedVerdict> white, black;
  if (sides != Sides::Black) white = timed(Color::White);
  if (sides != Sides::White) black = timed(Color::Black);
  return analysis_record(pos, white, black);
}

py::object analyze(const std::string& fen, const std::string& winner, uint64_t max_nodes, double max_seconds,
                   int threads, bool shortest, const std::optional<std::string>& cache,
                   const std::optional<std::string>& tables, const std::string& rules_word) {
  const Position pos = read_fen(fen);
  const Sides sides = read_sides(winner);
  const analyzer::Rules rules = read_rules(rules_word);
  const unsigned n = thread_count(threads);
  EngineLease engine({max_nodes, max_seconds, int(n), n, cache, tables, shortening(shortest)});
  Json record;
  run_interruptibly(engine->interrupt, [&] {
    engine->arena->execute([&] { record = analyze_position(pos, sides, *engine->analyzer, rules); });
  });
  return to_python(record);
}

py::list analyze_many(const std::vector<std::string>& fens, const std::string& winner, uint64_t max_nodes,
                      double max_seconds, int threads, bool shortest, const std::optional<std::string>& cache,
                      const std::optional<std::string>& tables, const std::string& rules_word) {
  const analyzer::Rules rules = read_rules(rules_word);
  std::vector<Position> positions;
  positions.reserve(fens.size());
  for (std::size_t i = 0; i < fens.size(); ++i) positions.push_back(read_fen(fens[i], i));
  const Sides sides = read_sides(winner);
  // One searcher per position, the positions in parallel.
  EngineLease engine({max_nodes, max_seconds, 1, thread_count(threads), cache, tables, shortening(shortest)});
  std::vector<Json> records(positions.size());
  run_interruptibly(engine->interrupt, [&] {
    engine->arena->execute([&] {
      tbb::parallel_for(tbb::blocked_range<std::size_t>(0, positions.size(), 1), [&](const auto& range) {
        for (std::size_t i = range.begin(); i != range.end(); ++i) {
          if (engine->interrupt) return;
          records[i] = analyze_position(positions[i], sides, *engine->analyzer, rules);
        }
      });
    });
  });
  py::list out(records.size());
  for (std::size_t i = 0; i < records.size(); ++i) out[i] = to_python(records[i]);
  return out;
}

py::object adjudicate(analyzer::LossKind kind, const std::string& fen, const std::optional<std::string>& side,
                      uint64_t max_nodes, double max_seconds, int threads, const std::optional<std::string>& cache,
                      const std::optional<std::string>& tables, bool shortest, const std::string& rules_word) {
  const analyzer::Rules rules = read_rules(rules_word);
  const Position pos = read_fen(fen);
  const Color loser = read_side(side).value_or(pos.side_to_move());
  const unsigned n = thread_count(threads);
  EngineLease engine({max_nodes, max_seconds, int(n), n, cache, tables, shortening(shortest)});
  Json record;
  run_interruptibly(engine->interrupt, [&] {
    engine->arena->execute([&] {
      auto start = std::chrono::steady_clock::now();
      auto adjudication = analyzer::adjudicate_loss(pos, loser, kind, *engine->analyzer, rules);
      record = loss_record(pos, loser, kind, adjudication, micros_since(start));
    });
  });
  return to_python(record);
}

py::object status(const std::string& fen) {
  const Position pos = read_fen(fen);
  const analyzer::Status s = analyzer::status_of(pos);
  // As `arbiter status`: a game that goes on is analysed for both sides (a dead position).
  std::optional<TimedVerdict> white, black;
  if (s.state == analyzer::GameState::Ongoing) {
    // An analyzer kept between calls, with the CLI's default options: making one per call
    // (its transposition table) cost ~0.4 ms.
    EngineLease engine({analyzer::AnalysisOptions{}.max_nodes, 0.0, 1, 1, std::nullopt, std::nullopt,
                        analyzer::Shortening::Bounded});
    auto timed = [&](Color c) {
      auto start = std::chrono::steady_clock::now();
      TimedVerdict tv{engine->analyzer->analyze(pos, c)};
      tv.micros = micros_since(start);
      return tv;
    };
    run_interruptibly(engine->interrupt, [&] {
      engine->arena->execute([&] {
        white = timed(Color::White);
        black = timed(Color::Black);
      });
    });
  }
  return to_python(status_record(pos, s, white, black));
}

py::object helpmate(const std::string& fen, const std::string& moves, bool first, uint64_t max_nodes, int threads) {
  const Position pos = read_fen(fen);
  auto stipulation = search::parse_stipulation(moves);
  if (!stipulation) throw InputProblem(stipulation.error());
  tbb::task_arena arena(int(thread_count(threads)));
  std::atomic<bool> interrupt{false};
  search::HelpmateProblemOptions options;
  options.first_only = first;
  analyzer::HelpmateProblemAnswer answer;
  uint64_t micros = 0;
  run_interruptibly(interrupt, [&] {
    arena.execute([&] {
      auto start = std::chrono::steady_clock::now();
      answer = analyzer::solve_helpmate_problem(
          pos, *stipulation, options,
          {.max_nodes = max_nodes ? max_nodes : std::numeric_limits<uint64_t>::max(), .interrupt = &interrupt});
      micros = micros_since(start);
    });
  });
  // Every solution is replayed before it is reported; one that does not is a bug.
  if (!answer.not_replayed.empty()) throw std::runtime_error("internal error: " + answer.not_replayed.front());
  return to_python(helpmate_record(pos, *stipulation, answer.result, micros, answer.shorter));
}

py::object convert(const std::string& fen, int max_moves, uint64_t max_positions) {
  const Position pos = read_fen(fen);
  if (max_moves < 1) throw InputProblem("max_moves must be at least 1");
  search::ConversionOptions options;
  options.max_moves = max_moves;
  options.max_positions = max_positions;
  std::expected<search::Conversion, search::ConversionError> result;
  {
    py::gil_scoped_release release;
    result = search::find_conversion(pos, options);
  }
  if (!result) throw InputProblem(result.error().message);
  auto record = conversion_record(pos, *result, options);
  if (!record) throw std::runtime_error("internal error: the conversion found for " + pos.fen() + " does not replay");
  return to_python(*record);
}

// The games of one PGN input, audited a batch at a time (arbiter.audit iterates over it).
class AuditSession {
 public:
  AuditSession(const std::string& label, std::optional<std::string> text, bool claims, uint64_t max_nodes,
               int threads, const std::optional<std::string>& cache, const std::optional<std::string>& tables,
               int lines_before, int games_before, const std::string& rules)
      : options_{claims, read_rules(rules)} {
    std::string error;
    stream_ = GameAuditStream::open(label, std::move(text), error, lines_before, games_before);
    if (!stream_) throw FileProblem(error);
    // One searcher per game, the games in parallel, witnesses shortened as `arbiter audit`
    // does: only those a reason quotes.
    engine_ = std::make_unique<EngineLease>(
        EngineSettings{max_nodes, 0.0, 1, thread_count(threads), cache, tables, analyzer::Shortening::WhenQuoted});
  }

  // Up to `count` (record, fault) pairs in file order; fault is None or (line, move) for a
  // game that could not be read or replayed. Empty at the end of the input.
  py::list next(std::size_t count) {
    std::vector<AuditedRecord> records;
    Engine& engine = **engine_;
    run_interruptibly(engine.interrupt, [&] {
      engine.arena->execute([&] { records = stream_->next(count, options_, *engine.analyzer, engine.interrupt); });
    });
    if (engine.store) engine.store->flush();
    py::list out(records.size());
    for (std::size_t i = 0; i < records.size(); ++i) {
      py::object fault = records[i].fault ? py::object(py::make_tuple(records[i].fault->line, records[i].fault->move))
                                          : py::object(py::none());
      out[i] = py::make_tuple(to_python(records[i].record), fault);
    }
    return out;
  }

  // Every game left, as one dataset shard: the JSON Lines text of the records (as `audit
  // --json` prints them), zstd-compressed at `level` (0: plain), with the tally per ending
  // ("error" for a broken game): {ending: [games, mismatches, undetermined]}, and the
  // number of rows. One call per chunk, so that no Python object is made per game.
  py::tuple shard(int level) {
    std::string text;
    std::map<std::string, std::array<uint64_t, 3>> tally;
    uint64_t rows = 0;
    Engine& engine = **engine_;
    // Small batches (a few games per thread): the games and records in flight stay in the
    // cache and the allocator reuses their memory (batches of 1024 cost ~10% more CPU).
    const std::size_t batch = 16 * std::size_t(engine.arena->max_concurrency());
    run_interruptibly(engine.interrupt, [&] {
      engine.arena->execute([&] {
        while (!engine.interrupt) {
          auto records = stream_->next(batch, options_, *engine.analyzer, engine.interrupt);
          if (records.empty()) break;
          for (const auto& audited : records) {
            const Json& r = audited.record;
            text += r.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
            text += '\n';
            ++rows;
            const bool broken = r.contains("error");
            auto& t = tally[broken ? std::string("error") : r["ending"].get<std::string>()];
            ++t[0];
            t[1] += !broken && r["mismatch"].get<bool>();
            t[2] += !broken && r["correct"].is_null();
          }
        }
      });
    });
    if (engine.store) engine.store->flush();
    if (level > 0) {
      std::string packed(ZSTD_compressBound(text.size()), '\0');
      const std::size_t size = ZSTD_compress(packed.data(), packed.size(), text.data(), text.size(),
                                             std::min(level, ZSTD_maxCLevel()));
      if (ZSTD_isError(size)) throw std::runtime_error(std::string("zstd: ") + ZSTD_getErrorName(size));
      packed.resize(size);
      text.swap(packed);
    }
    py::dict counts;
    for (const auto& [ending, t] : tally) counts[py::str(ending)] = py::make_tuple(t[0], t[1], t[2]);
    return py::make_tuple(py::bytes(text), counts, rows);
  }

  // The same as JSON Lines text (the records as `audit --json` prints them) with, per
  // game, (ending or "error", mismatch, undetermined): what a dataset shard and its
  // summary need, without a Python object per field.
  py::tuple next_jsonl(std::size_t count) {
    std::vector<AuditedRecord> records;
    Engine& engine = **engine_;
    run_interruptibly(engine.interrupt, [&] {
      engine.arena->execute([&] { records = stream_->next(count, options_, *engine.analyzer, engine.interrupt); });
    });
    if (engine.store) engine.store->flush();
    std::string text;
    py::list facts(records.size());
    for (std::size_t i = 0; i < records.size(); ++i) {
      const Json& r = records[i].record;
      text += r.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
      text += '\n';
      const bool broken = r.contains("error");
      facts[i] = py::make_tuple(broken ? std::string("error") : r["ending"].get<std::string>(),
                                !broken && r["mismatch"].get<bool>(), !broken && r["correct"].is_null());
    }
    return py::make_tuple(py::bytes(text), facts);
  }

 private:
  analyzer::AuditOptions options_;
  std::unique_ptr<GameAuditStream> stream_;
  std::unique_ptr<EngineLease> engine_;
};

// Where the games of a PGN file start, every `every` games: (games before, lines before)
// for games 1, every+1, 2*every+1, ... (in the whole file's numbering, as the reader counts
// them, broken games too), and the number of games. A chunk of the file from one start to
// the next, read with those counts, gives the games and line numbers of the whole file.
py::tuple game_starts(const std::string& path, int every) {
  if (every < 1) throw InputProblem("every must be at least 1");
  std::vector<std::pair<int, int>> starts;
  int games = 0;
  std::string error;
  {
    py::gil_scoped_release release;
    auto reader = analyzer::PgnReader::open(path);
    if (!reader) {
      error = reader.error();
    } else {
      analyzer::RawGame raw;
      while (reader->next(raw)) {
        if ((raw.index - 1) % every == 0) starts.emplace_back(raw.index - 1, raw.first_line - 1);
        games = raw.index;
      }
    }
  }
  if (!error.empty()) throw FileProblem(error);
  return py::make_tuple(starts, games);
}

// The byte offsets in a plain (uncompressed) file where the given lines start (line n
// starts just past the n-th newline; line 0 at 0). `lines` must not decrease; a line past
// the end is the file's size.
std::vector<uint64_t> line_offsets(const std::string& path, const std::vector<uint64_t>& lines) {
  for (std::size_t i = 1; i < lines.size(); ++i)
    if (lines[i] < lines[i - 1]) throw InputProblem("line_offsets: the lines must not decrease");
  std::vector<uint64_t> offsets;
  offsets.reserve(lines.size());
  std::string error;
  {
    py::gil_scoped_release release;
    std::ifstream in(path, std::ios::binary);
    if (!in) {
      error = "cannot open " + path;
    } else {
      std::vector<char> block(1 << 20);
      uint64_t newlines = 0, passed = 0;
      std::size_t next = 0;
      while (next < lines.size() && lines[next] == 0) offsets.push_back(0), ++next;
      while (next < lines.size() && in) {
        in.read(block.data(), std::streamsize(block.size()));
        const std::size_t got = std::size_t(in.gcount());
        const char* p = block.data();
        const char* end = p + got;
        while (next < lines.size()) {
          const void* hit = std::memchr(p, '\n', std::size_t(end - p));
          if (!hit) break;
          p = static_cast<const char*>(hit) + 1;
          ++newlines;
          while (next < lines.size() && lines[next] == newlines)
            offsets.push_back(passed + uint64_t(p - block.data())), ++next;
        }
        passed += got;
      }
      if (in.bad()) error = "cannot read " + path;
      while (offsets.size() < lines.size()) offsets.push_back(passed);
    }
  }
  if (!error.empty()) throw FileProblem(error);
  return offsets;
}

// The project's SVG picture of a position, or of the position after the first `ply`
// moves (UCI) of `line` with the last of them marked (`arbiter diagram`).
std::string diagram(const std::string& fen, const std::vector<std::string>& line, std::optional<int> ply,
                    bool flipped, int size) {
  const Position start = read_fen(fen);
  if (size < 16 || size > 200) throw InputProblem("size must be between 16 and 200 pixels per square");
  auto pos = diagram::position_after(start, line, ply.value_or(int(line.size())));
  if (!pos) throw InputProblem(pos.error());
  diagram::DiagramOptions options;
  options.flipped = flipped;
  options.square_size = size;
  return diagram::render_svg(*pos, options);
}

// Raises arbiter.errors.<name>(message, **fields).
void raise_python(const char* name, const std::string& message, const py::dict& fields) {
  py::object type = py::module_::import("arbiter.errors").attr(name);
  py::object error = type(message, **fields);
  PyErr_SetObject(type.ptr(), error.ptr());
}

}  // namespace
}  // namespace arbiter::python

PYBIND11_MODULE(_arbiter, m) {
  namespace py = pybind11;
  using namespace arbiter::python;
  using namespace py::literals;
  m.doc() = "The C++ core of the arbiter package; use `import arbiter`.";
  m.attr("__version__") = ARBITER_VERSION;

  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const FenProblem& e) {
      py::dict fields("fen"_a = e.fen, "field"_a = e.field, "offset"_a = e.offset, "index"_a = e.index);
      raise_python("InvalidFen", e.message, fields);
    } catch (const InputProblem& e) {
      raise_python("InputError", e.message, py::dict());
    } catch (const FileProblem& e) {
      PyErr_SetString(PyExc_OSError, e.message.c_str());
    }
  });

  const uint64_t kDefaultNodes = arbiter::analyzer::AnalysisOptions{}.max_nodes;
  m.attr("DEFAULT_MAX_NODES") = kDefaultNodes;
  const std::string kDefaultRules = arbiter::analyzer::to_string(arbiter::analyzer::kDefaultRules);
  m.attr("DEFAULT_RULES") = kDefaultRules;
  m.def("analyze", &analyze, "fen"_a, "winner"_a = "both", "max_nodes"_a = kDefaultNodes, "max_seconds"_a = 0.0,
        "threads"_a = 0, "shortest"_a = false, "cache"_a = py::none(), "tables"_a = py::none(),
        "rules"_a = kDefaultRules);
  m.def("analyze_many", &analyze_many, "fens"_a, "winner"_a = "both", "max_nodes"_a = kDefaultNodes,
        "max_seconds"_a = 0.0, "threads"_a = 0, "shortest"_a = false, "cache"_a = py::none(),
        "tables"_a = py::none(), "rules"_a = kDefaultRules);
  m.def(
      "timeout",
      [](const std::string& fen, const std::optional<std::string>& flagged, uint64_t max_nodes, double max_seconds,
         int threads, const std::optional<std::string>& cache, const std::optional<std::string>& tables,
         bool shortest, const std::string& rules) {
        return adjudicate(arbiter::analyzer::LossKind::Timeout, fen, flagged, max_nodes, max_seconds, threads, cache,
                          tables, shortest, rules);
      },
      "fen"_a, "flagged"_a = py::none(), "max_nodes"_a = kDefaultNodes, "max_seconds"_a = 0.0, "threads"_a = 0,
      "cache"_a = py::none(), "tables"_a = py::none(), "shortest"_a = false, "rules"_a = kDefaultRules);
  m.def(
      "resign",
      [](const std::string& fen, const std::optional<std::string>& resigned, uint64_t max_nodes, double max_seconds,
         int threads, const std::optional<std::string>& cache, const std::optional<std::string>& tables,
         bool shortest, const std::string& rules) {
        return adjudicate(arbiter::analyzer::LossKind::Resignation, fen, resigned, max_nodes, max_seconds, threads,
                          cache, tables, shortest, rules);
      },
      "fen"_a, "resigned"_a = py::none(), "max_nodes"_a = kDefaultNodes, "max_seconds"_a = 0.0, "threads"_a = 0,
      "cache"_a = py::none(), "tables"_a = py::none(), "shortest"_a = false, "rules"_a = kDefaultRules);
  m.def("status", &status, "fen"_a);
  m.def("helpmate", &helpmate, "fen"_a, "moves"_a, "first"_a = false, "max_nodes"_a = 0, "threads"_a = 0);
  m.def("convert", &convert, "fen"_a, "max_moves"_a = arbiter::search::ConversionOptions{}.max_moves,
        "max_positions"_a = arbiter::search::ConversionOptions{}.max_positions);
  py::class_<AuditSession>(m, "AuditSession")
      .def(py::init<const std::string&, std::optional<std::string>, bool, uint64_t, int,
                    const std::optional<std::string>&, const std::optional<std::string>&, int, int, const std::string&>(),
           "label"_a, "text"_a = py::none(), "claims"_a = false, "max_nodes"_a = uint64_t(1'000'000), "threads"_a = 0,
           "cache"_a = py::none(), "tables"_a = py::none(), "lines_before"_a = 0, "games_before"_a = 0,
           "rules"_a = kDefaultRules)
      .def("next", &AuditSession::next, "count"_a)
      .def("next_jsonl", &AuditSession::next_jsonl, "count"_a)
      .def("shard", &AuditSession::shard, "level"_a = 0);
  m.def("diagram", &diagram, "fen"_a, "line"_a = std::vector<std::string>{}, "ply"_a = py::none(),
        "flipped"_a = false, "size"_a = 45);
  m.def("game_starts", &game_starts, "path"_a, "every"_a);
  m.def("line_offsets", &line_offsets, "path"_a, "lines"_a);
  m.def("shutdown", &shutdown, "Commits and closes the verdict tables (called at exit).");
}
