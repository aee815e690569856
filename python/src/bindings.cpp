// arbiter._arbiter: the C++ side of the Python module. Each function takes FEN text and
// plain options and returns the record the CLI prints with --json, as a dict (the
// package around it, python/arbiter/, wraps them in typed classes). Positions are read
// in the calling thread, so a bad FEN raises at once; the analysis runs with the GIL
// released, on a worker thread that Ctrl-C stops (interruptible.hpp).
#include <algorithm>
#include <chrono>
#include <filesystem>
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

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>
#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include "analyzer/fixtures/witness_shortening.hpp"
#include "analyzer/loss_adjudication.hpp"
#include "analyzer/status.hpp"
#include "analyzer/version.hpp"
#include "analyzer/winnability.hpp"
#include "analyzer/witness.hpp"
#include "game_audit_stream.hpp"
#include "interruptible.hpp"
#include "json_to_python.hpp"
#include "records.hpp"
#include "search/board/position.hpp"
#include "search/board/setup.hpp"
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

// --- analyzers, kept between calls (their transposition table takes a millisecond to
// clear, and they remember per material what the mate-position enumeration found)

using EngineKey = std::tuple<uint64_t, double, int, unsigned, std::string>;

struct Engine {
  std::atomic<bool> interrupt{false};
  std::shared_ptr<search::VerdictStore> store;
  std::unique_ptr<analyzer::WinnabilityAnalyzer> analyzer;
  std::unique_ptr<tbb::task_arena> arena;
};

std::mutex engines_mutex;
std::map<EngineKey, std::vector<std::unique_ptr<Engine>>> idle_engines;

