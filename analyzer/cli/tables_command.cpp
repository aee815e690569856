// `arbiter tables build|stats|verify`: the exact helpmate tables of small material.
#include <iostream>
#include <random>

#include <nlohmann/json.hpp>

#include "analyzer/cli/command.hpp"
#include "analyzer/cli/tables_options.hpp"
#include "search/board/movegen.hpp"
#include "tablebase/helpmate/build_tables.hpp"
#include "tablebase/helpmate/table_file.hpp"
#include "tablebase/helpmate/table_index.hpp"
#include "tablebase/helpmate_table_set.hpp"

namespace arbiter::cli {
namespace {

namespace hm = tablebase::helpmate;
using board::Color;
using search::TableAnswer;

std::string human_bytes(uint64_t n) {
  const char* units[] = {"bytes", "KiB", "MiB", "GiB"};
  double v = double(n);
  int u = 0;
  while (v >= 1024 && u < 3) v /= 1024, ++u;
  char buf[32];
  std::snprintf(buf, sizeof buf, u == 0 ? "%.0f %s" : "%.1f %s", v, units[u]);
  return buf;
}

// The problems of one opened file: its values against its header and the rules every
// table keeps, and on sampled positions the definition d = 1 + min over the children.
std::vector<std::string> check_table(const hm::TableFile& file, const hm::TableData& data,
                                     const tablebase::HelpmateTableSet& set) {
  std::vector<std::string> problems;
  const hm::TableSummary s = hm::summarize(data);
  for (int i = 0; i < 2; ++i)
    if (s.positions[i] != file.summary().positions[i] || s.wins[i] != file.summary().wins[i] ||
        s.longest[i] != file.summary().longest[i])
      problems.push_back("the values do not match the counts in the header");
  for (Color stm : {Color::White, Color::Black})
    for (uint64_t slot = 0; slot < data.size; ++slot) {
      const bool a = data.at(Color::White, stm, slot) == hm::kInvalid;
      const bool b = data.at(Color::Black, stm, slot) == hm::kInvalid;
      if (a != b) {
        problems.push_back("a slot is legal for one winner only");
        slot = data.size;
      }
    }
  for (Color w : {Color::White, Color::Black})
    if (data.material.lone_king(w) && s.wins[index(w)])
      problems.push_back("a lone king mates");
  // The definition on sampled legal positions (skipped where a child's table is missing).
  const hm::TableIndex index(data.material);
  std::mt19937_64 rng(1);
  for (int tries = 0, checked = 0; checked < 2000 && tries < 200000; ++tries) {
    const uint64_t slot = rng() % index.size();
    const Color stm = rng() % 2 ? Color::White : Color::Black;
    const auto squares = index.decode(slot);
    board::Setup setup;
    bool overlap = false;
    for (int i = 0; i < index.men(); ++i) {
      auto& cell = setup.board[std::size_t(board::index(squares[std::size_t(i)]))];
      if (cell != board::Piece::None) overlap = true;
      cell = index.piece(i);
    }
    setup.side_to_move = stm;
    if (overlap) continue;
    auto pos = board::Position::from_setup(setup);
    if (!pos) continue;
    for (Color w : {Color::White, Color::Black}) {
      const TableAnswer here = set.probe(*pos, w);
      if (!here.covered()) continue;
      int best = -1;
      bool complete = true;
      board::Position p = *pos;
      for (board::Move m : board::legal_moves(*pos)) {
        p.do_move(m);
        TableAnswer c = hm::Material::of(p).lone_king(w) ? TableAnswer{TableAnswer::Kind::NoMate, 0} : set.probe(p, w);
        p.undo_move(m);
        if (!c.covered()) complete = false;
        else if (c.kind == TableAnswer::Kind::Mate && (best < 0 || c.plies + 1 < best)) best = c.plies + 1;
      }
      if (!complete) continue;
      const bool mate = pos->side_to_move() != w && pos->in_check() && !board::has_legal_move(*pos);
      const int expected = mate ? 0 : best;
      const int got = here.kind == TableAnswer::Kind::Mate ? here.plies : -1;
      if (got != expected) {
        problems.push_back(pos->fen() + " (" + std::string(board::color_name(w)) + "): table " +
                           std::to_string(got) + ", its children say " + std::to_string(expected));
        return problems;
      }
    }
    ++checked;
  }
  return problems;
}

class TablesCommand : public Command {
 public:
  explicit TablesCommand(CLI::App& parent) {
    app = parent.add_subcommand("tables", "Exact helpmate tables of small material: build them, list them, check them");
    app->require_subcommand(1);
    build_ = app->add_subcommand("build", "Build the tables of the named materials (default: every one up to --men)");
    stats_ = app->add_subcommand("stats", "Materials, file sizes, positions, longest shortest helpmates, wins");
    verify_ = app->add_subcommand("verify", "Re-check every file: checksums, counts, and the definition on samples");
    for (auto* sub : {build_, stats_, verify_}) {
      sub->add_option("--dir,--tables", dir_,
                      "the folder of the tables (default: $XDG_DATA_HOME/arbiter/tables, else "
                      "~/.local/share/arbiter/tables)")
          ->type_name("DIR");
    }
    build_->add_option("--men", men_, "without MATERIAL: every material with up to N men, kings included")
        ->check(CLI::Range(3, 5))
        ->capture_default_str();
    build_->add_flag("--rebuild", rebuild_, "build again the tables whose files are already there");
    build_->add_option("material", materials_, "materials named as Syzygy does, e.g. KNvKP (White's men v Black's)");
    stats_->add_flag("--json", json_, "one JSON object per material on stdout");
    app->footer(
        "For every position of a material (no castling rights; either side to move) and each side,\n"
        "a table holds the length in plies of the shortest helpmate by that side, or that there is\n"
        "none. KPvKN is answered from KNvKP's table (colours swapped). The tables that captures and\n"
        "promotions lead to are built first.\n\n"
        "Examples:\n"
        "  arbiter tables build\n"
        "  arbiter tables build KNvKP --dir /tmp/tables\n"
        "  arbiter tables stats --json\n"
        "  arbiter tables verify");
  }

  int run() override {
    auto dir = tables_dir(TablesOptions{dir_, false});
    if (!dir) {
      std::cerr << "arbiter: no tables folder: neither XDG_DATA_HOME nor HOME is set; use --dir DIR\n";
      return 2;
    }
    if (build_->parsed()) return build(*dir);
    if (stats_->parsed()) return stats(*dir);
    return verify(*dir);
  }

 private:
  int build(const std::filesystem::path& dir) {
    std::vector<hm::Material> wanted;
    for (const std::string& name : materials_) {
      auto m = hm::Material::parse(name);
      if (!m || m->men() < 3 || m->men() > 5) {
        std::cerr << "arbiter: '" << name
                  << "' is not a material with tables (write White's men, v, Black's men in the order "
                     "K Q R B N P, 3 to 5 men in all, e.g. KNvKP)\n";
        return 1;
      }
      wanted.push_back(*m);
    }
    if (wanted.empty()) wanted = hm::all_materials(men_);
    hm::BuildOptions options;
    options.rebuild = rebuild_;
    options.progress = [](const std::string& s) { std::cerr << "tables: " << s << '\n'; };
    auto built = hm::build_tables(dir, wanted, options);
    if (!built) {
      std::cerr << "arbiter: " << built.error() << '\n';
      return 1;
    }
    double seconds = 0;
    uint64_t bytes = 0;
    for (const auto& b : *built) {
      seconds += b.seconds;
      bytes += b.file_bytes;
    }
    std::cout << built->size() << " tables in " << dir.string() << ", " << human_bytes(bytes) << "; built in "
              << seconds << " s\n";
    return 0;
  }

  int stats(const std::filesystem::path& dir) {
    tablebase::HelpmateTableSet set(dir);
    for (const auto& m : set.materials()) {
      auto file = hm::TableFile::open(dir / hm::table_file_name(m), m);
      if (!file) {
        std::cerr << "arbiter: warning: " << file.error() << '\n';
        continue;
      }
      const hm::TableSummary& s = (*file)->summary();
      if (json_) {
        nlohmann::ordered_json j{{"material", m.name()},
                                 {"file", (dir / hm::table_file_name(m)).string()},
                                 {"bytes", (*file)->file_bytes()},
                                 {"positions", s.positions[0] + s.positions[1]},
                                 {"white", {{"winnable", s.wins[0]}, {"longest", s.longest[0]}}},
                                 {"black", {{"winnable", s.wins[1]}, {"longest", s.longest[1]}}}};
        std::cout << j.dump() << '\n';
      } else {
        const uint64_t positions = s.positions[0] + s.positions[1];
        std::cout << m.name() << "  " << human_bytes((*file)->file_bytes()) << ", " << positions
                  << " positions; White mates from " << s.wins[0] << " (longest " << s.longest[0]
                  << " plies), Black from " << s.wins[1] << " (longest " << s.longest[1] << " plies)\n";
      }
    }
    if (set.materials().empty() && !json_) std::cout << "no tables in " << dir.string() << '\n';
    return 0;
  }

  int verify(const std::filesystem::path& dir) {
    tablebase::HelpmateTableSet set(dir);
    int bad = 0;
    for (const auto& m : set.materials()) {
      auto file = hm::TableFile::open(dir / hm::table_file_name(m), m);
      std::vector<std::string> problems;
      if (!file) {
        problems.push_back(file.error());
      } else if (auto data = (*file)->read_all(); !data) {
        problems.push_back(data.error());
      } else {
        problems = check_table(**file, *data, set);
      }
      std::cout << m.name() << ": " << (problems.empty() ? "ok" : "BAD") << '\n';
      for (const auto& p : problems) std::cout << "  " << p << '\n';
      if (!problems.empty()) ++bad;
    }
    for (const auto& w : set.warnings()) std::cerr << "arbiter: warning: " << w << '\n';
    return bad ? 1 : 0;
  }

  CLI::App* build_ = nullptr;
  CLI::App* stats_ = nullptr;
  CLI::App* verify_ = nullptr;
  std::string dir_;
  int men_ = 4;
  bool rebuild_ = false;
  bool json_ = false;
  std::vector<std::string> materials_;
};

}  // namespace

std::unique_ptr<Command> make_tables_command(CLI::App& parent) { return std::make_unique<TablesCommand>(parent); }

}  // namespace arbiter::cli