// An engine used by one call at a time: taken from the idle ones with the same options,
// or made, and given back (its interrupt flag cleared) when the call ends.
class EngineLease {
 public:
  EngineLease(uint64_t max_nodes, double max_seconds, int race_threads, unsigned arena_threads,
              const std::optional<std::string>& cache)
      : key_(max_nodes, max_seconds, race_threads, arena_threads, cache.value_or("")) {
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
    engine_->store = store_for(cache);
    analyzer::AnalysisOptions options;
    options.max_nodes = max_nodes;
    options.max_seconds = max_seconds;
    options.threads = race_threads;
    options.interrupt = &engine_->interrupt;
    engine_->analyzer = std::make_unique<analyzer::WinnabilityAnalyzer>(options, engine_->store.get());
    engine_->arena = std::make_unique<tbb::task_arena>(int(arena_threads));
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
  std::lock_guard lock(stores_mutex);
  stores.clear();
}

constexpr uint64_t kShortenNodes = 100'000;  // the re-search budget per witness with shortest=True

Json analyze_position(const Position& pos, Sides sides, analyzer::WinnabilityAnalyzer& analyzer, bool shortest) {
  auto timed = [&](Color c) {
    auto start = std::chrono::steady_clock::now();
    // The CLI's default reading (docs/automatic-draws.md); a shorter witness is taken only
    // if the rules accept it too.
    TimedVerdict tv{analyzer::analyze_under_rules(analyzer, pos, c, analyzer::kDefaultRules).verdict, 0,
                    analyzer::kDefaultRules};
    if (shortest && tv.verdict.outcome == search::Outcome::Winnable) {
      search::Verdict shorter = tv.verdict;
      analyzer::fixtures::shorten_witness(pos, c, shorter, kShortenNodes);
      if (!analyzer::refused_under_automatic_draws(pos, shorter.line, c)) tv.verdict = std::move(shorter);
    }
    tv.micros = micros_since(start);
    return tv;
  };
  std::optional<TimedVerdict> white, black;
  if (sides != Sides::Black) white = timed(Color::White);
  if (sides != Sides::White) black = timed(Color::Black);
  return analysis_record(pos, white, black);
}

py::object analyze(const std::string& fen, const std::string& winner, uint64_t max_nodes, double max_seconds,
                   int threads, bool shortest, const std::optional<std::string>& cache) {
  const Position pos = read_fen(fen);
  const Sides sides = read_sides(winner);
  const unsigned n = thread_count(threads);
  EngineLease engine(max_nodes, max_seconds, int(n), n, cache);
  Json record;
  run_interruptibly(engine->interrupt, [&] {
    engine->arena->execute([&] { record = analyze_position(pos, sides, *engine->analyzer, shortest); });
  });
  return to_python(record);
}

py::list analyze_many(const std::vector<std::string>& fens, const std::string& winner, uint64_t max_nodes,
                      double max_seconds, int threads, bool shortest, const std::optional<std::string>& cache) {
  std::vector<Position> positions;
  positions.reserve(fens.size());
  for (std::size_t i = 0; i < fens.size(); ++i) positions.push_back(read_fen(fens[i], i));
  const Sides sides = read_sides(winner);
  // One searcher per position, the positions in parallel.
  EngineLease engine(max_nodes, max_seconds, 1, thread_count(threads), cache);
  std::vector<Json> records(positions.size());
  run_interruptibly(engine->interrupt, [&] {
    engine->arena->execute([&] {
      tbb::parallel_for(tbb::blocked_range<std::size_t>(0, positions.size(), 1), [&](const auto& range) {
        for (std::size_t i = range.begin(); i != range.end(); ++i) {
          if (engine->interrupt) return;
          records[i] = analyze_position(positions[i], sides, *engine->analyzer, shortest);
        }
      });
    });
  });
  py::list out(records.size());
  for (std::size_t i = 0; i < records.size(); ++i) out[i] = to_python(records[i]);
  return out;
}

py::object adjudicate(analyzer::LossKind kind, const std::string& fen, const std::optional<std::string>& side,
                      uint64_t max_nodes, double max_seconds, int threads, const std::optional<std::string>& cache) {
  const Position pos = read_fen(fen);
  const Color loser = read_side(side).value_or(pos.side_to_move());
  const unsigned n = thread_count(threads);
  EngineLease engine(max_nodes, max_seconds, int(n), n, cache);
  Json record;
  run_interruptibly(engine->interrupt, [&] {
    engine->arena->execute([&] {
      auto start = std::chrono::steady_clock::now();
      auto adjudication = analyzer::adjudicate_loss(pos, loser, kind, *engine->analyzer, analyzer::kDefaultRules);
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
    py::gil_scoped_release release;
    analyzer::WinnabilityAnalyzer analyzer{analyzer::AnalysisOptions{}};
    auto timed = [&](Color c) {
      auto start = std::chrono::steady_clock::now();
      TimedVerdict tv{analyzer.analyze(pos, c)};
      tv.micros = micros_since(start);
      return tv;
    };
    white = timed(Color::White);
    black = timed(Color::Black);
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
  search::HelpmateSolutions result;
  uint64_t micros = 0;
  run_interruptibly(interrupt, [&] {
    arena.execute([&] {
      search::Limits limits(max_nodes ? max_nodes : std::numeric_limits<uint64_t>::max(),
                            search::Limits::Clock::time_point::max(), nullptr, &interrupt);
      auto start = std::chrono::steady_clock::now();
      result = search::solve_helpmate(pos, *stipulation, limits, options);
      micros = micros_since(start);
    });
  });
  // Every solution is replayed before it is reported; one that does not is a bug.
  const Color winner = stipulation->half ? pos.side_to_move() : ~pos.side_to_move();
  for (const auto& line : result.solutions)
    if (int(line.size()) != stipulation->plies() || !analyzer::replays_to_mate(pos, line, winner))
      throw std::runtime_error("internal error: a " + stipulation->to_string() + " solution found for " + pos.fen() +
                               " does not replay to mate");
  // Short solutions (mate in fewer moves), reported apart as the CLI does.
  std::optional<std::vector<records::ShortSolutions>> shorter;
  if (!first) {
    shorter.emplace();
    for (int k = 1; k < stipulation->moves; ++k) {
      search::Stipulation shorter_one{k, stipulation->half};
      records::ShortSolutions part{shorter_one, {}};
      run_interruptibly(interrupt, [&] {
        arena.execute([&] {
          search::Limits limits(max_nodes ? max_nodes : std::numeric_limits<uint64_t>::max(),
                                search::Limits::Clock::time_point::max(), nullptr, &interrupt);
          part.result = search::solve_helpmate(pos, shorter_one, limits, options);
        });
      });
      for (const auto& line : part.result.solutions)
        if (int(line.size()) != shorter_one.plies() || !analyzer::replays_to_mate(pos, line, winner))
          throw std::runtime_error("internal error: a short solution found for " + pos.fen() +
                                   " does not replay to mate");
      shorter->push_back(std::move(part));
    }
  }
  return to_python(helpmate_record(pos, *stipulation, result, micros, shorter));
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
               int threads, const std::optional<std::string>& cache, int lines_before, int games_before)
      : options_{claims, analyzer::kDefaultRules} {
    std::string error;
    stream_ = GameAuditStream::open(label, std::move(text), error, lines_before, games_before);
    if (!stream_) throw FileProblem(error);
    // One searcher per game, the games in parallel (as `arbiter audit`).
    engine_ = std::make_unique<EngineLease>(max_nodes, 0.0, 1, thread_count(threads), cache);
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
  m.def("analyze", &analyze, "fen"_a, "winner"_a = "both", "max_nodes"_a = kDefaultNodes, "max_seconds"_a = 0.0,
        "threads"_a = 0, "shortest"_a = false, "cache"_a = py::none());
  m.def("analyze_many", &analyze_many, "fens"_a, "winner"_a = "both", "max_nodes"_a = kDefaultNodes,
        "max_seconds"_a = 0.0, "threads"_a = 0, "shortest"_a = false, "cache"_a = py::none());
  m.def(
      "timeout",
      [](const std::string& fen, const std::optional<std::string>& flagged, uint64_t max_nodes, double max_seconds,
         int threads, const std::optional<std::string>& cache) {
        return adjudicate(arbiter::analyzer::LossKind::Timeout, fen, flagged, max_nodes, max_seconds, threads, cache);
      },
      "fen"_a, "flagged"_a = py::none(), "max_nodes"_a = kDefaultNodes, "max_seconds"_a = 0.0, "threads"_a = 0,
      "cache"_a = py::none());
  m.def(
      "resign",
      [](const std::string& fen, const std::optional<std::string>& resigned, uint64_t max_nodes, double max_seconds,
         int threads, const std::optional<std::string>& cache) {
        return adjudicate(arbiter::analyzer::LossKind::Resignation, fen, resigned, max_nodes, max_seconds, threads,
                          cache);
      },
      "fen"_a, "resigned"_a = py::none(), "max_nodes"_a = kDefaultNodes, "max_seconds"_a = 0.0, "threads"_a = 0,
      "cache"_a = py::none());
  m.def("status", &status, "fen"_a);
  m.def("helpmate", &helpmate, "fen"_a, "moves"_a, "first"_a = false, "max_nodes"_a = 0, "threads"_a = 0);
  m.def("convert", &convert, "fen"_a, "max_moves"_a = arbiter::search::ConversionOptions{}.max_moves,
        "max_positions"_a = arbiter::search::ConversionOptions{}.max_positions);
  py::class_<AuditSession>(m, "AuditSession")
      .def(py::init<const std::string&, std::optional<std::string>, bool, uint64_t, int,
                    const std::optional<std::string>&, int, int>(),
           "label"_a, "text"_a = py::none(), "claims"_a = false, "max_nodes"_a = uint64_t(1'000'000), "threads"_a = 0,
           "cache"_a = py::none(), "lines_before"_a = 0, "games_before"_a = 0)
      .def("next", &AuditSession::next, "count"_a)
      .def("next_jsonl", &AuditSession::next_jsonl, "count"_a);
  m.def("game_starts", &game_starts, "path"_a, "every"_a);
  m.def("shutdown", &shutdown, "Commits and closes the verdict tables (called at exit).");
}
